package dev.tessera.repository;

import dev.tessera.TesseraException;

/**
 * A write addressed a record by its primary key and found the wrong answer there: a record already
 * stored ({@link EntityExistsException}) or none ({@link EntityNotFoundException}). Nothing was
 * written. The message names both, e.g. {@code user with primary key 42 already exists}.
 *
 * <pre>{@code
 * try {
 *   users.insert(user);
 * } catch (EntityKeyException e) {
 *   log.warn("{} {}: {}", e.entity(), e.key(), e.getMessage());
 * }
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public abstract class EntityKeyException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The entity's name. */
  private final String entity;
  private final transient Object key;

  /**
   * Creates the exception for {@code entity} and the primary key {@code key}, with the message
   * {@code "<entity> with primary key <key> <outcome>"}.
   *
   * @param entity the entity name
   * @param key the primary key
   * @param outcome what was found, e.g. {@code "already exists"}
   */
  protected EntityKeyException(String entity, Object key, String outcome) {
    super(entity + " with primary key " + key + " " + outcome);
    this.entity = entity;
    this.key = key;
  }

  /** {@return the entity name} */
  public String entity() {
    return entity;
  }

  /** {@return the primary key the write addressed} */
  public Object key() {
    return key;
  }
}
