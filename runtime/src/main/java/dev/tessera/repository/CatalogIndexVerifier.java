package dev.tessera.repository;

import dev.tessera.annotations.Normalize;
import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexState;
import dev.tessera.catalog.StoredRecordReader;
import dev.tessera.internal.catalog.CatalogMapping;
import dev.tessera.internal.catalog.IndexCatalog;
import dev.tessera.internal.catalog.KeySpace;
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
import dev.tessera.query.spatial.CoordinateType;
import dev.tessera.query.spatial.SpatialIndex;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * An enum field is keyed by its constant's position in the declaration order the descriptor
 * records ({@code status:enum com.acme.Status{OUT,LOST}}); a spatial index ({@code
 * spatial(x:INT,y:INT)/z32}) by the Z-order code of the {@link SpatialIndex} generated repositories
 * hold. Records are read as the application reads them: in the newest shape, with the defaults and
 * former names the application's repository recorded in the catalog ({@link
 * StoredRecordReader#current(Tuple)}). A record whose parts do not decode, or whose indexed enum
 * holds a name that is not one of the recorded constants, is reported as undecodable.
 *
 * <p><b>Limits.</b> An index is verified only if it is {@link IndexState#READABLE}, its values can
 * be derived exactly from its descriptor, and every record holds its fields: in the newest shape,
 * or, for records of an older shape whose defaults or former names the catalog does not record, in
 * their own shape under the same name and type. Every other index is listed in {@link
 * Result#skipped()} with the reason, naming the field.
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
  private static final String SPATIAL = "spatial(";

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
    List<IndexCatalogEntry> verifiable = new ArrayList<>();
    for (IndexCatalogEntry entry : entries) {
      String whyNot = whyNotVerifiable(entry, reader);
      if (whyNot == null) {
        verifiable.add(entry);
      } else {
        skipped.add(entityName + "." + entry.indexName() + ": " + whyNot);
      }
    }
    List<IndexReport> reports = new ArrayList<>();
    RecordReport records = null;
    CatalogMapping mapping = new CatalogMapping(reader, List.of());
    KeySpace keys = KeySpace.read(
        store, entityName, entries.stream().map(IndexCatalogEntry::subspace).toList());
    Map<String, List<String>> enums = enumConstants(verifiable);
    IndexVerifier<StoredRecord> verifier =
        new IndexVerifier<>(store, mapping, keys, kv -> decode(reader, enums, kv), BATCH_SIZE);
    for (IndexCatalogEntry entry : verifiable) {
      beforeIndex.accept(entry.indexName());
      // Each run checks the records and their count too; the first run's report is kept (a repair
      // has fixed what it found by the next run).
      IndexVerification run = check(verifier, List.of(definition(entry, entityName)), repair);
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

  /**
   * The record stored in {@code entry} as the application's repository reads it: in the newest
   * shape (defaults of components added since, renamed components under their new names) when the
   * catalog says how, else in the shape it was stored with. Every component must decode, a value of
   * an indexed enum must be one of the constants the catalog records, and the record must hold the
   * primary key it is stored under: the application's repository fails on it too, so the record is
   * reported as undecodable.
   */
  static StoredRecord decode(StoredRecordReader reader, Map<String, List<String>> enums, KvEntry entry) {
    Tuple value = Tuple.unpack(entry.value());
    StoredRecord own = reader.stored(value);
    StoredRecord record = reader.untranslatable(own.schema()).isPresent() ? own : reader.current(value);
    ComponentValues.read(record.schema(), record.value()); // a part that does not decode makes the record corrupt
    requireConstants(reader.entityName(), enums, record);
    Tuple storedUnder = reader.primaryKeyParts(entry.key());
    Tuple held = primaryKeyParts(record);
    if (!storedUnder.equals(held)) {
      // as the application's repository: its entries would be computed for another key
      throw new IllegalArgumentException("the record holds primary key " + held + ", not "
          + storedUnder + " of the key it is stored under");
    }
    return record;
  }

  /** The primary key parts {@code record} holds: its key component's part, or a record key's parts. */
  private static Tuple primaryKeyParts(StoredRecord record) {
    List<ComponentSchema> components = record.schema().components();
    for (int i = 0; i < components.size(); i++) {
      if (components.get(i).name().equals(record.schema().primaryKeyName())) {
        Object part = record.value().get(i + 1);
        return part instanceof Tuple parts ? parts : Tuple.of(part);
      }
    }
    return null;
  }

  /**
   * Checks that every enum field of {@code record} that an index orders by declaration holds one of
   * the constants the catalog records for it.
   *
   * @param enums the constants in declaration order, by field name (see {@link #enumConstants})
   * @throws IllegalArgumentException naming the entity, field and value otherwise
   */
  static void requireConstants(String entity, Map<String, List<String>> enums, StoredRecord record) {
    if (enums.isEmpty()) {
      return;
    }
    List<ComponentSchema> components = record.schema().components();
    for (int i = 0; i < components.size(); i++) {
      List<String> constants = enums.get(components.get(i).name());
      Object part = record.value().get(i + 1);
      if (constants == null || part == null) {
        continue;
      }
      List<Object> names = components.get(i).descriptor().kind() == TypeDescriptor.Kind.ENUM
          ? Collections.singletonList(part) : FieldCodec.decodeList(part, p -> p);
      for (Object name : names) {
        if (name != null && !constants.contains(name)) {
          throw new IllegalArgumentException("field '" + components.get(i).name() + "' of "
              + entity + " holds '" + name + "', which is not one of the constants the catalog"
              + " records for it, in declaration order: " + constants);
        }
      }
    }
  }

  /**
   * The enum constants, in declaration order, of every enum field that one of {@code entries} (the
   * verifiable ones) orders by declaration, by field name.
   */
  static Map<String, List<String>> enumConstants(List<IndexCatalogEntry> entries) {
    Map<String, List<String>> enums = new HashMap<>();
    for (IndexCatalogEntry entry : entries) {
      for (IndexDescriptor.Field field : IndexDescriptor.parse(entry.descriptor()).fields()) {
        if (field.type() != null && field.type().kind() == TypeDescriptor.Kind.ENUM) {
          enums.put(field.name(), field.enumConstants());
        }
      }
    }
    return enums;
  }

  /**
   * Why the index {@code entry} describes cannot be maintained from the catalog exactly as the
   * application maintains it, naming the entity, index and field; null if it can.
   */
  static String whyNotVerifiable(IndexCatalogEntry entry, StoredRecordReader reader) {
    if (entry.state() != IndexState.READABLE) {
      return "its state is " + entry.state() + "; only a readable index is verified";
    }
    IndexDescriptor descriptor = IndexDescriptor.parse(entry.descriptor());
    if (entry.descriptor().startsWith(SPATIAL)) {
      try {
        spatial(entry, reader.entityName());
      } catch (IllegalArgumentException e) {
        return e.getMessage();
      }
    } else {
      String notDerivable = whyNotDerivable(descriptor);
      if (notDerivable != null) {
        return notDerivable;
      }
    }
    String rules = descriptor.normalize().map(TextNormalizer::rules).orElse(null);
    String stored = descriptor.textRules().orElse(null);
    if (rules != null && !rules.equals(stored)) {
      return "its values were folded under other rules ("
          + (stored == null ? "an older Tessera's rules" : stored) + ", now " + rules
          + "); the application rebuilds it when it opens the store";
    }
    for (IndexDescriptor.Field field : descriptor.fields()) {
      if (reader.current().components().stream().noneMatch(c -> holds(c, field))) {
        return "field '" + field.name() + "': the newest shape " + reader.latest().descriptor()
            + " does not hold " + field + "; verify it from the application"
            + " (indexAdmin().verifyIndexes())";
      }
      for (RecordSchema schema : reader.schemas()) {
        Optional<String> untranslatable = reader.untranslatable(schema);
        if (untranslatable.isPresent() && schema.components().stream().noneMatch(c -> holds(c, field))) {
          return "field '" + field.name() + "': " + untranslatable.get();
        }
      }
    }
    return null;
  }

  /**
   * Why a field index's values cannot be derived from {@code descriptor}, or null: it must have a
   * normalisation and fields of scalar types (one {@link Codecs} constant stands for) or enums whose
   * constants it lists in declaration order.
   */
  private static String whyNotDerivable(IndexDescriptor descriptor) {
    if (!descriptor.fieldIndex() || descriptor.normalize().isEmpty() || descriptor.fields().isEmpty()) {
      return "its definition " + descriptor + " is not a field index the catalog can derive values for";
    }
    for (IndexDescriptor.Field field : descriptor.fields()) {
      if (field.type() == null) {
        return "field '" + field.name() + "' has no type in its definition " + descriptor;
      }
      if (field.type().kind() == TypeDescriptor.Kind.ENUM) {
        if (field.enumConstants().isEmpty() || field.enumConstants().contains("")) {
          return "field '" + field.name() + "' is an enum indexed by declaration order, and its"
              + " definition " + descriptor + " does not list the constants in that order";
        }
      } else if (!field.type().scalar()) {
        return "field '" + field.name() + "' has type " + field.type()
            + ", whose index values the catalog cannot derive";
      }
    }
    return null;
  }

  /**
   * True if {@code component} is the field {@code field} of an index descriptor: the same name and
   * type, for a {@code name:each TYPE} field a {@code List} or {@code Set} of {@code TYPE}, for a
   * spatial index's coordinate a number of that coordinate type.
   */
  private static boolean holds(ComponentSchema component, IndexDescriptor.Field field) {
    if (!component.name().equals(field.name()) || field.type() == null) {
      return false;
    }
    TypeDescriptor type = component.descriptor();
    if (field.each()) {
      return (type.kind() == TypeDescriptor.Kind.LIST || type.kind() == TypeDescriptor.Kind.SET)
          && type.arguments().get(0).equals(field.type());
    }
    if (type.equals(field.type())) {
      return true;
    }
    CoordinateType coordinate = coordinateType(type);
    return coordinate != null && coordinate.name().equals(field.type().kind().name())
        && !field.type().primitive() && field.enumConstants().isEmpty();
  }

  /** The coordinate type a spatial index gives a numeric component, or null for other types. */
  private static CoordinateType coordinateType(TypeDescriptor type) {
    switch (type.kind()) {
      case BYTE:
      case SHORT:
      case INT:
        return CoordinateType.INT;
      case LONG:
        return CoordinateType.LONG;
      case FLOAT:
        return CoordinateType.FLOAT;
      case DOUBLE:
        return CoordinateType.DOUBLE;
      default:
        return null;
    }
  }

  /**
   * The spatial index {@code entry} describes ({@code spatial(x:INT,y:INT)/z32}), built by the
   * runtime class generated repositories hold, so its Z-order codes are theirs; its coordinates are
   * the stored parts of its fields, decoded by their types' codecs.
   *
   * @throws IllegalArgumentException saying why the descriptor is not one {@link SpatialIndex}
   *     writes
   */
  private static SpatialIndex<StoredRecord> spatial(IndexCatalogEntry entry, String entityName) {
    IndexDescriptor descriptor = IndexDescriptor.parse(entry.descriptor());
    List<String> fields = new ArrayList<>();
    List<CoordinateType> types = new ArrayList<>();
    for (IndexDescriptor.Field field : descriptor.fields()) {
      CoordinateType type = field.type() == null || field.type().primitive() ? null
          : coordinateType(field.type());
      if (type == null || !type.name().equals(field.type().kind().name())) {
        throw new IllegalArgumentException("field '" + field.name() + "' of its definition "
            + entry.descriptor() + " has no coordinate type (INT, LONG, FLOAT or DOUBLE)");
      }
      fields.add(field.name());
      types.add(type);
    }
    if (fields.size() < 2 || fields.size() > 3) {
      throw new IllegalArgumentException("its definition " + entry.descriptor()
          + " is not a spatial index of 2 or 3 fields");
    }
    @SuppressWarnings("unchecked")
    SpatialIndex<StoredRecord>[] self = new SpatialIndex[1];
    self[0] = new SpatialIndex<>(entityName, entry.indexName(), entry.subspace(), fields, types,
        record -> {
          long[] point = new long[fields.size()];
          for (int d = 0; d < point.length; d++) {
            Object value = storedValue(record, fields.get(d));
            if (value == null) {
              return null; // a record with a null coordinate is not in the index
            }
            point[d] = types.get(d).floating()
                ? self[0].fromFloating(d, ((Number) value).doubleValue())
                : self[0].fromInteger(d, ((Number) value).longValue());
          }
          return point;
        });
    if (!self[0].definition().descriptor().equals(entry.descriptor())) {
      throw new IllegalArgumentException("its definition " + entry.descriptor()
          + " is not what a spatial index of these fields writes ("
          + self[0].definition().descriptor() + ")");
    }
    return self[0];
  }

  /** The value of component {@code name} in {@code record}, decoded by its type's codec; null if absent. */
  private static Object storedValue(StoredRecord record, String name) {
    List<ComponentSchema> components = record.schema().components();
    for (int i = 0; i < components.size(); i++) {
      if (components.get(i).name().equals(name)) {
        return Codecs.scalar(components.get(i).descriptor()).decode(record.value().get(i + 1));
      }
    }
    return null;
  }

  /**
   * The definition of the index {@code entry} describes, deriving its keys through the same
   * {@link IndexDefinition} methods and the same {@link Codecs} constants as generated code: each
   * field's stored part is decoded by its type's codec, then normalised and encoded as an index
   * holds it (a {@code BigDecimal} by its numeric key, an {@code OffsetDateTime} by its instant); a
   * multi-value index fans out one entry per distinct element.
   */
  static IndexDefinition<StoredRecord> definition(IndexCatalogEntry entry, String entityName) {
    if (entry.descriptor().startsWith(SPATIAL)) {
      return spatial(entry, entityName).definition();
    }
    IndexDescriptor descriptor = IndexDescriptor.parse(entry.descriptor());
    String notDerivable = whyNotDerivable(descriptor);
    if (notDerivable != null) {
      throw new IllegalStateException(notDerivable);
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
  private record IndexedField(
      String name, boolean each, Codec<Object> codec, Normalize normalize, List<String> constants) {
    static IndexedField of(IndexDescriptor.Field field, Normalize normalize) {
      if (field.type().kind() == TypeDescriptor.Kind.ENUM) {
        // Records store the constant's name; the index holds its position in declaration order.
        return new IndexedField(field.name(), field.each(), null, Normalize.NONE, field.enumConstants());
      }
      @SuppressWarnings("unchecked") // the codec reads and writes the values it decodes
      Codec<Object> codec = (Codec<Object>) Codecs.scalar(field.type());
      return new IndexedField(field.name(), field.each(), codec,
          field.type().kind() == TypeDescriptor.Kind.STRING ? normalize : Normalize.NONE, List.of());
    }

    /** The field's value in {@code record}, decoded by its codec; null when the record holds none. */
    Object value(StoredRecord record) {
      return decode(storedPart(record));
    }

    /** The elements of the collection the field holds in {@code record} (multi-value only). */
    List<Object> elements(StoredRecord record) {
      List<Object> elements = FieldCodec.decodeList(storedPart(record), this::decode);
      return elements == null ? List.of() : elements;
    }

    private Object decode(Object part) {
      return codec == null ? part : codec.decode(part);
    }

    @SuppressWarnings("unchecked") // a text field's codec is Codecs.STRING
    Object keyPart(Object value) {
      if (codec == null) {
        return enumKeyPart(value);
      }
      return normalize == Normalize.NONE
          ? IndexDefinition.keyPart(codec, value)
          : IndexDefinition.textKeyPart((Codec<String>) (Codec<?>) codec, normalize, (String) value);
    }

    /** As {@code Codecs.enumOf(..).indexKey}: the constant's position in declaration order. */
    private Object enumKeyPart(Object name) {
      if (name == null) {
        return null;
      }
      int ordinal = constants.indexOf(name);
      if (ordinal < 0) {
        throw new IllegalArgumentException("field '" + this.name + "' holds '" + name
            + "', which is not one of its constants " + constants);
      }
      return (long) ordinal;
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
