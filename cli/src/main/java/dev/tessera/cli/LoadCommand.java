package dev.tessera.cli;

import dev.tessera.TesseraException;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.CatalogRepository;
import dev.tessera.repository.StoredRecord;
import dev.tessera.repository.UnsupportedCatalogIndexException;
import dev.tessera.tuple.Tuple;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tessera load DIR ENTITY FILE}: imports JSON Lines as the repository would insert them. */
@Command(
    name = "load",
    mixinStandardHelpOptions = true,
    description = {
      "Imports records from JSON Lines, with the repository's checks.",
      "%nReads FILE (one JSON object per line, as 'dump' writes them; blank lines are skipped)"
          + " into the newest shape of ENTITY (the one 'dump' writes) and inserts the records in batches, each batch in"
          + " one atomic commit through the same code as the application's repository: the record"
          + " count and every index are maintained, and a primary key or unique value already"
          + " taken (in the store or earlier in the batch) is refused. A batch with a refused line"
          + " writes nothing; the other batches are loaded. Every refused line is reported on"
          + " standard error with its line number (a line that is not JSON: with its column)."
          + " Numbers keep every digit (-0.0, a BigDecimal's scale). Every index gets its entries"
          + " as the repository writes them, derived from the catalog: unique, composite,"
          + " multi-value, folded text, enums in the declaration order the catalog records,"
          + " spatial Z-order codes. An entity with an index whose values cannot be derived"
          + " exactly (one being built, one over a field older records lack while the catalog"
          + " does not record its default) or a component type load cannot read exactly is"
          + " refused as a whole with exit code 1, naming the index and field, and nothing is"
          + " written."
          + " DIR must be a store the application has opened once: its catalog holds the"
          + " entity's schema and indexes."
    })
final class LoadCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin StoreDirectoryArgument store;

  @Parameters(index = "1", paramLabel = "ENTITY", description = "The entity, as 'info' lists it.")
  String entity;

  @Parameters(index = "2", paramLabel = "FILE", description = "The JSON Lines file.")
  Path file;

  @Option(names = "--dry-run", description = "Check every line, write nothing.")
  boolean dryRun;

  @Option(names = "--batch", paramLabel = "N", defaultValue = "1000",
      description = "Lines per atomic commit (default ${DEFAULT-VALUE}).")
  int batchSize;

  private PrintWriter err;
  private long loaded;
  private long refused;
  private long batchesSkipped;

  @Override
  public Integer call() {
    if (batchSize < 1) {
      throw new CommandFailure(ExitCodes.USAGE, "--batch must be at least 1, not " + batchSize);
    }
    err = spec.commandLine().getErr();
    try (LmdbKvStore kv = store.openForWriting(noStoreRemedy());
        BufferedReader lines = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      CatalogRepository repository = open(kv);
      String unreadable = JsonRecordReader.unreadable(repository.schema());
      if (unreadable != null) {
        throw new CommandFailure(ExitCodes.PROBLEMS, "records of '" + entity
            + "' cannot be loaded: " + unreadable + "; nothing was written");
      }
      List<Line> batch = new ArrayList<>(batchSize);
      int number = 0;
      String text;
      while ((text = lines.readLine()) != null) {
        number++;
        if (!text.isBlank()) {
          batch.add(new Line(number, text));
        }
        if (batch.size() == batchSize) {
          load(repository, batch);
          batch.clear();
        }
      }
      load(repository, batch);
    } catch (NoSuchFileException e) {
      throw new CommandFailure(ExitCodes.USAGE, "no file " + file);
    } catch (IOException e) {
      throw new CommandFailure(ExitCodes.FAILED, "cannot read " + file + ": " + e.getMessage(), e);
    } catch (UncheckedIOException e) {
      throw new CommandFailure(ExitCodes.FAILED, "cannot read " + file + ": " + e.getMessage(), e);
    }
    PrintWriter out = spec.commandLine().getOut();
    out.println((dryRun ? "checked " + loaded + " records (dry run, nothing written)"
        : "loaded " + loaded + " records") + (refused == 0 ? ""
        : "; refused " + refused + (refused == 1 ? " line, " : " lines, ") + batchesSkipped
            + (batchesSkipped == 1 ? " batch" : " batches") + " not "
            + (dryRun ? "loadable" : "loaded")));
    out.flush();
    return refused == 0 ? ExitCodes.OK : ExitCodes.PROBLEMS;
  }

  // A store is created by the application: only its catalog says what the entity's records and
  // indexes are. The one line that creates it, with the repository class the entity's name suggests.
  private String noStoreRemedy() {
    String example = entity.isEmpty() ? "Entity"
        : Character.toUpperCase(entity.charAt(0)) + entity.substring(1);
    return "; load writes into a store the application has opened once (its catalog then holds"
        + " the schema and indexes of '" + entity + "'): create it from the application with"
        + " try (var store = LmdbKvStore.open(Path.of(\"" + store.directory + "\"))) { new "
        + example + "Repository(store); } (the entity's generated repository), then load again";
  }

  // An index load cannot derive exactly is refused before any line is read: nothing is written.
  private CatalogRepository open(LmdbKvStore kv) {
    try {
      return CatalogRepository.open(kv, entity);
    } catch (UnsupportedCatalogIndexException e) {
      throw new CommandFailure(ExitCodes.PROBLEMS, e.getMessage() + "; nothing was written", e);
    }
  }

  /** One non-blank line of the file. */
  private record Line(int number, String text) {}

  private void load(CatalogRepository repository, List<Line> lines) {
    if (lines.isEmpty()) {
      return;
    }
    List<StoredRecord> records = new ArrayList<>(lines.size());
    Map<Tuple, Integer> keysInBatch = new HashMap<>();
    Map<Tuple, Integer> uniqueInBatch = new HashMap<>();
    int refusedBefore = (int) refused;
    for (Line line : lines) {
      StoredRecord record = check(repository, line, keysInBatch, uniqueInBatch);
      if (record != null) {
        records.add(record);
      }
    }
    if (refused > refusedBefore) {
      batchesSkipped++;
      return;
    }
    if (!dryRun) {
      try {
        repository.insertAll(records);
      } catch (TesseraException e) {
        // A concurrent writer took a key or value between the checks and the commit.
        refused += lines.size();
        batchesSkipped++;
        err.println(spec.qualifiedName() + ": lines " + lines.get(0).number() + "-"
            + lines.get(lines.size() - 1).number() + " not loaded: " + e.getMessage());
        return;
      }
    }
    loaded += records.size();
  }

  // The line's record, or null after reporting why it is refused.
  private StoredRecord check(CatalogRepository repository, Line line,
      Map<Tuple, Integer> keysInBatch, Map<Tuple, Integer> uniqueInBatch) {
    StoredRecord record;
    try {
      record = repository.record(JsonRecordReader.read(line.text(), repository.schema()));
    } catch (JsonRecordReader.BadField e) {
      return refuse(line, e.field().isEmpty() ? e.getMessage()
          : "field '" + e.field() + "' " + e.getMessage());
    } catch (IllegalArgumentException e) {
      return refuse(line, e.getMessage());
    }
    Tuple id = repository.idOf(record);
    if (id == null) {
      return refuse(line, "field '" + repository.schema().primaryKeyName()
          + "' is null; a primary key is needed");
    }
    Integer earlier = keysInBatch.putIfAbsent(id, line.number());
    if (earlier != null) {
      return refuse(line, "primary key " + id + " is taken by line " + earlier);
    }
    if (repository.existsById(id)) {
      return refuse(line, "primary key " + id + " is taken by a stored record");
    }
    for (CatalogRepository.UniqueValue unique : repository.uniqueValues(record)) {
      String name = "unique index " + unique.index().name() + ": " + unique.values();
      Integer holderLine = uniqueInBatch.putIfAbsent(unique.key(), line.number());
      if (holderLine != null) {
        return refuse(line, name + " is taken by line " + holderLine);
      }
      Optional<Tuple> holder = repository.uniqueHolder(unique);
      if (holder.isPresent()) {
        return refuse(line, name + " is taken by stored record " + holder.get());
      }
    }
    return record;
  }

  private StoredRecord refuse(Line line, String why) {
    refused++;
    err.println(spec.qualifiedName() + ": line " + line.number() + ": " + why);
    return null;
  }
}
