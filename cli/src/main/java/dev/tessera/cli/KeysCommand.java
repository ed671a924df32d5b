package dev.tessera.cli;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.catalog.StoreCatalog;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code tessera keys DIR}: entries decoded as tuples, in key order. */
@Command(
    name = "keys",
    mixinStandardHelpOptions = true,
    description = {
      "Lists entries in key order, decoded as tuples.",
      "%nLists entries in key order as 'key @versionstamp -> value', keys and values decoded as"
          + " tuples. Tuples are written and given as in (3, \"alice\", 42, true, null, 1.5,"
          + " b\"0a ff\", UUID(...)). Records and index entries start with the subspace id the"
          + " catalog assigned to their entity or index, shown by name after the key, e.g."
          + " (3, \"alice\") [user]; catalog entries start with \"\\u0000tessera\"."
    })
final class KeysCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin StoreDirectoryArgument store;

  @Option(names = "--prefix", paramLabel = "TUPLE",
      description = "Only keys starting with these parts, e.g. (3) for the subspace with id 3"
          + " (see 'tessera info').")
  String prefix;

  @Option(names = "--from", paramLabel = "TUPLE", description = "The first key (inclusive).")
  String from;

  @Option(names = "--to", paramLabel = "TUPLE", description = "The end key (exclusive).")
  String to;

  @Option(names = "--limit", paramLabel = "N", description = "At most N entries.")
  Integer limit;

  @Option(names = "--reverse", description = "Descending key order.")
  boolean reverse;

  @Override
  public Integer call() {
    TupleRange range = range();
    if (limit != null && limit < 1) {
      throw new ParameterException(spec.commandLine(), "--limit must be at least 1, was " + limit);
    }
    PrintWriter out = spec.commandLine().getOut();
    ListSelector selector = ListSelector.of(range).reverse(reverse);
    if (limit != null) {
      selector = selector.limit(limit);
    }
    try (LmdbKvStore kv = store.openReadOnly()) {
      Map<Long, String> names = StoreCatalog.of(kv).subspaceNames();
      try (KvSnapshot snapshot = kv.snapshot(); KvIterator entries = snapshot.list(selector)) {
        while (entries.hasNext()) {
          KvEntry entry = entries.next();
          out.println(entry.key() + subspaceName(entry.key(), names) + " @" + entry.versionstamp()
              + " -> " + ValueText.of(entry.value()));
        }
      }
    }
    return ExitCodes.OK;
  }

  /** {@code " [name]"} for a key in the subspace of an entity or index, else nothing. */
  private static String subspaceName(Tuple key, Map<Long, String> names) {
    if (key.size() == 0 || !(key.get(0) instanceof Long id) || !names.containsKey(id)) {
      return "";
    }
    return " [" + names.get(id) + "]";
  }

  private TupleRange range() {
    if (prefix != null && (from != null || to != null)) {
      throw new ParameterException(spec.commandLine(),
          "--prefix cannot be combined with --from or --to");
    }
    if (prefix != null) {
      return TupleRange.prefix(Tuple.parse(prefix));
    }
    byte[] begin = from == null ? new byte[] {0x00} : Tuple.parse(from).pack();
    byte[] end = to == null ? new byte[] {(byte) 0xFF} : Tuple.parse(to).pack();
    return TupleRange.ofPacked(begin, end);
  }
}
