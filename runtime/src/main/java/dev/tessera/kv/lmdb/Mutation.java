package dev.tessera.kv.lmdb;

import dev.tessera.kv.CounterValueException;
import dev.tessera.tuple.Tuple;
import java.util.Arrays;
import java.util.Comparator;
import org.agrona.DirectBuffer;
import org.lmdbjava.Txn;

/** One write of an atomic operation, applied inside its commit's write transaction. Immutable. */
sealed interface Mutation {

  /** Orders mutations by key, as LMDB orders keys (unsigned bytes). */
  Comparator<Mutation> IN_KEY_ORDER =
      Comparator.comparing(Mutation::packedKey, Arrays::compareUnsigned);

  /** The key it writes, packed. */
  byte[] packedKey();

  /** Applies the write with the commit's versionstamp bytes. */
  void apply(Txn<DirectBuffer> txn, DataTable data, byte[] stamp);

  /** A rough size of what it writes, for sizing a map growth. */
  long size();

  /** Sets a key to a value. */
  record Set(byte[] packedKey, byte[] value) implements Mutation {
    @Override
    public void apply(Txn<DirectBuffer> txn, DataTable data, byte[] stamp) {
      data.put(txn, packedKey, stamp, value);
    }

    @Override
    public long size() {
      return packedKey.length + StoredEntry.STAMP_SIZE + (long) value.length;
    }
  }

  /** Deletes a key. */
  record Delete(byte[] packedKey) implements Mutation {
    @Override
    public void apply(Txn<DirectBuffer> txn, DataTable data, byte[] stamp) {
      data.delete(txn, packedKey);
    }

    @Override
    public long size() {
      return packedKey.length;
    }
  }

  /** Combines an unsigned 64-bit counter (8 bytes, big-endian) with an operand. */
  record Counter(Tuple key, byte[] packedKey, CounterKind kind, long operand) implements Mutation {
    private static final int COUNTER_SIZE = 8;

    @Override
    public void apply(Txn<DirectBuffer> txn, DataTable data, byte[] stamp) {
      DirectBuffer stored = data.raw(txn, packedKey);
      long result = operand;
      if (stored != null) {
        int length = stored.capacity() - StoredEntry.STAMP_SIZE;
        if (length != COUNTER_SIZE) {
          throw new CounterValueException(key, length);
        }
        long current = stored.getLong(StoredEntry.STAMP_SIZE, java.nio.ByteOrder.BIG_ENDIAN);
        result = kind.combine(current, operand);
      }
      byte[] value = new byte[COUNTER_SIZE];
      for (int i = 0; i < COUNTER_SIZE; i++) {
        value[i] = (byte) (result >>> (56 - 8 * i));
      }
      data.put(txn, packedKey, stamp, value);
    }

    @Override
    public long size() {
      return packedKey.length + StoredEntry.STAMP_SIZE + COUNTER_SIZE;
    }
  }

  /** How a counter combines with its operand (Deno KV's KvU64 semantics). */
  enum CounterKind {
    /** Addition modulo 2^64. */
    SUM {
      @Override
      long combine(long current, long operand) {
        return current + operand;
      }
    },
    /** The unsigned minimum. */
    MIN {
      @Override
      long combine(long current, long operand) {
        return Long.compareUnsigned(current, operand) <= 0 ? current : operand;
      }
    },
    /** The unsigned maximum. */
    MAX {
      @Override
      long combine(long current, long operand) {
        return Long.compareUnsigned(current, operand) >= 0 ? current : operand;
      }
    };

    abstract long combine(long current, long operand);
  }
}
