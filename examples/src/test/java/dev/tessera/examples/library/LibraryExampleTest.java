package dev.tessera.examples.library;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the library example (Jakarta Data beside classic repositories) and checks its report. */
class LibraryExampleTest {
  @TempDir Path directory;

  @Test
  void walkThroughReportsEachStep() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (KvStore store = LmdbKvStore.open(directory);
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      LibraryExample.run(store, out);
    }
    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .contains("countByAuthor(Herbert) = 3")
        .contains("newest first = [Children of Dune, Dune Messiah, Dune]")
        .contains("1966..1980 = [Dune Messiah, Children of Dune]")
        .contains("titles starting with Dune = [Dune, Dune Messiah]")
        .contains("page 1 = [Dune, Dune Messiah]")
        .contains("page 2 = [Children of Dune]")
        .contains("sort by title: UnsupportedOperationException: Sort by title asc is not served")
        .contains("after lending: Dune (lent), loans of m1 = 1")
        .contains("second loan of 111: UniqueConstraintViolationException");
  }
}
