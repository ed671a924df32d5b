package dev.tessera.repository;

import dev.tessera.mapping.EntityMapping;

/**
 * Lets tests in other packages reach the mapping a generated repository was built with. It lives in
 * {@code dev.tessera.repository} because {@link EntityRepository#mapping()} is protected (package
 * access); generated mappings are private nested classes and the tests use no reflection.
 */
public final class GeneratedMappings {
  private GeneratedMappings() {}

  /** The mapping {@code repository} encodes and decodes with. */
  public static <T, ID> EntityMapping<T, ID> of(EntityRepository<T, ID> repository) {
    return repository.mapping();
  }
}
