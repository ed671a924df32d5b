package dev.tessera.processor.validation;

import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;

/**
 * Reports errors and counts them, so a step can tell whether its own checks passed while still
 * reporting every error of the round (report and continue, never stop at the first).
 *
 * <p>Not thread-safe: one instance per processor, used on the compiler's thread.
 */
public final class ErrorReporter {
  private final Messager messager;
  private int errorCount;

  /**
   * Reports through {@code messager}.
   *
   * @param messager the compiler's messager
   */
  public ErrorReporter(Messager messager) {
    this.messager = messager;
  }

  /**
   * Reports {@code message} on {@code element}.
   *
   * @param message the message
   * @param element the element it is about
   */
  public void error(String message, Element element) {
    errorCount++;
    messager.printMessage(Diagnostic.Kind.ERROR, message, positioned(element));
  }

  /**
   * Reports {@code message} on {@code annotation} of {@code element}, or on the element alone.
   *
   * @param message the message
   * @param element the element it is about
   * @param annotation the annotation on {@code element} it is about, or {@code null}
   */
  public void error(String message, Element element, AnnotationMirror annotation) {
    if (annotation == null) {
      error(message, element);
      return;
    }
    errorCount++;
    messager.printMessage(Diagnostic.Kind.ERROR, message, positioned(element), annotation);
  }

  /**
   * javac 17 has no source position for a record component element, but the component's private
   * field is declared at the component; report there so the error points at the right line.
   */
  private static Element positioned(Element element) {
    if (element.getKind() != ElementKind.RECORD_COMPONENT) {
      return element;
    }
    for (VariableElement field :
        ElementFilter.fieldsIn(element.getEnclosingElement().getEnclosedElements())) {
      if (field.getSimpleName().contentEquals(element.getSimpleName())) {
        return field;
      }
    }
    return element;
  }

  /**
   * {@return the number of errors reported so far; compare two readings to see if a step failed}
   */
  public int errorCount() {
    return errorCount;
  }
}
