package dev.tessera.processor;

import java.util.Collection;

/**
 * Every message the processor reports, in one place. Each starts with a tag ({@code
 * [Tessera/...]}) that tests and users can search for, says what is wrong, names both sides of a
 * conflict and says what to change.
 *
 * <p>Stateless and thread-safe.
 */
public final class ProcessorErrors {
  /** The tag of {@link #notARecord}. */
  public static final String NOT_A_RECORD = "[Tessera/NotARecord]";
  /** The tag of {@link #genericEntity}. */
  public static final String GENERIC_ENTITY = "[Tessera/GenericEntity]";
  /** The tag of {@link #notStaticNested}. */
  public static final String NOT_STATIC_NESTED = "[Tessera/NotStaticNested]";
  /** The tag of {@link #inaccessibleEntity}. */
  public static final String INACCESSIBLE_ENTITY = "[Tessera/InaccessibleEntity]";
  /** The tag of {@link #missingPrimaryKey}. */
  public static final String MISSING_PRIMARY_KEY = "[Tessera/MissingPrimaryKey]";
  /** The tag of {@link #duplicatePrimaryKey}. */
  public static final String DUPLICATE_PRIMARY_KEY = "[Tessera/DuplicatePrimaryKey]";
  /** The tag of {@link #unsupportedType}. */
  public static final String UNSUPPORTED_TYPE = "[Tessera/UnsupportedType]";
  /** The tag of {@link #unorderableKey}. */
  public static final String UNORDERABLE_KEY = "[Tessera/UnorderableKey]";
  /** The tag of {@link #unorderableIndex}. */
  public static final String UNORDERABLE_INDEX = "[Tessera/UnorderableIndex]";
  /** The tag of {@link #normalizeOnNonString} and {@link #normalizeWithoutString}. */
  public static final String NORMALIZE_ON_NON_STRING = "[Tessera/NormalizeOnNonString]";
  /** The tag of {@link #unknownIndexField}. */
  public static final String UNKNOWN_INDEX_FIELD = "[Tessera/UnknownIndexField]";
  /** The tag of {@link #compositeIndexWithoutFields}. */
  public static final String COMPOSITE_INDEX_WITHOUT_FIELDS = "[Tessera/CompositeIndexWithoutFields]";
  /** The tag of {@link #fieldsOnComponentIndex}. */
  public static final String FIELDS_ON_COMPONENT_INDEX = "[Tessera/FieldsOnComponentIndex]";
  /** The tag of {@link #invalidIndexName}. */
  public static final String INVALID_INDEX_NAME = "[Tessera/InvalidIndexName]";
  /** The tag of {@link #reservedIndexName}. */
  public static final String RESERVED_INDEX_NAME = "[Tessera/ReservedIndexName]";
  /** The tag of {@link #repeatedIndexField}. */
  public static final String REPEATED_INDEX_FIELD = "[Tessera/RepeatedIndexField]";
  /** The tag of {@link #duplicateIndexName}. */
  public static final String DUPLICATE_INDEX_NAME = "[Tessera/DuplicateIndexName]";
  /** The tag of {@link #keyLayoutCollision}. */
  public static final String KEY_LAYOUT_COLLISION = "[Tessera/KeyLayoutCollision]";
  /** The tag of {@link #ulidOnNonString}. */
  public static final String ULID_ON_NON_STRING = "[Tessera/UlidOnNonString]";
  /** The tag of {@link #invalidDefaultValue} and {@link #defaultValueUnsupported}. */
  public static final String INVALID_DEFAULT_VALUE = "[Tessera/InvalidDefaultValue]";
  /** The tag of {@link #formerNameNotIdentifier}, {@link #formerNameIsCurrent} and {@link #formerNameTwice}. */
  public static final String INVALID_FORMER_NAME = "[Tessera/InvalidFormerName]";
  /** The tag of {@link #primaryKeyOutsideRecord}. */
  public static final String PRIMARY_KEY_OUTSIDE_RECORD = "[Tessera/PrimaryKeyOutsideRecord]";
  /** The tag of {@link #repositoryNameTaken}. */
  public static final String REPOSITORY_NAME_TAKEN = "[Tessera/RepositoryNameTaken]";
  /** The tag of {@link #repositoryIndexNotWritten}. */
  public static final String REPOSITORY_INDEX_NOT_WRITTEN = "[Tessera/RepositoryIndexNotWritten]";
  /** The tag of {@link #invalidInjectOption}. */
  public static final String INVALID_INJECT_OPTION = "[Tessera/InvalidInjectOption]";
  /** The tag of {@link #internalError}. */
  public static final String INTERNAL_ERROR = "[Tessera/InternalError]";
  /** The tag of {@link #generatedNameClash}. */
  public static final String GENERATED_NAME_CLASH = "[Tessera/GeneratedNameClash]";

  private static final String STORED_TYPES =
      "primitives and their boxes, String, byte[], enums, UUID, Instant, LocalDate, LocalDateTime,"
          + " LocalTime, OffsetDateTime, Duration, BigInteger, BigDecimal, Optional<T>, List<T>,"
          + " Set<T>, Map<K, V>, or a record of those";
  private static final String ORDERABLE_TYPES =
      "a primitive or its box, String, byte[], an enum, UUID, Instant, LocalDate, LocalDateTime,"
          + " LocalTime, Duration or BigInteger";
  private static final String INDEXABLE_TYPES = ORDERABLE_TYPES + ", BigDecimal or OffsetDateTime";

  private ProcessorErrors() {}

  /**
   * {@return the message for {@code @Entity} on something that is not a record}
   *
   * @param element the element, as the message names it
   * @param kind what kind of element it is
   */
  public static String notARecord(String element, String kind) {
    return String.format(
        "%s @Entity is only for records, but %s is %s: declare it as a record"
            + " (public record %s(@PrimaryKey ... id, ...) {})",
        NOT_A_RECORD, element, kind, simpleName(element));
  }

  /**
   * {@return the message for {@code @Entity} on a generic record}
   *
   * @param record the entity record, as the message names it
   * @param typeParameters the record's type parameters
   */
  public static String genericEntity(String record, String typeParameters) {
    return String.format(
        "%s @Entity record %s declares the type parameters <%s>, but an entity's stored shape must"
            + " be fixed: remove the type parameters and use concrete component types",
        GENERIC_ENTITY, record, typeParameters);
  }

  /**
   * {@return the message for {@code @Entity} on a local record or one nested in an inner class}
   *
   * @param record the entity record, as the message names it
   * @param enclosing the enclosing type or method
   */
  public static String notStaticNested(String record, String enclosing) {
    return String.format(
        "%s @Entity record %s is declared inside %s, which is not a top-level or static nested"
            + " type, so the generated repository cannot name it: move the record to the top"
            + " level or make %s static",
        NOT_STATIC_NESTED, record, enclosing, enclosing);
  }

  /**
   * {@return the message for {@code @Entity} on a private record, or one inside a private type}
   *
   * @param record the entity record, as the message names it
   * @param privateType the private type
   */
  public static String inaccessibleEntity(String record, String privateType) {
    return String.format(
        "%s @Entity record %s is not visible from its package because %s is private, so the"
            + " generated repository cannot use it: make %s package-private or public",
        INACCESSIBLE_ENTITY, record, privateType, privateType);
  }

  /**
   * {@return the message for an entity without {@code @PrimaryKey}}
   *
   * @param record the entity record, as the message names it
   * @param components the record's components, listed as the valid choices
   */
  public static String missingPrimaryKey(String record, Collection<String> components) {
    return String.format(
        "%s entity %s has no @PrimaryKey: annotate exactly one of its components (%s) with"
            + " @PrimaryKey",
        MISSING_PRIMARY_KEY, record, String.join(", ", components));
  }

  /**
   * {@return the message for an entity with two {@code @PrimaryKey} components}
   *
   * @param record the entity record, as the message names it
   * @param first the first of the two
   * @param second the second of the two
   */
  public static String duplicatePrimaryKey(String record, String first, String second) {
    return String.format(
        "%s entity %s has two @PrimaryKey components, '%s' and '%s': keep exactly one (for a key"
            + " of several values, use a record of them as the key's type)",
        DUPLICATE_PRIMARY_KEY, record, first, second);
  }

  /**
   * {@return the message for a component whose type cannot be stored}
   *
   * @param record the entity record, as the message names it
   * @param component the component's name
   * @param type the type, as declared
   * @param reason why, as the message explains it
   */
  public static String unsupportedType(
      String record, String component, String type, String reason) {
    return String.format(
        "%s component '%s' of %s has type %s, which Tessera cannot store (%s): use %s",
        UNSUPPORTED_TYPE, component, record, type, reason, STORED_TYPES);
  }

  /**
   * {@return the message for a primary key whose type does not encode order-preservingly}
   *
   * @param record the entity record, as the message names it
   * @param component the component's name
   * @param type the type, as declared
   */
  public static String unorderableKey(String record, String component, String type) {
    return String.format(
        "%s the primary key '%s' of %s has type %s, whose encoding does not preserve order: use"
            + " %s, or a record of those as a composite key",
        UNORDERABLE_KEY, component, record, type, ORDERABLE_TYPES);
  }

  /** The tag of {@link #multiValueInComposite}. */
  public static final String MULTI_VALUE_COMPOSITE = "[Tessera/MultiValueComposite]";

  /**
   * {@return the message for a composite index with a {@code List} or {@code Set} component}
   *
   * @param record the entity record, as the message names it
   * @param index the index's name
   * @param component the component's name
   * @param type the type, as declared
   */
  public static String multiValueInComposite(
      String record, String index, String component, String type) {
    return String.format(
        "%s composite index '%s' of %s covers '%s' of type %s: a List or Set can only be indexed"
            + " on its own (@Index or @UniqueIndex on the component, one entry per element); remove"
            + " '%s' from the composite index or index it separately",
        MULTI_VALUE_COMPOSITE, index, record, component, type, component);
  }

  /**
   * {@return the message for an index over a component whose type does not encode
   * order-preservingly}
   *
   * @param record the entity record, as the message names it
   * @param index the index's name
   * @param component the component's name
   * @param type the type, as declared
   */
  public static String unorderableIndex(
      String record, String index, String component, String type) {
    return String.format(
        "%s index '%s' of %s covers '%s' of type %s, which cannot be an index value: index only"
            + " components of type %s",
        UNORDERABLE_INDEX, index, record, component, type, INDEXABLE_TYPES);
  }

  /**
   * {@return the message for {@code normalize} on an index of a non-String component}
   *
   * @param record the entity record, as the message names it
   * @param index the index's name
   * @param normalize the {@code normalize} value
   * @param component the component's name
   * @param type the type, as declared
   */
  public static String normalizeOnNonString(
      String record, String index, String normalize, String component, String type) {
    return String.format(
        "%s index '%s' of %s asks for normalize = %s, but '%s' has type %s: normalisation applies"
            + " to String components only; remove normalize or index a String",
        NORMALIZE_ON_NON_STRING, index, record, normalize, component, type);
  }

  /**
   * {@return the message for {@code normalize} on a composite index without a String field}
   *
   * @param record the entity record, as the message names it
   * @param index the index's name
   * @param normalize the {@code normalize} value
   * @param fields the fields it names
   */
  public static String normalizeWithoutString(
      String record, String index, String normalize, Collection<String> fields) {
    return String.format(
        "%s composite index '%s' of %s asks for normalize = %s, but none of its fields (%s) is a"
            + " String: remove normalize",
        NORMALIZE_ON_NON_STRING, index, record, normalize, String.join(", ", fields));
  }

  /**
   * {@return the message for a composite index naming a field the record does not have}
   *
   * @param record the entity record, as the message names it
   * @param index the index's name
   * @param field the field's name
   * @param components the record's components, listed as the valid choices
   */
  public static String unknownIndexField(
      String record, String index, String field, Collection<String> components) {
    return String.format(
        "%s composite index '%s' of %s names the field '%s', which is not a component of %s:"
            + " use one of %s",
        UNKNOWN_INDEX_FIELD, index, record, field, simpleName(record),
        String.join(", ", components));
  }

  /**
   * {@return the message for an index on the record type without {@code fields}}
   *
   * @param record the entity record, as the message names it
   * @param annotation the annotation, as the message names it
   */
  public static String compositeIndexWithoutFields(String record, String annotation) {
    return String.format(
        "%s @%s on the record type %s declares a composite index but names no fields: list them"
            + " with fields = {\"a\", \"b\"}, or put @%s on the component to index",
        COMPOSITE_INDEX_WITHOUT_FIELDS, annotation, record, annotation);
  }

  /**
   * {@return the message for an index on a component that also names {@code fields}}
   *
   * @param record the entity record, as the message names it
   * @param component the component's name
   * @param annotation the annotation, as the message names it
   */
  public static String fieldsOnComponentIndex(String record, String component, String annotation) {
    return String.format(
        "%s @%s on component '%s' of %s sets fields, which only composite indexes on the record"
            + " type use: remove fields, or move the annotation to the record type",
        FIELDS_ON_COMPONENT_INDEX, annotation, component, record);
  }

  /**
   * {@return the message for an index name that cannot name finder methods}
   *
   * @param record the entity record, as the message names it
   * @param index the index's name
   */
  public static String invalidIndexName(String record, String index) {
    return String.format(
        "%s index name '%s' of %s is not a Java identifier, but finder methods are named after"
            + " it: choose a name such as \"byEmail\"",
        INVALID_INDEX_NAME, index, record);
  }

  /**
   * {@return the message for an index name whose finders would clash with the repository's own
   * methods}
   *
   * @param record the entity record, as the message names it
   * @param index the index's name
   */
  public static String reservedIndexName(String record, String index) {
    return String.format(
        "%s index '%s' of %s would get methods named like the repository's own findById,"
            + " existsById and byId: give it another name with name = \"...\"",
        RESERVED_INDEX_NAME, index, record);
  }

  /**
   * {@return the message for a composite index naming one field twice}
   *
   * @param record the entity record, as the message names it
   * @param index the index's name
   * @param field the field's name
   */
  public static String repeatedIndexField(String record, String index, String field) {
    return String.format(
        "%s composite index '%s' of %s names the field '%s' twice: list each field once",
        REPEATED_INDEX_FIELD, index, record, field);
  }

  /**
   * {@return the message for two indexes of one entity with one name}
   *
   * @param record the entity record, as the message names it
   * @param index the index's name
   */
  public static String duplicateIndexName(String record, String index) {
    return String.format(
        "%s entity %s declares two indexes named '%s': give one of them another name with"
            + " name = \"...\"",
        DUPLICATE_INDEX_NAME, record, index);
  }

  /**
   * {@return the message for two entities of one compilation that would write to one key prefix}
   *
   * @param prefix the key prefix
   * @param thisUse what in this entity writes there
   * @param otherUse what in the other entity writes there
   */
  public static String keyLayoutCollision(String prefix, String thisUse, String otherUse) {
    return String.format(
        "%s the key prefix \"%s\" is used by %s and by %s, so their keys would mix: rename one"
            + " with @Entity(name = \"...\") or the index's name = \"...\"",
        KEY_LAYOUT_COLLISION, prefix, thisUse, otherUse);
  }

  /**
   * {@return the message for ULID generation on a primary key that is not a String}
   *
   * @param record the entity record, as the message names it
   * @param component the component's name
   * @param type the type, as declared
   */
  public static String ulidOnNonString(String record, String component, String type) {
    return String.format(
        "%s the primary key '%s' of %s asks for generate = ULID but has type %s: ULIDs are"
            + " Strings; make the key a String or remove generate",
        ULID_ON_NON_STRING, component, record, type);
  }

  /**
   * {@return the message for a {@code @DefaultValue} whose text does not parse for its component's
   * type}
   *
   * @param record the entity record, as the message names it
   * @param component the component's name
   * @param type the type, as declared
   * @param text the default text
   * @param expected what the type accepts
   */
  public static String invalidDefaultValue(
      String record, String component, String type, String text, String expected) {
    return String.format(
        "%s @DefaultValue(\"%s\") on component '%s' of %s does not parse as %s: give %s",
        INVALID_DEFAULT_VALUE, text, component, record, type, expected);
  }

  /**
   * {@return the message for a {@code @DefaultValue} on a component whose type has no textual
   * default}
   *
   * @param record the entity record, as the message names it
   * @param component the component's name
   * @param type the type, as declared
   */
  public static String defaultValueUnsupported(String record, String component, String type) {
    return String.format(
        "%s component '%s' of %s has type %s, which cannot declare a @DefaultValue: records stored"
            + " without it read an empty collection, Optional.empty() or null; remove @DefaultValue",
        INVALID_DEFAULT_VALUE, component, record, type);
  }

  /**
   * {@return the message for a {@code @Renamed} former name that is not a Java identifier}
   *
   * @param record the entity record, as the message names it
   * @param component the component's name
   * @param former the former name
   */
  public static String formerNameNotIdentifier(String record, String component, String former) {
    return String.format(
        "%s @Renamed(from = \"%s\") on component '%s' of %s is not a Java identifier, so no"
            + " component was ever named so: give the component's former name",
        INVALID_FORMER_NAME, former, component, record);
  }

  /**
   * {@return the message for a {@code @Renamed} former name that a current component has}
   *
   * @param record the entity record, as the message names it
   * @param component the component's name
   * @param former the former name
   */
  public static String formerNameIsCurrent(String record, String component, String former) {
    return String.format(
        "%s @Renamed(from = \"%s\") on component '%s' of %s names a current component of %s, whose"
            + " stored values read into '%s' itself: remove \"%s\" from @Renamed, or rename '%s'"
            + " too",
        INVALID_FORMER_NAME, former, component, record, simpleName(record), former, former,
        former);
  }

  /**
   * {@return the message for one former name claimed by two components}
   *
   * @param record the entity record, as the message names it
   * @param component the component's name
   * @param former the former name
   * @param other the other component claiming it
   */
  public static String formerNameTwice(
      String record, String component, String former, String other) {
    return String.format(
        "%s @Renamed(from = \"%s\") on component '%s' of %s is also a former name of '%s', so"
            + " stored values would read into both: keep it on one of them",
        INVALID_FORMER_NAME, former, component, record, other);
  }

  /**
   * {@return the message for {@code @PrimaryKey} on a field of a class (or of an interface or enum)
   * instead of a record}
   *
   * @param field the field's name
   * @param kind what kind of element it is
   * @param type the type, as declared
   */
  public static String primaryKeyOutsideRecord(String field, String kind, String type) {
    return String.format(
        "%s @PrimaryKey is only for components of @Entity records, but %s is a field of %s %s:"
            + " declare %s as a record (@Entity public record %s(@PrimaryKey ... %s, ...) {})",
        PRIMARY_KEY_OUTSIDE_RECORD, field, kind, type, simpleName(type), simpleName(type),
        simpleName(field));
  }

  /**
   * {@return the message when the name of an entity's generated repository is already taken by
   * another type}
   *
   * @param record the entity record, as the message names it
   * @param repository the repository interface's name
   */
  public static String repositoryNameTaken(String record, String repository) {
    return String.format(
        "%s Tessera generates the repository of %s as %s, but a type of that name already exists:"
            + " rename that type, or move or rename the record",
        REPOSITORY_NAME_TAKEN, record, repository);
  }

  /**
   * {@return the message when the name of a Jakarta Data repository's implementation is already
   * taken by another type}
   *
   * @param repository the repository interface's name
   * @param implementation the implementation's name
   */
  public static String implementationNameTaken(String repository, String implementation) {
    return String.format(
        "%s Tessera implements the repository %s as %s, but a type of that name already exists:"
            + " rename that type, or rename the repository",
        REPOSITORY_NAME_TAKEN, repository, implementation);
  }

  /**
   * {@return the message for two indexes whose generated key methods would share a name}
   *
   * @param record the entity record, as the message names it
   * @param method the repository method, as the message names it
   * @param first the first of the two
   * @param second the second of the two
   */
  public static String generatedNameClash(String record, String method, String first, String second) {
    return String.format(
        "%s indexes '%s' and '%s' of %s would both get a generated method named %s: give one of"
            + " them another name with name = \"...\"",
        GENERATED_NAME_CLASH, first, second, record, method);
  }

  /**
   * {@return the message when the list of generated repositories could not be written to the class
   * output}
   *
   * @param path the file that could not be written
   * @param failure the failure
   */
  public static String repositoryIndexNotWritten(String path, Throwable failure) {
    return String.format(
        "%s the Tessera processor could not write %s (%s); integrations that register every"
            + " repository (the Spring Boot starter) will not find this compilation's repositories."
            + " Check that the class output directory is writable",
        REPOSITORY_INDEX_NOT_WRITTEN, path, failure);
  }

  /**
   * {@return the message when the {@code -Atessera.inject} processor option has a value other than
   * its two}
   *
   * @param option the option's name
   * @param value the value given
   */
  public static String invalidInjectOption(String option, String value) {
    return String.format(
        "%s -A%s=%s: the value must be 'store' (@Inject on the (KvStore) constructor, the default)"
            + " or 'options' (@Inject on the (KvStore, RepositoryOptions) constructor)",
        INVALID_INJECT_OPTION, option, value);
  }

  /**
   * {@return the message for an unexpected failure of the processor itself}
   *
   * @param element the element, as the message names it
   * @param failure the failure
   */
  public static String internalError(String element, Throwable failure) {
    return String.format(
        "%s the Tessera processor failed on %s (%s); no code was generated for it. Please report"
            + " this with the record's source",
        INTERNAL_ERROR, element, failure);
  }

  // ---------------------------------------------------------------- spatial indexes

  /** The tag of {@link #spatialIndexDimensions}. */
  public static final String SPATIAL_INDEX_DIMENSIONS = "[Tessera/SpatialIndexDimensions]";
  /** The tag of {@link #nonNumericSpatialField}. */
  public static final String NON_NUMERIC_SPATIAL_FIELD = "[Tessera/NonNumericSpatialField]";

  /**
   * {@return the message for a spatial index with fewer than 2 or more than 3 fields}
   *
   * @param record the entity record, as the message names it
   * @param index the index's name
   * @param fields the fields it names
   */
  public static String spatialIndexDimensions(
      String record, String index, Collection<String> fields) {
    return String.format(
        "%s spatial index '%s' of %s has %d field(s) (%s), but a spatial index has 2 or 3: list"
            + " them with fields = {\"x\", \"y\"} or {\"x\", \"y\", \"z\"}",
        SPATIAL_INDEX_DIMENSIONS, index, record, fields.size(), String.join(", ", fields));
  }

  /**
   * {@return the message for a spatial index naming a field the record does not have}
   *
   * @param record the entity record, as the message names it
   * @param index the index's name
   * @param field the field's name
   * @param components the record's components, listed as the valid choices
   */
  public static String unknownSpatialField(
      String record, String index, String field, Collection<String> components) {
    return String.format(
        "%s spatial index '%s' of %s names the field '%s', which is not a component of %s: use"
            + " one of %s",
        UNKNOWN_INDEX_FIELD, index, record, field, simpleName(record),
        String.join(", ", components));
  }

  /**
   * {@return the message for a spatial index naming one field twice}
   *
   * @param record the entity record, as the message names it
   * @param index the index's name
   * @param field the field's name
   */
  public static String repeatedSpatialField(String record, String index, String field) {
    return String.format(
        "%s spatial index '%s' of %s names the field '%s' twice: each dimension needs its own"
            + " field",
        REPEATED_INDEX_FIELD, index, record, field);
  }

  /**
   * {@return the message for a spatial index over a component that is not a number}
   *
   * @param record the entity record, as the message names it
   * @param index the index's name
   * @param field the field's name
   * @param type the type, as declared
   */
  public static String nonNumericSpatialField(
      String record, String index, String field, String type) {
    return String.format(
        "%s spatial index '%s' of %s covers '%s' of type %s, which is not a coordinate: use"
            + " byte, short, int, long, float, double or their boxes",
        NON_NUMERIC_SPATIAL_FIELD, index, record, field, type);
  }

  // ---------------------------------------------------------------- Jakarta Data repositories

  /** The tag of {@link #repositoryNotInterface}. */
  public static final String REPOSITORY_NOT_INTERFACE = "[Tessera/RepositoryNotInterface]";
  /** The tag of {@link #repositoryWithoutEntity}. */
  public static final String REPOSITORY_WITHOUT_ENTITY = "[Tessera/RepositoryWithoutEntity]";
  /** The tag of {@link #repositoryEntityNotTessera}. */
  public static final String REPOSITORY_ENTITY_NOT_TESSERA = "[Tessera/RepositoryEntityNotTessera]";
  /** The tag of {@link #repositoryKeyType}. */
  public static final String REPOSITORY_KEY_TYPE = "[Tessera/RepositoryKeyType]";
  /** The tag of {@link #unsupportedRepositoryMethod} and {@link #queryNotSupported}. */
  public static final String UNSUPPORTED_REPOSITORY_METHOD = "[Tessera/UnsupportedRepositoryMethod]";
  /** The tag of {@link #lifecycleParameter}. */
  public static final String LIFECYCLE_PARAMETER = "[Tessera/LifecycleParameter]";
  /** The tag of {@link #lifecycleReturnType}. */
  public static final String LIFECYCLE_RETURN_TYPE = "[Tessera/LifecycleReturnType]";
  /** The tag of {@link #unknownAttribute}. */
  public static final String UNKNOWN_ATTRIBUTE = "[Tessera/UnknownAttribute]";
  /** The tag of {@link #conditionType}. */
  public static final String CONDITION_TYPE = "[Tessera/ConditionType]";
  /** The tag of {@link #queryReturnType}. */
  public static final String QUERY_RETURN_TYPE = "[Tessera/QueryReturnType]";
  /** The tag of {@link #queryParameter}. */
  public static final String QUERY_PARAMETER = "[Tessera/QueryParameter]";
  /** The tag of {@link #unsupportedQueryKeyword}. */
  public static final String UNSUPPORTED_QUERY_KEYWORD = "[Tessera/UnsupportedQueryKeyword]";
  /** The tag of {@link #unservedQuery}. */
  public static final String UNSERVED_QUERY = "[Tessera/UnservedQuery]";
  /** The tag of {@link #unservedOrder}. */
  public static final String UNSERVED_ORDER = "[Tessera/UnservedOrder]";

  /** The tag of {@link #metamodelNameClash} and {@link #metamodelNameTaken}. */
  public static final String METAMODEL_NAME_CLASH = "[Tessera/MetamodelNameClash]";

  /**
   * {@return the message for two components whose static metamodel members would share a name}
   *
   * @param record the entity record, as the message names it
   * @param name the shared name
   * @param first the first of the two
   * @param second the second of the two
   */
  public static String metamodelNameClash(String record, String name, String first, String second) {
    return String.format(
        "%s in the Jakarta Data static metamodel _%s, %s would name both component %s and the"
            + " constant of component %s: rename one of them",
        METAMODEL_NAME_CLASH, simpleName(record), name, first, second);
  }

  /**
   * {@return the message when the name of an entity's static metamodel is already taken by another
   * type}
   *
   * @param record the entity record, as the message names it
   * @param metamodel the metamodel's name
   */
  public static String metamodelNameTaken(String record, String metamodel) {
    return String.format(
        "%s Tessera generates the Jakarta Data static metamodel of %s as %s, but a type of that"
            + " name already exists: rename that type, or move or rename the record",
        METAMODEL_NAME_CLASH, record, metamodel);
  }

  /**
   * {@return the message for {@code @Repository} on a class, enum or record}
   *
   * @param type the type, as declared
   * @param kind what kind of element it is
   */
  public static String repositoryNotInterface(String type, String kind) {
    return String.format(
        "%s @Repository %s is a %s, but Jakarta Data repositories are interfaces: declare it as"
            + " an interface (Tessera generates its implementation, %s_)",
        REPOSITORY_NOT_INTERFACE, type, kind, simpleName(type));
  }

  /**
   * {@return the message for a repository that names no entity: no built-in supertype, no lifecycle
   * method}
   *
   * @param repository the repository interface's name
   */
  public static String repositoryWithoutEntity(String repository) {
    return String.format(
        "%s @Repository %s does not say which entity it stores: extend CrudRepository<E, K>"
            + " (or BasicRepository<E, K>, DataRepository<E, K>) with E a Tessera @Entity record, or"
            + " declare an @Insert, @Update, @Save or @Delete method taking the entity",
        REPOSITORY_WITHOUT_ENTITY, repository);
  }

  /**
   * {@return the message for a repository whose entity is not a Tessera {@code @Entity} record}
   *
   * @param repository the repository interface's name
   * @param entity the entity's name
   */
  public static String repositoryEntityNotTessera(String repository, String entity) {
    return String.format(
        "%s @Repository %s stores %s, which is not a Tessera entity: Tessera implements"
            + " repositories of records annotated @dev.tessera.annotations.Entity. Annotate %s"
            + " (a record with a @PrimaryKey component), or name another provider with"
            + " @Repository(provider = \"...\")",
        REPOSITORY_ENTITY_NOT_TESSERA, repository, entity, simpleName(entity));
  }

  /**
   * {@return the message when the key type argument of the repository differs from the entity's
   * primary key type}
   *
   * @param repository the repository interface's name
   * @param keyType the key type argument
   * @param entity the entity's name
   * @param primaryKey the primary key component's name
   * @param primaryKeyType the primary key's type
   */
  public static String repositoryKeyType(
      String repository, String keyType, String entity, String primaryKey, String primaryKeyType) {
    return String.format(
        "%s @Repository %s declares key type %s, but the primary key of %s, %s, is a %s: use %s"
            + " as the second type argument",
        REPOSITORY_KEY_TYPE, repository, keyType, entity, primaryKey, primaryKeyType,
        primaryKeyType);
  }

  /**
   * {@return the message for a repository method that is neither a lifecycle method, a query, a
   * built-in nor an accessor}
   *
   * @param repository the repository interface's name
   * @param method the repository method, as the message names it
   */
  public static String unsupportedRepositoryMethod(String repository, String method) {
    return String.format(
        "%s %s.%s is not a method Tessera can implement: annotate it @Find (equality on @By"
            + " parameters) or @Insert, @Update, @Save, @Delete, name it as a query (findBy...,"
            + " countBy..., existsBy..., deleteBy...), or declare a KvStore accessor without"
            + " parameters",
        UNSUPPORTED_REPOSITORY_METHOD, simpleName(repository), method);
  }

  /**
   * {@return the message for a {@code @Query} method: Tessera has no query language}
   *
   * @param repository the repository interface's name
   * @param method the repository method, as the message names it
   */
  public static String queryNotSupported(String repository, String method) {
    return String.format(
        "%s %s.%s uses @Query, but Tessera stores records in an ordered key store without a query"
            + " language: declare it @Find with @By parameters, which compiles only where an index"
            + " serves it",
        UNSUPPORTED_REPOSITORY_METHOD, simpleName(repository), method);
  }

  /**
   * {@return the message for a lifecycle method whose parameters are not one entity, list or array
   * of them}
   *
   * @param method the repository method, as the message names it
   * @param annotation the annotation, as the message names it
   * @param entity the entity's name
   */
  public static String lifecycleParameter(String method, String annotation, String entity) {
    return String.format(
        "%s @%s method %s must take exactly one parameter: a %s, a List<%s> or a %s[]",
        LIFECYCLE_PARAMETER, annotation, method, entity, entity, entity);
  }

  /**
   * {@return the message for a lifecycle method returning something other than void or its
   * parameter's type}
   *
   * @param method the repository method, as the message names it
   * @param annotation the annotation, as the message names it
   * @param returnType the declared return type
   * @param parameterType the parameter's type
   */
  public static String lifecycleReturnType(
      String method, String annotation, String returnType, String parameterType) {
    return String.format(
        "%s @%s method %s returns %s: it must return void%s",
        LIFECYCLE_RETURN_TYPE, annotation, method, returnType,
        annotation.equals("Delete") ? "" : " or " + parameterType + " (the entities as stored)");
  }

  /**
   * {@return the message for a query parameter naming no attribute of the entity}
   *
   * @param method the repository method, as the message names it
   * @param parameter the parameter's name
   * @param attribute the attribute's name
   * @param entity the entity's name
   * @param attributes the entity's attributes, listed as the valid choices
   */
  public static String unknownAttribute(
      String method, String parameter, String attribute, String entity, Collection<String> attributes) {
    return String.format(
        "%s parameter %s of %s names the attribute '%s', which %s does not have: name one of %s"
            + " with @By(\"...\") (or @By(By.ID) for the primary key)",
        UNKNOWN_ATTRIBUTE, parameter, method, attribute, simpleName(entity),
        String.join(", ", attributes));
  }

  /**
   * {@return the message for a query parameter whose type differs from its attribute's}
   *
   * @param method the repository method, as the message names it
   * @param parameter the parameter's name
   * @param type the type, as declared
   * @param attribute the attribute's name
   * @param attributeType the attribute's type
   * @param expected the type to declare the parameter as, as the message suggests it
   */
  public static String conditionType(
      String method, String parameter, String type, String attribute, String attributeType,
      String expected) {
    return String.format(
        "%s parameter %s of %s is a %s, but attribute %s is a %s: declare the parameter as %s",
        CONDITION_TYPE, parameter, method, type, attribute, attributeType, expected);
  }

  /**
   * {@return the message for a query method returning a type Tessera cannot give}
   *
   * @param method the repository method, as the message names it
   * @param returnType the declared return type
   * @param allowed the return types allowed
   */
  public static String queryReturnType(String method, String returnType, String allowed) {
    return String.format(
        "%s %s returns %s: it must return %s", QUERY_RETURN_TYPE, method, returnType, allowed);
  }

  /**
   * {@return the message for a method name that reads as a query with a keyword Tessera refuses}
   *
   * @param method the repository method, as the message names it
   * @param keyword the keyword
   * @param reason why, as the message explains it
   */
  public static String unsupportedQueryKeyword(String method, String keyword, String reason) {
    return String.format(
        "%s %s: '%s' is refused: %s", UNSUPPORTED_QUERY_KEYWORD, method, keyword, reason);
  }

  /**
   * {@return the message for a query parameter that cannot be used as declared}
   *
   * @param method the repository method, as the message names it
   * @param parameter the parameter's name
   * @param reason why, as the message explains it
   */
  public static String queryParameter(String method, String parameter, String reason) {
    return String.format("%s parameter %s of %s: %s", QUERY_PARAMETER, parameter, method, reason);
  }

  /**
   * Conditions no primary key or index serves: {@code reasons} say why the indexes over the
   * compared fields do not, and {@code suggested} (empty when such an index exists) the index to
   * add.
   *
   * @param method the repository method, as the message names it
   * @param entity the entity's qualified name
   * @param fields the fields the conditions compare
   * @param indexes the keys of the entity, for the message
   * @param suggested the fields of the index to add, or empty when an index over them exists
   * @param reasons why the indexes over the compared fields do not serve the conditions
   * @return the message
   */
  public static String unservedQuery(
      String method, String entity, Collection<String> fields, String indexes,
      Collection<String> suggested, Collection<String> reasons) {
    String why = reasons.isEmpty() ? "" : ": " + String.join("; ", reasons);
    String remedy =
        suggested.isEmpty()
            ? ""
            : ". Add @Index(fields = {" + quotedList(suggested) + "}) to " + simpleName(entity)
                + ", or compare the leading fields of an existing index (equality or In), then at"
                + " most one range on the next field";
    return String.format(
        "%s %s compares %s, which neither the primary key nor an index of %s serves (%s)%s."
            + " Tessera reads only through keys, never by scanning records%s",
        UNSERVED_QUERY, method, String.join(", ", fields), simpleName(entity), indexes, why,
        remedy);
  }

  /**
   * {@return the message for a static {@code @OrderBy} the serving index does not give}
   *
   * @param method the repository method, as the message names it
   * @param order the order asked for
   * @param served the order the serving key gives
   * @param suggestedFields the fields an index serving the order would have
   * @param entity the entity's name
   */
  public static String unservedOrder(
      String method, String order, String served, Collection<String> suggestedFields, String entity) {
    return String.format(
        "%s %s orders by %s, but the key serving it orders by %s (all ascending or all"
            + " descending, case-sensitive): add @Index(fields = {%s}) to %s, or order as the key"
            + " does",
        UNSERVED_ORDER, method, order, served, quotedList(suggestedFields), simpleName(entity));
  }

  /**
   * {@return the message for a box query (a {@code Between} on every field of a spatial index)
   * asking for what a spatial index cannot give}
   *
   * @param method the repository method, as the message names it
   * @param index the spatial index serving the conditions
   * @param fields its fields
   * @param asked what the method asks for: an order, a {@code Limit}, pages or a delete
   * @param order true if it asks for an order (tagged as an unserved order), false otherwise
   */
  public static String unservedSpatialQuery(
      String method, String index, Collection<String> fields, String asked, boolean order) {
    return String.format(
        "%s %s is a box query, served by spatial index %s (%s), which returns records in the"
            + " Z-order of their points, in no attribute's order, and serves list, array, stream,"
            + " single result, First/Top, count and exists. It cannot give %s: %s",
        order ? UNSERVED_ORDER : UNSERVED_QUERY,
        method,
        index,
        String.join(", ", fields),
        asked,
        order
            ? "drop the order and sort the results in the application"
            : "declare a List or Stream result, or use the generated repository's by"
                + Character.toUpperCase(index.charAt(0)) + index.substring(1)
                + "().within(..), which has limit and pages");
  }

  private static String quotedList(Collection<String> names) {
    StringBuilder list = new StringBuilder();
    for (String name : names) {
      list.append(list.length() == 0 ? "" : ", ").append('"').append(name).append('"');
    }
    return list.toString();
  }

  private static String simpleName(String qualified) {
    return qualified.substring(qualified.lastIndexOf('.') + 1);
  }
}
