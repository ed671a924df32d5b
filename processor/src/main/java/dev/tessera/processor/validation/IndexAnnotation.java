package dev.tessera.processor.validation;

import dev.tessera.annotations.Index;
import dev.tessera.annotations.Normalize;
import dev.tessera.annotations.UniqueIndex;
import dev.tessera.processor.AnnotationNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;

/**
 * One {@code @Index} or {@code @UniqueIndex} as written, read from its annotation mirror (so that
 * errors can point at it), whether it stands alone or sits in its repeatable container.
 *
 * @param mirror the annotation, for error positions
 * @param unique true for {@code @UniqueIndex}
 * @param name the declared name, empty for the default
 * @param fields the declared composite fields, empty on a component
 * @param normalize the declared normalisation
 */
record IndexAnnotation(
    AnnotationMirror mirror, boolean unique, String name, List<String> fields, Normalize normalize) {
  /** The annotation's simple name for messages. */
  String annotationName() {
    return (unique ? UniqueIndex.class : Index.class).getSimpleName();
  }

  /** Every index annotation on {@code element}, containers unpacked, in source order. */
  static List<IndexAnnotation> readAll(Element element, Elements elements) {
    List<IndexAnnotation> found = new ArrayList<>();
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      String type = qualifiedName(mirror);
      if (type.equals(AnnotationNames.INDEX) || type.equals(AnnotationNames.UNIQUE_INDEX)) {
        found.add(read(mirror, elements));
      } else if (type.equals(AnnotationNames.INDEXES)
          || type.equals(AnnotationNames.UNIQUE_INDEXES)) {
        for (Object nested : listValue(mirror, "value", elements)) {
          found.add(read((AnnotationMirror) nested, elements));
        }
      }
    }
    return found;
  }

  /** The annotation on {@code element} of type {@code qualifiedName}, or {@code null}. */
  static AnnotationMirror find(Element element, String qualifiedName) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      if (qualifiedName(mirror).equals(qualifiedName)) {
        return mirror;
      }
    }
    return null;
  }

  /** The value of {@code attribute} in {@code mirror}, defaults included. */
  static Object value(AnnotationMirror mirror, String attribute, Elements elements) {
    Map<? extends ExecutableElement, ? extends AnnotationValue> values =
        elements.getElementValuesWithDefaults(mirror);
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        values.entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(attribute)) {
        return entry.getValue().getValue();
      }
    }
    throw new IllegalArgumentException(
        "@" + qualifiedName(mirror) + " has no attribute " + attribute);
  }

  /** The simple name of the enum constant held by {@code attribute}. */
  static String enumValue(AnnotationMirror mirror, String attribute, Elements elements) {
    return ((VariableElement) value(mirror, attribute, elements)).getSimpleName().toString();
  }

  private static IndexAnnotation read(AnnotationMirror mirror, Elements elements) {
    List<String> fields = new ArrayList<>();
    for (Object field : listValue(mirror, "fields", elements)) {
      fields.add((String) field);
    }
    return new IndexAnnotation(
        mirror,
        qualifiedName(mirror).equals(AnnotationNames.UNIQUE_INDEX),
        (String) value(mirror, "name", elements),
        List.copyOf(fields),
        Normalize.valueOf(enumValue(mirror, "normalize", elements)));
  }

  /** The values of the array {@code attribute} in {@code mirror}, defaults included. */
  static List<Object> listValue(
      AnnotationMirror mirror, String attribute, Elements elements) {
    List<Object> result = new ArrayList<>();
    for (Object item : (List<?>) value(mirror, attribute, elements)) {
      result.add(((AnnotationValue) item).getValue());
    }
    return result;
  }

  private static String qualifiedName(AnnotationMirror mirror) {
    return ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
  }
}
