package dev.tessera.processor;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ModuleElement;
import javax.lang.model.element.ModuleElement.RequiresDirective;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Whether generated code may carry {@code @javax.annotation.processing.Generated}: that annotation
 * lives in module {@code java.compiler}, which a named module reads only if it requires it (or a
 * module that requires it transitively, such as {@code java.se}). Code in the unnamed module (the
 * class path) always may. Leaving the annotation out in a named module that does not read {@code
 * java.compiler} spares modular users a {@code requires static java.compiler} they do not need.
 *
 * <p>Stateless and thread-safe.
 */
final class GeneratedAnnotationVisibility {
  private static final String JAVA_COMPILER = "java.compiler";

  private final Elements elements;

  GeneratedAnnotationVisibility(Elements elements) {
    this.elements = elements;
  }

  /** Whether code generated beside {@code element} can see {@code @Generated}. */
  boolean visibleFrom(Element element) {
    ModuleElement module = elements.getModuleOf(element);
    if (module == null || module.isUnnamed()) {
      return true;
    }
    // The modules `module` reads: those it requires, and what they require transitively.
    Deque<ModuleElement> pending = new ArrayDeque<>();
    Set<ModuleElement> seen = new HashSet<>();
    requiredBy(module, false, pending);
    while (!pending.isEmpty()) {
      ModuleElement read = pending.pop();
      if (!seen.add(read)) {
        continue;
      }
      if (read.getQualifiedName().contentEquals(JAVA_COMPILER)) {
        return true;
      }
      requiredBy(read, true, pending);
    }
    return false;
  }

  private static void requiredBy(ModuleElement module, boolean transitiveOnly, Deque<ModuleElement> into) {
    for (RequiresDirective requires : ElementFilter.requiresIn(module.getDirectives())) {
      if (!transitiveOnly || requires.isTransitive()) {
        into.push(requires.getDependency());
      }
    }
  }
}
