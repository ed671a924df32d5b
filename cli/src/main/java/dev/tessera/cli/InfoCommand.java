package dev.tessera.cli;

import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexPhase;
import dev.tessera.catalog.StoreCatalog;
import dev.tessera.catalog.StoredRecordReader;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.KeyLayoutMigrationRequiredException;
import dev.tessera.kv.lmdb.StoreStatistics;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code tessera info DIR}: the store's figures, its entities, schemas and indexes. */
@Command(
    name = "info",
    mixinStandardHelpOptions = true,
    description = {
      "Shows the store, its entities, schemas and indexes.",
      "%nShows the store's file and map sizes, readers in use and last versionstamp, then each"
          + " entity with its record count, stored schemas, and indexes with their states and"
          + " build progress."
    })
final class InfoCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin StoreDirectoryArgument store;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    try (LmdbKvStore kv = store.openReadOnly()) {
      StoreStatistics stats = kv.statistics();
      out.printf("store        %s%n", kv.directory());
      out.printf("file         %,d bytes%n", stats.fileBytes());
      out.printf("map          %,d bytes, %,d used (%.1f%%)%n", stats.mapSize(), stats.usedBytes(),
          100.0 * stats.usedBytes() / stats.mapSize());
      out.printf("readers      %d in use of %d%n", stats.readersInUse(), stats.maxReaders());
      out.printf("last commit  %s%n",
          stats.lastVersionstamp() == null ? "none" : stats.lastVersionstamp());
      out.printf("entries      %,d%n", stats.entries());
      for (String entity : StoreCatalog.of(kv).entityNames()) {
        try {
          describe(kv, entity, out);
        } catch (KeyLayoutMigrationRequiredException oldLayout) {
          out.printf("%nentity %s: stored in the key layout of an older Tessera; run 'tessera"
              + " migrate %s'%n", entity, kv.directory());
        }
      }
    }
    return ExitCodes.OK;
  }

  private static void describe(LmdbKvStore kv, String entity, PrintWriter out) {
    StoreCatalog catalog = StoreCatalog.of(kv);
    StoredRecordReader reader = catalog.records(entity);
    try (KvSnapshot snapshot = kv.snapshot()) {
      out.printf("%nentity %s (subspace %d): %,d records%n", entity, reader.entityId(),
          countRecords(snapshot, reader));
      for (RecordSchema schema : reader.schemas()) {
        long number = reader.number(schema);
        out.printf("  schema %s %016x %s%s%n", number == 0 ? "-" : String.valueOf(number),
            schema.id(), schema.descriptor(),
            schema.id() == reader.latest().id() ? " (latest)" : "");
      }
      for (IndexCatalogEntry index : StoreCatalog.indexes(snapshot, entity)) {
        out.printf("  index %s %s %s%s%s%n", index.indexName(),
            index.unique() ? "unique" : "non-unique", index.state(), progress(index),
            index.failure() == null ? "" : ", failure: " + index.failure());
        out.printf("    %s in subspace %s (%s)%n", index.descriptor(),
            catalog.subspaceId(index.subspace()).stream().boxed().findFirst()
                .map(String::valueOf).orElse("no id yet"),
            index.subspace());
      }
    }
  }

  private static long countRecords(KvSnapshot snapshot, StoredRecordReader reader) {
    long count = 0;
    try (KvIterator records = snapshot.list(ListSelector.of(reader.records()))) {
      while (records.hasNext()) {
        records.next();
        count++;
      }
    }
    return count;
  }

  private static String progress(IndexCatalogEntry index) {
    if (index.phase() == IndexPhase.DONE) {
      return "";
    }
    return String.format(" (%s, %,d done, generation %d)",
        index.phase().name().toLowerCase(java.util.Locale.ROOT), index.done(), index.generation());
  }
}
