package dev.tessera.cli;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.StoreStatistics;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code tessera stats DIR}: what each entity and index costs. */
@Command(
    name = "stats",
    mixinStandardHelpOptions = true,
    description = {
      "Shows page and key statistics per entity and index.",
      "%nShows LMDB's page statistics of the whole key space (one B-tree holds records, indexes"
          + " and catalog), then entries, key bytes and value bytes per subspace: each entity's"
          + " records, each index, the catalog. Value bytes leave out the 10-byte versionstamp"
          + " stored with every entry."
    })
final class StatsCommand implements Callable<Integer> {
  private static final String CATALOG = StoreCatalog.reservedPrefix();

  @Spec CommandSpec spec;
  @Mixin StoreDirectoryArgument store;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    try (LmdbKvStore kv = store.openReadOnly()) {
      StoreStatistics stats = kv.statistics();
      out.printf("B-tree       depth %d, %,d branch pages, %,d leaf pages, %,d overflow pages"
              + " of %,d bytes%n", stats.depth(), stats.branchPages(), stats.leafPages(),
          stats.overflowPages(), stats.pageSize());
      out.printf("entries      %,d%n", stats.entries());
      out.printf("file         %,d bytes, %,d in pages used%n%n", stats.fileBytes(),
          stats.usedBytes());
      Map<Tuple, Subspace> subspaces = tally(kv);
      out.printf("%-32s %-28s %12s %14s %14s%n", "subspace", "holds", "entries", "key bytes",
          "value bytes");
      for (Map.Entry<Tuple, Subspace> entry : subspaces.entrySet()) {
        Subspace s = entry.getValue();
        out.printf("%-32s %-28s %,12d %,14d %,14d%n", entry.getKey(), s.holds,
            s.entries, s.keyBytes, s.valueBytes);
      }
    }
    return ExitCodes.OK;
  }

  // One pass over the whole key space in one snapshot, grouped by the first key part.
  private static Map<Tuple, Subspace> tally(LmdbKvStore kv) {
    Map<Tuple, String> roles = new LinkedHashMap<>();
    roles.put(Tuple.of(CATALOG), "catalog");
    Map<Tuple, Subspace> subspaces = new LinkedHashMap<>();
    try (KvSnapshot snapshot = kv.snapshot()) {
      StoreCatalog catalog = StoreCatalog.of(kv);
      for (String entity : catalog.entityNames()) {
        roles.put(subspace(catalog, entity), "records of " + entity);
        StoreCatalog.indexes(snapshot, entity).forEach(index -> roles.put(
            subspace(catalog, index.subspace()), "index " + entity + "." + index.indexName()));
      }
      ListSelector all =
          ListSelector.of(TupleRange.ofPacked(new byte[] {0x00}, new byte[] {(byte) 0xFF}));
      try (KvIterator entries = snapshot.list(all)) {
        while (entries.hasNext()) {
          KvEntry entry = entries.next();
          Subspace subspace = subspaces.computeIfAbsent(entry.key().subTuple(0, 1),
              k -> new Subspace(roles.getOrDefault(k, "other")));
          subspace.entries++;
          subspace.keyBytes += entry.key().packedSize();
          subspace.valueBytes += entry.value().length;
        }
      }
    }
    return subspaces;
  }

  /** The first key part of {@code name}'s keys: its id, or the name in an unmigrated store. */
  private static Tuple subspace(StoreCatalog catalog, String name) {
    OptionalLong id = catalog.subspaceId(name);
    return id.isPresent() ? Tuple.of(id.getAsLong()) : Tuple.of(name);
  }

  /** Running totals of one subspace. Not thread-safe. */
  private static final class Subspace {
    final String holds;
    long entries;
    long keyBytes;
    long valueBytes;

    Subspace(String holds) {
      this.holds = holds;
    }
  }
}
