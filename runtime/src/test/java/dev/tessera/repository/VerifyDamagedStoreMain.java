package dev.tessera.repository;

import static dev.tessera.repository.IndexedUserMapping.COLOR;
import static dev.tessera.repository.IndexedUserMapping.EMAIL;

import dev.tessera.kv.lmdb.LmdbKvStore;
import java.nio.file.Path;
import java.util.List;

/**
 * A child JVM for {@link VerifierTerminationTest}: opens a (damaged) store, verifies the user
 * indexes and prints {@code verified} and the result. Damage may crash LMDB natively, which is why it
 * runs in its own process.
 */
public final class VerifyDamagedStoreMain {
  private VerifyDamagedStoreMain() {}

  /** Arguments: the store directory. */
  public static void main(String[] args) {
    try (LmdbKvStore store = LmdbKvStore.open(Path.of(args[0]))) {
      IndexedUserRepository users = new IndexedUserRepository(store, List.of(EMAIL, COLOR),
          RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.ON_DEMAND));
      System.out.println("verified " + users.indexAdmin().verifyIndexes());
    }
  }
}
