package dev.tessera.internal.catalog;

import dev.tessera.internal.kv.ReservedKeys;
import dev.tessera.internal.retry.Attempt;
import dev.tessera.internal.retry.Retry;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvReader;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * The subspace part of the store's catalog: the small positive integer that stands for each
 * entity and each index subspace name as the first part of its keys, assigned once per store
 * (1, 2, 3...) and never changed.
 *
 * <pre>
 * ("\u0000tessera", "subspace", name)    -> (id)     the id of an entity or index subspace name
 * ("\u0000tessera", "subspace-id", id)   -> (name)   the reverse, so an id names one subspace
 * ("\u0000tessera", "subspace-next")     -> (id)     the next id to assign (absent: 1)
 * </pre>
 *
 * <p>An assignment commits only if the name and the id are still free and the next id is still
 * the one read, so concurrent openers (threads, processes, any store) never give two names one id
 * or one name two ids; a lost commit reads again and retries.
 *
 * <p>Stateless and thread-safe.
 */
public final class SubspaceCatalog {
  private static final String SUBSPACE = "subspace";
  private static final String SUBSPACE_ID = "subspace-id";
  private static final String NEXT = "subspace-next";
  private static final Retry ASSIGNMENTS = Retry.WRITES;

  private SubspaceCatalog() {}

  /** The catalog key holding the id of subspace {@code name}. */
  public static Tuple idKey(String name) {
    return ReservedKeys.of(SUBSPACE, name);
  }

  /** The catalog key holding the name of subspace {@code id}. */
  public static Tuple nameKey(long id) {
    return ReservedKeys.of(SUBSPACE_ID, id);
  }

  /** The catalog key holding the next id to assign. */
  public static Tuple nextKey() {
    return ReservedKeys.of(NEXT);
  }

  /**
   * The ids of {@code names}, assigning the missing ones in one commit.
   *
   * @param store the store
   * @param owner the entity the names belong to, for messages
   * @param names entity and index subspace names
   * @return every name's id, in the order of {@code names}
   * @throws dev.tessera.RetryLimitExceededException if other assignments kept winning
   */
  public static Map<String, Long> assign(KvStore store, String owner, Collection<String> names) {
    List<String> distinct = List.copyOf(new LinkedHashSet<>(names));
    return ASSIGNMENTS.run(owner, "assign subspace ids", null, () -> tryAssign(store, distinct));
  }

  private static Attempt<Map<String, Long>> tryAssign(KvStore store, List<String> names) {
    Map<String, Long> ids = new LinkedHashMap<>();
    try (KvSnapshot snapshot = store.snapshot()) {
      List<KvEntry> entries = new ArrayList<>(names.size());
      for (String name : names) {
        entries.add(snapshot.get(idKey(name)));
      }
      List<String> missing = new ArrayList<>();
      for (int i = 0; i < names.size(); i++) {
        KvEntry entry = entries.get(i);
        if (entry.exists()) {
          ids.put(names.get(i), decodeId(entry));
        } else {
          missing.add(names.get(i));
        }
      }
      if (missing.isEmpty()) {
        return Attempt.done(ids);
      }
      KvEntry next = snapshot.get(nextKey());
      long id = next.exists() ? decodeId(next) : 1;
      AtomicOperation op = store.atomic().check(next);
      for (int i = 0; i < names.size(); i++) {
        if (!entries.get(i).exists()) {
          op.check(entries.get(i));
        }
      }
      for (String name : missing) {
        KvEntry taken = snapshot.get(nameKey(id));
        if (taken.exists()) {
          throw new IllegalStateException("catalog entry " + taken.key() + " holds subspace id "
              + id + " although the next id to assign is " + id + ": the catalog is damaged");
        }
        op.check(taken).set(idKey(name), Tuple.of(id).pack()).set(nameKey(id), Tuple.of(name).pack());
        ids.put(name, id);
        id++;
      }
      op.set(nextKey(), Tuple.of(id).pack());
      if (!op.commit().ok()) {
        return Attempt.lost("another subspace id was assigned meanwhile");
      }
    }
    Map<String, Long> ordered = new LinkedHashMap<>();
    for (String name : names) {
      ordered.put(name, ids.get(name));
    }
    return Attempt.done(ordered);
  }

  /** The id of subspace {@code name}, if one was assigned. */
  public static OptionalLong find(KvReader reader, String name) {
    KvEntry entry = reader.get(idKey(name));
    return entry.exists() ? OptionalLong.of(decodeId(entry)) : OptionalLong.empty();
  }

  /** Every assigned id and its name, in id order (one snapshot). */
  public static Map<Long, String> names(KvStore store) {
    Map<Long, String> names = new TreeMap<>();
    try (KvIterator all =
        store.list(ListSelector.of(TupleRange.prefix(ReservedKeys.of(SUBSPACE_ID))))) {
      while (all.hasNext()) {
        KvEntry entry = all.next();
        try {
          names.put(entry.key().getLong(2), Tuple.unpack(entry.value()).getString(0));
        } catch (RuntimeException e) {
          throw new IllegalStateException(
              "catalog entry " + entry.key() + " is not a subspace name: " + e.getMessage(), e);
        }
      }
    }
    return names;
  }

  private static long decodeId(KvEntry entry) {
    try {
      long id = Tuple.unpack(entry.value()).getLong(0);
      if (id < 1) {
        throw new IllegalArgumentException("ids are positive, not " + id);
      }
      return id;
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "catalog entry " + entry.key() + " is not a subspace id: " + e.getMessage(), e);
    }
  }
}
