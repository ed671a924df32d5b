package dev.tessera.benchmarks.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Loaded data sets kept for the rest of one suite run, so each is loaded once rather than once per
 * trial: loading 1,000,000 users takes about half a minute per contender, and the suite has more
 * than a hundred trials. The first trial that needs a data set loads it into a template directory
 * (named by the contender and the number of records) and every trial then works on a copy of the
 * template, flushed to disk before the trial opens it, so no trial inherits another's writes or a
 * backlog of dirty pages.
 *
 * <p>Templates are kept only when the system property {@code tessera.bench.templates} names a
 * directory ({@code benchmarks/run.sh} creates one per run and deletes it at the end); without it,
 * every trial loads its own store, as JMH runs started by hand expect. Trials run one after another
 * (JMH forks one JVM per trial), so templates need no locking across processes.
 */
final class LoadedStores {
  private LoadedStores() {}

  /** Loads a data set into an empty directory (and closes what it opened there). */
  @FunctionalInterface
  interface Loader {
    void loadInto(Path directory) throws IOException;
  }

  /** The parent of trials' store directories ({@code tessera.bench.dir}, else the temp dir). */
  static Path storesDirectory() throws IOException {
    Path parent = Paths.get(System.getProperty("tessera.bench.dir",
        System.getProperty("java.io.tmpdir")));
    Files.createDirectories(parent);
    return parent;
  }

  /**
   * Fills the empty {@code directory} with the data set called {@code name}: a copy of its template
   * if templates are kept (loading the template first if this run has none yet), else by loading it
   * there; either way flushed to disk before it returns.
   */
  static void fill(Path directory, String name, Loader loader) throws IOException {
    String templates = System.getProperty("tessera.bench.templates");
    if (templates == null || templates.isEmpty()) {
      loader.loadInto(directory);
      flush(directory);
      return;
    }
    Path template = Paths.get(templates).resolve(name);
    if (!Files.isDirectory(template)) {
      Path loading = Paths.get(templates).resolve(name + ".loading");
      delete(loading); // left by a trial that died while loading
      Files.createDirectories(loading);
      loader.loadInto(loading);
      Files.move(loading, template, StandardCopyOption.ATOMIC_MOVE);
    }
    copy(template, directory);
  }

  private static void copy(Path from, Path to) throws IOException {
    for (Path source : files(from)) {
      Path target = to.resolve(from.relativize(source).toString());
      if (Files.isDirectory(source)) {
        Files.createDirectories(target);
      } else {
        Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
      }
    }
    flush(to);
  }

  // Loaded without syncs, a store leaves dirty pages that a durable trial's first commit would
  // otherwise have to write out inside its measurement.
  private static void flush(Path directory) throws IOException {
    for (Path file : files(directory)) {
      if (Files.isRegularFile(file)) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
          channel.force(true);
        }
      }
    }
  }

  private static List<Path> files(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.toList();
    }
  }

  /** Deletes {@code path} and everything under it, if it exists. */
  static void delete(Path path) throws IOException {
    if (!Files.exists(path)) {
      return;
    }
    try (Stream<Path> files = Files.walk(path)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.deleteIfExists(p);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }
}
