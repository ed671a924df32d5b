package dev.tessera.processor.model;

import dev.tessera.annotations.KeyGeneration;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A validated {@code @Entity} record: everything the generated code needs, and nothing from the
 * compiler's element API.
 *
 * <p>Immutable and thread-safe.
 *
 * @param type the record class
 * @param entityName the entity name (a store assigns it the id its record keys start with)
 * @param components the record components, in declaration order
 * @param primaryKeyIndex the position of the primary key among {@code components}
 * @param keyGeneration how a missing primary key is generated
 * @param indexes the secondary indexes: component indexes in component order, then the composite
 *     indexes declared on the record type in declaration order
 * @param spatialIndexes the multi-dimensional indexes, in declaration order
 */
public record EntityModel(
    ClassRef type,
    String entityName,
    List<ComponentModel> components,
    int primaryKeyIndex,
    KeyGeneration keyGeneration,
    List<IndexModel> indexes,
    List<SpatialIndexModel> spatialIndexes) {

  /**
   * Validates and copies the fields.
   *
   * @param type the record class
   * @param entityName the entity name (a store assigns it the id its record keys start with)
   * @param components the record components, in declaration order
   * @param primaryKeyIndex the position of the primary key among {@code components}
   * @param keyGeneration how a missing primary key is generated
   * @param indexes the secondary indexes: component indexes in component order, then the composite
   *     indexes declared on the record type in declaration order
   * @param spatialIndexes the multi-dimensional indexes, in declaration order
   */
  public EntityModel {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(entityName, "entityName");
    components = List.copyOf(components);
    Objects.checkIndex(primaryKeyIndex, components.size());
    Objects.requireNonNull(keyGeneration, "keyGeneration");
    indexes = List.copyOf(indexes);
    spatialIndexes = List.copyOf(spatialIndexes);
  }

  /** {@return the primary key component} */
  public ComponentModel primaryKey() {
    return components.get(primaryKeyIndex);
  }

  /**
   * {@return true if {@code index} is a multi-value index: one over a single {@code List} or {@code
   * Set} component, with one entry per element}
   *
   * @param index one of this entity's indexes
   */
  public boolean multiValue(IndexModel index) {
    return index.fields().size() == 1 && component(index.fields().get(0)).type().multiValueIndexable();
  }

  /**
   * {@return the component named {@code name}}
   *
   * @param name the component's name
   */
  public ComponentModel component(String name) {
    return components.stream()
        .filter(c -> c.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no component " + name));
  }

  /**
   * {@return the canonical description of the stored shape, e.g. {@code
   * user(id:STRING,name:STRING,email:STRING,favoriteColor:STRING)}: what the schema identifier is
   * derived from, and what a catalog stores to decode old values later}
   */
  public String schemaDescriptor() {
    return entityName
        + components.stream()
            .map(ComponentModel::descriptor)
            .collect(Collectors.joining(",", "(", ")"));
  }

  /**
   * {@return the canonical description of what shapes {@code index}'s entries, e.g. {@code
   * unique(email:STRING)/CASE_INSENSITIVE}: uniqueness, the fields in key order with their stored
   * types (an enum with its constants in declaration order, which its index values follow), and
   * the normalisation; then {@code ;nulls} for a non-unique index with a nullable field, which
   * holds records whose field is null under a null part (a unique index ignores them)} The store's
   * catalog compares it on open, so a change rebuilds the index.
   *
   * @param index one of this entity's indexes
   */
  public String indexDescriptor(IndexModel index) {
    return (index.unique() ? "unique" : "index")
        + index.fields().stream()
            .map(field -> component(field).indexDescriptor())
            .collect(Collectors.joining(",", "(", ")"))
        + "/"
        + index.normalize().name()
        + (holdsNulls(index) ? ";nulls" : "");
  }

  /**
   * True if {@code index} holds records with a null field (under a null part): a non-unique one
   * over a nullable field. A multi-value index holds elements only: a null collection has none.
   */
  private boolean holdsNulls(IndexModel index) {
    return !index.unique()
        && !multiValue(index)
        && index.fields().stream().anyMatch(field -> !component(field).type().primitive());
  }

  /** {@return the 64-bit FNV-1a hash of the UTF-8 bytes of {@link #schemaDescriptor()}} */
  public long schemaId() {
    long hash = 0xcbf29ce484222325L;
    for (byte b : schemaDescriptor().getBytes(StandardCharsets.UTF_8)) {
      hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
    }
    return hash;
  }
}
