package dev.tessera.examples;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A small social graph (who is friends with whom, who likes what, who lives where) as a hexastore of {@link Triple}s: every question is a prefix scan of one
 * composite index through the typed query API; no graph feature is needed.
 *
 * <p>Run it with {@code mvn -q -DskipTests -Pexample -Dexample.main=dev.tessera.examples.HexastoreExample
 * verify -pl examples -am}; pass a directory to keep the store.
 */
public final class HexastoreExample {
  static final String FRIEND = "is-friend-of";

  private HexastoreExample() {}

  /**
   * Runs the example.
   *
   * @param args optional: the store directory (default: a temporary directory, removed at the end)
   */
  public static void main(String[] args) throws IOException {
    boolean temporary = args.length == 0;
    Path directory = temporary ? Files.createTempDirectory("tessera-hexastore") : Path.of(args[0]);
    try (KvStore store = LmdbKvStore.open(directory)) {
      run(new TripleRepository(store), System.out);
    } finally {
      if (temporary) {
        UsersExample.deleteRecursively(directory);
      }
    }
  }

  /** Stores the graph and prints the answers to its questions. */
  static void run(TripleRepository triples, PrintStream out) {
    triples.insertAll(List.of(
        Triple.of("antirez", FRIEND, "matteocollina"),
        Triple.of("antirez", FRIEND, "wonderwoman"),
        Triple.of("antirez", FRIEND, "spiderman"),
        Triple.of("antirez", "was-at-conference-with", "matteocollina"),
        Triple.of("antirez", "talked-with", "matteocollina"),
        Triple.of("matteocollina", FRIEND, "wonderwoman"),
        Triple.of("matteocollina", FRIEND, "antirez"),
        Triple.of("wonderwoman", "likes", "beer"),
        Triple.of("wonderwoman", "lives-in", "Barcelona"),
        Triple.of("spiderman", "likes", "beer"),
        Triple.of("spiderman", "lives-in", "New York")));

    out.println("All friends of antirez (spo):         " + friendsOf(triples, "antirez"));
    out.println("Who considers antirez a friend (ops): " + friendedBy(triples, "antirez"));
    out.println("antirez -> matteocollina (sop):       " + relationsBetween(triples, "antirez", "matteocollina"));
    out.println("Who likes beer (pos):                 " + subjectsWith(triples, "likes", "beer"));
    out.println("Friends of antirez who like beer, live in Barcelona and are friends of matteocollina: "
        + beerLovingBarcelonaFriends(triples, "antirez", "matteocollina"));
  }

  /** Everyone {@code person} is friends with: {@code spo} with subject and predicate given. */
  static List<String> friendsOf(TripleRepository triples, String person) {
    return triples.bySpo().equalTo(person).equalTo(FRIEND).list().stream().map(Triple::object).toList();
  }

  /** Everyone who considers {@code person} a friend: {@code ops} with object and predicate given. */
  static List<String> friendedBy(TripleRepository triples, String person) {
    return triples.byOps().equalTo(person).equalTo(FRIEND).list().stream().map(Triple::subject).toList();
  }

  /** How {@code subject} relates to {@code object}: {@code sop} with both given. */
  static List<String> relationsBetween(TripleRepository triples, String subject, String object) {
    return triples.bySop().equalTo(subject).equalTo(object).list().stream().map(Triple::predicate).toList();
  }

  /** Every subject with {@code predicate} to {@code object}: {@code pos} with both given. */
  static List<String> subjectsWith(TripleRepository triples, String predicate, String object) {
    return triples.byPos().equalTo(predicate).equalTo(object).list().stream().map(Triple::subject).toList();
  }

  /**
   * The combined question: friends of {@code person} (spo) who like beer and live in
   * Barcelona (one exact spo lookup each), kept if {@code other} considers them a friend (an ops
   * lookup with every component given).
   */
  static List<String> beerLovingBarcelonaFriends(TripleRepository triples, String person, String other) {
    return friendsOf(triples, person).stream()
        .filter(friend -> holds(triples, friend, "likes", "beer"))
        .filter(friend -> holds(triples, friend, "lives-in", "Barcelona"))
        .filter(friend -> triples.byOps().equalTo(friend).equalTo(FRIEND).equalTo(other).first().isPresent())
        .toList();
  }

  /** Whether the triple is stored: an exact lookup on the unique {@code spo} index. */
  static boolean holds(TripleRepository triples, String subject, String predicate, String object) {
    return triples.existsBySpo(subject, predicate, object);
  }
}
