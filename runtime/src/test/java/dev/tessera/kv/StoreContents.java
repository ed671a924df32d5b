package dev.tessera.kv;

import dev.tessera.tuple.TupleRange;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/** Test support: the whole user key space of a store as comparable text, and counter bytes. */
public final class StoreContents {
  private StoreContents() {}

  /** Every tuple key (packed bytes start below 0xff), hex key -> stamp:hex value, in order. */
  public static Map<String, String> dump(KvStore store) {
    Map<String, String> all = new LinkedHashMap<>();
    HexFormat hex = HexFormat.of();
    ListSelector everything =
        ListSelector.of(TupleRange.ofPacked(new byte[] {0x00}, new byte[] {(byte) 0xff}));
    try (KvIterator it = store.list(everything)) {
      while (it.hasNext()) {
        KvEntry entry = it.next();
        all.put(hex.formatHex(entry.key().pack()),
            entry.versionstamp() + ":" + hex.formatHex(entry.value()));
      }
    }
    return all;
  }

  /** 8 bytes, big-endian. */
  public static byte[] u64(long value) {
    return java.nio.ByteBuffer.allocate(8).putLong(value).array();
  }

  /** Reads 8 bytes, big-endian. */
  public static long u64(byte[] value) {
    return java.nio.ByteBuffer.wrap(value).getLong();
  }
}
