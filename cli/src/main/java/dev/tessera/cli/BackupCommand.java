package dev.tessera.cli;

import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.StoreStatistics;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tessera backup DIR TARGET}: a hot, consistent copy. */
@Command(
    name = "backup",
    mixinStandardHelpOptions = true,
    description = {
      "Copies the store while applications keep writing.",
      "%nCopies the store into TARGET (a new or empty directory) while applications keep writing:"
          + " the copy holds exactly the commits before it began. The copy is opened to verify"
          + " it. TARGET is then a store of its own: open it, or copy it back in place of DIR"
          + " while nothing has DIR open."
    })
final class BackupCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin StoreDirectoryArgument store;

  @Parameters(index = "1", paramLabel = "TARGET", description = "A new or empty directory.")
  Path target;

  @Option(names = "--compact",
      description = "Leave out free pages and renumber pages: smaller, slower to write.")
  boolean compact;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    StoreStatistics copy;
    try (LmdbKvStore kv = store.openReadOnly()) {
      try {
        copy = compact ? kv.compactBackup(target) : kv.backup(target);
      } catch (IllegalArgumentException | UncheckedIOException e) {
        throw new CommandFailure(ExitCodes.FAILED, e.getMessage(), e);
      }
    }
    out.printf("backed up %s to %s%s%n", store.directory, target, compact ? " (compacted)" : "");
    out.printf("verified: %,d entries, %,d bytes, last commit %s%n", copy.entries(),
        copy.fileBytes(), copy.lastVersionstamp() == null ? "none" : copy.lastVersionstamp());
    return ExitCodes.OK;
  }
}
