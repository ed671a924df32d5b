package dev.tessera.internal.catalog;

import dev.tessera.kv.KvReader;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Where one entity's keys lie in a store: the subspace ids the store's catalog assigned to the
 * entity and to its indexes' subspaces (see {@link SubspaceCatalog}), read once when a repository
 * or tool opens. Records are {@code (entityId, pk...)}; an index's entries start with its
 * subspace's id (see {@link IndexDefinition#entryKey}).
 *
 * <p>Immutable and thread-safe.
 */
public final class KeySpace {
  private final String entityName;
  private final long entityId;
  private final Tuple recordPrefix;
  private final Map<String, Long> subspaceIds;
  /** {@code (id)} of every index subspace, shared so that each is packed once. */
  private final Map<String, Tuple> indexPrefixes;

  private KeySpace(String entityName, long entityId, Map<String, Long> subspaceIds) {
    this.entityName = entityName;
    this.entityId = entityId;
    this.recordPrefix = recordPrefix(entityId);
    this.subspaceIds = Map.copyOf(subspaceIds);
    Map<String, Tuple> prefixes = new LinkedHashMap<>();
    subspaceIds.forEach((subspace, id) -> {
      if (!subspace.equals(entityName)) {
        prefixes.put(subspace, IndexDefinition.subspaceKey(id));
      }
    });
    this.indexPrefixes = Map.copyOf(prefixes);
  }

  /**
   * The key space of {@code entityName} and the index subspaces {@code subspaces}, assigning the
   * ids the catalog does not hold yet.
   */
  public static KeySpace assign(KvStore store, String entityName, Collection<String> subspaces) {
    List<String> names = new ArrayList<>(subspaces.size() + 1);
    names.add(entityName);
    names.addAll(subspaces);
    Map<String, Long> ids = SubspaceCatalog.assign(store, entityName, names);
    return new KeySpace(entityName, ids.get(entityName), ids);
  }

  /**
   * The key space of {@code entityName} as the catalog holds it, without assigning anything: a
   * subspace without an id holds no keys yet and is left out ({@link #indexId} then refuses it).
   *
   * @throws IllegalStateException if the entity has no id: it was never opened in this layout
   */
  public static KeySpace read(KvReader reader, String entityName, Collection<String> subspaces) {
    OptionalLong entityId = SubspaceCatalog.find(reader, entityName);
    if (entityId.isEmpty()) {
      throw new IllegalStateException("the catalog assigns entity '" + entityName
          + "' no subspace id, although it holds its schema: the catalog is damaged");
    }
    Map<String, Long> ids = new LinkedHashMap<>();
    ids.put(entityName, entityId.getAsLong());
    for (String subspace : subspaces) {
      SubspaceCatalog.find(reader, subspace).ifPresent(id -> ids.put(subspace, id));
    }
    return new KeySpace(entityName, entityId.getAsLong(), ids);
  }

  /** The first part of every record key of the entity with id {@code entityId}, as a tuple. */
  public static Tuple recordPrefix(long entityId) {
    return Tuple.of(entityId);
  }

  /** The entity's name. */
  public String entityName() {
    return entityName;
  }

  /** The entity's subspace id: the first part of its record keys. */
  public long entityId() {
    return entityId;
  }

  /** {@code (entityId)}: the prefix of every record key. */
  public Tuple recordPrefix() {
    return recordPrefix;
  }

  /** The range of every record key of the entity. */
  public TupleRange records() {
    return TupleRange.prefix(recordPrefix);
  }

  /** The key of the record with primary key parts {@code pkParts}: {@code (entityId, pk...)}. */
  public Tuple recordKey(Tuple pkParts) {
    return recordPrefix.addAll(pkParts);
  }

  /** Whether the catalog assigned subspace {@code subspace} an id. */
  public boolean hasSubspace(String subspace) {
    return subspaceIds.containsKey(subspace);
  }

  /**
   * The id of the subspace of {@code index}.
   *
   * @throws IllegalArgumentException if {@code index} is not one of the entity's indexes here
   */
  public long indexId(IndexDefinition<?> index) {
    return subspaceId(index.subspace(), index.name());
  }

  /**
   * {@code (indexId)}: the first part of every key of {@code index} ({@link
   * IndexDefinition#subspaceKey}), one tuple shared by every caller.
   *
   * @throws IllegalArgumentException if {@code index} is not one of the entity's indexes here
   */
  public Tuple indexPrefix(IndexDefinition<?> index) {
    Tuple prefix = indexPrefixes.get(index.subspace());
    if (prefix == null) {
      throw notAnIndex(index.subspace(), index.name());
    }
    return prefix;
  }

  /**
   * The id of index subspace {@code subspace}.
   *
   * @throws IllegalArgumentException naming the index if it has none here
   */
  public long subspaceId(String subspace, String indexName) {
    Long id = subspaceIds.get(subspace);
    if (id == null || subspace.equals(entityName)) {
      throw notAnIndex(subspace, indexName);
    }
    return id;
  }

  private IllegalArgumentException notAnIndex(String subspace, String indexName) {
    return new IllegalArgumentException("index '" + indexName + "' (subspace '" + subspace
        + "') is not an index of entity '" + entityName + "' in this store");
  }
}
