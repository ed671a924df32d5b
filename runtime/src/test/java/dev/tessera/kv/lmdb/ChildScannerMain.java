package dev.tessera.kv.lmdb;

import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;

/**
 * Test support run in a child JVM with a small heap: scans a prefix lazily and prints the number
 * of entries, proving the scan does not materialise them.
 */
public final class ChildScannerMain {
  private ChildScannerMain() {}

  /** Arguments: directory, prefix. */
  public static void main(String[] args) {
    long count = 0;
    try (LmdbKvStore store = LmdbKvStore.open(Path.of(args[0]));
        KvIterator it = store.list(
            ListSelector.of(TupleRange.prefix(Tuple.of(args[1]))).batchSize(512))) {
      while (it.hasNext()) {
        it.next();
        count++;
      }
    }
    System.out.println(count);
  }
}
