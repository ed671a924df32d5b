package dev.tessera.internal.mapping;

import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.repository.IncompatibleSchemaException;
import dev.tessera.tuple.Tuple;
import java.util.HashMap;
import java.util.Map;

/**
 * The plan that reads values stored with one schema as values of the current one: for each current
 * component, the stored component it comes from (by name, or by a former name from {@code
 * @Renamed}) with a lossless conversion of its part, or its default when the stored schema has no
 * such component ({@code @DefaultValue}, else the type's default). Stored components the current
 * schema does not name are skipped, so they disappear when the record is next written.
 *
 * <p>Built once per stored schema, then applied to each value: {@link #apply} rebuilds the value's
 * tuple in the current layout (current schema identifier first), which generated code decodes
 * positionally.
 *
 * <p>Immutable and thread-safe.
 */
public final class SchemaTranslation {
  private final RecordSchema stored;
  private final RecordSchema current;
  private final int[] sources;
  private final PartConversion[] conversions;
  private final Object[] defaults;

  private SchemaTranslation(
      RecordSchema stored,
      RecordSchema current,
      int[] sources,
      PartConversion[] conversions,
      Object[] defaults) {
    this.stored = stored;
    this.current = current;
    this.sources = sources;
    this.conversions = conversions;
    this.defaults = defaults;
  }

  /**
   * The plan reading values stored with {@code stored} as values of {@code current}.
   *
   * @throws IncompatibleSchemaException if a component's stored values do not convert losslessly
   *     to its current type, or the primary key moved to another component or changed its key
   *     encoding
   */
  public static SchemaTranslation between(RecordSchema stored, RecordSchema current) {
    Map<String, Integer> positions = new HashMap<>();
    for (int i = 0; i < stored.components().size(); i++) {
      positions.put(stored.components().get(i).name(), i);
    }
    int size = current.components().size();
    int[] sources = new int[size];
    PartConversion[] conversions = new PartConversion[size];
    Object[] defaults = new Object[size];
    for (int j = 0; j < size; j++) {
      ComponentSchema component = current.components().get(j);
      String source = sourceName(component, positions);
      boolean key = component.name().equals(current.primaryKeyName());
      if (key) {
        checkKey(stored, current, component, source);
      }
      if (source == null) {
        sources[j] = -1;
        defaults[j] =
            component.hasDefault()
                ? component.defaultPart()
                : PartConversion.defaultPart(component.descriptor());
        continue;
      }
      sources[j] = positions.get(source);
      ComponentSchema storedComponent = stored.components().get(sources[j]);
      String storedType = storedComponent.type();
      conversions[j] =
          key
              ? PartConversion.IDENTITY // checkKey proved the key's parts unchanged
              : PartConversion.between(storedComponent.descriptor(), component.descriptor());
      if (conversions[j] == null) {
        throw new IncompatibleSchemaException(
            current.entityName(),
            component.name(),
            storedType,
            component.type(),
            stored,
            String.format(
                "component '%s'%s was stored as %s and is now %s, which its stored values do not"
                    + " convert to without loss; keep the stored type, or give the component a new"
                    + " name (records stored without it then read its default)",
                component.name(),
                source.equals(component.name()) ? "" : " (stored as '" + source + "')",
                storedType,
                component.type()));
      }
    }
    return new SchemaTranslation(stored, current, sources, conversions, defaults);
  }

  /** The stored schema this plan reads. */
  public RecordSchema stored() {
    return stored;
  }

  /** The schema this plan produces values of. */
  public RecordSchema current() {
    return current;
  }

  /**
   * Rebuilds {@code record}, an unpacked value stored with {@link #stored()}, in the layout of
   * {@link #current()}.
   *
   * @throws IllegalArgumentException if the value does not have the stored schema's shape
   */
  public Tuple apply(Tuple record) {
    if (record.size() != stored.components().size() + 1) {
      throw new IllegalArgumentException(
          String.format(
              "stored value of entity '%s' has %d components, but its schema %s has %d",
              stored.entityName(),
              record.size() - 1,
              stored,
              stored.components().size()));
    }
    Object[] parts = new Object[sources.length + 1];
    parts[0] = current.id();
    for (int j = 0; j < sources.length; j++) {
      parts[j + 1] =
          sources[j] < 0 ? defaults[j] : conversions[j].apply(record.get(sources[j] + 1));
    }
    return Tuple.of(parts);
  }

  /** The stored component {@code component} reads from: its name, else its most recent former name. */
  private static String sourceName(ComponentSchema component, Map<String, Integer> stored) {
    if (stored.containsKey(component.name())) {
      return component.name();
    }
    for (String former : component.formerNames()) {
      if (stored.containsKey(former)) {
        return former;
      }
    }
    return null;
  }

  /** Records are keyed by the stored primary key: it must be the same component, with the same key bytes. */
  private static void checkKey(
      RecordSchema stored, RecordSchema current, ComponentSchema key, String source) {
    String storedKey = stored.primaryKeyName();
    ComponentSchema storedComponent =
        stored.components().stream()
            .filter(c -> c.name().equals(storedKey))
            .findFirst()
            .orElseThrow();
    String storedType = storedComponent.type();
    String problem = null;
    if (!storedKey.equals(source)) {
      problem =
          String.format(
              "the primary key was '%s' (%s) and is now '%s' (%s), but stored records are keyed by"
                  + " '%s'; keep '%s' as the primary key",
              storedKey, storedType, key.name(), key.type(), storedKey, storedKey);
    } else if (!PartConversion.keepsKeyBytes(storedComponent.descriptor(), key.descriptor())) {
      problem =
          String.format(
              "the primary key '%s' was stored as %s and is now %s, which changes its key bytes"
                  + " (a key may only become a wider integer); keep its stored type",
              key.name(), storedType, key.type());
    }
    if (problem != null) {
      throw new IncompatibleSchemaException(
          current.entityName(), key.name(), storedType, key.type(), stored, problem);
    }
  }
}
