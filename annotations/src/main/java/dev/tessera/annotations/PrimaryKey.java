package dev.tessera.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the record component that identifies a record. Exactly one component of an {@link Entity}
 * carries it. Its type must be orderable (a primitive or box, {@code String}, {@code byte[]}, an
 * enum, {@code UUID}, {@code Instant}, {@code LocalDate}, {@code LocalDateTime}, {@code
 * BigInteger}) or a record of such types, which makes a composite key.
 *
 * <p>It is allowed on fields as well only so that the processor can explain, on the field, that a
 * class must become a record; a field of a class is never a primary key.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface PrimaryKey {
  /**
   * {@return how a missing key is generated} With {@link KeyGeneration#ULID} on a {@code String}
   * key, the repository's {@code insert} fills in a monotonic ULID when it is given a record whose
   * key is {@code null}, and returns the record as stored.
   */
  KeyGeneration generate() default KeyGeneration.NONE;
}
