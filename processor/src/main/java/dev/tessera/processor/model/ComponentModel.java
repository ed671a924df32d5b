package dev.tessera.processor.model;

import java.util.Objects;

/**
 * One record component: its name (also its accessor's name) and its stored type.
 *
 * <p>Immutable and thread-safe.
 *
 * @param name the component name
 * @param type its type
 */
public record ComponentModel(String name, FieldType type) {

  /** Validates the fields. */
  public ComponentModel {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
  }

  /** {@code name:typeDescriptor}, for the schema descriptor. */
  public String descriptor() {
    return name + ":" + type.descriptor();
  }
}
