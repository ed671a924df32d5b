package dev.tessera.repository;

import dev.tessera.TesseraException;
import dev.tessera.catalog.IndexPhase;
import dev.tessera.catalog.IndexState;

/**
 * A query used an index that is not readable: it is still being built, or its build failed.
 * Nothing was read. Wait with {@link IndexAdmin#awaitIndexes}, or build it with {@link
 * IndexAdmin#buildIndexes()}. Immutable and thread-safe.
 */
public final class IndexNotReadyException extends TesseraException {
  private static final long serialVersionUID = 1L;

  private final String entity;
  private final String index;
  private final IndexState state;
  private final IndexPhase phase;
  private final long done;
  private final long total;
  private final String failure;

  /**
   * Creates the exception.
   *
   * @param entity the entity name
   * @param index the index name
   * @param state the index's state
   * @param phase the step its build is in
   * @param done records processed by that step
   * @param total the entity's record count
   * @param failure why its last build failed, or {@code null}
   */
  public IndexNotReadyException(
      String entity,
      String index,
      IndexState state,
      IndexPhase phase,
      long done,
      long total,
      String failure) {
    super(
        "index "
            + index
            + " of "
            + entity
            + " is not readable: "
            + state
            + (state == IndexState.BUILDING ? " (" + phase + ", " + done + " of " + total + ")" : "")
            + (failure == null ? "" : ": " + failure));
    this.entity = entity;
    this.index = index;
    this.state = state;
    this.phase = phase;
    this.done = done;
    this.total = total;
    this.failure = failure;
  }

  /** The entity name. */
  public String entity() {
    return entity;
  }

  /** The index name. */
  public String index() {
    return index;
  }

  /** The index's state when the query ran. */
  public IndexState state() {
    return state;
  }

  /** The step its build was in. */
  public IndexPhase phase() {
    return phase;
  }

  /** Records processed by that step. */
  public long done() {
    return done;
  }

  /** The entity's record count. */
  public long total() {
    return total;
  }

  /** Why the index's last build failed (its duplicates), or {@code null}. */
  public String failure() {
    return failure;
  }
}
