package dev.tessera.processor.validation;

import static dev.tessera.processor.validation.IndexAnnotation.value;

import dev.tessera.processor.AnnotationNames;
import dev.tessera.processor.ProcessorErrors;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.FieldType;
import dev.tessera.processor.model.IndexModel;
import dev.tessera.processor.model.SpatialIndexModel;
import dev.tessera.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Reads and checks the {@code @SpatialIndex} declarations of one record: 2 or 3 distinct numeric
 * components, and a name no other index of the entity has. Every problem is reported on the
 * annotation.
 *
 * <p>Not thread-safe: one instance per processor.
 */
final class SpatialIndexReader {
  private static final Set<ValueKind> NUMERIC =
      Set.of(
          ValueKind.BYTE,
          ValueKind.SHORT,
          ValueKind.INT,
          ValueKind.LONG,
          ValueKind.FLOAT,
          ValueKind.DOUBLE);

  private final Elements elements;
  private final ErrorReporter errors;

  SpatialIndexReader(Elements elements, ErrorReporter errors) {
    this.elements = elements;
    this.errors = errors;
  }

  /**
   * The valid spatial indexes of {@code record}.
   *
   * @param components the record's components, {@code null} where the type is already reported
   * @param indexes the entity's other indexes, whose names a spatial index may not take
   */
  List<SpatialIndexModel> read(
      TypeElement record,
      List<ComponentModel> components,
      String entityName,
      List<IndexModel> indexes) {
    String recordName = record.getQualifiedName().toString();
    List<String> componentNames = new ArrayList<>();
    for (RecordComponentElement component : record.getRecordComponents()) {
      componentNames.add(component.getSimpleName().toString());
    }
    Set<String> names = new HashSet<>();
    indexes.forEach(index -> names.add(index.name()));
    List<SpatialIndexModel> spatial = new ArrayList<>();
    for (AnnotationMirror mirror : annotations(record)) {
      List<String> fields = stringList(mirror, "fields");
      String declared = (String) value(mirror, "name", elements);
      String name = declared.isEmpty() ? defaultName(fields) : declared;
      int errorsBefore = errors.errorCount();
      if (fields.size() < 2 || fields.size() > 3) {
        errors.error(
            ProcessorErrors.spatialIndexDimensions(recordName, name, fields), record, mirror);
      }
      Set<String> seen = new HashSet<>();
      for (String field : fields) {
        if (!seen.add(field)) {
          errors.error(
              ProcessorErrors.repeatedSpatialField(recordName, name, field), record, mirror);
        } else if (!componentNames.contains(field)) {
          errors.error(
              ProcessorErrors.unknownSpatialField(recordName, name, field, componentNames),
              record,
              mirror);
        } else {
          ComponentModel component = components.get(componentNames.indexOf(field));
          FieldType type = component == null ? null : component.type();
          if (type != null && !NUMERIC.contains(type.kind())) {
            errors.error(
                ProcessorErrors.nonNumericSpatialField(recordName, name, field, type.toString()),
                record,
                mirror);
          }
        }
      }
      // A default name joins identifiers, so only a declared one can be invalid.
      if (!declared.isEmpty()
          && (!SourceVersion.isIdentifier(name) || SourceVersion.isKeyword(name))) {
        errors.error(ProcessorErrors.invalidIndexName(recordName, name), record, mirror);
      } else if (!names.add(name)) {
        errors.error(ProcessorErrors.duplicateIndexName(recordName, name), record, mirror);
      }
      if (errors.errorCount() == errorsBefore) {
        spatial.add(
            new SpatialIndexModel(name, IndexModel.subspaceOf(entityName, name), fields));
      }
    }
    return spatial;
  }

  /** {@code {"x", "y"}} becomes {@code xY}; {@code {"lat", "lon"}} becomes {@code latLon}. */
  private static String defaultName(List<String> fields) {
    StringBuilder name = new StringBuilder();
    for (String field : fields) {
      name.append(
          name.length() == 0
              ? field
              : field.substring(0, 1).toUpperCase(Locale.ROOT) + field.substring(1));
    }
    return name.toString();
  }

  /**
   * The {@code @SpatialIndex} annotations of {@code record}, container unpacked, in order. javac
   * cannot position a message on an annotation inside a container it synthesised for repeated
   * annotations; such messages land on the record.
   */
  private List<AnnotationMirror> annotations(TypeElement record) {
    List<AnnotationMirror> found = new ArrayList<>();
    for (AnnotationMirror mirror : record.getAnnotationMirrors()) {
      String type =
          ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
      if (type.equals(AnnotationNames.SPATIAL_INDEX)) {
        found.add(mirror);
      } else if (type.equals(AnnotationNames.SPATIAL_INDEXES)) {
        for (AnnotationValue nested : annotationValues(mirror, "value")) {
          found.add((AnnotationMirror) nested.getValue());
        }
      }
    }
    return found;
  }

  private List<String> stringList(AnnotationMirror mirror, String attribute) {
    List<String> strings = new ArrayList<>();
    for (AnnotationValue item : annotationValues(mirror, attribute)) {
      strings.add((String) item.getValue());
    }
    return strings;
  }

  @SuppressWarnings("unchecked") // an array attribute's value is a list of AnnotationValue
  private List<? extends AnnotationValue> annotationValues(
      AnnotationMirror mirror, String attribute) {
    return (List<? extends AnnotationValue>) value(mirror, attribute, elements);
  }
}
