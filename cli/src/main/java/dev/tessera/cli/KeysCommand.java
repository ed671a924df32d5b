package dev.tessera.cli;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.io.PrintWriter;
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
      "%nLists entries in key order as 'key [name] @versionstamp -> value', keys and values"
          + " decoded as tuples. Tuples are written and given as in (3, \"alice\", 42, true, null,"
          + " 1.5, b\"0a ff\", UUID(...)). Records and index entries start with the subspace id"
          + " the catalog assigned to their entity or index, shown by name after the key: [ticket]"
          + " for a record of entity ticket, [ticket.email] for an entry of its index email;"
          + " catalog entries start with \"\\u0000tessera\". In --prefix, --from and --to a"
          + " leading text part names the entity or index in place of its id, e.g. --prefix"
          + " '(\"ticket\", \"e05\")' or --prefix '(\"ticket.email\", \"ada@example.com\")';"
          + " with --entity (and --index) the tuples hold only the parts after the id."
    })
final class KeysCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin StoreDirectoryArgument store;

  @Option(names = "--prefix", paramLabel = "TUPLE",
      description = "Only keys starting with these parts, the key equal to them included, e.g."
          + " (3) or (\"ticket\") for the records of the entity with id 3 or name ticket (see"
          + " 'tessera info').")
  String prefix;

  @Option(names = "--entity", paramLabel = "ENTITY",
      description = "Only the records of ENTITY (with --index: the entries of its index INDEX);"
          + " --prefix, --from and --to then give the parts after the subspace id.")
  String entity;

  @Option(names = "--index", paramLabel = "INDEX",
      description = "With --entity: only the entries of the entity's index INDEX.")
  String index;

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
    if (limit != null && limit < 1) {
      throw new ParameterException(spec.commandLine(), "--limit must be at least 1, was " + limit);
    }
    if (prefix != null && (from != null || to != null)) {
      throw new ParameterException(spec.commandLine(),
          "--prefix cannot be combined with --from or --to");
    }
    if (index != null && entity == null) {
      throw new ParameterException(spec.commandLine(),
          "--index needs --entity: index names are given per entity");
    }
    PrintWriter out = spec.commandLine().getOut();
    try (LmdbKvStore kv = store.openReadOnly()) {
      SubspaceNames names = SubspaceNames.read(kv);
      ListSelector selector = ListSelector.of(range(names)).reverse(reverse);
      if (limit != null) {
        selector = selector.limit(limit);
      }
      try (KvSnapshot snapshot = kv.snapshot(); KvIterator entries = snapshot.list(selector)) {
        while (entries.hasNext()) {
          KvEntry entry = entries.next();
          out.println(entry.key() + names.label(entry.key()) + " @" + entry.versionstamp()
              + " -> " + ValueText.of(entry.value()));
        }
      }
    }
    return ExitCodes.OK;
  }

  private TupleRange range(SubspaceNames names) {
    Tuple subspace = entity == null ? null
        : Tuple.of(names.require(index == null ? entity : entity + "." + index));
    if (prefix != null) {
      return TupleRange.keyAndExtensions(key(prefix, subspace, names));
    }
    if (subspace == null && from == null && to == null) {
      return TupleRange.ofPacked(new byte[] {0x00}, new byte[] {(byte) 0xFF});
    }
    TupleRange whole = subspace == null ? null : TupleRange.keyAndExtensions(subspace);
    byte[] begin = from != null ? key(from, subspace, names).pack()
        : whole != null ? whole.begin() : new byte[] {0x00};
    byte[] end = to != null ? key(to, subspace, names).pack()
        : whole != null ? whole.end() : new byte[] {(byte) 0xFF};
    return TupleRange.ofPacked(begin, end);
  }

  /** {@code text} parsed, after {@code subspace} if given, else with a leading name resolved. */
  private static Tuple key(String text, Tuple subspace, SubspaceNames names) {
    Tuple parts = Tuple.parse(text);
    return subspace != null ? subspace.addAll(parts) : names.resolve(parts);
  }
}
