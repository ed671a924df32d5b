package dev.tessera.repository;

import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Test support run in a child JVM: opens a repository of {@link User} with the unique index
 * {@code email} (built on demand only), prints its state of the index and {@code ready}, then for
 * each line {@code insert id email} on stdin inserts that user and prints {@code inserted} or the
 * exception's simple class name; stops at end of input.
 */
public final class ChildIndexWriterMain {
  private ChildIndexWriterMain() {}

  /** Arguments: the store directory. */
  public static void main(String[] args) throws Exception {
    try (LmdbKvStore store = LmdbKvStore.open(Path.of(args[0]),
        LmdbOptions.builder().durability(Durability.NO_SYNC).build())) {
      IndexedUserRepository users = new IndexedUserRepository(
          store, List.of(IndexedUserMapping.EMAIL),
          RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.ON_DEMAND));
      System.out.println(users.indexAdmin().indexStates().get(0).state());
      System.out.println("ready");
      System.out.flush();
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        String[] parts = line.split(" ");
        try {
          users.insert(new User(parts[1], "child", parts[2], null));
          System.out.println("inserted");
        } catch (RuntimeException e) {
          System.out.println(e.getClass().getSimpleName());
        }
        System.out.flush();
      }
    }
  }
}
