package dev.tessera.processor.validation;

import dev.tessera.processor.model.ClassRef;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.FieldType;
import dev.tessera.processor.model.ValueKind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Turns a component's {@link TypeMirror} into a {@link FieldType}, or explains why Tessera cannot
 * store it. Nested records are resolved component by component; a record that contains itself is
 * rejected (its encoding would never end).
 *
 * <p>Not thread-safe: one instance per processor.
 */
final class FieldTypeResolver {
  private static final Map<String, ValueKind> SCALARS =
      Map.ofEntries(
          Map.entry("java.lang.Boolean", ValueKind.BOOLEAN),
          Map.entry("java.lang.Byte", ValueKind.BYTE),
          Map.entry("java.lang.Short", ValueKind.SHORT),
          Map.entry("java.lang.Integer", ValueKind.INT),
          Map.entry("java.lang.Long", ValueKind.LONG),
          Map.entry("java.lang.Character", ValueKind.CHAR),
          Map.entry("java.lang.Float", ValueKind.FLOAT),
          Map.entry("java.lang.Double", ValueKind.DOUBLE),
          Map.entry("java.lang.String", ValueKind.STRING),
          Map.entry("java.util.UUID", ValueKind.UUID),
          Map.entry("java.time.Instant", ValueKind.INSTANT),
          Map.entry("java.time.LocalDate", ValueKind.LOCAL_DATE),
          Map.entry("java.time.LocalDateTime", ValueKind.LOCAL_DATE_TIME),
          Map.entry("java.time.LocalTime", ValueKind.LOCAL_TIME),
          Map.entry("java.time.OffsetDateTime", ValueKind.OFFSET_DATE_TIME),
          Map.entry("java.time.Duration", ValueKind.DURATION),
          Map.entry("java.math.BigInteger", ValueKind.BIG_INTEGER),
          Map.entry("java.math.BigDecimal", ValueKind.BIG_DECIMAL));
  private static final Map<String, ValueKind> CONTAINERS =
      Map.of(
          "java.util.Optional", ValueKind.OPTIONAL,
          "java.util.List", ValueKind.LIST,
          "java.util.Set", ValueKind.SET,
          "java.util.Map", ValueKind.MAP);

  private final Elements elements;
  private final Deque<String> recordsInProgress = new ArrayDeque<>();

  FieldTypeResolver(Elements elements) {
    this.elements = elements;
  }

  /** Resolves {@code type}, or throws with the reason it cannot be stored. */
  FieldType resolve(TypeMirror type) throws UnsupportedTypeException {
    switch (type.getKind()) {
      case BOOLEAN:
        return FieldType.simple(ValueKind.BOOLEAN, true);
      case BYTE:
        return FieldType.simple(ValueKind.BYTE, true);
      case SHORT:
        return FieldType.simple(ValueKind.SHORT, true);
      case INT:
        return FieldType.simple(ValueKind.INT, true);
      case LONG:
        return FieldType.simple(ValueKind.LONG, true);
      case CHAR:
        return FieldType.simple(ValueKind.CHAR, true);
      case FLOAT:
        return FieldType.simple(ValueKind.FLOAT, true);
      case DOUBLE:
        return FieldType.simple(ValueKind.DOUBLE, true);
      case ARRAY:
        if (((ArrayType) type).getComponentType().getKind() == TypeKind.BYTE) {
          return FieldType.simple(ValueKind.BYTES, false);
        }
        throw new UnsupportedTypeException("arrays other than byte[] are not stored; use a List");
      case DECLARED:
        return resolveDeclared((DeclaredType) type);
      case TYPEVAR:
        throw new UnsupportedTypeException("a type variable has no fixed encoding");
      case WILDCARD:
        throw new UnsupportedTypeException("a wildcard has no fixed encoding");
      case ERROR:
        throw new UnsupportedTypeException("the type does not resolve");
      default:
        throw new UnsupportedTypeException("a " + type.getKind() + " type is not stored");
    }
  }

  private FieldType resolveDeclared(DeclaredType type) throws UnsupportedTypeException {
    TypeElement element = (TypeElement) type.asElement();
    String name = element.getQualifiedName().toString();
    ValueKind scalar = SCALARS.get(name);
    if (scalar != null) {
      return FieldType.simple(scalar, false);
    }
    ValueKind container = CONTAINERS.get(name);
    if (container != null) {
      return resolveContainer(container, type);
    }
    if (element.getKind() == ElementKind.ENUM) {
      String hidden = privateEnclosure(element);
      if (hidden != null) {
        throw new UnsupportedTypeException(hidden + " is private");
      }
      return FieldType.enumType(classRef(element), enumConstants(element));
    }
    if (element.getKind() == ElementKind.RECORD) {
      return resolveRecord(element);
    }
    throw new UnsupportedTypeException(name + " is not a supported type");
  }

  private FieldType resolveContainer(ValueKind kind, DeclaredType type)
      throws UnsupportedTypeException {
    if (type.getTypeArguments().isEmpty()) {
      throw new UnsupportedTypeException("a raw type; give its type arguments");
    }
    List<FieldType> arguments = new ArrayList<>();
    for (TypeMirror argument : type.getTypeArguments()) {
      arguments.add(resolve(argument));
    }
    return FieldType.container(kind, arguments);
  }

  private FieldType resolveRecord(TypeElement record) throws UnsupportedTypeException {
    String name = record.getQualifiedName().toString();
    if (!record.getTypeParameters().isEmpty()) {
      throw new UnsupportedTypeException("the nested record " + name + " is generic");
    }
    if (recordsInProgress.contains(name)) {
      throw new UnsupportedTypeException("the record " + name + " contains itself");
    }
    String hidden = privateEnclosure(record);
    if (hidden != null) {
      throw new UnsupportedTypeException(hidden + " is private");
    }
    recordsInProgress.push(name);
    try {
      List<ComponentModel> components = new ArrayList<>();
      for (RecordComponentElement component : record.getRecordComponents()) {
        components.add(
            new ComponentModel(component.getSimpleName().toString(), resolve(component.asType())));
      }
      return FieldType.recordType(classRef(record), components);
    } finally {
      recordsInProgress.pop();
    }
  }

  /** The model name of {@code type}: its package and simple names, outermost first. */
  ClassRef classRef(TypeElement type) {
    List<String> names = new ArrayList<>();
    Element current = type;
    while (current instanceof TypeElement) {
      names.add(0, current.getSimpleName().toString());
      current = current.getEnclosingElement();
    }
    return new ClassRef(elements.getPackageOf(type).getQualifiedName().toString(), names);
  }

  /** The innermost private type among {@code type} and its enclosing types, or {@code null}. */
  static String privateEnclosure(TypeElement type) {
    Element current = type;
    while (current instanceof TypeElement) {
      if (current.getModifiers().contains(Modifier.PRIVATE)) {
        return ((TypeElement) current).getQualifiedName().toString();
      }
      current = current.getEnclosingElement();
    }
    return null;
  }

  /** The constants of {@code enumType} in declaration order (the order of its source). */
  private static List<String> enumConstants(TypeElement enumType) {
    List<String> constants = new ArrayList<>();
    for (Element member : enumType.getEnclosedElements()) {
      if (member.getKind() == ElementKind.ENUM_CONSTANT) {
        constants.add(member.getSimpleName().toString());
      }
    }
    return constants;
  }
}
