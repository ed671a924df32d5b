package dev.tessera.cli;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.catalog.StoredRecordReader;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.tuple.Tuple;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tessera get DIR ENTITY ID}: one record as JSON. */
@Command(
    name = "get",
    mixinStandardHelpOptions = true,
    description = {
      "Prints one record as JSON.",
      "%nPrints the record with primary key ID as one line of JSON, in the entity's newest shape, as"
          + " dump writes it. ID is the key's value for a string, integer or UUID key, or the key's"
          + " parts in tuple notation, e.g. (\"alice\") or (2024, \"x\") for a composite key."
    })
final class GetCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin StoreDirectoryArgument store;

  @Parameters(index = "1", paramLabel = "ENTITY", description = "The entity, as 'info' lists it.")
  String entity;

  @Parameters(index = "2", paramLabel = "ID", description = "The primary key.")
  String id;

  @Override
  public Integer call() {
    try (LmdbKvStore kv = store.openReadOnly()) {
      StoredRecordReader reader = StoreCatalog.of(kv).records(entity);
      Tuple primaryKey = primaryKeyParts(reader);
      KvEntry entry = kv.get(reader.recordKey(primaryKey));
      if (!entry.exists()) {
        spec.commandLine().getErr().println(spec.qualifiedName() + ": no record of "
            + reader.entityName() + " with primary key " + primaryKey);
        return ExitCodes.PROBLEMS;
      }
      spec.commandLine().getOut().println(RecordJson.line(Records.read(reader, entry)));
    }
    return ExitCodes.OK;
  }

  private Tuple primaryKeyParts(StoredRecordReader reader) {
    if (id.startsWith("(")) {
      return Tuple.parse(id);
    }
    String name = reader.latest().primaryKeyName();
    ComponentSchema key = reader.latest().components().stream()
        .filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    try {
      switch (key.descriptor().kind()) {
        case STRING:
          return Tuple.of(id);
        case INT:
        case LONG:
        case SHORT:
        case BYTE:
          return Tuple.of(Long.parseLong(id));
        case UUID:
          return Tuple.of(UUID.fromString(id));
        default:
          break;
      }
    } catch (IllegalArgumentException e) {
      throw new CommandFailure(ExitCodes.USAGE, "'" + id + "' is not a " + key.type()
          + " (the type of " + reader.entityName() + "." + name + ")");
    }
    throw new CommandFailure(ExitCodes.USAGE, "give the primary key of " + reader.entityName()
        + " (" + name + ": " + key.type() + ") as its key parts in tuple notation, e.g. "
        + "(\"part\", 42)");
  }
}
