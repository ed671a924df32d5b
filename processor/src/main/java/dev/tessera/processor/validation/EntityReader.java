package dev.tessera.processor.validation;

import static dev.tessera.processor.validation.IndexAnnotation.enumValue;
import static dev.tessera.processor.validation.IndexAnnotation.find;
import static dev.tessera.processor.validation.IndexAnnotation.value;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.annotations.Normalize;
import dev.tessera.processor.AnnotationNames;
import dev.tessera.processor.ProcessorErrors;
import dev.tessera.processor.model.ClassRef;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.FieldType;
import dev.tessera.processor.model.IndexModel;
import dev.tessera.processor.model.SpatialIndexModel;
import dev.tessera.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Builds the {@link EntityModel} of one {@code @Entity} element, checking everything that can be
 * checked on the entity alone. Every problem is reported on the element (and annotation) that
 * causes it, all of them in one pass; an entity with any problem yields no model.
 *
 * <p>Not thread-safe: one instance per processor.
 */
public final class EntityReader {
  private final Elements elements;
  private final ErrorReporter errors;
  private final FieldTypeResolver types;
  private final SpatialIndexReader spatial;
  private final EvolutionAnnotations evolution;

  /**
   * Reads with {@code elements}, reporting to {@code errors}.
   *
   * @param elements the compiler's element utilities
   * @param errors where to report
   */
  public EntityReader(Elements elements, ErrorReporter errors) {
    this.elements = elements;
    this.errors = errors;
    this.types = new FieldTypeResolver(elements);
    this.spatial = new SpatialIndexReader(elements, errors);
    this.evolution = new EvolutionAnnotations(elements, errors);
  }

  /**
   * {@return the {@code @Entity} annotation of {@code element}, for error positions}
   *
   * @param element an element carrying {@code @Entity}
   */
  public static AnnotationMirror entityAnnotation(Element element) {
    return find(element, AnnotationNames.ENTITY);
  }

  /**
   * {@return the model of {@code element}, or empty after reporting why there is none}
   *
   * @param element an element carrying {@code @Entity}
   */
  public Optional<EntityModel> read(Element element) {
    AnnotationMirror entity = entityAnnotation(element);
    if (element.getKind() != ElementKind.RECORD) {
      errors.error(
          ProcessorErrors.notARecord(
              element.toString(), describeKind(element.getKind())),
          element,
          entity);
      return Optional.empty();
    }
    TypeElement record = (TypeElement) element;
    int errorsBefore = errors.errorCount();
    checkDeclaration(record, entity);
    // Unsupported components stay null so the key and index checks still run on the others.
    List<ComponentModel> components = evolution.apply(record, readComponents(record));
    String entityName = entityName(record, entity);
    PrimaryKeyChoice primaryKey = readPrimaryKey(record, components, entity);
    List<IndexModel> indexes = new IndexReader(record, components, entityName).read();
    List<SpatialIndexModel> spatialIndexes =
        spatial.read(record, components, entityName, indexes);
    if (errors.errorCount() != errorsBefore) {
      return Optional.empty();
    }
    return Optional.of(
        new EntityModel(
            types.classRef(record),
            entityName,
            components,
            primaryKey.position(),
            primaryKey.generation(),
            indexes,
            spatialIndexes));
  }

  private void checkDeclaration(TypeElement record, AnnotationMirror entity) {
    String name = record.getQualifiedName().toString();
    if (!record.getTypeParameters().isEmpty()) {
      String parameters =
          record.getTypeParameters().stream()
              .map(Object::toString)
              .collect(Collectors.joining(", "));
      errors.error(ProcessorErrors.genericEntity(name, parameters), record, entity);
    }
    Element enclosing = record.getEnclosingElement();
    if (record.getNestingKind() == NestingKind.LOCAL) {
      errors.error(
          ProcessorErrors.notStaticNested(name, enclosing.toString()), record, entity);
      return;
    }
    for (Element outer = enclosing; outer instanceof TypeElement;
        outer = outer.getEnclosingElement()) {
      TypeElement type = (TypeElement) outer;
      if (type.getNestingKind() == NestingKind.LOCAL
          || (type.getNestingKind() == NestingKind.MEMBER
              && type.getKind() == ElementKind.CLASS
              && !type.getModifiers().contains(Modifier.STATIC))) {
        errors.error(
            ProcessorErrors.notStaticNested(name, type.getQualifiedName().toString()),
            record,
            entity);
        return;
      }
    }
    String hidden = FieldTypeResolver.privateEnclosure(record);
    if (hidden != null) {
      errors.error(ProcessorErrors.inaccessibleEntity(name, hidden), record, entity);
    }
  }

  private List<ComponentModel> readComponents(TypeElement record) {
    List<ComponentModel> components = new ArrayList<>();
    for (RecordComponentElement component : record.getRecordComponents()) {
      String name = component.getSimpleName().toString();
      try {
        components.add(new ComponentModel(name, types.resolve(component.asType())));
      } catch (UnsupportedTypeException e) {
        components.add(null);
        errors.error(
            ProcessorErrors.unsupportedType(
                record.getQualifiedName().toString(),
                name,
                component.asType().toString(),
                e.getMessage()),
            component);
      }
    }
    return components;
  }

  private String entityName(TypeElement record, AnnotationMirror entity) {
    String declared = entity == null ? "" : (String) value(entity, "name", elements);
    if (!declared.isEmpty()) {
      return declared;
    }
    String simple = record.getSimpleName().toString();
    return simple.substring(0, 1).toLowerCase(Locale.ROOT) + simple.substring(1);
  }

  /** The primary key, or position -1 after reporting that there is not exactly one. */
  private PrimaryKeyChoice readPrimaryKey(
      TypeElement record, List<ComponentModel> components, AnnotationMirror entity) {
    List<? extends RecordComponentElement> elementsOfRecord = record.getRecordComponents();
    int found = -1;
    KeyGeneration generation = KeyGeneration.NONE;
    for (int i = 0; i < elementsOfRecord.size(); i++) {
      RecordComponentElement component = elementsOfRecord.get(i);
      AnnotationMirror key = find(component, AnnotationNames.PRIMARY_KEY);
      if (key == null) {
        continue;
      }
      if (found >= 0) {
        errors.error(
            ProcessorErrors.duplicatePrimaryKey(
                record.getQualifiedName().toString(),
                elementsOfRecord.get(found).getSimpleName().toString(),
                component.getSimpleName().toString()),
            component,
            key);
        continue;
      }
      found = i;
      generation = KeyGeneration.valueOf(enumValue(key, "generate", elements));
      if (components.get(i) != null) {
        checkKeyType(record, component, components.get(i), key, generation);
      }
    }
    if (found < 0) {
      errors.error(
          ProcessorErrors.missingPrimaryKey(
              record.getQualifiedName().toString(),
              componentNames(record)),
          record,
          entity);
    }
    return new PrimaryKeyChoice(found, generation);
  }

  private static List<String> componentNames(TypeElement record) {
    return record.getRecordComponents().stream()
        .map(c -> c.getSimpleName().toString())
        .collect(Collectors.toList());
  }

  private void checkKeyType(
      TypeElement record,
      RecordComponentElement element,
      ComponentModel component,
      AnnotationMirror key,
      KeyGeneration generation) {
    FieldType type = component.type();
    boolean orderable =
        type.orderable()
            || (type.kind() == ValueKind.RECORD
                && !type.components().isEmpty()
                && type.components().stream().allMatch(c -> c.type().orderable()));
    if (!orderable) {
      errors.error(
          ProcessorErrors.unorderableKey(
              record.getQualifiedName().toString(), component.name(), element.asType().toString()),
          element,
          key);
    }
    if (generation == KeyGeneration.ULID && type.kind() != ValueKind.STRING) {
      errors.error(
          ProcessorErrors.ulidOnNonString(
              record.getQualifiedName().toString(), component.name(), element.asType().toString()),
          element,
          key);
    }
  }

  /** The chosen primary key: its position (-1 for none) and how it is generated. */
  private record PrimaryKeyChoice(int position, KeyGeneration generation) {}

  private static String describeKind(ElementKind kind) {
    String name = kind.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    return (name.startsWith("a") || name.startsWith("e") || name.startsWith("i") ? "an " : "a ")
        + name;
  }

  /** Reads and checks the indexes of one record: component indexes, then composite ones. */
  private final class IndexReader {
    private final TypeElement record;
    private final List<ComponentModel> components;
    private final String entityName;
    private final String recordName;
    private final Set<String> names = new HashSet<>();
    private final List<IndexModel> indexes = new ArrayList<>();

    IndexReader(TypeElement record, List<ComponentModel> components, String entityName) {
      this.record = record;
      this.components = components;
      this.entityName = entityName;
      this.recordName = record.getQualifiedName().toString();
    }

    List<IndexModel> read() {
      List<? extends RecordComponentElement> elementsOfRecord = record.getRecordComponents();
      for (int i = 0; i < elementsOfRecord.size(); i++) {
        for (IndexAnnotation index : IndexAnnotation.readAll(elementsOfRecord.get(i), elements)) {
          readComponentIndex(elementsOfRecord.get(i), components.get(i), index);
        }
      }
      for (IndexAnnotation index : IndexAnnotation.readAll(record, elements)) {
        readCompositeIndex(index);
      }
      return indexes;
    }

    private void readComponentIndex(
        RecordComponentElement element, ComponentModel component, IndexAnnotation index) {
      String componentName = element.getSimpleName().toString();
      String name = index.name().isEmpty() ? componentName : index.name();
      if (!index.fields().isEmpty()) {
        errors.error(
            ProcessorErrors.fieldsOnComponentIndex(
                recordName, componentName, index.annotationName()),
            element,
            index.mirror());
        return;
      }
      if (component == null) {
        // Its type is already reported as unsupported.
        add(element, index, name, List.of(componentName));
        return;
      }
      if (!component.type().indexable() && !component.type().multiValueIndexable()) {
        errors.error(
            ProcessorErrors.unorderableIndex(
                recordName, name, component.name(), element.asType().toString()),
            element,
            index.mirror());
      } else if (index.normalize() != Normalize.NONE
          && component.indexed().type().kind() != ValueKind.STRING) {
        errors.error(
            ProcessorErrors.normalizeOnNonString(
                recordName,
                name,
                index.normalize().name(),
                component.name(),
                element.asType().toString()),
            element,
            index.mirror());
      }
      add(element, index, name, List.of(component.name()));
    }

    private void readCompositeIndex(IndexAnnotation index) {
      if (index.fields().isEmpty()) {
        errors.error(
            ProcessorErrors.compositeIndexWithoutFields(recordName, index.annotationName()),
            record,
            index.mirror());
        return;
      }
      String name = index.name().isEmpty() ? defaultName(index.fields()) : index.name();
      List<String> valid = componentNames(record);
      boolean anyString = false;
      boolean fieldsOk = true;
      Set<String> seen = new HashSet<>();
      for (String field : index.fields()) {
        if (!seen.add(field)) {
          errors.error(
              ProcessorErrors.repeatedIndexField(recordName, name, field), record, index.mirror());
          fieldsOk = false;
          continue;
        }
        if (!valid.contains(field)) {
          errors.error(
              ProcessorErrors.unknownIndexField(recordName, name, field, valid),
              record,
              index.mirror());
          fieldsOk = false;
          continue;
        }
        ComponentModel component = components.get(valid.indexOf(field));
        if (component == null) {
          anyString = true; // unknown; its type is already reported
          continue;
        }
        FieldType type = component.type();
        anyString |= type.kind() == ValueKind.STRING;
        if (type.multiValueIndexable()) {
          errors.error(
              ProcessorErrors.multiValueInComposite(recordName, name, field, type.toString()),
              record,
              index.mirror());
        } else if (!type.indexable()) {
          errors.error(
              ProcessorErrors.unorderableIndex(recordName, name, field, type.toString()),
              record,
              index.mirror());
        }
      }
      if (fieldsOk && !anyString && index.normalize() != Normalize.NONE) {
        errors.error(
            ProcessorErrors.normalizeWithoutString(
                recordName, name, index.normalize().name(), index.fields()),
            record,
            index.mirror());
      }
      add(record, index, name, index.fields());
    }

    private void add(Element element, IndexAnnotation index, String name, List<String> fields) {
      if (!SourceVersion.isIdentifier(name) || SourceVersion.isKeyword(name)) {
        errors.error(ProcessorErrors.invalidIndexName(recordName, name), element, index.mirror());
        return;
      }
      if (name.equals("id") || name.equals("Id")) {
        errors.error(ProcessorErrors.reservedIndexName(recordName, name), element, index.mirror());
        return;
      }
      if (!names.add(name)) {
        errors.error(ProcessorErrors.duplicateIndexName(recordName, name), element, index.mirror());
        return;
      }
      indexes.add(
          new IndexModel(
              name,
              IndexModel.subspaceOf(entityName, name),
              index.unique(),
              fields,
              index.normalize()));
    }

    /** {@code {"room", "price"}} becomes {@code roomAndPrice}. */
    private String defaultName(List<String> fields) {
      StringBuilder name = new StringBuilder(fields.get(0));
      for (String field : fields.subList(1, fields.size())) {
        name.append("And")
            .append(field.substring(0, 1).toUpperCase(Locale.ROOT))
            .append(field.substring(1));
      }
      return name.toString();
    }
  }
}
