package dev.tessera.kv.lmdb;

import dev.tessera.internal.kv.PackedKeys;
import dev.tessera.internal.kv.Pointer;
import dev.tessera.kv.CorruptEntryException;
import dev.tessera.kv.KeyTooLargeException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.ValueTooLargeException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleDecodingException;
import dev.tessera.tuple.Versionstamp;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The byte layout of one user entry in LMDB: the key is {@link Tuple#pack()}, the value is the
 * 10-byte versionstamp of the commit that wrote it followed by the user's bytes. Stateless.
 */
final class StoredEntry {
  /** LMDB's largest key (its compile-time default {@code MDB_MAXKEYSIZE}), in bytes. */
  static final int MAX_KEY_SIZE = 511;
  /** The largest user value we store: 64 MiB (LMDB could take more, but such values belong elsewhere). */
  static final int MAX_VALUE_SIZE = 64 << 20;
  /** Bytes of the versionstamp in front of every value. */
  static final int STAMP_SIZE = 10;

  private static final byte[] EMPTY = new byte[0];

  private StoredEntry() {}

  /**
   * Packs {@code key} (the tuple's own packing, shared: never modify the array), failing with
   * {@link KeyTooLargeException} if LMDB would refuse it.
   */
  static byte[] packKey(Tuple key) {
    byte[] packed = PackedKeys.of(key);
    if (packed.length > MAX_KEY_SIZE || packed.length == 0) {
      throw refusedKey(key, packed);
    }
    return packed;
  }

  /**
   * Why LMDB would refuse {@code packed}, the packing of {@code key} ({@code null}: decoded from
   * {@code packed} when the exception names it): it is too long or empty. Kept out of the callers
   * so that their common path stays short enough to inline.
   */
  private static RuntimeException refusedKey(Tuple key, byte[] packed) {
    if (packed.length == 0) {
      return new IllegalArgumentException("The empty tuple is not a valid key");
    }
    Tuple named = key != null ? key : Tuple.unpack(packed);
    return new KeyTooLargeException(named, packed.length, MAX_KEY_SIZE);
  }

  /** Fails with {@link ValueTooLargeException} if {@code value} exceeds {@link #MAX_VALUE_SIZE}. */
  static void checkValue(Tuple key, byte[] value) {
    if (value.length > MAX_VALUE_SIZE) {
      throw new ValueTooLargeException(key, value.length, MAX_VALUE_SIZE);
    }
  }

  /**
   * The entry stored under {@code packedKey} (a listing's view).
   *
   * @throws CorruptEntryException if the key is not a packed tuple or the value has no versionstamp
   */
  static KvEntry toEntry(byte[] packedKey, DirectBuffer stored) {
    try {
      Tuple.validate(packedKey); // checked now, decoded only if the caller asks for the key
    } catch (TupleDecodingException e) {
      byte[] bytes = new byte[stored.capacity()];
      stored.getBytes(0, bytes);
      throw new CorruptEntryException(
          packedKey, null, bytes, "the key is not a packed tuple: " + e.getMessage(), e);
    }
    return toEntryOfTuple(packedKey, stored);
  }

  /**
   * The entry stored under {@code packedKey}, known to be a packed tuple; {@code stored == null}
   * means absent.
   *
   * @throws CorruptEntryException if the value has no versionstamp
   */
  static KvEntry toEntryOfTuple(byte[] packedKey, DirectBuffer stored) {
    if (stored == null) {
      return KvEntry.absent(Tuple.unpack(packedKey));
    }
    if (stored.capacity() < STAMP_SIZE) {
      throw tooShort(packedKey, stored);
    }
    return KvEntry.ofPacked(packedKey, userBytes(packedKey, null, stored), stampOf(stored));
  }

  /**
   * The packed key the pointer stored under {@code pointerKey} names (see {@link
   * dev.tessera.kv.KvStore#getPointed}): {@code targetPrefix} followed by the pointer's user bytes,
   * copied straight out of LMDB, with the checks reading the pointer as an entry and decoding it
   * would make, in the same order.
   *
   * @throws CorruptEntryException if the pointer has no versionstamp or an impossible size
   * @throws dev.tessera.kv.CorruptRecordException naming {@code pointerKey} if its user bytes are
   *     not a packed tuple
   * @throws KeyTooLargeException if the named key is longer than a key may be
   * @throws IllegalArgumentException if the named key is empty
   */
  static byte[] pointedKey(Tuple pointerKey, byte[] packedPointerKey, DirectBuffer pointer,
      byte[] targetPrefix) {
    if (pointer.capacity() < STAMP_SIZE) {
      throw tooShort(packedPointerKey, pointer);
    }
    int length = pointer.capacity() - STAMP_SIZE;
    if (length > MAX_VALUE_SIZE) {
      throw tooLarge(packedPointerKey, pointerKey, pointer);
    }
    byte[] target = new byte[targetPrefix.length + length];
    System.arraycopy(targetPrefix, 0, target, 0, targetPrefix.length);
    pointer.getBytes(STAMP_SIZE, target, targetPrefix.length, length);
    Pointer.checkParts(pointerKey, target, targetPrefix.length, length);
    if (target.length > MAX_KEY_SIZE || target.length == 0) {
      throw refusedKey(null, target);
    }
    return target;
  }

  /**
   * Checks an entry a count passes over as {@link #toEntry(byte[], DirectBuffer)} checks a listed
   * one, without copying it out of LMDB; its key's first {@code checkedLength} bytes are known to be
   * whole tuple parts ({@link #wholePartsShared}).
   *
   * @throws CorruptEntryException as {@code toEntry} would
   */
  static void checkCounted(DirectBuffer key, DirectBuffer stored, KeyScratch scratch, int checkedLength) {
    int length = stored.capacity() - STAMP_SIZE;
    if (length < 0 || length > MAX_VALUE_SIZE || !scratch.isTuple(key, checkedLength)) {
      toEntry(KeyBytes.copy(key), stored); // throws the listing's exception
      throw new IllegalStateException("A listing accepted an entry that a count refused");
    }
  }

  /**
   * How many leading bytes every key from {@code begin} (inclusive) to {@code end} (exclusive) has
   * in common that are whole parts of a packed tuple: the bytes the two bounds share, up to the end
   * of the last part in them known to end there. A key in the range starts with those bytes, so it is a packed
   * tuple exactly when the rest of it is (parts follow one another, each checked on its own); a
   * count checks only the rest.
   */
  static int wholePartsShared(byte[] begin, byte[] end) {
    int shared = Arrays.mismatch(begin, end);
    if (shared < 0) {
      shared = begin.length; // equal bounds: an empty range
    }
    int whole = 0;
    while (whole < shared) {
      int next;
      try {
        next = Tuple.partEnd(begin, whole, shared);
      } catch (TupleDecodingException partRunsPastTheSharedBytes) {
        break;
      }
      if (next == shared && !nothingFollowsWithFF(end, shared)) {
        // A string, byte string or nested tuple that seems to end with the shared bytes' last 0x00
        // may go on in a key: there the 0x00 may be followed by 0xFF (an escaped 0x00, or a null
        // in a nested tuple). Only a part followed by a shared byte, or by no key's 0xFF, ends there.
        break;
      }
      whole = next;
    }
    return whole;
  }

  /**
   * True if no key below {@code end} that starts with its first {@code shared} bytes has 0xFF next:
   * {@code end}'s next byte is lower, or it is 0xFF and the last (a prefix range's end), which every
   * such key would be at least.
   */
  private static boolean nothingFollowsWithFF(byte[] end, int shared) {
    return shared < end.length && ((end[shared] & 0xFF) != 0xFF || end.length == shared + 1);
  }

  /** True if the stored value's versionstamp is greater than {@code version}; its length checked. */
  static boolean writtenAfter(DirectBuffer stored, Versionstamp version) {
    long commit = stored.getLong(0, ByteOrder.BIG_ENDIAN);
    int order = stored.getShort(Long.BYTES, ByteOrder.BIG_ENDIAN) & 0xFFFF;
    int byCommit = Long.compareUnsigned(commit, version.commitVersion());
    return byCommit > 0 || (byCommit == 0 && order > version.order());
  }

  /**
   * True if the value stored under {@code packedKey} ({@code null}: absent) carries versionstamp
   * {@code expected} ({@code null}: the key must be absent), as a commit's checks compare them,
   * without decoding the stored one.
   *
   * @throws CorruptEntryException if the value is shorter than a versionstamp
   */
  static boolean hasStamp(byte[] packedKey, DirectBuffer stored, Versionstamp expected) {
    if (stored == null || expected == null) {
      return stored == null && expected == null;
    }
    if (stored.capacity() < STAMP_SIZE) {
      throw tooShort(packedKey, stored);
    }
    return stored.getLong(0, ByteOrder.BIG_ENDIAN) == expected.commitVersion()
        && (stored.getShort(Long.BYTES, ByteOrder.BIG_ENDIAN) & 0xFFFF) == expected.order();
  }

  /** The versionstamp at the front of a stored value; the caller checked its length. */
  private static Versionstamp stampOf(DirectBuffer stored) {
    return Versionstamp.of(stored.getLong(0, ByteOrder.BIG_ENDIAN),
        stored.getShort(Long.BYTES, ByteOrder.BIG_ENDIAN) & 0xFFFF);
  }

  /**
   * The versionstamp at the front of the value stored under {@code packedKey}, as a commit's
   * checks read it.
   *
   * @throws CorruptEntryException if the value is shorter than a versionstamp
   */
  static Versionstamp stampOf(byte[] packedKey, DirectBuffer stored) {
    if (stored.capacity() < STAMP_SIZE) {
      throw tooShort(packedKey, stored);
    }
    return stampOf(stored);
  }

  private static CorruptEntryException tooShort(byte[] packedKey, DirectBuffer stored) {
    Tuple key;
    try {
      key = Tuple.unpack(packedKey);
    } catch (TupleDecodingException e) {
      key = null;
    }
    return new CorruptEntryException(packedKey, key, "its value has " + stored.capacity()
        + " bytes, fewer than the " + STAMP_SIZE + "-byte versionstamp every stored value starts with", null);
  }

  /**
   * The user's bytes of the value stored under {@code key} (a copy: LMDB's memory is only valid
   * in the txn).
   *
   * @throws CorruptEntryException if the stored size is larger than any value this store writes (a
   *     damaged size field: copying it would exhaust the heap or read past the file)
   */
  static byte[] userBytes(byte[] packedKey, Tuple key, DirectBuffer stored) {
    int length = stored.capacity() - STAMP_SIZE;
    if (length < 0 || length > MAX_VALUE_SIZE) {
      throw tooLarge(packedKey, key, stored);
    }
    if (length == 0) {
      return EMPTY; // an index entry: shared, as every value is never modified
    }
    byte[] value = new byte[length];
    stored.getBytes(STAMP_SIZE, value);
    return value;
  }

  /** The exception of a stored size no value this store writes has (see {@link #userBytes}). */
  private static CorruptEntryException tooLarge(byte[] packedKey, Tuple key, DirectBuffer stored) {
    return new CorruptEntryException(packedKey != null ? packedKey : key.pack(),
        key != null ? key : Tuple.unpack(packedKey), "its stored size is "
        + Integer.toUnsignedString(stored.capacity()) + " bytes, more than the " + MAX_VALUE_SIZE
        + "-byte largest value plus the " + STAMP_SIZE + "-byte versionstamp this store writes", null);
  }

  /** Decodes a stored value read for {@code key}; {@code stored == null} means absent. */
  static KvEntry toEntry(Tuple key, DirectBuffer stored) {
    if (stored == null) {
      return KvEntry.absent(key);
    }
    if (stored.capacity() < STAMP_SIZE) {
      throw tooShort(key.pack(), stored);
    }
    return new KvEntry(key, userBytes(null, key, stored), stampOf(stored));
  }

  /** Writes stamp and value into space reserved in LMDB. */
  static void write(MutableDirectBuffer target, Versionstamp stamp, byte[] value) {
    target.putLong(0, stamp.commitVersion(), ByteOrder.BIG_ENDIAN);
    target.putShort(Long.BYTES, (short) stamp.order(), ByteOrder.BIG_ENDIAN);
    target.putBytes(STAMP_SIZE, value);
  }
}
