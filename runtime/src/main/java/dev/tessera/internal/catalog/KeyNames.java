package dev.tessera.internal.catalog;

import dev.tessera.internal.kv.ReservedKeys;
import dev.tessera.internal.mapping.IndexDescriptor;
import dev.tessera.kv.KeyDescriber;
import dev.tessera.kv.KeyedFailure;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The one place that turns a key into what a person reads: the entity or index its subspace id
 * stands for, and its parts labelled with their fields, e.g. {@code unique index 'email' of entity
 * 'ticket'} and {@code (email: "a9@x.com")}. Built from the store's catalog: the subspace ids
 * ({@link SubspaceCatalog}), each entity's primary key ({@link SchemaCatalog}) and each index's
 * subspace, uniqueness and fields ({@link IndexCatalog}).
 *
 * <p>The store layer knows no names, so its exceptions render keys as tuples; {@link #named}
 * renames them (and the repository layer's own) where they leave the runtime. It reads the catalog
 * only then: a failure is rare, and the catalog may have grown since the repository opened.
 *
 * <p>Immutable and thread-safe.
 */
public final class KeyNames implements KeyDescriber {
  /** What the subspace of one id holds. */
  private record Subspace(String description, String entity, boolean records, List<String> labels,
      int valueParts) {}

  private static final String CATALOG = "Tessera's catalog";
  /** How a spatial index's descriptor starts (SpatialIndex writes it): its key has one value part. */
  private static final String SPATIAL = "spatial(";

  private final Map<Object, Subspace> subspaces;

  private KeyNames(Map<Object, Subspace> subspaces) {
    this.subspaces = Map.copyOf(subspaces);
  }

  /**
   * The names the catalog of {@code store} holds now (one read of it).
   *
   * @throws RuntimeException whatever reading the catalog throws
   */
  public static KeyNames read(KvStore store) {
    Map<Long, String> names = SubspaceCatalog.names(store);
    Map<String, Long> ids = new HashMap<>();
    names.forEach((id, name) -> ids.put(name, id));
    Map<Object, Subspace> subspaces = new HashMap<>();
    try (KvSnapshot snapshot = store.snapshot()) {
      for (String entity : SchemaCatalog.entityNames(store)) {
        Long entityId = ids.get(entity);
        if (entityId == null) {
          continue; // a store in the name layout of older versions: its keys name themselves
        }
        List<String> primaryKey = primaryKey(store, entity);
        subspaces.put(entityId, new Subspace(
            "entity '" + entity + "'", entity, true, primaryKey, primaryKey.size()));
        for (IndexCatalog.Stored stored : IndexCatalog.read(snapshot, entity).values()) {
          Long indexId = ids.get(stored.entry().subspace());
          if (indexId != null) {
            subspaces.put(indexId, index(stored, entity, primaryKey));
          }
        }
      }
    }
    return new KeyNames(subspaces);
  }

  /**
   * {@code failure} with its keys named from the catalog of {@code store}, if it names keys; else
   * {@code failure} itself. Never fails: if the catalog cannot be read (a closed store, an
   * unreachable cluster), the failure keeps its tuples, with the reason suppressed in it.
   */
  public static RuntimeException named(RuntimeException failure, KvStore store) {
    if (!(failure instanceof KeyedFailure keyed)) {
      return failure;
    }
    try {
      return keyed.withNames(read(store));
    } catch (RuntimeException unreadable) {
      failure.addSuppressed(unreadable);
      return failure;
    }
  }

  private static List<String> primaryKey(KvStore store, String entity) {
    List<RecordSchema> schemas = SchemaCatalog.read(store, entity).schemas();
    return schemas.isEmpty() ? List.of() : List.of(schemas.get(schemas.size() - 1).primaryKeyName());
  }

  private static Subspace index(IndexCatalog.Stored stored, String entity, List<String> primaryKey) {
    String name = stored.entry().indexName();
    boolean unique = stored.entry().unique();
    IndexDescriptor descriptor = IndexDescriptor.parse(stored.entry().descriptor());
    List<String> labels = new ArrayList<>();
    List<String> fields = descriptor.fields().stream().map(IndexDescriptor.Field::name).toList();
    if (descriptor.text().startsWith(SPATIAL)) {
      labels.add("z-order of " + String.join(" and ", fields)); // one part for all its fields
    } else {
      labels.addAll(fields); // one part per field
    }
    int valueParts = labels.size();
    if (!unique) {
      labels.addAll(primaryKey); // a non-unique entry ends with the record's primary key
    }
    return new Subspace((unique ? "unique index '" : "index '") + name + "' of entity '" + entity + "'",
        entity, false, labels, valueParts);
  }

  private Subspace subspaceOf(Tuple key) {
    return key == null || key.size() == 0 ? null : subspaces.get(key.get(0));
  }

  @Override
  public String subspace(Tuple key) {
    if (key != null && ReservedKeys.isReserved(key)) {
      return CATALOG;
    }
    Subspace subspace = subspaceOf(key);
    return subspace == null ? null : subspace.description();
  }

  /**
   * The parts after the subspace id, labelled when they are as many as the fields (a record's
   * primary key, a unique entry's values, a non-unique entry's values and primary key) or fewer
   * (a prefix, as a range's bound), or at least as many as the index's values (labelled those);
   * otherwise unlabelled rather than mislabelled.
   */
  @Override
  public String parts(Tuple key) {
    if (key != null && ReservedKeys.isReserved(key)) {
      return KeyDescriber.labelled(key, 1, List.of());
    }
    Subspace subspace = subspaceOf(key);
    if (subspace == null) {
      return KeyDescriber.tuples().parts(key);
    }
    int parts = key.size() - 1;
    List<String> labels = subspace.labels();
    if (parts > labels.size()) {
      labels = parts >= subspace.valueParts() ? labels.subList(0, subspace.valueParts()) : List.of();
    }
    return KeyDescriber.labelled(key, 1, labels);
  }

  @Override
  public String entity(Tuple key) {
    Subspace subspace = subspaceOf(key);
    return subspace == null ? null : subspace.entity();
  }

  @Override
  public boolean isRecord(Tuple key) {
    Subspace subspace = subspaceOf(key);
    return subspace != null && subspace.records();
  }
}
