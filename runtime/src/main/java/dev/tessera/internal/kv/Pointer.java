package dev.tessera.internal.kv;

import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvReader;
import dev.tessera.tuple.Tuple;

/**
 * An entry whose value names another key: the value is the packing of some key parts, and the key
 * it names is a prefix followed by those parts (a unique index entry holds the packed primary key
 * parts of its record). The one decoding of such a value for every reader and every store's {@link
 * dev.tessera.kv.KvStore#getPointed}. Stateless.
 */
public final class Pointer {
  private Pointer() {}

  /**
   * The key parts {@code value}, the value stored under the pointer {@code key}, names.
   *
   * @throws CorruptRecordException naming {@code key} if the value is not a packed tuple
   */
  public static Tuple parts(Tuple key, byte[] value) {
    try {
      return Tuple.unpack(value);
    } catch (RuntimeException e) {
      throw new CorruptRecordException(key, e);
    }
  }

  /**
   * Checks, without decoding, that the {@code length} bytes of {@code bytes} from {@code offset},
   * the value stored under the pointer {@code key}, are key parts as {@link #parts} decodes them.
   *
   * @throws CorruptRecordException naming {@code key}, with the exception {@link #parts} would give
   */
  public static void checkParts(Tuple key, byte[] bytes, int offset, int length) {
    try {
      Tuple.validate(bytes, offset, length);
    } catch (RuntimeException e) {
      throw new CorruptRecordException(key, e);
    }
  }

  /**
   * Reads the entry the pointer under {@code pointerKey} names, as {@link
   * dev.tessera.kv.KvStore#getPointed} specifies, through {@code reader}: two reads, which agree
   * when the reader is one snapshot (a store's snapshot, a transaction's view).
   *
   * @return the named entry (absent if nothing is stored there), or {@code null} without a pointer
   * @throws CorruptRecordException naming {@code pointerKey} if its value is not a packed tuple
   */
  public static KvEntry follow(KvReader reader, Tuple pointerKey, Tuple targetPrefix) {
    KvEntry pointer = reader.get(pointerKey);
    if (!pointer.exists()) {
      return null;
    }
    return reader.get(targetPrefix.addAll(parts(pointer.key(), pointer.value())));
  }
}
