package dev.tessera.processor.data;

import dev.tessera.processor.model.ClassRef;
import dev.tessera.processor.model.EntityModel;
import java.util.List;
import java.util.Objects;

/**
 * A valid Jakarta Data repository interface: its entity and the methods its implementation writes
 * (the built-in ones are inherited from the runtime's {@code DataRepositorySupport}).
 *
 * <p>Immutable and thread-safe.
 *
 * @param repository the interface
 * @param entity the entity it stores
 * @param methods the methods to implement, in declaration order
 */
record DataRepositoryModel(ClassRef repository, EntityModel entity, List<DataMethod> methods) {

  /** Validates and copies the fields. */
  DataRepositoryModel {
    Objects.requireNonNull(repository, "repository");
    Objects.requireNonNull(entity, "entity");
    methods = List.copyOf(methods);
  }

  /** {@code com.acme.Books} gets {@code com.acme.Books_}; a nested {@code Outer.Books} {@code Outer_Books_}. */
  ClassRef implementation() {
    return new ClassRef(repository.packageName(), List.of(String.join("_", repository.simpleNames()) + "_"));
  }
}
