package dev.tessera.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a top-level (or static nested) record as a stored entity. The Tessera annotation processor
 * generates a repository named after the record ({@code User} gets {@code UserRepository}) in the
 * same package.
 *
 * <pre>{@code
 * @Entity
 * public record User(@PrimaryKey String id, String name,
 *                    @UniqueIndex(normalize = Normalize.CASE_INSENSITIVE) String email,
 *                    @Index String favoriteColor) {}
 * }</pre>
 *
 * <p>The processor ({@code dev.tessera:tessera-processor}) runs only if the build names it: with
 * Maven, in {@code maven-compiler-plugin}'s {@code annotationProcessorPaths}; with Gradle, as an
 * {@code annotationProcessor} dependency. Without it, javac reports only {@code cannot find symbol
 * ... class UserRepository} where the repository is used.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Entity {
  /**
   * {@return the entity's name in the key space: the first part of every record key} Defaults to
   * the record's simple name with a lower-case first letter ({@code User} is stored as {@code
   * "user"}). Changing it later makes existing records invisible, so choose it once.
   */
  String name() default "";
}
