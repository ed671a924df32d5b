package dev.tessera.processor.validation;

import java.util.HashSet;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Finds component types that do not resolve yet: types another processor generates in a later
 * round of the same build. An entity that has one is read again in the next round, and reported
 * only if the type still does not resolve when processing is over.
 *
 * <p>Stateless and thread-safe.
 */
public final class UnresolvedTypes {
  private UnresolvedTypes() {}

  /**
   * {@return true if a component type of record {@code entity} (or a type argument of one, or a
   * component of a nested record, at any depth) does not resolve yet}
   *
   * @param entity the entity record
   */
  public static boolean in(TypeElement entity) {
    return in(entity, new HashSet<>());
  }

  private static boolean in(TypeElement record, Set<String> visited) {
    if (record.getKind() != ElementKind.RECORD
        || !visited.add(record.getQualifiedName().toString())) {
      return false;
    }
    for (RecordComponentElement component : record.getRecordComponents()) {
      if (unresolved(component.asType(), visited)) {
        return true;
      }
    }
    return false;
  }

  private static boolean unresolved(TypeMirror type, Set<String> visited) {
    if (type.getKind() == TypeKind.ERROR) {
      return true;
    }
    if (type.getKind() == TypeKind.ARRAY) {
      return unresolved(((ArrayType) type).getComponentType(), visited);
    }
    if (type.getKind() != TypeKind.DECLARED) {
      return false;
    }
    DeclaredType declared = (DeclaredType) type;
    for (TypeMirror argument : declared.getTypeArguments()) {
      if (unresolved(argument, visited)) {
        return true;
      }
    }
    return in((TypeElement) declared.asElement(), visited);
  }
}
