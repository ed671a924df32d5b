package dev.tessera.mapping;

import java.util.List;
import java.util.Objects;

/**
 * One component of a stored record shape: its name and type descriptor (what is stored), and for
 * the current shape also what reads older shapes into it: its former names ({@code @Renamed}) and
 * its default ({@code @DefaultValue}), as an encoded tuple part.
 *
 * <pre>{@code
 * ComponentSchema.of("email", TypeDescriptor.STRING).renamedFrom("mail");
 * ComponentSchema.of("language", TypeDescriptor.STRING).withDefault(FieldCodec.encodeString("en"));
 * ComponentSchema.of("tags", "List<STRING>"); // the stored text, parsed
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class ComponentSchema {
  private final String name;
  private final String type;
  private final TypeDescriptor descriptor;
  private final List<String> formerNames;
  private final boolean hasDefault;
  private final Object defaultPart;

  private ComponentSchema(
      String name,
      String type,
      TypeDescriptor descriptor,
      List<String> formerNames,
      boolean hasDefault,
      Object defaultPart) {
    this.name = Objects.requireNonNull(name, "name");
    this.type = type;
    this.descriptor = descriptor;
    this.formerNames = List.copyOf(formerNames);
    this.hasDefault = hasDefault;
    this.defaultPart = defaultPart;
  }

  /**
   * {@return a component named {@code name} whose values have type {@code type}, e.g. {@link
   * TypeDescriptor#STRING} or {@code TypeDescriptor.list(TypeDescriptor.INSTANT)}; its stored text
   * is {@code type.toString()}}
   *
   * @param name the component's name
   * @param type the type of its values
   */
  public static ComponentSchema of(String name, TypeDescriptor type) {
    Objects.requireNonNull(type, "type");
    return new ComponentSchema(name, type.toString(), type, List.of(), false, null);
  }

  /**
   * {@return a component named {@code name} whose values have the type descriptor text {@code type}
   * (e.g. {@code "STRING"}, {@code "int"}, {@code "List<INSTANT>"}), as a schema stores it; the
   * text is kept as given}
   *
   * @param name the component's name
   * @param type the type descriptor text of its values
   * @throws IllegalArgumentException naming the component and the descriptor when {@code type} does
   *     not parse (see {@link TypeDescriptor#parse})
   */
  public static ComponentSchema of(String name, String type) {
    Objects.requireNonNull(type, "type");
    TypeDescriptor descriptor;
    try {
      descriptor = TypeDescriptor.parse(type);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "component '" + name + "' has no valid type: " + e.getMessage(), e);
    }
    return new ComponentSchema(name, type, descriptor, List.of(), false, null);
  }

  /**
   * {@return this component, also read from values stored under {@code names} (most recent first)}
   *
   * @param names the former names, most recent first
   */
  public ComponentSchema renamedFrom(String... names) {
    return new ComponentSchema(name, type, descriptor, List.of(names), hasDefault, defaultPart);
  }

  /**
   * {@return this component, reading {@code part} (an encoded tuple part, as the codecs' encoders
   * return) for records stored without it}
   *
   * @param part the encoded default
   */
  public ComponentSchema withDefault(Object part) {
    return new ComponentSchema(name, type, descriptor, formerNames, true, part);
  }

  /** {@return the component name} */
  public String name() {
    return name;
  }

  /**
   * {@return the type descriptor of its values, as the schema stores it (e.g. {@code
   * "List<INSTANT>"})}
   */
  public String type() {
    return type;
  }

  /** {@return the type of its values, parsed: {@link #type()} is its text} */
  public TypeDescriptor descriptor() {
    return descriptor;
  }

  /** {@return the names older shapes stored it under, most recent first; empty if never renamed} */
  public List<String> formerNames() {
    return formerNames;
  }

  /**
   * {@return true if a default was declared; otherwise records without it read the type's default}
   */
  public boolean hasDefault() {
    return hasDefault;
  }

  /** {@return the declared default as an encoded tuple part ({@code null} if none was declared)} */
  public Object defaultPart() {
    return defaultPart;
  }

  /** {@code name:type}, as in a schema descriptor. */
  @Override
  public String toString() {
    return name + ":" + type;
  }
}
