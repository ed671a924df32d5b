package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lmdbjava.CopyFlags;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.DirectBufferProxy;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.Txn;

/**
 * Whether LMDB's own transaction id could number commits instead of the store's commit counter
 * (which versionstamps every value and must only grow, in the store and in every copy of it): it
 * grows across commits and reopenings and in a plain copy, but a compacting copy (what {@code
 * tessera backup --compact} makes) starts again from 1, below the versionstamps the copy already
 * holds. So the counter stays a stored key.
 */
class LmdbTransactionIdTest {
  private static final int COMMITS = 20;

  @TempDir Path dir;

  @Test
  void aCompactingCopyRestartsTheTransactionIdWhileAPlainCopyKeepsIt() throws Exception {
    Path source = Files.createDirectory(dir.resolve("source"));
    long last;
    try (Env<DirectBuffer> env = open(source)) {
      last = commit(env, COMMITS);
      assertThat(last).as("write transaction ids grow by one per commit").isGreaterThanOrEqualTo(COMMITS);
      Path plain = Files.createDirectory(dir.resolve("plain"));
      Path compact = Files.createDirectory(dir.resolve("compact"));
      env.copy(plain.toFile());
      env.copy(compact.toFile(), CopyFlags.MDB_CP_COMPACT);

      try (Env<DirectBuffer> copy = open(plain)) {
        assertThat(commit(copy, 1)).as("a plain copy continues the ids").isGreaterThan(last);
      }
      try (Env<DirectBuffer> copy = open(compact)) {
        assertThat(commit(copy, 1)).as("a compacting copy starts the ids again").isLessThan(last);
      }
    }
    try (Env<DirectBuffer> reopened = open(source)) {
      assertThat(commit(reopened, 1)).as("reopening continues the ids").isGreaterThan(last);
    }
  }

  private static Env<DirectBuffer> open(Path directory) {
    File file = directory.toFile();
    return Env.create(DirectBufferProxy.PROXY_DB).setMapSize(16 << 20).setMaxDbs(2)
        .open(file, EnvFlags.MDB_NOSYNC);
  }

  /** Commits {@code count} write transactions, each one put; returns the last one's id. */
  private static long commit(Env<DirectBuffer> env, int count) {
    Dbi<DirectBuffer> dbi = env.openDbi("data", DbiFlags.MDB_CREATE);
    UnsafeBuffer key = new UnsafeBuffer(ByteBuffer.allocateDirect(8));
    UnsafeBuffer value = new UnsafeBuffer(ByteBuffer.allocateDirect(8));
    long id = -1;
    for (int i = 0; i < count; i++) {
      try (Txn<DirectBuffer> txn = env.txnWrite()) {
        id = txn.getId();
        key.putLong(0, i);
        value.putLong(0, id);
        dbi.put(txn, key, value);
        txn.commit();
      }
    }
    return id;
  }
}
