package dev.tessera.kv.lmdb;

import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Test support run in a child JVM: opens the store at {@code dir}, starts an iterator over a prefix
 * and reads its first entry (so its read transaction pins a snapshot), prints {@code reading} and
 * then waits, iterator open, for stdin to close: a reader to be killed with {@code kill -9}.
 */
public final class ChildReaderMain {
  private ChildReaderMain() {}

  /** Arguments: directory, prefix. */
  public static void main(String[] args) throws IOException {
    LmdbOptions options = LmdbOptions.builder().durability(Durability.NO_SYNC).build();
    try (LmdbKvStore store = LmdbKvStore.open(Path.of(args[0]), options);
        KvIterator it = store.list(
            ListSelector.of(TupleRange.prefix(Tuple.of(args[1]))).batchSize(1))) {
      it.next();
      System.out.println("reading");
      System.out.flush();
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
    }
  }
}
