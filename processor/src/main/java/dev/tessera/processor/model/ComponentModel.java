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

  /**
   * Validates and copies the fields.
   *
   * @param name the component name
   * @param type its type
   * @param formerNames the names older shapes stored it under ({@code @Renamed}), most recent first
   * @param defaultValue the checked text of its {@code @DefaultValue}, canonical for its type (see
   *     {@code DefaultValues}), or {@code null} for the type's default
   */
  public ComponentModel {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    formerNames = List.copyOf(formerNames);
  }

  /**
   * A component that was never renamed and reads the type's default when absent.
   *
   * @param name the component's name
   * @param type the component's type
   */
  public ComponentModel(String name, FieldType type) {
    this(name, type, List.of(), null);
  }

  /**
   * {@return {@code name:orderDescriptor}, for index descriptors (see {@link
   * FieldType#orderDescriptor()}); {@code name:each orderDescriptor} of the element type for a
   * collection, whose index has one entry per element (so a change from a single value to a
   * collection rebuilds the index, and a change from {@code List} to {@code Set} does not)}
   */
  public String indexDescriptor() {
    if (type.multiValueIndexable()) {
      return name + ":each " + type.arguments().get(0).orderDescriptor();
    }
    return name + ":" + type.orderDescriptor();
  }

  /**
   * {@return the component as one index entry sees it: for a multi-value index (a {@code List} or
   * {@code Set}), one element, named like the component; this component otherwise}
   */
  public ComponentModel indexed() {
    return type.multiValueIndexable() ? new ComponentModel(name, type.arguments().get(0)) : this;
  }

  /** {@return {@code name:typeDescriptor}, for the schema descriptor} */
  public String descriptor() {
    return name + ":" + type.descriptor();
  }
}
