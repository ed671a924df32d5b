package dev.tessera.repository;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/** Dumps the whole key space, byte for byte, for before/after comparisons. */
final class KeySpace {
  private KeySpace() {}

  /** One line per entry: packed key, value and versionstamp in hex. */
  static List<String> dump(KvStore store) {
    List<String> lines = new ArrayList<>();
    for (KvEntry e : entries(store)) {
      lines.add(
          HexFormat.of().formatHex(e.key().pack())
              + " = "
              + HexFormat.of().formatHex(e.value())
              + " @ "
              + e.versionstamp());
    }
    return lines;
  }

  static List<KvEntry> entries(KvStore store) {
    List<KvEntry> entries = new ArrayList<>();
    try (KvIterator it =
        store.list(ListSelector.of(TupleRange.ofPacked(new byte[] {0x00}, new byte[] {(byte) 0xFF})))) {
      it.forEachRemaining(entries::add);
    }
    return entries;
  }

  static List<Tuple> keys(KvStore store) {
    return entries(store).stream().map(KvEntry::key).toList();
  }
}
