package dev.tessera.processor.model;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The type of a stored value, as far as encoding cares.
 *
 * <p>Immutable and thread-safe.
 *
 * @param kind what kind of value it is
 * @param primitive true for a primitive ({@code int}), false for its box ({@code Integer}) and all
 *     reference types
 * @param declared the enum or record class for {@link ValueKind#ENUM} and {@link ValueKind#RECORD},
 *     otherwise {@code null}
 * @param arguments the type arguments of {@code Optional}, {@code List}, {@code Set} and {@code Map}
 * @param components the components of a {@link ValueKind#RECORD}, otherwise empty
 * @param constants the constants of an {@link ValueKind#ENUM} in declaration order, otherwise empty
 */
public record FieldType(
    ValueKind kind,
    boolean primitive,
    ClassRef declared,
    List<FieldType> arguments,
    List<ComponentModel> components,
    List<String> constants) {

  /**
   * Copies the lists.
   *
   * @param kind what kind of value it is
   * @param primitive true for a primitive ({@code int}), false for its box ({@code Integer}) and
   *     all reference types
   * @param declared the enum or record class for {@link ValueKind#ENUM} and {@link
   *     ValueKind#RECORD}, otherwise {@code null}
   * @param arguments the type arguments of {@code Optional}, {@code List}, {@code Set} and {@code
   *     Map}
   * @param components the components of a {@link ValueKind#RECORD}, otherwise empty
   * @param constants the constants of an {@link ValueKind#ENUM} in declaration order, otherwise
   *     empty
   */
  public FieldType {
    Objects.requireNonNull(kind, "kind");
    arguments = List.copyOf(arguments);
    components = List.copyOf(components);
    constants = List.copyOf(constants);
  }

  /**
   * {@return a type without arguments or components ({@code String}, {@code int}, {@code
   * Integer}...)}
   *
   * @param kind the kind
   * @param primitive true for a primitive ({@code int}), false for a box or reference type
   */
  public static FieldType simple(ValueKind kind, boolean primitive) {
    return new FieldType(kind, primitive, null, List.of(), List.of(), List.of());
  }

  /**
   * {@return an enum type with its constants in declaration order}
   *
   * @param type the enum class
   * @param constants its constants, in declaration order
   */
  public static FieldType enumType(ClassRef type, List<String> constants) {
    return new FieldType(ValueKind.ENUM, false, type, List.of(), List.of(), constants);
  }

  /**
   * {@return a nested record type}
   *
   * @param type the record class
   * @param components its components
   */
  public static FieldType recordType(ClassRef type, List<ComponentModel> components) {
    return new FieldType(ValueKind.RECORD, false, type, List.of(), components, List.of());
  }

  /**
   * {@return {@code Optional}, {@code List}, {@code Set} or {@code Map} of {@code arguments}}
   *
   * @param kind {@link ValueKind#OPTIONAL}, {@link ValueKind#LIST}, {@link ValueKind#SET} or {@link
   *     ValueKind#MAP}
   * @param arguments the type arguments
   */
  public static FieldType container(ValueKind kind, List<FieldType> arguments) {
    return new FieldType(kind, false, null, arguments, List.of(), List.of());
  }

  /** {@return true if this type may be a primary key value: orderable and not a record} */
  public boolean orderable() {
    return kind.orderable();
  }

  /**
   * {@return true if a multi-value index may cover this type: a {@code List} or {@code Set} of an
   * indexable element type, one index entry per distinct element}
   */
  public boolean multiValueIndexable() {
    return (kind == ValueKind.LIST || kind == ValueKind.SET) && arguments.get(0).indexable();
  }

  /** {@return true if this type may be an index value: an index can order it} */
  public boolean indexable() {
    return kind.indexable();
  }

  /**
   * {@return a canonical description of the type for the schema fingerprint: qualified names, type
   * arguments and, for records, their components, so any change of a stored shape changes it}
   */
  public String descriptor() {
    switch (kind) {
      case ENUM:
        return "enum " + declared.qualifiedName();
      case RECORD:
        return "record "
            + declared.qualifiedName()
            + components.stream()
                .map(ComponentModel::descriptor)
                .collect(Collectors.joining(",", "(", ")"));
      case OPTIONAL:
      case LIST:
      case SET:
      case MAP:
        return kind.name().charAt(0)
            + kind.name().substring(1).toLowerCase(java.util.Locale.ROOT)
            + arguments.stream()
                .map(FieldType::descriptor)
                .collect(Collectors.joining(",", "<", ">"));
      default:
        return primitive ? kind.name().toLowerCase(java.util.Locale.ROOT) : kind.name();
    }
  }

  /**
   * {@return what decides how an index orders values of this type: the {@link #descriptor()}, and
   * for an enum its constants in declaration order (indexes order enum values by declaration), e.g.
   * {@code enum com.acme.Status{OUT,RENEWED,LOST}}} Reordering, inserting, removing or renaming a
   * constant changes it, so the catalog rebuilds the indexes over the enum.
   */
  public String orderDescriptor() {
    if (kind != ValueKind.ENUM) {
      return descriptor();
    }
    return descriptor() + constants.stream().collect(Collectors.joining(",", "{", "}"));
  }

  /** A short readable name for messages, e.g. {@code List<String>}. */
  @Override
  public String toString() {
    return descriptor();
  }
}
