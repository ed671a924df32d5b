package dev.tessera.cli;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.catalog.StoredRecordReader;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.CatalogIndexVerifier;
import dev.tessera.repository.IndexProblem;
import dev.tessera.repository.IndexReport;
import dev.tessera.repository.RecordReport;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tessera verify DIR}: index verification (and repair) from the catalog. */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description = {
      "Verifies (and repairs) records and indexes.",
      "%nChecks that every record decodes as the application reads it (in the newest shape;"
          + " an indexed enum one of the recorded constants; under its own primary key) and that"
          + " every key under the entity is a packed tuple (undecodable records), that the record"
          + " count is right, and every index against the records: entries whose record is absent"
          + " or holds another value (dangling), entries whose pointer does not decode"
          + " (undecodable), records without their entry (missing), and unique values held by two"
          + " records (unique violations). --repair moves undecodable records to the quarantine"
          + " (see 'tessera quarantine'), rebuilds the record count, deletes dangling and"
          + " undecodable entries and writes missing ones, each batch in one atomic commit checked"
          + " against concurrent writes; unique violations are reported only. Without --repair"
          + " the store is opened read-only. Index values come from the catalog's definitions,"
          + " for every kind of index; one they cannot be derived for exactly is listed as"
          + " skipped, naming the field and why. The last line counts the problems listed that"
          + " are left. Exits 1 if problems remain."
    })
final class VerifyCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin StoreDirectoryArgument store;

  @Option(names = "--entity", paramLabel = "ENTITY", description = "Only this entity's indexes.")
  String entity;

  @Option(names = "--repair",
      description = "Quarantine undecodable records, rebuild a wrong count, fix entries.")
  boolean repair;

  @Option(names = "--progress", paramLabel = "MODE", defaultValue = "auto",
      description = "auto (a bar on a terminal, lines otherwise), bar, lines or none.")
  Progress.Mode progressMode;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    long remaining = 0;
    try (LmdbKvStore kv = repair ? store.openForWriting("") : store.openReadOnly()) {
      List<String> entities = entity == null ? StoreCatalog.of(kv).entityNames() : List.of(entity);
      for (String name : entities) {
        StoreCatalog.of(kv).records(name); // an unknown entity fails before any work
      }
      Progress progress =
          Progress.start(progressMode, spec.commandLine().getErr(), entities.size());
      List<CatalogIndexVerifier.Result> results = new ArrayList<>();
      for (String name : entities) {
        results.add(CatalogIndexVerifier.verify(kv, name, repair,
            index -> progress.step(name + "." + index)));
        progress.entityDone(name);
      }
      progress.finish();
      for (CatalogIndexVerifier.Result result : results) {
        String name = result.verification().entity();
        remaining += report(out, name, result.verification().records());
        for (IndexReport report : result.verification().indexes()) {
          remaining += report(out, name, report);
        }
        for (String skipped : result.skipped()) {
          out.println("skipped " + skipped);
        }
      }
    }
    out.println(remaining == 0 ? "result: no problems left"
        : "result: " + remaining + " problem" + (remaining == 1 ? "" : "s") + " left");
    return remaining == 0 ? ExitCodes.OK : ExitCodes.PROBLEMS;
  }

  // Prints the undecodable records and a wrong record count, if any; returns the problems left.
  private long report(PrintWriter out, String entityName, RecordReport records) {
    long left = 0;
    if (records.undecodable() > 0) {
      out.printf("%s records: %d undecodable%s%n", entityName, records.undecodable(),
          repair ? ", " + records.quarantined() + " quarantined" : "");
      for (IndexProblem problem : records.samples()) {
        if (problem.kind() == IndexProblem.Kind.UNDECODABLE) {
          out.println("  " + problem);
        }
      }
      if (repair && records.quarantined() > 0) {
        out.println("  (see 'tessera quarantine list " + store.directory + " " + entityName + "')");
      }
      left += records.undecodable() - records.quarantined();
    }
    if (!records.countMatches()) {
      for (IndexProblem problem : records.samples()) {
        if (problem.kind() == IndexProblem.Kind.COUNT_MISMATCH) {
          out.println(entityName + " record count: " + problem.detail()
              + (records.countRebuilt() ? "; rebuilt" : ""));
        }
      }
      left += records.countRebuilt() ? 0 : 1;
    }
    return left;
  }

  // Prints one index's report; returns the problems a repair did not fix.
  private long report(PrintWriter out, String entityName, IndexReport report) {
    String name = entityName + "." + report.index();
    if (report.clean()) {
      out.println(name + ": clean");
      return 0;
    }
    out.printf("%s: %d missing, %d dangling, %d unique violations, %d undecodable%s%n", name,
        report.missing(), report.dangling(), report.uniqueViolations(), report.undecodable(),
        repair ? ", " + report.repaired() + " repaired" : "");
    for (IndexProblem problem : report.samples()) {
      out.println("  " + problem);
    }
    return report.missing() + report.dangling() + report.uniqueViolations() + report.undecodable()
        - report.repaired();
  }
}
