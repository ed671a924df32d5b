package dev.tessera.internal.index;

import dev.tessera.internal.catalog.IndexCatalog;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The index mutations of one write attempt, as {@link IndexModes} says each index is treated:
 * enforced unique entries are checked absent, guarded ones (a unique index that is not readable)
 * are read first and get a duplicate marker when another record holds their value, entries of a
 * failed index are skipped. Immutable: one that {@linkplain #readNothing() read nothing} depends
 * on its modes alone and may be shared by attempts on any thread.
 *
 * @param <T> the record type
 */
public final class IndexWrite<T> {
  private static final byte[] EMPTY = new byte[0];

  private final String entityName;
  private final IndexModes modes;
  private final List<IndexEntry<T>> removed;
  private final List<IndexEntry<T>> added;
  private final Map<Tuple, KvEntry> pointers;
  private final List<KvEntry> fences;
  /**
   * The states generation key the write checks (null when the entity has no index): a build's
   * start changes it, so a writer that did not know of the build reads the modes again.
   */
  private final Tuple statesKey;

  private IndexWrite(
      String entityName,
      IndexModes modes,
      List<IndexEntry<T>> removed,
      List<IndexEntry<T>> added,
      Map<Tuple, KvEntry> pointers,
      List<KvEntry> fences,
      Tuple statesKey) {
    this.statesKey = statesKey;
    this.entityName = entityName;
    this.modes = modes;
    this.removed = removed;
    this.added = added;
    this.pointers = pointers;
    this.fences = fences;
  }

  /**
   * Prepares a write that deletes the entries {@code removed} and writes {@code added}, and the
   * other entries of an update's new record ({@code after}) in an index that {@linkplain
   * IndexModes#rewritesKept rewrites them}: reads the entries of guarded indexes and the fences of all of them (one snapshot), none
   * when every index is readable. The commit checks {@code statesKey}, the entity's {@linkplain
   * IndexCatalog#statesKey states generation} (null when the entity has no index).
   */
  static <T> IndexWrite<T> prepare(
      KvStore store,
      String entityName,
      List<IndexDefinition<T>> indexes,
      IndexModes modes,
      Tuple statesKey,
      List<IndexEntry<T>> removed,
      List<IndexEntry<T>> added,
      List<IndexEntry<T>> after) {
    added = withRewrittenKept(modes, added, after);
    List<Tuple> keys = List.of();
    for (int i = 0; i < indexes.size(); i++) { // indexed: no iterator on every write
      IndexDefinition<T> index = indexes.get(i);
      if (modes.guarded(index)) {
        if (keys.isEmpty()) {
          keys = new ArrayList<>();
        }
        keys.add(IndexCatalog.fenceKey(entityName, index.name()));
      }
    }
    if (keys.isEmpty()) {
      return new IndexWrite<>(
          entityName, modes, removed, added, Map.of(), List.of(), statesKey);
    }
    int fenceCount = keys.size();
    Set<Tuple> guardedKeys = new HashSet<>();
    List<IndexEntry<T>> maintainedRemoved = maintained(modes, removed);
    List<IndexEntry<T>> maintainedAdded = maintained(modes, added);
    for (IndexEntry<T> entry : concat(maintainedRemoved, maintainedAdded)) {
      if (modes.guarded(entry.index()) && guardedKeys.add(entry.key())) {
        keys.add(entry.key());
      }
    }
    List<KvEntry> read = store.getMany(keys);
    Map<Tuple, KvEntry> pointers = new LinkedHashMap<>();
    for (KvEntry pointer : read.subList(fenceCount, read.size())) {
      pointers.put(pointer.key(), pointer);
    }
    return new IndexWrite<>(
        entityName,
        modes,
        maintainedRemoved,
        maintainedAdded,
        pointers,
        List.copyOf(read.subList(0, fenceCount)),
        statesKey);
  }

  /** True if preparing it read nothing: no index was guarded, so it holds no fence or pointer. */
  boolean readNothing() {
    return fences.isEmpty() && pointers.isEmpty();
  }

  /**
   * Adds the checks and mutations to {@code op}: first that the index states are still the ones
   * the write followed (see {@link IndexCatalog#statesKey}).
   */
 public void addTo(AtomicOperation op) {
    if (statesKey != null) {
      op.check(statesKey, modes.statesStamp());
    }
    if (fences.isEmpty() && pointers.isEmpty() && added.isEmpty() && removed.isEmpty()) {
      return; // no index entry changes (the common update): nothing to iterate
    }
    // Indexed loops (the lists are array-backed): no iterator per write.
    for (int i = 0; i < fences.size(); i++) {
      op.check(fences.get(i));
    }
    for (KvEntry pointer : pointers.values()) {
      op.check(pointer);
    }
    for (int i = 0; i < added.size(); i++) {
      IndexEntry<T> entry = added.get(i);
      if (modes.enforced(entry.index())) {
        op.check(entry.key(), null);
      }
    }
    for (int i = 0; i < removed.size(); i++) {
      IndexEntry<T> entry = removed.get(i);
      if (!modes.guarded(entry.index())) {
        op.delete(entry.key());
      } else if (Arrays.equals(valueOf(entry.key()), entry.value())) {
        op.delete(entry.key());
      } else {
        op.delete(markerKey(entry)); // the record held the value through a marker, if at all
      }
    }
    Map<Tuple, byte[]> written = null; // the guarded values this write claims, if any
    for (int i = 0; i < added.size(); i++) {
      IndexEntry<T> entry = added.get(i);
      if (!modes.guarded(entry.index())) {
        op.set(entry.key(), entry.value());
        continue;
      }
      if (written == null) {
        written = new HashMap<>();
      }
      byte[] pointer = written.containsKey(entry.key()) ? written.get(entry.key()) : valueOf(entry.key());
      // A writer cannot tell cheaply whether the holder still holds the value: the build's
      // resolution step decides, and the fence makes a concurrent switch retry.
      if (UniqueClaim.decide(pointer, entry.value(), holder -> true) == UniqueClaim.Decision.DUPLICATE) {
        op.set(markerKey(entry), EMPTY);
        op.sum(IndexCatalog.fenceKey(entityName, entry.index().name()), 1);
      } else {
        op.set(entry.key(), entry.value());
        written.put(entry.key(), entry.value());
      }
    }
  }

  /** The added entries whose uniqueness this write enforced: where to look after a failed check. */
  public List<IndexEntry<T>> enforced() {
    List<IndexEntry<T>> enforced = new ArrayList<>();
    for (IndexEntry<T> entry : added) {
      if (modes.enforced(entry.index())) {
        enforced.add(entry);
      }
    }
    return enforced;
  }

  /** The modes the write followed. */
 public IndexModes modes() {
    return modes;
  }

  /**
   * True if the commit failed on a key this write read (the index states, an entry or a fence):
   * try again.
   */
  public boolean failedOnItsReads(CommitResult result) {
    Tuple failed = result.failedKey();
    if (failed == null) {
      return false;
    }
    if (failed.equals(statesKey)) {
      return true;
    }
    for (KvEntry fence : fences) {
      if (fence.key().equals(failed)) {
        return true;
      }
    }
    return pointers.containsKey(failed);
  }

  /**
   * True if the commit failed on the index states or a fence: the catalog changed, so the modes
   * must be read again.
   */
  public boolean staleModes(CommitResult result) {
    if (result.failedKey() != null && result.failedKey().equals(statesKey)) {
      return true;
    }
    for (KvEntry fence : fences) {
      if (fence.key().equals(result.failedKey())) {
        return true;
      }
    }
    return false;
  }

  private byte[] valueOf(Tuple key) {
    return pointers.get(key).value();
  }

  private Tuple markerKey(IndexEntry<T> entry) {
    return IndexCatalog.markerKey(
        entityName,
        entry.index().name(),
        modes.generation(entry.index()),
        entry.values(),
        Tuple.unpack(entry.value()));
  }

  // Only unique indexes are written differently in different states (enforced, guarded, not
  // maintained when failed); a non-unique index is maintained alike in every state.

  /**
   * {@code added}, and the other entries of {@code after} (an update's unchanged ones) whose index
   * rewrites them (a new list then).
   */
  private static <T> List<IndexEntry<T>> withRewrittenKept(
      IndexModes modes, List<IndexEntry<T>> added, List<IndexEntry<T>> after) {
    List<IndexEntry<T>> all = added;
    for (int i = 0; i < after.size(); i++) {
      IndexEntry<T> entry = after.get(i);
      if (modes.rewritesKept(entry.index()) && !containsSame(added, entry)) {
        if (all == added) {
          all = new ArrayList<>(added);
        }
        all.add(entry);
      }
    }
    return all;
  }

  private static <T> boolean containsSame(List<IndexEntry<T>> entries, IndexEntry<T> entry) {
    for (IndexEntry<T> e : entries) {
      if (e == entry) {
        return true;
      }
    }
    return false;
  }

  private static <T> List<IndexEntry<T>> maintained(IndexModes modes, List<IndexEntry<T>> entries) {
    List<IndexEntry<T>> maintained = new ArrayList<>(entries.size());
    for (IndexEntry<T> entry : entries) {
      if (modes.maintained(entry.index())) {
        maintained.add(entry);
      }
    }
    return maintained;
  }

  private static <T> List<IndexEntry<T>> concat(List<IndexEntry<T>> a, List<IndexEntry<T>> b) {
    List<IndexEntry<T>> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
