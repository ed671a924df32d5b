package dev.tessera.kv.lmdb;

import java.nio.file.Path;

/**
 * Test support run in a child JVM: creates new stores {@code <dir>/<prefix>-0}, {@code -1}, ... one
 * after the other, printing {@code creating <n>} before each, until it is killed.
 */
public final class ChildCreatorMain {
  private ChildCreatorMain() {}

  /** Arguments: parent directory, prefix. */
  public static void main(String[] args) {
    Path parent = Path.of(args[0]);
    for (int n = 0; ; n++) {
      System.out.println("creating " + n);
      System.out.flush();
      LmdbKvStore.open(parent.resolve(args[1] + "-" + n)).close();
    }
  }
}
