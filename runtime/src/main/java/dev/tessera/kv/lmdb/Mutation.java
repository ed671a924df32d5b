package dev.tessera.kv.lmdb;

import dev.tessera.internal.kv.Counter;
import dev.tessera.kv.CounterValueException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import java.nio.ByteOrder;
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

  /** Applies the write with the commit's versionstamp. */
  void apply(Txn<DirectBuffer> txn, DataTable data, Versionstamp stamp);

  /** A rough size of what it writes, for sizing a map growth. */
  long size();

  /** Sets a key to a value. */
  record Set(byte[] packedKey, byte[] value) implements Mutation {
    @Override
    public void apply(Txn<DirectBuffer> txn, DataTable data, Versionstamp stamp) {
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
    public void apply(Txn<DirectBuffer> txn, DataTable data, Versionstamp stamp) {
      data.delete(txn, packedKey);
    }

    @Override
    public long size() {
      return packedKey.length;
    }
  }

  /** Combines an unsigned 64-bit {@link Counter} with an operand. */
  record CounterUpdate(Tuple key, byte[] packedKey, Counter kind, long operand) implements Mutation {
    @Override
    public void apply(Txn<DirectBuffer> txn, DataTable data, Versionstamp stamp) {
      DirectBuffer stored = data.raw(txn, packedKey);
      long result = operand;
      if (stored != null) {
        int length = stored.capacity() - StoredEntry.STAMP_SIZE;
        if (length != Counter.SIZE) {
          throw new CounterValueException(key, length);
        }
        result = kind.combine(stored.getLong(StoredEntry.STAMP_SIZE, ByteOrder.BIG_ENDIAN), operand);
      }
      data.put(txn, packedKey, stamp, Counter.encode(result));
    }

    @Override
    public long size() {
      return packedKey.length + StoredEntry.STAMP_SIZE + Counter.SIZE;
    }
  }
}
