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

  /** The entity's name. */
  private final String entity;
  /** The index's name. */
  private final String index;
  /** The index's state. */
  private final IndexState state;
  /** The step its build is at. */
  private final IndexPhase phase;
  /** Records processed by that step. */
  private final long done;
  /** Records that step processes in all. */
  private final long total;
  /** Why the last build failed, or {@code null}. */
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

  /** {@return the entity name} */
  public String entity() {
    return entity;
  }

  /** {@return the index name} */
  public String index() {
    return index;
  }

  /** {@return the index's state when the query ran} */
  public IndexState state() {
    return state;
  }

  /** {@return the step its build was in} */
  public IndexPhase phase() {
    return phase;
  }

  /**
   * Records processed by that step.
   *
   * @return records processed by that step
   */
  public long done() {
    return done;
  }

  /** {@return the entity's record count} */
  public long total() {
    return total;
  }

  /**
   * Why the index's last build failed (its duplicates), or {@code null}.
   *
   * @return why the index's last build failed (its duplicates), or {@code null}
   */
  public String failure() {
    return failure;
  }
}
