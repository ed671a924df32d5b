package dev.tessera.it;

import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;

/**
 * The child process of {@link ReadOnlyDirectoryTest}: opens the store in {@code args[0]}, reads
 * and commits, and prints one line: {@code OPENED <read value length> <commit ok>} or {@code FAILED
 * <exception class>: <message>}. A child, so that a root test JVM can run it without the capability
 * that lets root ignore file permissions.
 */
public final class OpenStoreMain {
  private OpenStoreMain() {}

  /**
   * Opens, reads and commits.
   *
   * @param args the store directory
   */
  public static void main(String[] args) {
    try (LmdbKvStore store = LmdbKvStore.open(Path.of(args[0]))) {
      int read = store.get(Tuple.of("k")).value().length;
      boolean ok = store.atomic().set(Tuple.of("k2"), new byte[] {2}).commit().ok();
      System.out.println("OPENED " + read + " " + ok);
    } catch (RuntimeException e) {
      System.out.println("FAILED " + e.getClass().getName() + ": " + e.getMessage());
    }
  }
}
