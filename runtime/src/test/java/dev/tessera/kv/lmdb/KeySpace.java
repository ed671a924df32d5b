package dev.tessera.kv.lmdb;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.StoreContents;
import java.util.Map;

/** Test support: the whole user key space of a store as comparable text (see StoreContents). */
final class KeySpace {
  private KeySpace() {}

  /** Every tuple key (packed bytes start below 0xff), hex key -> stamp:hex value, in order. */
  static Map<String, String> dump(KvStore store) {
    return StoreContents.dump(store);
  }

  /** 8 bytes, big-endian. */
  static byte[] u64(long value) {
    return StoreContents.u64(value);
  }

  /** Reads 8 bytes, big-endian. */
  static long u64(byte[] value) {
    return StoreContents.u64(value);
  }
}
