package dev.tessera.cli;

import dev.tessera.catalog.KeyLayoutMigration;
import dev.tessera.kv.lmdb.LmdbKvStore;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code tessera migrate DIR}: moves a store written by an older Tessera to the current key layout. */
@Command(
    name = "migrate",
    mixinStandardHelpOptions = true,
    description = {
      "Moves a store written by an older Tessera to the current key layout.",
      "%nMoves every entity whose keys still start with its entity and index names to keys that"
          + " start with the small ids the catalog assigns those names, in batched commits: each"
          + " batch deletes the old keys and writes the new ones atomically, so an interrupted"
          + " migration leaves a consistent store and running the command again continues. An"
          + " entity is marked migrated in its last commit; only then can the application open"
          + " it. A store that is already migrated is left as it is. Stop the applications that"
          + " use the store first."
    })
final class MigrateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin StoreDirectoryArgument store;

  @Option(names = "--batch-size", paramLabel = "N", defaultValue = "1000",
      description = "Keys moved per commit (default: ${DEFAULT-VALUE}).")
  int batchSize;

  @Option(names = "--max-batches", paramLabel = "N",
      description = "Stop after N batch commits; run the command again to continue.")
  Integer maxBatches;

  @Override
  public Integer call() {
    if (batchSize < 1 || (maxBatches != null && maxBatches < 1)) {
      throw new ParameterException(spec.commandLine(),
          "--batch-size and --max-batches must be at least 1");
    }
    PrintWriter out = spec.commandLine().getOut();
    KeyLayoutMigration.Result result;
    try (LmdbKvStore kv = store.openForWriting("")) {
      try {
        result = KeyLayoutMigration.migrate(kv, batchSize,
            maxBatches == null ? Integer.MAX_VALUE : maxBatches, line -> {
              out.println(line);
              out.flush();
            });
      } catch (IllegalStateException e) {
        throw new CommandFailure(ExitCodes.FAILED, e.getMessage(), e);
      }
    }
    if (!result.alreadyMigrated().isEmpty() && result.migrated().isEmpty() && result.complete()) {
      out.printf("nothing to migrate: %s already in the current key layout%n",
          String.join(", ", result.alreadyMigrated()));
    }
    out.printf("moved %,d keys in %,d commits; %s%n", result.movedKeys(), result.batches(),
        result.complete() ? "the store is in the current key layout"
            : "stopped at the batch limit: run 'tessera migrate " + store.directory
                + "' again to continue");
    return result.complete() ? ExitCodes.OK : ExitCodes.FAILED;
  }
}
