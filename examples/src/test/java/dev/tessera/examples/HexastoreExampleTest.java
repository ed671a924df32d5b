package dev.tessera.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.UniqueConstraintViolationException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Questions about a small graph of triples (who likes what, who is whose friend) answered by
 * composite index queries on a real store.
 */
class HexastoreExampleTest {
  @TempDir Path directory;
  private KvStore store;
  private TripleRepository triples;
  private String output;

  @BeforeEach
  void runExample() {
    store = LmdbKvStore.open(directory);
    triples = new TripleRepository(store);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      HexastoreExample.run(triples, out);
    }
    output = bytes.toString(StandardCharsets.UTF_8);
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void allFriendsOfAntirezInObjectOrder() {
    assertThat(HexastoreExample.friendsOf(triples, "antirez"))
        .containsExactly("matteocollina", "spiderman", "wonderwoman");
    assertThat(output).contains("All friends of antirez (spo):         [matteocollina, spiderman, wonderwoman]");
  }

  @Test
  void whoConsidersSomeoneAFriend() {
    assertThat(HexastoreExample.friendedBy(triples, "wonderwoman")).containsExactly("antirez", "matteocollina");
    assertThat(HexastoreExample.friendedBy(triples, "antirez")).containsExactly("matteocollina");
    assertThat(HexastoreExample.friendedBy(triples, "nobody")).isEmpty();
  }

  @Test
  void relationsBetweenTwoPeopleInOneDirection() {
    assertThat(HexastoreExample.relationsBetween(triples, "antirez", "matteocollina"))
        .containsExactly("is-friend-of", "talked-with", "was-at-conference-with");
    assertThat(HexastoreExample.relationsBetween(triples, "matteocollina", "antirez"))
        .containsExactly("is-friend-of");
  }

  @Test
  void friendsOfBothWhoLikeBeerAndLiveInBarcelona() {
    assertThat(HexastoreExample.subjectsWith(triples, "likes", "beer")).containsExactly("spiderman", "wonderwoman");
    assertThat(HexastoreExample.beerLovingBarcelonaFriends(triples, "antirez", "matteocollina"))
        .containsExactly("wonderwoman");
  }

  @Test
  void prefixOfAComponentAndCountsWork() {
    assertThat(triples.bySpo().equalTo("antirez").startsWith("t").list())
        .extracting(Triple::predicate).containsExactly("talked-with");
    assertThat(triples.bySpo().equalTo("antirez").count()).isEqualTo(5);
    assertThat(triples.byOps().equalTo("matteocollina").equalTo(HexastoreExample.FRIEND).count()).isEqualTo(1);
  }

  @Test
  void aTripleIsStoredOnce() {
    assertThatThrownBy(() -> triples.insert(Triple.of("antirez", HexastoreExample.FRIEND, "spiderman")))
        .isInstanceOf(UniqueConstraintViolationException.class);
  }
}
