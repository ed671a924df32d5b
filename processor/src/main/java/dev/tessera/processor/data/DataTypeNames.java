package dev.tessera.processor.data;

import com.palantir.javapoet.ClassName;

/**
 * The Jakarta Data and Tessera run-time types generated Jakarta Data code names, once (the
 * processor depends on neither).
 */
final class DataTypeNames {
  static final ClassName DATA_REPOSITORY_SUPPORT =
      ClassName.get("dev.tessera.data", "DataRepositorySupport");
  static final ClassName ENTITY_REPOSITORY =
      ClassName.get("dev.tessera.repository", "EntityRepository");
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
  static final ClassName MATH = ClassName.get("java.lang", "Math");

  /** The annotation whose presence on the class path turns Jakarta Data support on. */
  static final String REPOSITORY_ANNOTATION = "jakarta.data.repository.Repository";

  private DataTypeNames() {}
}
