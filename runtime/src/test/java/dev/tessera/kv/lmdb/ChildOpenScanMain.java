package dev.tessera.kv.lmdb;

import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;

/**
 * Test support run in a child JVM, for stores whose files may be damaged (reading one may crash the
 * JVM): opens the store at {@code dir}, scans a prefix and prints {@code SCANNED <count>}, or
 * {@code FAILED <exception class>: <message>}.
 */
public final class ChildOpenScanMain {
  private ChildOpenScanMain() {}

  /** Arguments: directory, prefix. */
  public static void main(String[] args) {
    long count = 0;
    try (LmdbKvStore store = LmdbKvStore.open(Path.of(args[0]));
        KvIterator it = store.list(ListSelector.of(TupleRange.prefix(Tuple.of(args[1]))))) {
      while (it.hasNext()) {
        it.next();
        count++;
      }
      System.out.println("SCANNED " + count);
    } catch (RuntimeException e) {
      System.out.println("FAILED " + e.getClass().getName() + ": " + e.getMessage());
    }
  }
}
