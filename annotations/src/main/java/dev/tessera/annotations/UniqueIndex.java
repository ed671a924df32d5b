package dev.tessera.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a unique secondary index: no two records may hold the same (normalised) value. A record
 * whose indexed value is {@code null} is not in the index, so several records may have {@code
 * null} there.
 *
 * <p>On a record component it indexes that component. On the record type, with {@link #fields()},
 * it declares a composite index over several components, in the order given.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.TYPE})
@Repeatable(UniqueIndexes.class)
public @interface UniqueIndex {
  /**
   * {@return the index name, a Java identifier: finder methods are named after it ({@code email}
   * gives {@code findByEmail}) and its entries live under the key prefix {@code entityName + "_by_"
   * + name}} Defaults to the component name, or for a composite to the field names joined with
   * {@code And} in camel case ({@code {"room", "price"}} gives {@code roomAndPrice}).
   */
  String name() default "";

  /** {@return the components of a composite index, in key order} Only on the record type. */
  String[] fields() default {};

  /** {@return how {@code String} values are normalised; only for {@code String} components} */
  Normalize normalize() default Normalize.NONE;
}
