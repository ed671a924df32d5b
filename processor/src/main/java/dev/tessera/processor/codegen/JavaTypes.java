package dev.tessera.processor.codegen;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeVariableName;
import com.palantir.javapoet.WildcardTypeName;
import dev.tessera.processor.model.ClassRef;
import dev.tessera.processor.model.FieldType;
import dev.tessera.processor.model.TypeRef;
import java.util.List;

/** The Java type of a model type, as generated code spells it. Stateless. */
final class JavaTypes {
  private JavaTypes() {}

  /** The class {@code ref} names. */
  static ClassName className(ClassRef ref) {
    List<String> names = ref.simpleNames();
    return ClassName.get(
        ref.packageName(), names.get(0), names.subList(1, names.size()).toArray(new String[0]));
  }

  /** The declared type of a value of {@code type}. */
  static TypeName of(FieldType type) {
    switch (type.kind()) {
      case BOOLEAN:
        return primitiveOrBox(TypeName.BOOLEAN, type);
      case BYTE:
        return primitiveOrBox(TypeName.BYTE, type);
      case SHORT:
        return primitiveOrBox(TypeName.SHORT, type);
      case INT:
        return primitiveOrBox(TypeName.INT, type);
      case LONG:
        return primitiveOrBox(TypeName.LONG, type);
      case CHAR:
        return primitiveOrBox(TypeName.CHAR, type);
      case FLOAT:
        return primitiveOrBox(TypeName.FLOAT, type);
      case DOUBLE:
        return primitiveOrBox(TypeName.DOUBLE, type);
      case STRING:
        return TypeNames.STRING;
      case BYTES:
        return ArrayTypeName.of(TypeName.BYTE);
      case UUID:
        return TypeNames.UUID;
      case INSTANT:
        return TypeNames.INSTANT;
      case LOCAL_DATE:
        return TypeNames.LOCAL_DATE;
      case LOCAL_DATE_TIME:
        return TypeNames.LOCAL_DATE_TIME;
      case LOCAL_TIME:
        return TypeNames.LOCAL_TIME;
      case OFFSET_DATE_TIME:
        return TypeNames.OFFSET_DATE_TIME;
      case DURATION:
        return TypeNames.DURATION;
      case BIG_INTEGER:
        return TypeNames.BIG_INTEGER;
      case BIG_DECIMAL:
        return TypeNames.BIG_DECIMAL;
      case ENUM:
      case RECORD:
        return className(type.declared());
      case OPTIONAL:
        return ParameterizedTypeName.get(TypeNames.OPTIONAL, of(type.arguments().get(0)));
      case LIST:
        return ParameterizedTypeName.get(TypeNames.LIST, of(type.arguments().get(0)));
      case SET:
        return ParameterizedTypeName.get(TypeNames.SET, of(type.arguments().get(0)));
      case MAP:
        return ParameterizedTypeName.get(
            TypeNames.MAP, of(type.arguments().get(0)), of(type.arguments().get(1)));
      default:
        throw new IllegalArgumentException("no Java type for " + type);
    }
  }

  /** The Java type {@code type} describes, as a declared method spells it. */
  static TypeName of(TypeRef type) {
    if (type instanceof TypeRef.Primitive) {
      String keyword = ((TypeRef.Primitive) type).keyword();
      return keyword.equals("void") ? TypeName.VOID : primitive(keyword);
    }
    if (type instanceof TypeRef.Declared) {
      TypeRef.Declared declared = (TypeRef.Declared) type;
      ClassName raw = className(declared.type());
      if (declared.arguments().isEmpty()) {
        return raw;
      }
      return ParameterizedTypeName.get(
          raw, declared.arguments().stream().map(JavaTypes::of).toArray(TypeName[]::new));
    }
    if (type instanceof TypeRef.Array) {
      return ArrayTypeName.of(of(((TypeRef.Array) type).component()));
    }
    if (type instanceof TypeRef.Variable) {
      return TypeVariableName.get(((TypeRef.Variable) type).name());
    }
    TypeRef.Wildcard wildcard = (TypeRef.Wildcard) type;
    if (wildcard.superBound() != null) {
      return WildcardTypeName.supertypeOf(of(wildcard.superBound()));
    }
    return WildcardTypeName.subtypeOf(
        wildcard.extendsBound() == null ? ClassName.OBJECT : of(wildcard.extendsBound()));
  }

  private static TypeName primitive(String keyword) {
    for (TypeName primitive :
        new TypeName[] {
          TypeName.BOOLEAN, TypeName.BYTE, TypeName.SHORT, TypeName.INT, TypeName.LONG,
          TypeName.CHAR, TypeName.FLOAT, TypeName.DOUBLE
        }) {
      if (primitive.toString().equals(keyword)) {
        return primitive;
      }
    }
    throw new IllegalArgumentException("not a primitive type: " + keyword);
  }

  /** The boxed type of {@code type} (for type arguments such as the primary key's). */
  static TypeName boxed(FieldType type) {
    return of(type).box();
  }

  private static TypeName primitiveOrBox(TypeName primitive, FieldType type) {
    return type.primitive() ? primitive : primitive.box();
  }
}
