package dev.tessera.repository;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.internal.kv.ReservedKeys;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Dumps the whole key space, byte for byte, for before/after comparisons. Shared by tests. */
public final class KeySpace {
  private KeySpace() {}

  /** One line per entry: packed key, value and versionstamp in hex. */
  public static List<String> dump(KvStore store) {
    List<String> lines = new ArrayList<>();
    for (KvEntry e : all(store)) {
      lines.add(
          HexFormat.of().formatHex(e.key().pack())
              + " = "
              + HexFormat.of().formatHex(e.value())
              + " @ "
              + e.versionstamp());
    }
    return lines;
  }

  /** Every entry except the catalog's, which repositories write when opened; counters stay. */
  static List<KvEntry> entries(KvStore store) {
    return all(store).stream().filter(e -> !isCatalog(e.key())).toList();
  }

  private static boolean isCatalog(Tuple key) {
    return ReservedKeys.isReserved(key) && !"count".equals(key.get(1));
  }

  /** Every entry of the store. */
  static List<KvEntry> all(KvStore store) {
    List<KvEntry> entries = new ArrayList<>();
    try (KvIterator it =
        store.list(ListSelector.of(TupleRange.ofPacked(new byte[] {0x00}, new byte[] {(byte) 0xFF})))) {
      it.forEachRemaining(entries::add);
    }
    return entries;
  }

  /**
   * Translates keys of {@code store} to name form: a record or index key's first part (its subspace
   * id) becomes the entity or index subspace name the catalog assigned it to; other keys stay.
   */
  static Function<Tuple, Tuple> namer(KvStore store) {
    Map<Long, String> names = StoreCatalog.of(store).subspaceNames();
    return key -> key.size() > 0 && key.get(0) instanceof Long id && names.containsKey(id)
        ? Tuple.of(names.get(id)).addAll(key.subTuple(1, key.size()))
        : key;
  }

  static List<Tuple> keys(KvStore store) {
    return entries(store).stream().map(KvEntry::key).toList();
  }
}
