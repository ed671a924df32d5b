package dev.tessera.processor.model;

import java.util.List;
import java.util.Objects;

/**
 * One record component: its name (also its accessor's name), its stored type, and how records
 * stored before it had this name or existed read into it.
 *
 * <p>Immutable and thread-safe.
 *
 * @param name the component name
 * @param type its type
 * @param formerNames the names older shapes stored it under ({@code @Renamed}), most recent first
 * @param defaultValue the checked text of its {@code @DefaultValue}, canonical for its type (see
 *     {@code DefaultValues}), or {@code null} for the type's default
 */
public record ComponentModel(
    String name, FieldType type, List<String> formerNames, String defaultValue) {

  /** Validates and copies the fields. */
  public ComponentModel {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    formerNames = List.copyOf(formerNames);
  }

  /** A component that was never renamed and reads the type's default when absent. */
  public ComponentModel(String name, FieldType type) {
    this(name, type, List.of(), null);
  }

  /** {@code name:orderDescriptor}, for index descriptors (see {@link FieldType#orderDescriptor()}). */
  public String indexDescriptor() {
    return name + ":" + type.orderDescriptor();
  }

  /** {@code name:typeDescriptor}, for the schema descriptor. */
  public String descriptor() {
    return name + ":" + type.descriptor();
  }
}
