package dev.tessera.it.query;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A real LMDB store in a fresh temporary directory, removed on close: for jqwik properties, which
 * run outside JUnit's {@code @TempDir}. NO_SYNC, since no test here survives a crash.
 */
final class TempStore implements AutoCloseable {
  private final Path directory;
  private final KvStore store;

  TempStore() {
    try {
      directory = Files.createTempDirectory("tessera-query");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    store = LmdbKvStore.open(directory, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
  }

  KvStore store() {
    return store;
  }

  @Override
  public void close() {
    store.close();
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
