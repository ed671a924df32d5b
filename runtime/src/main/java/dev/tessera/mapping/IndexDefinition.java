package dev.tessera.mapping;

import dev.tessera.tuple.Tuple;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * CONTRACT. One secondary index of an entity: its name, the key subspace its entries live in, whether
 * it is unique, the record components it covers (in key order) and the function that derives its
 * (already normalised) values from a record.
 *
 * <p>Key layout: a unique index entry is {@code (subspace, value...) -> packed primary key parts}; a
 * non-unique entry is {@code (subspace, value..., pk parts...) -> empty}.
 *
 * @param <T> the record type
 * @param name the index name as declared, e.g. {@code "email"}
 * @param subspace the first key part of every entry, e.g. {@code "user_by_email"}
 * @param unique true for a unique index
 * @param fields the indexed record components, in key order
 * @param values derives the index values of a record, normalised; returns {@code null} when the
 *     record is not in the index (a {@code null} component)
 */
public record IndexDefinition<T>(
    String name, String subspace, boolean unique, List<String> fields, Function<T, Tuple> values) {

  /** Validates and copies the fields. */
  public IndexDefinition {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(subspace, "subspace");
    fields = List.copyOf(fields);
    Objects.requireNonNull(values, "values");
  }
}
