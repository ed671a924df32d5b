package dev.tessera.examples;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.UniqueConstraintViolationException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Walks through a small user directory on an embedded LMDB store: a unique, case-insensitive
 * e-mail index and a non-unique colour index, kept consistent with the records by atomic commits,
 * and the keys they leave in the store.
 *
 * <p>Run it with {@code mvn -q -DskipTests -Pexample verify}; pass a directory to keep the store.
 */
public final class UsersExample {
  private UsersExample() {}

  /**
   * Runs the walk-through.
   *
   * @param args optional: the store directory (default: a temporary directory, removed at the end)
   */
  public static void main(String[] args) throws IOException {
    boolean temporary = args.length == 0;
    Path directory = temporary ? Files.createTempDirectory("tessera-example") : Path.of(args[0]);
    try (KvStore store = LmdbKvStore.open(directory)) {
      run(new UserRepository(store), store, System.out);
    } finally {
      if (temporary) {
        deleteRecursively(directory);
      }
    }
  }

  static void run(UserRepository users, KvStore store, PrintStream out) {
    out.println("== Alice and Bob sign up: each insert checks that the id and the e-mail are free, then");
    out.println("   writes the record and its index entries in one commit");
    users.insert(new User("u1", "Alice", "Alice@Example.com", "blue"));
    users.insert(new User("u2", "Bob", "bob@example.com", "blue"));
    out.println("count() = " + users.count());

    out.println();
    out.println("== Carol signs up with Alice's e-mail in other letter case: e-mails are compared lower-cased,");
    out.println("   so the insert is refused and writes nothing");
    User carol = new User("u3", "Carol", "ALICE@example.COM", "green");
    try {
      users.insert(carol);
    } catch (UniqueConstraintViolationException e) {
      out.println("rejected: " + e.getMessage());
      out.println("u3 stored? " + users.existsById("u3"));
    }

    out.println();
    out.println("== Reads through the indexes");
    out.println("findByEmail(\"alice@EXAMPLE.com\") = " + users.findByEmail("alice@EXAMPLE.com").orElseThrow());
    out.println("findByFavoriteColor(\"blue\") = " + users.findByFavoriteColor("blue"));
    out.println("countByFavoriteColor(\"blue\") = " + users.countByFavoriteColor("blue"));

    out.println();
    out.println("== Alice moves to a new address: one commit rewrites her record and moves her e-mail entry");
    users.update(new User("u1", "Alice", "alice@new.example", "blue"));
    out.println("findByEmail(\"alice@new.example\") = " + users.findByEmail("alice@new.example").orElseThrow());

    out.println();
    out.println("== Carol tries again: Alice's old address is free now");
    users.insert(carol);
    out.println("findByEmail(\"alice@example.com\") = " + users.findByEmail("alice@example.com").orElseThrow());

    out.println();
    out.println("== Bob is deleted: his record and both of his index entries go in one commit");
    out.println("delete(\"u2\") = " + users.delete("u2"));
    out.println("count() = " + users.count());

    out.println();
    out.println("== The whole key space: the store's catalog (index states, schemas, the subspace ids it gave");
    out.println("   the entity and each index), the records, then the index entries, which hold primary keys,");
    out.println("   never copies of records; each record and entry key starts with its subspace id");
    Map<Long, String> subspaces = StoreCatalog.of(store).subspaceNames();
    try (KvIterator entries = store.list(ListSelector.of(TupleRange.ofPacked(new byte[] {0x00}, new byte[] {(byte) 0xFF})))) {
      while (entries.hasNext()) {
        KvEntry entry = entries.next();
        out.println(entry.key() + subspaceName(entry.key(), subspaces) + " @" + entry.versionstamp()
            + " -> " + describeValue(entry));
      }
    }
  }

  /** {@code " [user_by_email]"} for a key in the subspace the catalog gave that name, else nothing. */
  private static String subspaceName(Tuple key, Map<Long, String> subspaces) {
    return key.size() > 0 && key.get(0) instanceof Long id && subspaces.containsKey(id)
        ? " [" + subspaces.get(id) + "]"
        : "";
  }

  private static String describeValue(KvEntry entry) {
    byte[] value = entry.value();
    if (value.length == 0) {
      return "(empty: the primary key is the last part of the key)";
    }
    try {
      return Tuple.unpack(value).toString();
    } catch (RuntimeException notATuple) {
      return value.length + " bytes";
    }
  }

  /** Deletes {@code directory} and everything in it. */
  static void deleteRecursively(Path directory) throws IOException {
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
