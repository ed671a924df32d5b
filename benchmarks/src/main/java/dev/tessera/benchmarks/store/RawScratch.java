package dev.tessera.benchmarks.store;

import static dev.tessera.benchmarks.store.RawLmdbEnvironment.STAMP;
import static dev.tessera.benchmarks.store.RawTupleCodec.putLong;
import static dev.tessera.benchmarks.store.RawTupleCodec.putString;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.lmdbjava.Txn;

/**
 * One thread's off-heap buffers for the raw lmdbjava contenders (LMDB needs keys and values at a
 * native address): five key slots, so that a transaction can hold several keys at once, one value
 * buffer, the commit counter, and the thread's read transaction. Keys are FoundationDB tuples,
 * written by {@link RawTupleCodec}: a record or index key starts with the subspace id Tessera's
 * catalog assigns, a reserved key with its text; each {@code key} call overwrites its slot.
 *
 * <p>Confined to one thread.
 */
final class RawScratch {
  private static final int MAX_KEY = 511;
  private final UnsafeBuffer[] keys = new UnsafeBuffer[5];
  private final UnsafeBuffer[] keyViews = new UnsafeBuffer[5];
  /** The value being written: a versionstamp, then the entity's bytes. */
  final UnsafeBuffer value = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));
  private final UnsafeBuffer valueView = new UnsafeBuffer(0, 0);
  /**
   * A second value, for a transaction that prepares two values from what it read before its first
   * write (LMDB's values read in a write transaction are invalid after the next write).
   */
  final UnsafeBuffer secondValue = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));
  private final UnsafeBuffer secondValueView = new UnsafeBuffer(0, 0);
  final UnsafeBuffer counter = new UnsafeBuffer(ByteBuffer.allocateDirect(8));
  Txn<DirectBuffer> reader;

  RawScratch() {
    for (int i = 0; i < keys.length; i++) {
      keys[i] = new UnsafeBuffer(ByteBuffer.allocateDirect(MAX_KEY));
      keyViews[i] = new UnsafeBuffer(0, 0);
    }
  }

  DirectBuffer key(int slot, String a) {
    return view(slot, putString(keys[slot], 0, a));
  }

  DirectBuffer key(int slot, long subspace, String b) {
    return view(slot, putString(keys[slot], putLong(keys[slot], 0, subspace), b));
  }

  DirectBuffer key(int slot, long subspace, long b) {
    return view(slot, putLong(keys[slot], putLong(keys[slot], 0, subspace), b));
  }

  DirectBuffer key(int slot, long subspace, String b, String c) {
    UnsafeBuffer k = keys[slot];
    return view(slot, putString(k, putString(k, putLong(k, 0, subspace), b), c));
  }

  DirectBuffer key(int slot, long subspace, String b, long c) {
    UnsafeBuffer k = keys[slot];
    return view(slot, putLong(k, putString(k, putLong(k, 0, subspace), b), c));
  }

  DirectBuffer key(int slot, String a, String b, String c, long d) {
    UnsafeBuffer k = keys[slot];
    return view(slot, putLong(k, putString(k, putString(k, putString(k, 0, a), b), c), d));
  }

  DirectBuffer key(int slot, long subspace, long b, String c) {
    UnsafeBuffer k = keys[slot];
    return view(slot, putString(k, putLong(k, putLong(k, 0, subspace), b), c));
  }

  /**
   * The key {@code (a, element, b)} whose middle element is copied as it is stored, from bytes
   * {@code [from, to)} of {@code source}: no decoding.
   */
  DirectBuffer key(int slot, long subspace, DirectBuffer source, int from, int to, long b) {
    UnsafeBuffer k = keys[slot];
    int pos = putLong(k, 0, subspace);
    k.putBytes(pos, source, from, to - from);
    return view(slot, putLong(k, pos + to - from, b));
  }

  /** Makes the key in {@code slot} an exclusive end: its last byte (a tuple terminator) becomes 0x01. */
  DirectBuffer pastPrefix(int slot, DirectBuffer key) {
    keys[slot].putByte(key.capacity() - 1, (byte) 0x01);
    return key;
  }

  private DirectBuffer view(int slot, int length) {
    keyViews[slot].wrap(keys[slot], 0, length);
    return keyViews[slot];
  }

  /** Writes the versionstamp at the front of the value; the entity's bytes follow at {@code STAMP}. */
  DirectBuffer stamp(long version, int order) {
    putStamp(value, version, order);
    return value(STAMP);
  }

  /** Writes a versionstamp at the front of {@code into}. */
  static void putStamp(MutableDirectBuffer into, long version, int order) {
    into.putLong(0, version, ByteOrder.BIG_ENDIAN);
    into.putShort(8, (short) order, ByteOrder.BIG_ENDIAN);
  }

  /** A pointer value: the versionstamp, then the packed {@code (id)}. */
  DirectBuffer pointer(long version, int order, String id) {
    stamp(version, order);
    return value(putString(value, STAMP, id));
  }

  /** A counter value: the versionstamp, then {@code total} as 8 bytes big-endian. */
  DirectBuffer sum(long version, long total) {
    stamp(version, 0);
    value.putLong(STAMP, total, ByteOrder.BIG_ENDIAN);
    return value(STAMP + Long.BYTES);
  }

  /** The first {@code length} bytes of the value buffer. */
  DirectBuffer value(int length) {
    valueView.wrap(value, 0, length);
    return valueView;
  }

  /** The first {@code length} bytes of the second value buffer. */
  DirectBuffer secondValue(int length) {
    secondValueView.wrap(secondValue, 0, length);
    return secondValueView;
  }
}
