package dev.tessera.processor.model;

import java.util.List;
import java.util.Objects;

/**
 * A validated Jakarta Data {@code @Repository} interface whose entity is a Tessera entity: what its
 * generated implementation needs.
 *
 * <p>Immutable and thread-safe.
 *
 * @param type the interface
 * @param entity the entity its methods read and write
 * @param methods the abstract methods to implement, in declaration order (inherited ones first)
 */
public record DataRepositoryModel(ClassRef type, EntityModel entity, List<DataMethod> methods) {

  /**
   * Copies the methods.
   *
   * @param type the interface
   * @param entity the entity its methods read and write
   * @param methods the abstract methods to implement, in declaration order (inherited ones first)
   */
  public DataRepositoryModel {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(entity, "entity");
    methods = List.copyOf(methods);
  }
}
