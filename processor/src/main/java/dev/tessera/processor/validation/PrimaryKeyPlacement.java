package dev.tessera.processor.validation;

import dev.tessera.processor.AnnotationNames;
import dev.tessera.processor.ProcessorErrors;
import java.util.Locale;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;

/**
 * Checks where {@code @PrimaryKey} sits. It may target fields only so that a field of a class gets
 * Tessera's message (make the class a record) instead of javac's "not applicable"; the fields of a
 * record carry it too (javac copies a component's annotation to its field), and those are fine.
 *
 * <p>Not thread-safe: used by the processor's one thread.
 */
public final class PrimaryKeyPlacement {
  private final ErrorReporter errors;

  /**
   * Reports to {@code errors}.
   *
   * @param errors where to report
   */
  public PrimaryKeyPlacement(ErrorReporter errors) {
    this.errors = errors;
  }

  /**
   * Reports {@code element} (one carrying {@code @PrimaryKey}) if it is a field outside a record.
   *
   * @param element an element carrying {@code @PrimaryKey}
   */
  public void check(Element element) {
    Element owner = element.getEnclosingElement();
    if (element.getKind() != ElementKind.FIELD || owner.getKind() == ElementKind.RECORD) {
      return;
    }
    String type = ((TypeElement) owner).getQualifiedName().toString();
    errors.error(
        ProcessorErrors.primaryKeyOutsideRecord(
            type + "." + element.getSimpleName(),
            owner.getKind().name().toLowerCase(Locale.ROOT).replace('_', ' '),
            type),
        element,
        IndexAnnotation.find(element, AnnotationNames.PRIMARY_KEY));
  }
}
