package dev.tessera.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The value a record component takes when a record stored before the component existed is read.
 * Without it such records read the type's default: {@code 0}, {@code false}, {@code null}, an empty
 * collection or {@code Optional.empty()}.
 *
 * <p>The text is parsed at compile time for the component's type, and a text that does not parse
 * is a compile error on the component: a number for the primitives and their boxes and {@code
 * BigInteger}/{@code BigDecimal}; {@code true}/{@code false}; one character for {@code char}; the
 * text itself for {@code String}; a constant name for an enum; and the ISO-8601 forms that {@code
 * UUID.fromString}, {@code Instant.parse}, {@code LocalDate.parse}, {@code LocalDateTime.parse},
 * {@code LocalTime.parse} and {@code Duration.parse} accept.
 *
 * <pre>{@code
 * @Entity
 * public record User(@PrimaryKey String id, String name, @DefaultValue("en") String language) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.RECORD_COMPONENT)
public @interface DefaultValue {
  /** {@return the default, as text parsed for the component's type} */
  String value();
}
