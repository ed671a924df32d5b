package dev.tessera.mapping;

import java.util.List;
import java.util.Objects;

/**
 * One component of a stored record shape: its name and type descriptor (what is stored), and for
 * the current shape also what reads older shapes into it: its former names ({@code @Renamed}) and
 * its default ({@code @DefaultValue}), as an encoded tuple part.
 *
 * <pre>{@code
 * ComponentSchema.of("email", "STRING").renamedFrom("mail");
 * ComponentSchema.of("language", "STRING").withDefault(FieldCodec.encodeString("en"));
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class ComponentSchema {
  private final String name;
  private final String type;
  private final List<String> formerNames;
  private final boolean hasDefault;
  private final Object defaultPart;

  private ComponentSchema(
      String name, String type, List<String> formerNames, boolean hasDefault, Object defaultPart) {
    this.name = Objects.requireNonNull(name, "name");
    this.type = Objects.requireNonNull(type, "type");
    this.formerNames = List.copyOf(formerNames);
    this.hasDefault = hasDefault;
    this.defaultPart = defaultPart;
  }

  /**
   * A component named {@code name} whose values have type descriptor {@code type} (e.g. {@code
   * "STRING"}, {@code "int"}, {@code "List<INSTANT>"}).
   */
  public static ComponentSchema of(String name, String type) {
    return new ComponentSchema(name, type, List.of(), false, null);
  }

  /** This component, also read from values stored under {@code names} (most recent first). */
  public ComponentSchema renamedFrom(String... names) {
    return new ComponentSchema(name, type, List.of(names), hasDefault, defaultPart);
  }

  /**
   * This component, reading {@code part} (an encoded tuple part, as {@link FieldCodec}'s encoders
   * return) for records stored without it.
   */
  public ComponentSchema withDefault(Object part) {
    return new ComponentSchema(name, type, formerNames, true, part);
  }

  /** The component name. */
  public String name() {
    return name;
  }

  /** The type descriptor of its values. */
  public String type() {
    return type;
  }

  /** The names older shapes stored it under, most recent first; empty if never renamed. */
  public List<String> formerNames() {
    return formerNames;
  }

  /** True if a default was declared; otherwise records without it read the type's default. */
  public boolean hasDefault() {
    return hasDefault;
  }

  /** The declared default as an encoded tuple part ({@code null} if none was declared). */
  public Object defaultPart() {
    return defaultPart;
  }

  /** {@code name:type}, as in a schema descriptor. */
  @Override
  public String toString() {
    return name + ":" + type;
  }
}
