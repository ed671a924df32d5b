package dev.tessera.catalog;

import dev.tessera.internal.catalog.IndexCatalog;
import dev.tessera.internal.catalog.SchemaCatalog;
import dev.tessera.internal.catalog.SubspaceCatalog;
import dev.tessera.internal.kv.ReservedKeys;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Moves the entities of a store written by an older Tessera, whose keys start with the entity and
 * index names ({@code ("user", pk...)}, {@code ("user_by_email", value...)}), to the current key
 * layout, whose keys start with the small integer ids the catalog assigns those names ({@code (1,
 * pk...)}, {@code (2, value...)}). The {@code tessera migrate} command runs it.
 *
 * <p>For each entity still in the name layout (its catalog schema entries are of format 1), it
 * assigns the ids of the entity and of every index subspace its catalog names, then moves the keys
 * of each of these subspaces in batches: each batch is one commit that deletes the old keys and
 * writes the same values under the new ones, checked on the entries it read, so a crash leaves
 * every key either moved or not and running the migration again continues where it stopped. The
 * last commit of an entity checks that no old key is left, rewrites the cursors of index builds
 * that were under way into the new layout and marks the entity migrated (format-2 schema entries);
 * only then can repositories open it. Catalog keys (schemas, index states, record counts, build
 * fences, quarantined records) are named by entity and index names and stay as they are. Moved
 * entries get new versionstamps.
 *
 * <pre>{@code
 * KeyLayoutMigration.Result result =
 *     KeyLayoutMigration.migrate(store, 1000, Integer.MAX_VALUE, System.out::println);
 * }</pre>
 *
 * <p>Before it changes anything it checks that every key outside the catalog belongs to an entity
 * or index the catalog names, and refuses otherwise ({@link IllegalStateException}, nothing
 * written). Stop the applications using the store while it runs: an older Tessera writing
 * meanwhile only makes the last commit retry, but a current one cannot open the entity until it is
 * migrated. Stateless and thread-safe; one migration per store at a time.
 */
public final class KeyLayoutMigration {
  /** The first byte of a packed string part: every name-layout key starts with it. */
  private static final byte STRING_CODE = 0x02;

  private KeyLayoutMigration() {}

  /**
   * What one run did.
   *
   * @param migrated the entities it marked migrated, in catalog order
   * @param alreadyMigrated the entities that were in the current layout before it ran
   * @param movedKeys the keys it moved
   * @param batches the batch commits it made
   * @param complete false if it stopped at the batch limit: run it again to continue
   */
  public record Result(
      List<String> migrated, List<String> alreadyMigrated, long movedKeys, long batches,
      boolean complete) {
    /**
     * Copies the lists.
     *
     * @param migrated the entities it marked migrated, in catalog order
     * @param alreadyMigrated the entities that were in the current layout before it ran
     * @param movedKeys the keys it moved
     * @param batches the batch commits it made
     * @param complete false if it stopped at the batch limit: run it again to continue
     */
    public Result {
      migrated = List.copyOf(migrated);
      alreadyMigrated = List.copyOf(alreadyMigrated);
    }
  }

  /**
   * Migrates every entity of {@code store} still in the name key layout.
   *
   * @param store the store
   * @param batchSize the most keys one commit moves
   * @param maxBatches the most batch commits this run makes before it stops (incomplete); {@link
   *     Integer#MAX_VALUE} for no limit
   * @param progress receives one line per subspace moved and per entity marked, for operators
   * @return what it did
   * @throws IllegalStateException if the store holds keys no catalog entity or index owns, or its
   *     catalog does not decode; nothing was written
   * @throws IllegalArgumentException if {@code batchSize} or {@code maxBatches} is below 1
   */
  public static Result migrate(
      KvStore store, int batchSize, int maxBatches, Consumer<String> progress) {
    Objects.requireNonNull(store, "store");
    Objects.requireNonNull(progress, "progress");
    if (batchSize < 1 || maxBatches < 1) {
      throw new IllegalArgumentException(
          "batch size and batch limit must be at least 1, were " + batchSize + " and " + maxBatches);
    }
    Map<String, List<String>> pending = new LinkedHashMap<>();
    List<String> already = new ArrayList<>();
    for (String entity : SchemaCatalog.entityNames(store)) {
      if (SchemaCatalog.read(store, entity).nameKeys()) {
        pending.put(entity, subspacesOf(store, entity));
      } else {
        already.add(entity);
      }
    }
    requireOnlyKnownNames(store, pending);
    Run run = new Run(store, batchSize, maxBatches, progress);
    List<String> migrated = new ArrayList<>();
    for (Map.Entry<String, List<String>> entity : pending.entrySet()) {
      if (!run.migrate(entity.getKey(), entity.getValue())) {
        return new Result(migrated, already, run.moved, run.batches, false);
      }
      migrated.add(entity.getKey());
    }
    return new Result(migrated, already, run.moved, run.batches, true);
  }

  /** The index subspace names {@code entity}'s catalog holds (declared or being dropped). */
  private static List<String> subspacesOf(KvStore store, String entity) {
    Set<String> subspaces = new LinkedHashSet<>();
    try (KvSnapshot snapshot = store.snapshot()) {
      IndexCatalog.read(snapshot, entity).values()
          .forEach(stored -> subspaces.add(stored.entry().subspace()));
    }
    return List.copyOf(subspaces);
  }

  /**
   * Refuses a store with name-layout keys that no entity to migrate owns: one read per distinct
   * first part, skipping each name's keys.
   */
  private static void requireOnlyKnownNames(KvStore store, Map<String, List<String>> pending) {
    Set<String> known = new LinkedHashSet<>();
    pending.forEach((entity, subspaces) -> {
      known.add(entity);
      known.addAll(subspaces);
    });
    byte[] begin = {STRING_CODE};
    byte[] end = {STRING_CODE + 1};
    try (KvSnapshot snapshot = store.snapshot()) {
      while (true) {
        KvEntry first;
        try (KvIterator it = snapshot.list(ListSelector.of(TupleRange.ofPacked(begin, end)).limit(1))) {
          if (!it.hasNext()) {
            return;
          }
          first = it.next();
        }
        String name = first.key().getString(0);
        if (!ReservedKeys.PREFIX.equals(name) && !known.contains(name)) {
          throw new IllegalStateException("the store holds keys under '" + name + "', e.g. "
              + first.key() + ", which no entity or index in its catalog still to migrate owns;"
              + " the migration moves only what the catalog describes. Nothing was changed");
        }
        begin = TupleRange.prefix(Tuple.of(name)).end();
      }
    }
  }

  /** One run's budget and tallies. Not thread-safe. */
  private static final class Run {
    private final KvStore store;
    private final int batchSize;
    private final int maxBatches;
    private final Consumer<String> progress;
    long moved;
    long batches;

    Run(KvStore store, int batchSize, int maxBatches, Consumer<String> progress) {
      this.store = store;
      this.batchSize = batchSize;
      this.maxBatches = maxBatches;
      this.progress = progress;
    }

    /** Moves one entity and marks it; false if the batch limit stopped it first. */
    boolean migrate(String entity, List<String> subspaces) {
      List<String> names = new ArrayList<>();
      names.add(entity);
      names.addAll(subspaces);
      Map<String, Long> ids = SubspaceCatalog.assign(store, entity, names);
      while (true) {
        for (String name : names) {
          if (!move(name, ids.get(name), name.equals(entity) ? "records of " + entity
              : "index subspace " + name + " of " + entity)) {
            return false;
          }
        }
        if (mark(entity, ids)) {
          progress.accept("entity " + entity + ": migrated");
          return true;
        }
        // an older Tessera wrote meanwhile: move what it wrote, then mark again
      }
    }

    /** Moves every key under {@code name} to {@code id}; false if the batch limit stopped it. */
    private boolean move(String name, long id, String what) {
      TupleRange old = TupleRange.prefix(Tuple.of(name));
      long movedHere = 0;
      while (true) {
        List<KvEntry> batch = new ArrayList<>(batchSize);
        try (KvIterator it = store.list(ListSelector.of(old).limit(batchSize))) {
          it.forEachRemaining(batch::add);
        }
        if (batch.isEmpty()) {
          if (movedHere > 0) {
            progress.accept(what + ": moved " + movedHere + " keys to subspace " + id);
          }
          return true;
        }
        if (batches >= maxBatches) {
          progress.accept(what + ": stopped at the batch limit after " + movedHere
              + " keys; run the migration again to continue");
          return false;
        }
        AtomicOperation op = store.atomic();
        for (KvEntry entry : batch) {
          Tuple key = entry.key();
          op.check(entry).delete(key).set(Tuple.of(id).addAll(key.subTuple(1, key.size())),
              entry.value());
        }
        batches++;
        if (op.commit().ok()) {
          moved += batch.size();
          movedHere += batch.size();
        }
      }
    }

    /**
     * The entity's last commit: no old key left, build cursors in the new layout, schema entries
     * of the current format. False if something changed since it was read.
     */
    private boolean mark(String entity, Map<String, Long> ids) {
      SchemaCatalog.Entries schemas = SchemaCatalog.read(store, entity);
      AtomicOperation op = store.atomic();
      for (Map.Entry<String, Long> name : ids.entrySet()) {
        op.checkRange(TupleRange.prefix(Tuple.of(name.getKey())), List.of());
      }
      for (KvEntry schema : schemas.nameKeyEntries()) {
        op.check(schema).set(schema.key(), SchemaCatalog.migrated(schema));
      }
      try (KvSnapshot snapshot = store.snapshot()) {
        for (IndexCatalog.Stored stored : IndexCatalog.read(snapshot, entity).values()) {
          byte[] cursor = stored.entry().cursor();
          byte[] moved = movedCursor(cursor, ids);
          if (moved != cursor) {
            op.check(stored.stored()).set(stored.stored().key(),
                IndexCatalog.encode(stored.entry().advance(moved, 0)));
          }
        }
      }
      return op.commit().ok();
    }

    /** A build cursor (a packed key) in the new layout: itself unless it is under a moved name. */
    private static byte[] movedCursor(byte[] cursor, Map<String, Long> ids) {
      if (cursor == null || cursor.length == 0 || cursor[0] != STRING_CODE) {
        return cursor;
      }
      Tuple key = Tuple.unpack(cursor);
      Long id = ids.get(key.getString(0));
      return id == null ? cursor : Tuple.of(id).addAll(key.subTuple(1, key.size())).pack();
    }
  }
}
