package dev.tessera.it.lifecycle;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.IndexBuildListener;
import dev.tessera.repository.IndexBuildPolicy;
import dev.tessera.repository.IndexBuildProgress;
import dev.tessera.repository.RepositoryOptions;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The child process of {@link IndexBuildCrashTest}: opens {@link AccountV2Repository} with a
 * blocking build of small batches on a durable store and journals {@code <phase> <done>} after
 * every committed batch, until it is killed (or the build ends: {@code end}).
 */
public final class IndexBuildWorkload {
  private IndexBuildWorkload() {}

  /**
   * Runs the build.
   *
   * @param args the store directory, the journal file
   */
  public static void main(String[] args) throws IOException {
    try (KvStore store = LmdbKvStore.open(Path.of(args[0]));
        OutputStream journal = new FileOutputStream(args[1], true)) {
      IndexBuildListener journaling =
          new IndexBuildListener() {
            @Override
            public void onProgress(IndexBuildProgress progress) {
              write(journal, progress.phase() + " " + progress.done());
              try {
                Thread.sleep(2); // keep the build long enough for the parent to kill it midway
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            }
          };
      new AccountV2Repository(
          store,
          RepositoryOptions.defaults()
              .withBuildPolicy(IndexBuildPolicy.BLOCKING)
              .withBatchSize(20)
              .withListener(journaling));
      write(journal, "end");
    }
  }

  private static void write(OutputStream journal, String line) {
    try {
      journal.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      journal.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
