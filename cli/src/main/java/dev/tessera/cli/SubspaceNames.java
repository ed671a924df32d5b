package dev.tessera.cli;

import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.StoreCatalog;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.tuple.Tuple;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The names people use for the subspaces records and index entries are keyed by: an entity by its
 * name ({@code ticket}), an index by its entity's name, a dot and its name ({@code ticket.email}),
 * each mapped to the id its keys start with. Names are unambiguous in key tuples: every record and
 * index key starts with an integer id and every catalog key with the reserved text, so a leading
 * text part other than that one can only be a name. Immutable once read.
 */
final class SubspaceNames {
  private final Map<String, Long> ids;
  private final Map<Long, String> names;

  private SubspaceNames(Map<String, Long> ids, Map<Long, String> names) {
    this.ids = ids;
    this.names = names;
  }

  /** The names of the entities and indexes {@code store}'s catalog holds, read in one snapshot. */
  static SubspaceNames read(KvStore store) {
    StoreCatalog catalog = StoreCatalog.of(store);
    Map<Long, String> assigned = catalog.subspaceNames();
    Map<String, Long> bySubspace = new HashMap<>();
    assigned.forEach((id, name) -> bySubspace.put(name, id));
    Map<String, Long> ids = new TreeMap<>(); // a null id: a name two subspaces would have
    Map<Long, String> names = new HashMap<>(assigned); // a dropped index keeps its subspace name
    try (KvSnapshot snapshot = store.snapshot()) {
      for (String entity : catalog.entityNames()) {
        Long entityId = bySubspace.get(entity);
        if (entityId != null) {
          name(ids, entity, entityId);
          names.put(entityId, entity);
        }
        for (IndexCatalogEntry index : StoreCatalog.indexes(snapshot, entity)) {
          Long indexId = bySubspace.get(index.subspace());
          if (indexId != null) {
            name(ids, entity + "." + index.indexName(), indexId);
            names.put(indexId, entity + "." + index.indexName());
          }
        }
      }
    }
    return new SubspaceNames(ids, names);
  }

  /**
   * Gives {@code name} the id {@code id}; a name two subspaces would have (an entity named {@code
   * a.b} and index {@code b} of entity {@code a}) gets none, so it is refused rather than guessed.
   */
  private static void name(Map<String, Long> ids, String name, long id) {
    if (ids.containsKey(name) && ids.get(name) != null && ids.get(name) != id) {
      ids.put(name, null);
    } else if (!ids.containsKey(name)) {
      ids.put(name, id);
    }
  }

  /** The id of the entity or index {@code name} ({@code ticket}, {@code ticket.email}), if any. */
  /**
   * {@code key} with a leading name replaced by its subspace id: {@code ("ticket", "e05")} is
   * {@code (3, "e05")} when the catalog gave entity {@code ticket} the id 3.
   *
   * @throws CommandFailure ({@link ExitCodes#USAGE}) for a name the catalog does not hold, listing
   *     those it holds
   */
  Tuple resolve(Tuple key) {
    if (key.size() == 0 || !(key.get(0) instanceof String name)
        || name.equals(StoreCatalog.reservedPrefix())) {
      return key;
    }
    return Tuple.of(require(name)).addAll(key.subTuple(1, key.size()));
  }

  /** The id of {@code name}, or a usage failure listing the names the catalog holds. */
  long require(String name) {
    Long id = ids.get(name);
    if (id == null && ids.containsKey(name)) {
      throw new CommandFailure(ExitCodes.USAGE, "'" + name + "' names both an entity and an"
          + " index; give the subspace id instead (see 'tessera info')");
    }
    if (id == null) {
      throw new CommandFailure(ExitCodes.USAGE, "no entity or index '" + name + "' in the"
          + " store's catalog; it holds " + (ids.isEmpty() ? "none" : String.join(", ", ids.keySet())));
    }
    return id;
  }

  /** {@code " [ticket]"} or {@code " [ticket.email]"} for a key in a named subspace, else nothing. */
  String label(Tuple key) {
    if (key.size() == 0 || !(key.get(0) instanceof Long id) || !names.containsKey(id)) {
      return "";
    }
    return " [" + names.get(id) + "]";
  }
}
