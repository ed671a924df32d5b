package dev.tessera.mapping;

import dev.tessera.tuple.Tuple;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The stored shape of an entity's records: its components in stored order, with the schema
 * identifier every stored value starts with. A stored value is the packed tuple {@code (schemaId,
 * component...)}. The identifier is the 64-bit FNV-1a hash of the {@linkplain #descriptor()
 * descriptor}, e.g. {@code user(id:STRING,name:STRING)}, so any change of a name or type gives a new
 * identifier, while former names and defaults (which only say how to read older shapes) do not.
 *
 * <p>Generated code declares the current schema of its entity; the catalog keeps every schema ever
 * opened, so values stored with an older one can still be read (the runtime translates it to the current shape).
 *
 * <p>Immutable and thread-safe.
 */
public final class RecordSchema {
  private final String entityName;
  private final String primaryKeyName;
  private final List<ComponentSchema> components;
  private final String descriptor;
  private final long id;

  /**
   * A schema, computing its identifier.
   *
   * @param entityName the entity
   * @param primaryKeyName the name of the primary key component
   * @param components the components, in stored order
   * @throws IllegalArgumentException if the primary key is not one of the components
   */
  public RecordSchema(
      String entityName, String primaryKeyName, List<ComponentSchema> components) {
    this.entityName = Objects.requireNonNull(entityName, "entityName");
    this.primaryKeyName = Objects.requireNonNull(primaryKeyName, "primaryKeyName");
    this.components = List.copyOf(components);
    this.descriptor =
        entityName
            + this.components.stream()
                .map(ComponentSchema::toString)
                .collect(Collectors.joining(",", "(", ")"));
    this.id = fingerprint(descriptor);
    if (this.components.stream().noneMatch(c -> c.name().equals(primaryKeyName))) {
      throw new IllegalArgumentException(
          "primary key '" + primaryKeyName + "' is not a component of " + descriptor);
    }
  }

  /**
   * A schema whose identifier must be {@code expectedId} (generated code passes the identifier the
   * processor computed, so the two can never disagree silently).
   *
   * @param entityName the entity's name
   * @param expectedId the identifier the processor computed
   * @param primaryKeyName the primary key component's name
   * @param components the components, in declaration order
   * @throws IllegalStateException if the components do not hash to {@code expectedId}
   */
  public RecordSchema(
      String entityName, long expectedId, String primaryKeyName, List<ComponentSchema> components) {
    this(entityName, primaryKeyName, components);
    if (id != expectedId) {
      throw new IllegalStateException(
          String.format(
              "schema %s has identifier %016x, but the generated code says %016x: recompile it"
                  + " with this version of the Tessera processor",
              descriptor, id, expectedId));
    }
  }

  /** {@return the entity name} */
  public String entityName() {
    return entityName;
  }

  /** {@return the schema identifier every value stored with this schema starts with} */
  public long id() {
    return id;
  }

  /** {@return the name of the primary key component} */
  public String primaryKeyName() {
    return primaryKeyName;
  }

  /** {@return the components, in stored order} */
  public List<ComponentSchema> components() {
    return components;
  }

  /**
   * {@return the canonical description the identifier is the hash of, e.g. {@code user(id:STRING)}}
   */
  public String descriptor() {
    return descriptor;
  }

  /**
   * {@return true if {@code record} (an unpacked stored value) was written with this schema: it
   * starts with this identifier and holds one part per component} The check every read makes before
   * decoding positionally.
   *
   * @param record an unpacked stored value
   */
  public boolean isCurrent(Tuple record) {
    return record.size() == components.size() + 1
        && record.get(0) instanceof Long
        && (Long) record.get(0) == id;
  }

  /**
   * The 64-bit FNV-1a hash of {@code descriptor}'s UTF-8 bytes: the function the processor uses to
   * derive a schema identifier, so tools can recompute it from a stored descriptor.
   *
   * @param descriptor the canonical schema descriptor
   * @return its fingerprint
   */
  public static long fingerprint(String descriptor) {
    long hash = 0xcbf29ce484222325L;
    for (byte b : descriptor.getBytes(StandardCharsets.UTF_8)) {
      hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
    }
    return hash;
  }

  /** The descriptor and identifier, for messages. */
  @Override
  public String toString() {
    return String.format("%s [%016x]", descriptor, id);
  }
}
