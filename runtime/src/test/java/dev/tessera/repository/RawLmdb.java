package dev.tessera.repository;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.lmdbjava.DirectBufferProxy;
import org.lmdbjava.Dbi;
import org.lmdbjava.Env;
import org.lmdbjava.Txn;

/**
 * Writes bytes into a closed store's LMDB database directly, past the store's own layout, to make
 * damage the store itself can never write (a value shorter than its versionstamp).
 */
public final class RawLmdb {
  /** The name of the store's database of user entries. */
  private static final String DATA_DBI = "tessera.data";

  private RawLmdb() {}

  /** Stores exactly {@code value} under the packed {@code key} in the closed store in {@code dir}. */
  public static void put(Path dir, byte[] key, byte[] value) {
    try (Env<DirectBuffer> env = Env.create(DirectBufferProxy.PROXY_DB)
        .setMapSize(64L << 20).setMaxDbs(4).open(dir.toFile())) {
      Dbi<DirectBuffer> dbi = env.openDbi(DATA_DBI);
      try (Txn<DirectBuffer> txn = env.txnWrite()) {
        dbi.put(txn, buffer(key), buffer(value));
        txn.commit();
      }
    }
  }

  /** Deletes the packed {@code key} from the closed store in {@code dir}. */
  public static void delete(Path dir, byte[] key) {
    try (Env<DirectBuffer> env = Env.create(DirectBufferProxy.PROXY_DB)
        .setMapSize(64L << 20).setMaxDbs(4).open(dir.toFile())) {
      Dbi<DirectBuffer> dbi = env.openDbi(DATA_DBI);
      try (Txn<DirectBuffer> txn = env.txnWrite()) {
        dbi.delete(txn, buffer(key));
        txn.commit();
      }
    }
  }

  private static DirectBuffer buffer(byte[] bytes) {
    ByteBuffer direct = ByteBuffer.allocateDirect(Math.max(1, bytes.length));
    direct.put(bytes).flip();
    return new UnsafeBuffer(direct, 0, bytes.length);
  }
}
