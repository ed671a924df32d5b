package dev.tessera.processor.validation;

import dev.tessera.processor.AnnotationNames;
import dev.tessera.processor.ProcessorErrors;
import dev.tessera.processor.model.ComponentModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Reads and checks what a record declares about its older stored shapes: {@code @Renamed} former
 * names and {@code @DefaultValue} defaults. A default must parse for its component's type; a
 * former name must be an identifier that no current component has and no other component claims.
 *
 * <p>Not thread-safe: one instance per processor.
 */
final class EvolutionAnnotations {
  private final Elements elements;
  private final ErrorReporter errors;

  EvolutionAnnotations(Elements elements, ErrorReporter errors) {
    this.elements = elements;
    this.errors = errors;
  }

  /**
   * {@code components} (one per record component, {@code null} for unsupported types) with their
   * former names and defaults, after reporting every problem.
   */
  List<ComponentModel> apply(TypeElement record, List<ComponentModel> components) {
    String recordName = record.getQualifiedName().toString();
    List<? extends RecordComponentElement> elementsOfRecord = record.getRecordComponents();
    Set<String> current =
        elementsOfRecord.stream()
            .map(c -> c.getSimpleName().toString())
            .collect(Collectors.toSet());
    Map<String, String> claimedBy = new HashMap<>();
    List<ComponentModel> result = new ArrayList<>();
    for (int i = 0; i < elementsOfRecord.size(); i++) {
      RecordComponentElement element = elementsOfRecord.get(i);
      List<String> formerNames = formerNames(recordName, element, current, claimedBy);
      ComponentModel component = components.get(i);
      result.add(
          component == null
              ? null
              : new ComponentModel(
                  component.name(),
                  component.type(),
                  formerNames,
                  defaultValue(recordName, element, component)));
    }
    return result;
  }

  private List<String> formerNames(
      String recordName,
      RecordComponentElement element,
      Set<String> current,
      Map<String, String> claimedBy) {
    AnnotationMirror renamed = IndexAnnotation.find(element, AnnotationNames.RENAMED);
    if (renamed == null) {
      return List.of();
    }
    String name = element.getSimpleName().toString();
    List<String> formerNames = new ArrayList<>();
    for (Object value : IndexAnnotation.listValue(renamed, "from", elements)) {
      String former = (String) value;
      if (!SourceVersion.isIdentifier(former) || SourceVersion.isKeyword(former)) {
        errors.error(
            ProcessorErrors.formerNameNotIdentifier(recordName, name, former), element, renamed);
      } else if (current.contains(former)) {
        errors.error(
            ProcessorErrors.formerNameIsCurrent(recordName, name, former), element, renamed);
      } else if (claimedBy.containsKey(former)) {
        errors.error(
            ProcessorErrors.formerNameTwice(recordName, name, former, claimedBy.get(former)),
            element,
            renamed);
      } else {
        claimedBy.put(former, name);
        formerNames.add(former);
      }
    }
    return formerNames;
  }

  /** The canonical default, or {@code null} when none is declared or it is reported invalid. */
  private String defaultValue(
      String recordName, RecordComponentElement element, ComponentModel component) {
    AnnotationMirror annotation = IndexAnnotation.find(element, AnnotationNames.DEFAULT_VALUE);
    if (annotation == null) {
      return null;
    }
    String type = element.asType().toString();
    if (!DefaultValues.supported(component.type())) {
      errors.error(
          ProcessorErrors.defaultValueUnsupported(recordName, component.name(), type),
          element,
          annotation);
      return null;
    }
    String text = (String) IndexAnnotation.value(annotation, "value", elements);
    try {
      return DefaultValues.canonical(component.type(), text, component.type().constants());
    } catch (IllegalArgumentException e) {
      errors.error(
          ProcessorErrors.invalidDefaultValue(
              recordName, component.name(), type, text, e.getMessage()),
          element,
          annotation);
      return null;
    }
  }
}
