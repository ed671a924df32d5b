package dev.tessera.internal.kv;

import dev.tessera.kv.CounterValueException;
import dev.tessera.tuple.Tuple;

/**
 * The unsigned 64-bit counter of {@link dev.tessera.kv.AtomicOperation#sum}, {@link dev.tessera.kv.AtomicOperation#min} and
 * {@link dev.tessera.kv.AtomicOperation#max} (Deno KV's KvU64): stored as 8 bytes, big-endian. The one definition
 * of its encoding and of how each operation combines with it, used by every store and by a
 * transaction's view of its own writes. Stateless.
 */
public enum Counter {
  /** Addition modulo 2^64; an absent counter counts as 0. */
  SUM {
    @Override
    public long combine(long current, long operand) {
      return current + operand;
    }
  },
  /** The unsigned minimum; an absent counter takes the operand. */
  MIN {
    @Override
    public long combine(long current, long operand) {
      return Long.compareUnsigned(current, operand) <= 0 ? current : operand;
    }
  },
  /** The unsigned maximum; an absent counter takes the operand. */
  MAX {
    @Override
    public long combine(long current, long operand) {
      return Long.compareUnsigned(current, operand) >= 0 ? current : operand;
    }
  };

  /** The size of a stored counter, in bytes. */
  public static final int SIZE = Long.BYTES;

  /** The counter {@code current} after this operation with {@code operand}. */
  public abstract long combine(long current, long operand);

  /**
   * The stored value after this operation on {@code stored} ({@code null}: the key is absent, so
   * the result is the operand).
   *
   * @param key the counter's key, for the exception
   * @param stored the stored bytes or {@code null}; not modified
   * @param operand the operand
   * @return the new 8 bytes
   * @throws CounterValueException if {@code stored} is not 8 bytes
   */
  public byte[] applyTo(Tuple key, byte[] stored, long operand) {
    return encode(stored == null ? operand : combine(decode(key, stored), operand));
  }

  /**
   * The value of a stored counter.
   *
   * @throws CounterValueException naming {@code key} if {@code stored} is not 8 bytes
   */
  public static long decode(Tuple key, byte[] stored) {
    if (stored.length != SIZE) {
      throw new CounterValueException(key, stored.length);
    }
    long value = 0;
    for (byte b : stored) {
      value = (value << 8) | (b & 0xFF);
    }
    return value;
  }

  /** The 8 stored bytes of {@code value}, big-endian. */
  public static byte[] encode(long value) {
    byte[] bytes = new byte[SIZE];
    for (int i = 0; i < SIZE; i++) {
      bytes[i] = (byte) (value >>> (56 - 8 * i));
    }
    return bytes;
  }
}
