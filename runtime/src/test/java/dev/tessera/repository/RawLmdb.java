package dev.tessera.repository;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.lmdbjava.CursorIterable;
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

  /**
   * Every entry of the closed store in {@code dir}, key and value in hex, in key order: what a
   * test compares to show that reads left the bytes as they were, damage included.
   */
  public static List<String> dump(Path dir) {
    List<String> entries = new ArrayList<>();
    try (Env<DirectBuffer> env = Env.create(DirectBufferProxy.PROXY_DB)
        .setMapSize(64L << 20).setMaxDbs(4).open(dir.toFile())) {
      Dbi<DirectBuffer> dbi = env.openDbi(DATA_DBI);
      try (Txn<DirectBuffer> txn = env.txnRead();
          CursorIterable<DirectBuffer> all = dbi.iterate(txn)) {
        for (CursorIterable.KeyVal<DirectBuffer> entry : all) {
          entries.add(hex(entry.key()) + " -> " + hex(entry.val()));
        }
      }
    }
    return entries;
  }

  private static String hex(DirectBuffer buffer) {
    byte[] bytes = new byte[buffer.capacity()];
    buffer.getBytes(0, bytes);
    return HexFormat.of().formatHex(bytes);
  }

  private static DirectBuffer buffer(byte[] bytes) {
    ByteBuffer direct = ByteBuffer.allocateDirect(Math.max(1, bytes.length));
    direct.put(bytes).flip();
    return new UnsafeBuffer(direct, 0, bytes.length);
  }
}
