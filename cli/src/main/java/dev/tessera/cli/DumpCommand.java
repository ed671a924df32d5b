package dev.tessera.cli;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.catalog.StoredRecordReader;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tessera dump DIR ENTITY}: every record of an entity, in primary-key order. */
@Command(
    name = "dump",
    mixinStandardHelpOptions = true,
    description = {
      "Writes an entity's records as JSON Lines or CSV.",
      "%nWrites every record of ENTITY in primary-key order, all from one snapshot (one LMDB read"
          + " transaction: commits made meanwhile are not seen), each in the entity's newest shape"
          + " as the application reads it: a record stored with an older shape gets the defaults"
          + " of the components added since (@DefaultValue, else the type's default) and its"
          + " renamed components under their new names, as the catalog records them. A record"
          + " whose shape the catalog cannot translate stops the dump with exit code 1, naming the"
          + " entity and field. jsonl: one JSON object per line, which 'load' reads back exactly."
          + " csv: a header of the newest shape's component names, one row per record, nested"
          + " values as JSON; null components empty, an empty text as \"\"."
    })
final class DumpCommand implements Callable<Integer> {
  /** The output formats. */
  enum Format { jsonl, csv }

  @Spec CommandSpec spec;
  @Mixin StoreDirectoryArgument store;

  @Parameters(index = "1", paramLabel = "ENTITY", description = "The entity, as 'info' lists it.")
  String entity;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "jsonl",
      description = "jsonl (default) or csv.")
  Format format;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    // One read transaction for the whole dump: records that commits change together (a
    // transfer between two accounts) are dumped as they were at one moment. The catalog is read
    // after the snapshot began, so it knows every schema the snapshot's records were written with.
    try (LmdbKvStore kv = store.openReadOnly(); KvSnapshot snapshot = kv.snapshot()) {
      StoredRecordReader reader = StoreCatalog.of(kv).records(entity);
      List<String> columns = columns(reader);
      if (format == Format.csv) {
        out.println(Csv.row(new ArrayList<>(columns)));
      }
      ListSelector records = ListSelector.of(reader.records());
      try (KvIterator entries = snapshot.list(records)) {
        while (entries.hasNext()) {
          Map<String, Object> values = Records.read(reader, entries.next());
          out.println(format == Format.csv ? csvRow(columns, values) : RecordJson.line(values));
        }
      }
    }
    out.flush();
    return ExitCodes.OK;
  }

  private static List<String> columns(StoredRecordReader reader) {
    return reader.latest().components().stream().map(ComponentSchema::name).toList();
  }

  private static String csvRow(List<String> columns, Map<String, Object> values) {
    List<Object> cells = new ArrayList<>(columns.size());
    for (String column : columns) {
      Object value = values.get(column);
      cells.add(value == null ? null : RecordJson.text(value));
    }
    return Csv.row(cells);
  }
}
