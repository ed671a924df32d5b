package dev.tessera.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the README's main example and checks what it reports. */
class UsersExampleTest {
  @TempDir Path directory;

  @Test
  void walkThroughReportsEachStep() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (KvStore store = LmdbKvStore.open(directory);
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      UsersExample.run(new UserRepository(store), store, out);
    }
    String output = bytes.toString(StandardCharsets.UTF_8);

    assertThat(output)
        .contains("rejected: ")
        .contains("u3 stored? false")
        .contains("countByFavoriteColor(\"blue\") = 2")
        .contains("findByEmail(\"alice@new.example\") = User[id=u1, ")
        .contains("findByEmail(\"alice@example.com\") = User[id=u3, name=Carol, ")
        .contains("delete(\"u2\") = true")
        .contains("(\"\\u0000tessera\", \"subspace\", \"user_by_email\") @")
        .containsPattern("\\(\\d+, \"alice@example.com\"\\) \\[user_by_email\\] @")
        .containsPattern("\\(\\d+, \"u1\"\\) \\[user\\] @")
        .doesNotContainPattern("\\(\\d+, \"u2\"\\)");
  }
}
