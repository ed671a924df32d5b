package dev.tessera.processor.model;

import java.util.List;
import java.util.Objects;

/**
 * One multi-dimensional (Z-order) index of an entity, declared by {@code @SpatialIndex}.
 *
 * <p>Immutable and thread-safe.
 *
 * @param name the index name, a Java identifier (the query method is {@code "by" + Name})
 * @param subspace the name of its entries' subspace (a store assigns it the id their keys start with): {@code entityName + "_by_" + name}
 * @param fields the 2 or 3 numeric components, one per dimension, in query argument order
 */
public record SpatialIndexModel(String name, String subspace, List<String> fields) {

  /**
   * Validates and copies the fields.
   *
   * @param name the index name, a Java identifier (the query method is {@code "by" + Name})
   * @param subspace the name of its entries' subspace (a store assigns it the id their keys start
   *     with): {@code entityName + "_by_" + name}
   * @param fields the 2 or 3 numeric components, one per dimension, in query argument order
   */
  public SpatialIndexModel {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(subspace, "subspace");
    fields = List.copyOf(fields);
  }
}
