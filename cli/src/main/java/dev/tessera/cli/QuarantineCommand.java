package dev.tessera.cli;

import dev.tessera.TesseraException;
import dev.tessera.catalog.StoreCatalog;
import dev.tessera.catalog.StoredRecordReader;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.CatalogRepository;
import dev.tessera.repository.QuarantinedRecord;
import dev.tessera.tuple.Tuple;
import java.io.PrintWriter;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tessera quarantine list|restore|drop DIR ENTITY [KEY]}: the records a repair moved aside
 * because their bytes do not decode.
 */
@Command(
    name = "quarantine",
    mixinStandardHelpOptions = true,
    description = {
      "Lists, restores or drops the records a repair moved to the quarantine.",
      "%n'verify --repair' (and the application's indexAdmin().repairIndexes()) moves a record"
          + " whose stored bytes do not decode, or whose key bytes are not a packed tuple, out of"
          + " its entity into the quarantine, its bytes kept unchanged: queries, counts and indexes"
          + " no longer see it. KEY is the record's primary key parts in tuple notation as 'list'"
          + " shows them, e.g. (42) or (\"e05\", 3), or 0x followed by the hex key bytes of an"
          + " entry whose key did not decode."
    },
    subcommands = {
      QuarantineCommand.ListRecords.class,
      QuarantineCommand.Restore.class,
      QuarantineCommand.Drop.class,
    })
final class QuarantineCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "a command is missing: list, restore or drop");
  }

  /** {@code quarantine list DIR ENTITY}. */
  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description = {
        "Lists an entity's quarantined records.",
        "%nOne line per record: its key, when it was quarantined, its size, and, if its bytes"
            + " decode now (e.g. the catalog has learnt its shape since), the record as 'dump'"
            + " writes it; else why not. Then the number of records listed."
      })
  static final class ListRecords implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin StoreDirectoryArgument store;

    @Parameters(index = "1", paramLabel = "ENTITY", description = "The entity, as 'info' lists it.")
    String entity;

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      try (LmdbKvStore kv = store.openReadOnly()) {
        StoredRecordReader reader = StoreCatalog.of(kv).records(entity);
        List<QuarantinedRecord> records = StoreCatalog.of(kv).quarantined(entity);
        for (QuarantinedRecord record : records) {
          out.println(keyText(reader, record) + " [" + entity + "] quarantined @"
              + record.quarantinedAt() + ", " + record.bytes().length + " bytes: "
              + now(reader, record));
        }
        out.println(records.size() + " quarantined record" + (records.size() == 1 ? "" : "s")
            + " of " + entity);
      }
      return ExitCodes.OK;
    }

    private static String now(StoredRecordReader reader, QuarantinedRecord record) {
      if (!record.keyDecodes()) {
        return "its key is not a packed tuple (drop it, or restore the record from a backup)";
      }
      try {
        return "decodes now: " + RecordJson.line(reader.readCurrent(record.bytes()));
      } catch (RuntimeException e) {
        return "does not decode: " + e.getMessage();
      }
    }
  }

  /** A subcommand on one quarantined record: {@code DIR ENTITY KEY}. */
  abstract static class OneRecord implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin StoreDirectoryArgument store;

    @Parameters(index = "1", paramLabel = "ENTITY", description = "The entity, as 'info' lists it.")
    String entity;

    @Parameters(index = "2", paramLabel = "KEY", description = "The record, as 'list' shows it.")
    String key;
  }

  /** {@code quarantine restore DIR ENTITY KEY}. */
  @Command(
      name = "restore",
      mixinStandardHelpOptions = true,
      description = {
        "Inserts a quarantined record again, if it decodes now.",
        "%nReads the quarantined record in the entity's newest shape, as the application would,"
            + " and inserts it with the checks of every insert (its primary key free, its unique"
            + " values free, its index entries and the record count in the same commit), then"
            + " drops its quarantined copy. A record that still does not decode, whose key is not"
            + " a packed tuple, whose primary key or unique value is taken, or of an entity with"
            + " an index 'load' cannot write is refused with exit code 1 and nothing is written."
      })
  static final class Restore extends OneRecord {
    @Override
    public Integer call() {
      try (LmdbKvStore kv = store.openForWriting("")) {
        StoredRecordReader reader = StoreCatalog.of(kv).records(entity);
        QuarantinedRecord record = find(kv, reader, key);
        try {
          CatalogRepository.open(kv, entity).restore(record);
        } catch (TesseraException | IllegalArgumentException | IllegalStateException e) {
          throw new CommandFailure(ExitCodes.PROBLEMS, e.getMessage() + "; nothing was written", e);
        }
        spec.commandLine().getOut().println("restored " + keyText(reader, record) + " [" + entity + "]");
      }
      return ExitCodes.OK;
    }
  }

  /** {@code quarantine drop DIR ENTITY KEY}. */
  @Command(
      name = "drop",
      mixinStandardHelpOptions = true,
      description = {
        "Deletes a quarantined record for good.",
        "%nDeletes the quarantined copy of the record (its bytes are gone: back up first if they"
            + " may be needed)."
      })
  static final class Drop extends OneRecord {
    @Override
    public Integer call() {
      try (LmdbKvStore kv = store.openForWriting("")) {
        StoredRecordReader reader = StoreCatalog.of(kv).records(entity);
        QuarantinedRecord record = find(kv, reader, key);
        if (!StoreCatalog.of(kv).discardQuarantined(entity, record)) {
          throw new CommandFailure(ExitCodes.PROBLEMS, "the quarantined record " + key + " of "
              + entity + " changed or went meanwhile; list again");
        }
        spec.commandLine().getOut().println("dropped " + keyText(reader, record) + " [" + entity + "]");
      }
      return ExitCodes.OK;
    }
  }

  /** The primary key parts of {@code record} in tuple notation, or its key bytes in hex. */
  static String keyText(StoredRecordReader reader, QuarantinedRecord record) {
    return record.keyDecodes() ? reader.primaryKeyParts(record.recordKey()).toString()
        : "0x" + HexFormat.of().formatHex(record.packedKey());
  }

  /** The quarantined record of {@code reader}'s entity that {@code key} names, or a failure. */
  private static QuarantinedRecord find(LmdbKvStore kv, StoredRecordReader reader, String key) {
    List<QuarantinedRecord> records = StoreCatalog.of(kv).quarantined(reader.entityName());
    String wanted = key.startsWith("0x") ? key.toLowerCase(Locale.ROOT) : Tuple.parse(key).toString();
    for (QuarantinedRecord record : records) {
      if (keyText(reader, record).equals(wanted)) {
        return record;
      }
    }
    throw new CommandFailure(ExitCodes.PROBLEMS, "no quarantined record " + key + " of "
        + reader.entityName() + " (see 'tessera quarantine list')");
  }
}
