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

/** Runs the library example and checks what it reports. */
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
        .contains("insert refused: book with primary key 978-0441013593 already exists")
        .contains("newest Herbert first: [Children of Dune, Dune Messiah, Dune]")
        .contains("Herbert 1965-1970: [Dune, Dune Messiah]")
        .contains("Herbert books: 3")
        .contains("lent 978-0441172696 to m1, loan id generated: true")
        .contains("copies left: 0")
        .contains("second loan refused: no copy of 978-0441172696 left; loans stored: 1");
  }
}
