package dev.tessera.repository;

import dev.tessera.annotations.Normalize;
import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexState;
import dev.tessera.catalog.StoredRecordReader;
import dev.tessera.internal.catalog.CatalogMapping;
import dev.tessera.internal.catalog.KeySpace;
import dev.tessera.internal.catalog.IndexCatalog;
import dev.tessera.internal.index.IndexVerifier;
import dev.tessera.internal.mapping.ComponentValues;
import dev.tessera.internal.mapping.FieldCodec;
import dev.tessera.internal.mapping.IndexDescriptor;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.Codec;
import dev.tessera.mapping.Codecs;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.mapping.TextNormalizer;
import dev.tessera.mapping.TypeDescriptor;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Verifies, and optionally repairs, an entity's indexes from the store's catalog alone, without
 * the application's classes: the same verification as {@link IndexAdmin#verifyIndexes()} (the same
 * two streaming passes, checks and repairs), with each index's definition derived from the
 * descriptor the catalog keeps, e.g. {@code unique(email:STRING)/CASE_INSENSITIVE}. The keys are
 * derived by the code generated repositories call: each field's stored part decoded by the {@link
 * Codecs} constant of its type, then {@link IndexDefinition#keyPart} / {@link
 * IndexDefinition#textKeyPart} (normalisation, a {@code BigDecimal}'s numeric key, an {@code
 * OffsetDateTime}'s instant), {@link IndexDefinition#keyValues} (a null field is a null part when the
 * descriptor says {@code ;nulls}, else no entry) and {@link IndexDefinition#multiValue} (one entry per distinct element).
 * A record whose parts do not decode as its shape says is reported as undecodable.
 *
 * <p><b>Limits.</b> An index is verified only if it is {@link IndexState#READABLE}, its descriptor
 * is a field index (not a spatial one, nor an enum in declaration order, whose constants only the
 * application's classes hold in order), and every stored shape of the entity holds each of its
 * fields under the same name and type (then every record's parts are what the application indexes;
 * a renamed or retyped field needs the application's own translation). Every other index is listed
 * in {@link Result#skipped()} with the reason.
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
  private static final int BATCH_SIZE = 1000;

  private CatalogIndexVerifier() {}

  /**
   * What a verification of one entity found.
   *
   * @param verification the reports of the verified indexes
   * @param skipped one line per index that could not be verified from the catalog, saying why
   */
  public record Result(IndexVerification verification, List<String> skipped) {
    /**
     * Copies the list.
     *
     * @param verification the reports of the verified indexes
     * @param skipped one line per index that could not be verified from the catalog, saying why
     */
    public Result {
      skipped = List.copyOf(skipped);
    }
  }

  /**
   * Verifies every index of {@code entityName} that can be verified from the catalog; repairs
   * missing and dangling entries if {@code repair} (unique violations are reported only).
   *
   * @param beforeIndex called with each index's name before it is verified (for progress)
   * @param store the store
   * @param entityName the entity's name
   * @param repair true to repair what can be repaired
   * @return what was verified, and the indexes skipped
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
    KeySpace keys = KeySpace.read(
        store, entityName, entries.stream().map(IndexCatalogEntry::subspace).toList());
    IndexVerifier<StoredRecord> verifier =
        new IndexVerifier<>(store, mapping, keys, kv -> decode(reader, kv), BATCH_SIZE);
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
    StoredRecord record = reader.stored(value);
    ComponentValues.read(record.schema(), value); // a part that does not decode makes the record corrupt
    return record;
  }

  static String whyNotVerifiable(IndexCatalogEntry entry, StoredRecordReader reader) {
    if (entry.state() != IndexState.READABLE) {
      return "its state is " + entry.state() + "; only a readable index is verified";
    }
    IndexDescriptor descriptor = IndexDescriptor.parse(entry.descriptor());
    if (descriptor.fields().stream()
        .anyMatch(f -> f.type() != null && f.type().kind() == TypeDescriptor.Kind.ENUM)) {
      return "it indexes an enum field by declaration order, which only the application's classes"
          + " know; verify it from the application (indexAdmin().verifyIndexes())";
    }
    if (!derivable(descriptor)) {
      return "its definition " + entry.descriptor()
          + " is not a field index the catalog can derive values for";
    }
    String rules = TextNormalizer.rules(descriptor.normalize().orElseThrow());
    String stored = descriptor.textRules().orElse(null);
    if (rules != null && !rules.equals(stored)) {
      return "its values were folded under other rules ("
          + (stored == null ? "an older Tessera's rules" : stored) + ", now " + rules
          + "); the application rebuilds it when it opens the store";
    }
    for (IndexDescriptor.Field field : descriptor.fields()) {
      for (RecordSchema schema : reader.schemas()) {
        if (schema.components().stream().noneMatch(c -> holds(c, field))) {
          return "records stored with shape " + schema.descriptor() + " do not hold " + field
              + " under that name and type; verify it from the application"
              + " (indexAdmin().verifyIndexes())";
        }
      }
    }
    return null;
  }

  /**
   * True if the catalog can derive the entries of the index {@code descriptor} describes: a field
   * index with a normalisation, each of whose fields has a scalar type (one {@link Codecs}
   * constant stands for).
   */
  private static boolean derivable(IndexDescriptor descriptor) {
    return descriptor.fieldIndex()
        && descriptor.normalize().isPresent()
        && !descriptor.fields().isEmpty()
        && descriptor.fields().stream().allMatch(f -> f.type() != null && f.type().scalar());
  }

  /**
   * True if {@code component} is the field {@code field} of an index descriptor: the same name and
   * type, or for a {@code name:each TYPE} field a {@code List} or {@code Set} of {@code TYPE}.
   */
  private static boolean holds(ComponentSchema component, IndexDescriptor.Field field) {
    if (!component.name().equals(field.name())) {
      return false;
    }
    TypeDescriptor type = component.descriptor();
    if (!field.each()) {
      return type.equals(field.type());
    }
    return (type.kind() == TypeDescriptor.Kind.LIST || type.kind() == TypeDescriptor.Kind.SET)
        && type.arguments().get(0).equals(field.type());
  }

  /**
   * The definition of the index {@code entry} describes, deriving its keys through the same
   * {@link IndexDefinition} methods and the same {@link Codecs} constants as generated code: each
   * field's stored part is decoded by its type's codec, then normalised and encoded as an index
   * holds it (a {@code BigDecimal} by its numeric key, an {@code OffsetDateTime} by its instant); a
   * multi-value index fans out one entry per distinct element.
   */
  static IndexDefinition<StoredRecord> definition(IndexCatalogEntry entry) {
    IndexDescriptor descriptor = IndexDescriptor.parse(entry.descriptor());
    if (!derivable(descriptor)) {
      throw new IllegalStateException("not a field index: " + entry.descriptor());
    }
    Normalize normalize = descriptor.normalize().orElseThrow();
    List<IndexedField> fields = new ArrayList<>();
    for (IndexDescriptor.Field field : descriptor.fields()) {
      fields.add(IndexedField.of(field, normalize));
    }
    List<String> names = fields.stream().map(IndexedField::name).toList();
    boolean unique = entry.unique();
    boolean holdsNulls = !unique && descriptor.holdsNulls();
    if (fields.get(0).each()) {
      IndexedField tags = fields.get(0);
      return IndexDefinition.multiValue(entry.indexName(), entry.subspace(), unique, tags.name(),
          tags::elements, element -> Tuple.of(tags.keyPart(element)), entry.descriptor());
    }
    return new IndexDefinition<>(entry.indexName(), entry.subspace(), unique, names,
        record -> {
          Object[] parts = new Object[fields.size()];
          for (int f = 0; f < parts.length; f++) {
            parts[f] = fields.get(f).keyPart(fields.get(f).value(record));
          }
          return IndexDefinition.keyValues(holdsNulls, parts);
        },
        entry.descriptor());
  }

  /**
   * One field of an index as its catalog descriptor names it ({@code amount:BIG_DECIMAL}, {@code
   * tags:each STRING}): the codec generated code declares for its type (for a multi-value index,
   * its element type) and the index's normalisation when it is text.
   */
  private record IndexedField(String name, boolean each, Codec<Object> codec, Normalize normalize) {
    static IndexedField of(IndexDescriptor.Field field, Normalize normalize) {
      @SuppressWarnings("unchecked") // the codec reads and writes the values it decodes
      Codec<Object> codec = (Codec<Object>) Codecs.scalar(field.type());
      return new IndexedField(field.name(), field.each(), codec,
          field.type().kind() == TypeDescriptor.Kind.STRING ? normalize : Normalize.NONE);
    }

    /** The field's value in {@code record}, decoded by its codec; null when the record holds none. */
    Object value(StoredRecord record) {
      return codec.decode(storedPart(record));
    }

    /** The elements of the collection the field holds in {@code record} (multi-value only). */
    List<Object> elements(StoredRecord record) {
      List<Object> elements = FieldCodec.decodeList(storedPart(record), codec::decode);
      return elements == null ? List.of() : elements;
    }

    @SuppressWarnings("unchecked") // a text field's codec is Codecs.STRING
    Object keyPart(Object value) {
      return normalize == Normalize.NONE
          ? IndexDefinition.keyPart(codec, value)
          : IndexDefinition.textKeyPart((Codec<String>) (Codec<?>) codec, normalize, (String) value);
    }

    private Object storedPart(StoredRecord record) {
      List<ComponentSchema> components = record.schema().components();
      for (int i = 0; i < components.size(); i++) {
        if (components.get(i).name().equals(name)) {
          return record.value().get(i + 1);
        }
      }
      return null;
    }
  }
}
