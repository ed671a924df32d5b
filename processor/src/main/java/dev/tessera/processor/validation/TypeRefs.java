package dev.tessera.processor.validation;

import dev.tessera.processor.model.TypeRef;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;

/**
 * Turns type mirrors into the model's {@link TypeRef}s. Stateless apart from the class reference
 * resolver.
 */
final class TypeRefs {
  private final FieldTypeResolver resolver;

  TypeRefs(FieldTypeResolver resolver) {
    this.resolver = resolver;
  }

  /** {@code type} as the model spells it. */
  TypeRef of(TypeMirror type) {
    switch (type.getKind()) {
      case DECLARED:
        DeclaredType declared = (DeclaredType) type;
        List<TypeRef> arguments = new ArrayList<>();
        for (TypeMirror argument : declared.getTypeArguments()) {
          arguments.add(of(argument));
        }
        return new TypeRef.Declared(
            resolver.classRef((TypeElement) declared.asElement()), arguments);
      case ARRAY:
        return new TypeRef.Array(of(((ArrayType) type).getComponentType()));
      case TYPEVAR:
        return new TypeRef.Variable(((TypeVariable) type).asElement().getSimpleName().toString());
      case WILDCARD:
        WildcardType wildcard = (WildcardType) type;
        return new TypeRef.Wildcard(
            wildcard.getExtendsBound() == null ? null : of(wildcard.getExtendsBound()),
            wildcard.getSuperBound() == null ? null : of(wildcard.getSuperBound()));
      default:
        if (type.getKind().isPrimitive() || type.getKind() == javax.lang.model.type.TypeKind.VOID) {
          return new TypeRef.Primitive(type.toString());
        }
        throw new IllegalArgumentException("no model type for " + type + " (" + type.getKind() + ")");
    }
  }
}
