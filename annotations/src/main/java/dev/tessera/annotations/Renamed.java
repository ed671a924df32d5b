package dev.tessera.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the former names of a record component, so that records stored under an older name read
 * into it. Keep a name here for as long as records written with it may exist; a record is stored
 * under the current names the next time it is written.
 *
 * <pre>{@code
 * // was: record User(@PrimaryKey String id, String mail)
 * @Entity
 * public record User(@PrimaryKey String id, @Renamed(from = "mail") String email) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.RECORD_COMPONENT)
public @interface Renamed {
  /** {@return the component's former names, most recent first} */
  String[] from();
}
