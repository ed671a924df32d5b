package dev.tessera.processor.model;

import dev.tessera.annotations.Normalize;
import java.util.List;
import java.util.Objects;

/**
 * One secondary index of an entity.
 *
 * <p>Immutable and thread-safe.
 *
 * @param name the index name, a Java identifier (finder methods are named after it)
 * @param subspace the name of its entries' subspace (a store assigns it the id their keys start with): {@code entityName + "_by_" + name}
 * @param unique true for a unique index
 * @param fields the indexed components, in key order
 * @param normalize how its {@code String} values are normalised
 */
public record IndexModel(
    String name, String subspace, boolean unique, List<String> fields, Normalize normalize) {

  /**
   * Validates and copies the fields.
   *
   * @param name the index name, a Java identifier (finder methods are named after it)
   * @param subspace the name of its entries' subspace (a store assigns it the id their keys start
   *     with): {@code entityName + "_by_" + name}
   * @param unique true for a unique index
   * @param fields the indexed components, in key order
   * @param normalize how its {@code String} values are normalised
   */
  public IndexModel {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(subspace, "subspace");
    fields = List.copyOf(fields);
    Objects.requireNonNull(normalize, "normalize");
  }

  /**
   * {@return the subspace of index {@code indexName} of entity {@code entityName}}
   *
   * @param entityName the entity's name
   * @param indexName the index's name
   */
  public static String subspaceOf(String entityName, String indexName) {
    return entityName + "_by_" + indexName;
  }
}
