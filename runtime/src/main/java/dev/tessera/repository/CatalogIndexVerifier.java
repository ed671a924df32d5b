package dev.tessera.repository;

import dev.tessera.annotations.Normalize;
import dev.tessera.catalog.IndexCatalog;
import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexState;
import dev.tessera.catalog.StoredRecordReader;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.ComponentValues;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.mapping.TextNormalizer;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Verifies, and optionally repairs, an entity's indexes from the store's catalog alone, without
 * the application's classes: the same verification as {@link IndexAdmin#verifyIndexes()} (the same
 * two streaming passes, checks and repairs), with each index's values derived from the definition
 * descriptor the catalog keeps, e.g. {@code unique(email:STRING)/CASE_INSENSITIVE}: the record's
 * stored parts of those fields, strings normalised as the descriptor says, a {@code null} field
 * meaning a null part when the descriptor says {@code ;nulls} and "not in the index" otherwise, as
 * generated code derives them.
 *
 * <p><b>Limits.</b> An index is verified only if it is {@link IndexState#READABLE}, its descriptor
 * is a plain field index (not, e.g., a spatial one), and every stored shape of the entity holds each
 * of its fields under the same name and type (then every record's parts are what the application
 * indexes; a renamed or retyped field needs the application's own translation). Every other index
 * is listed in {@link Result#skipped()} with the reason.
 *
 * <pre>{@code
 * CatalogIndexVerifier.Result result = CatalogIndexVerifier.verify(store, "user", false, i -> {});
 * boolean clean = result.verification().clean();
 * }</pre>
 *
 * <p>Stateless and thread-safe; each call reads and writes through {@code store}'s atomic
 * operations, so it may run while applications write.
 */
public final class CatalogIndexVerifier {
  private static final Pattern FIELD_INDEX =
      Pattern.compile("(unique|index)\\(([^(){}]*)\\)/([A-Z_]+)(;nulls)?(;text=(.*))?");
  private static final int BATCH_SIZE = 1000;

  private CatalogIndexVerifier() {}

  /**
   * What a verification of one entity found.
   *
   * @param verification the reports of the verified indexes
   * @param skipped one line per index that could not be verified from the catalog, saying why
   */
  public record Result(IndexVerification verification, List<String> skipped) {
    /** Copies the list. */
    public Result {
      skipped = List.copyOf(skipped);
    }
  }

  /**
   * Verifies every index of {@code entityName} that can be verified from the catalog; repairs
   * missing and dangling entries if {@code repair} (unique violations are reported only).
   *
   * @param beforeIndex called with each index's name before it is verified (for progress)
   * @throws dev.tessera.catalog.UnknownEntityException if the catalog holds no such entity
   */
  public static Result verify(
      KvStore store, String entityName, boolean repair, Consumer<String> beforeIndex) {
    StoredRecordReader reader = StoredRecordReader.open(store, entityName);
    List<IndexCatalogEntry> entries = new ArrayList<>();
    try (KvSnapshot snapshot = store.snapshot()) {
      IndexCatalog.read(snapshot, entityName).values().forEach(s -> entries.add(s.entry()));
    }
    List<String> skipped = new ArrayList<>();
    List<IndexReport> reports = new ArrayList<>();
    RecordReport records = null;
    CatalogMapping mapping = new CatalogMapping(reader, List.of());
    IndexVerifier<StoredRecord> verifier =
        new IndexVerifier<>(store, mapping, kv -> decode(reader, kv), BATCH_SIZE);
    for (IndexCatalogEntry entry : entries) {
      String whyNot = whyNotVerifiable(entry, reader);
      if (whyNot != null) {
        skipped.add(entityName + "." + entry.indexName() + ": " + whyNot);
        continue;
      }
      beforeIndex.accept(entry.indexName());
      // Each run checks the records and their count too; the first run's report is kept (a repair
      // has fixed what it found by the next run).
      IndexVerification run = check(verifier, List.of(definition(entry)), repair);
      records = records == null ? run.records() : records;
      reports.addAll(run.indexes());
    }
    if (records == null) {
      records = check(verifier, List.of(), repair).records();
    }
    return new Result(new IndexVerification(entityName, records, reports), skipped);
  }

  private static IndexVerification check(
      IndexVerifier<StoredRecord> verifier, List<IndexDefinition<StoredRecord>> indexes, boolean repair) {
    return repair ? verifier.repair(indexes) : verifier.verify(indexes);
  }

  // Every component must decode, as dump and get read it: a record they cannot read is reported.
  private static StoredRecord decode(StoredRecordReader reader, KvEntry entry) {
    Tuple value = Tuple.unpack(entry.value());
    RecordSchema schema = reader.schemaOf(value);
    ComponentValues.read(schema, value);
    return new StoredRecord(schema, value);
  }

  static String whyNotVerifiable(IndexCatalogEntry entry, StoredRecordReader reader) {
    if (entry.state() != IndexState.READABLE) {
      return "its state is " + entry.state() + "; only a readable index is verified";
    }
    Matcher matcher = FIELD_INDEX.matcher(entry.descriptor());
    if (entry.descriptor().contains(":enum ")) {
      return "it indexes an enum field by declaration order, which only the application's classes"
          + " know; verify it from the application (indexAdmin().verifyIndexes())";
    }
    if (entry.descriptor().contains(":each ")) {
      return "it is a multi-value index (one entry per element of a collection), whose values the"
          + " catalog does not derive; verify it from the application (indexAdmin().verifyIndexes())";
    }
    if (!matcher.matches() || !isNormalization(matcher.group(3))) {
      return "its definition " + entry.descriptor()
          + " is not a field index the catalog can derive values for";
    }
    String rules = TextNormalizer.rules(Normalize.valueOf(matcher.group(3)));
    if (rules != null && !rules.equals(matcher.group(6))) {
      String stored = matcher.group(6) == null ? "an older Tessera's rules" : matcher.group(6);
      return "its values were folded under other rules (" + stored + ", now " + rules
          + "); the application rebuilds it when it opens the store";
    }
    for (String field : matcher.group(2).split(",")) {
      for (RecordSchema schema : reader.schemas()) {
        if (schema.components().stream().noneMatch(c -> c.toString().equals(field))) {
          return "records stored with shape " + schema.descriptor() + " do not hold " + field
              + " under that name and type; verify it from the application"
              + " (indexAdmin().verifyIndexes())";
        }
      }
    }
    return null;
  }

  private static boolean isNormalization(String name) {
    for (Normalize mode : Normalize.values()) {
      if (mode.name().equals(name)) {
        return true;
      }
    }
    return false;
  }

  static IndexDefinition<StoredRecord> definition(IndexCatalogEntry entry) {
    Matcher matcher = FIELD_INDEX.matcher(entry.descriptor());
    if (!matcher.matches()) {
      throw new IllegalStateException("not a field index: " + entry.descriptor());
    }
    List<String> fields = new ArrayList<>();
    List<String> types = new ArrayList<>();
    for (String field : matcher.group(2).split(",")) {
      int colon = field.indexOf(':');
      fields.add(field.substring(0, colon));
      types.add(field.substring(colon + 1));
    }
    Normalize normalize = Normalize.valueOf(matcher.group(3));
    boolean nulls = matcher.group(4) != null;
    return new IndexDefinition<>(entry.indexName(), entry.subspace(), entry.unique(), fields,
        record -> values(record, fields, types, normalize, nulls), entry.descriptor());
  }

  // As generated code derives them: the fields' encoded values, strings normalised first; a null
  // field is a null part when the index holds nulls, else the record has no entry at all.
  private static Tuple values(
      StoredRecord record, List<String> fields, List<String> types, Normalize normalize,
      boolean nulls) {
    List<ComponentSchema> components = record.schema().components();
    List<Object> values = new ArrayList<>(fields.size());
    for (int f = 0; f < fields.size(); f++) {
      Object part = null;
      for (int i = 0; i < components.size(); i++) {
        if (components.get(i).name().equals(fields.get(f))) {
          part = record.value().get(i + 1);
        }
      }
      if (part == null && !nulls) {
        return null;
      }
      boolean text = types.get(f).equals("STRING");
      values.add(part != null && text && normalize != Normalize.NONE
          ? TextNormalizer.normalize((String) part, normalize)
          : part);
    }
    return Tuple.fromList(values);
  }
}
