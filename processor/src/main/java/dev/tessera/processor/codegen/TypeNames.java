package dev.tessera.processor.codegen;

import com.palantir.javapoet.ClassName;
import dev.tessera.annotations.KeyGeneration;
import dev.tessera.annotations.Normalize;

/**
 * The runtime and library types generated code names. The processor does not depend on the
 * runtime, so it names these types here, once.
 */
final class TypeNames {
  static final ClassName ENTITY_REPOSITORY =
      ClassName.get("dev.tessera.repository", "EntityRepository");
  static final ClassName REPOSITORY_OPTIONS =
      ClassName.get("dev.tessera.repository", "RepositoryOptions");
  static final ClassName TRANSACTION = ClassName.get("dev.tessera.repository", "Transaction");
  static final ClassName TRANSACTIONS = ClassName.get("dev.tessera.repository", "Transactions");
  static final ClassName ENTITY_MAPPING = ClassName.get("dev.tessera.mapping", "EntityMapping");
  static final ClassName INDEX_DEFINITION =
      ClassName.get("dev.tessera.mapping", "IndexDefinition");
  static final ClassName CODEC = ClassName.get("dev.tessera.mapping", "Codec");
  static final ClassName CODECS = ClassName.get("dev.tessera.mapping", "Codecs");
  static final ClassName GENERATED_MAPPING =
      ClassName.get("dev.tessera.mapping", "GeneratedMapping");
  static final ClassName TEXT_NORMALIZER = ClassName.get("dev.tessera.mapping", "TextNormalizer");
  static final ClassName RECORD_SCHEMA = ClassName.get("dev.tessera.mapping", "RecordSchema");
  static final ClassName INDEX_QUERY = ClassName.get("dev.tessera.query", "IndexQuery");
  static final ClassName INDEX_QUERY_STAGE = ClassName.get("dev.tessera.query", "IndexQueryStage");
  static final ClassName MULTI_VALUE_STAGE =
      ClassName.get("dev.tessera.query", "MultiValueStage");
  static final ClassName LAST_COMPONENT_STAGE =
      ClassName.get("dev.tessera.query", "LastComponentStage");
  static final ClassName LAST_TEXT_COMPONENT_STAGE =
      ClassName.get("dev.tessera.query", "LastTextComponentStage");
  static final ClassName SPATIAL_INDEX =
      ClassName.get("dev.tessera.query.spatial", "SpatialIndex");
  static final ClassName COORDINATE_TYPE =
      ClassName.get("dev.tessera.query.spatial", "CoordinateType");
  static final ClassName BOX_QUERY = ClassName.get("dev.tessera.query.spatial", "BoxQuery");
  static final ClassName COMPONENT_SCHEMA =
      ClassName.get("dev.tessera.mapping", "ComponentSchema");
  static final ClassName TYPE_DESCRIPTOR = ClassName.get("dev.tessera.mapping", "TypeDescriptor");
  static final ClassName TYPE_DESCRIPTOR_COMPONENT = TYPE_DESCRIPTOR.nestedClass("Component");
  static final ClassName KV_STORE = ClassName.get("dev.tessera.kv", "KvStore");
  static final ClassName TUPLE = ClassName.get("dev.tessera.tuple", "Tuple");
  static final ClassName TUPLE_READER = ClassName.get("dev.tessera.tuple", "TupleReader");
  static final ClassName TUPLE_WRITER = ClassName.get("dev.tessera.tuple", "TupleWriter");
  static final ClassName KEY_QUERY = ClassName.get("dev.tessera.query", "KeyQuery");
  static final ClassName KEY_GENERATION = ClassName.get(KeyGeneration.class);
  static final ClassName NORMALIZE = ClassName.get(Normalize.class);

  static final ClassName TESSERA_EXCEPTION = ClassName.get("dev.tessera", "TesseraException");
  static final ClassName QUERY = ClassName.get("dev.tessera.query", "Query");
  static final ClassName CURSOR_KEY = ClassName.get("dev.tessera.jakarta", "CursorKey");
  static final ClassName JAKARTA_DATA_ADAPTER =
      ClassName.get("dev.tessera.jakarta", "JakartaDataAdapter");
  static final ClassName SORT = ClassName.get("jakarta.data", "Sort");
  static final ClassName STATIC_METAMODEL =
      ClassName.get("jakarta.data.metamodel", "StaticMetamodel");
  static final ClassName ATTRIBUTE = ClassName.get("jakarta.data.metamodel", "Attribute");
  static final ClassName SORTABLE_ATTRIBUTE =
      ClassName.get("jakarta.data.metamodel", "SortableAttribute");
  static final ClassName TEXT_ATTRIBUTE = ClassName.get("jakarta.data.metamodel", "TextAttribute");
  static final ClassName ATTRIBUTE_RECORD =
      ClassName.get("jakarta.data.metamodel.impl", "AttributeRecord");
  static final ClassName SORTABLE_ATTRIBUTE_RECORD =
      ClassName.get("jakarta.data.metamodel.impl", "SortableAttributeRecord");
  static final ClassName TEXT_ATTRIBUTE_RECORD =
      ClassName.get("jakarta.data.metamodel.impl", "TextAttributeRecord");
  static final ClassName ARRAYS = ClassName.get("java.util", "Arrays");
  static final ClassName ARRAY_LIST = ClassName.get("java.util", "ArrayList");
  static final ClassName FUNCTION = ClassName.get("java.util.function", "Function");
  static final ClassName MATH = ClassName.get("java.lang", "Math");
  static final ClassName SUPPRESS_WARNINGS = ClassName.get("java.lang", "SuppressWarnings");

  static final ClassName INJECT = ClassName.get("jakarta.inject", "Inject");
  static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");

  static final ClassName STRING = ClassName.get("java.lang", "String");
  static final ClassName CLASS = ClassName.get("java.lang", "Class");
  static final ClassName OVERRIDE = ClassName.get("java.lang", "Override");
  static final ClassName FLOAT = ClassName.get("java.lang", "Float");
  static final ClassName DOUBLE = ClassName.get("java.lang", "Double");
  static final ClassName OBJECTS = ClassName.get("java.util", "Objects");
  static final ClassName LIST = ClassName.get("java.util", "List");
  static final ClassName COLLECTION = ClassName.get("java.util", "Collection");
  static final ClassName SET = ClassName.get("java.util", "Set");
  static final ClassName MAP = ClassName.get("java.util", "Map");
  static final ClassName OPTIONAL = ClassName.get("java.util", "Optional");
  static final ClassName UUID = ClassName.get("java.util", "UUID");
  static final ClassName STREAM = ClassName.get("java.util.stream", "Stream");
  static final ClassName INSTANT = ClassName.get("java.time", "Instant");
  static final ClassName LOCAL_DATE = ClassName.get("java.time", "LocalDate");
  static final ClassName LOCAL_DATE_TIME = ClassName.get("java.time", "LocalDateTime");
  static final ClassName LOCAL_TIME = ClassName.get("java.time", "LocalTime");
  static final ClassName OFFSET_DATE_TIME = ClassName.get("java.time", "OffsetDateTime");
  static final ClassName DURATION = ClassName.get("java.time", "Duration");
  static final ClassName BIG_INTEGER = ClassName.get("java.math", "BigInteger");
  static final ClassName BIG_DECIMAL = ClassName.get("java.math", "BigDecimal");

  private TypeNames() {}
}
