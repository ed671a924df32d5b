package dev.tessera.catalog;

import java.util.Arrays;
import java.util.Objects;

/**
 * What the catalog records about one index of one entity. Immutable; the {@code with...} methods
 * return changed copies.
 *
 * @param entityName the entity the index belongs to
 * @param indexName the index name
 * @param descriptor the definition descriptor the index was built for (see {@code
 *     IndexDefinition.descriptor()})
 * @param state the life-cycle state
 * @param cursor the packed key the current phase has processed up to (inclusive), or {@code null}
 *     at the start of the phase
 * @param subspace the name of the index's subspace, to which the store's catalog assigns the id its
 *     entries' keys start with, kept so a dropped index can be cleared
 *     without its definition
 * @param unique whether the index is unique
 * @param phase the step of pending work the cursor belongs to
 * @param generation increased by every new build, so duplicate markers of an older build are told
 *     apart from the current one's
 * @param done records (backfill) or keys (clearing) processed in the current phase
 * @param failure why the last build failed, or {@code null}
 */
public record IndexCatalogEntry(
    String entityName,
    String indexName,
    String descriptor,
    IndexState state,
    byte[] cursor,
    String subspace,
    boolean unique,
    IndexPhase phase,
    long generation,
    long done,
    String failure) {

  /**
   * Validates the fields and copies the cursor.
   *
   * @param entityName the entity the index belongs to
   * @param indexName the index name
   * @param descriptor the definition descriptor the index was built for (see {@code
   *     IndexDefinition.descriptor()})
   * @param state the life-cycle state
   * @param cursor the packed key the current phase has processed up to (inclusive), or {@code null}
   *     at the start of the phase
   * @param subspace the name of the index's subspace, to which the store's catalog assigns the id
   *     its entries' keys start with, kept so a dropped index can be cleared without its definition
   * @param unique whether the index is unique
   * @param phase the step of pending work the cursor belongs to
   * @param generation increased by every new build, so duplicate markers of an older build are told
   *     apart from the current one's
   * @param done records (backfill) or keys (clearing) processed in the current phase
   * @param failure why the last build failed, or {@code null}
   */
  public IndexCatalogEntry {
    Objects.requireNonNull(entityName, "entityName");
    Objects.requireNonNull(indexName, "indexName");
    Objects.requireNonNull(descriptor, "descriptor");
    Objects.requireNonNull(state, "state");
    cursor = cursor == null ? null : cursor.clone();
    Objects.requireNonNull(subspace, "subspace");
    Objects.requireNonNull(phase, "phase");
  }

  /**
   * {@return a readable index: nothing to build (a new index of an entity without records)}
   *
   * @param entityName the entity's name
   * @param indexName the index's name
   * @param descriptor the index's descriptor
   * @param subspace the subspace holding the index's entries
   * @param unique true for a unique index
   */
  public static IndexCatalogEntry readable(
      String entityName, String indexName, String descriptor, String subspace, boolean unique) {
    return new IndexCatalogEntry(
        entityName, indexName, descriptor, IndexState.READABLE, null, subspace, unique,
        IndexPhase.DONE, 1, 0, null);
  }

  /**
   * {@return a build of {@code descriptor} that starts by clearing the subspace: a new generation
   * after {@code previous} (0 when there is none)}
   *
   * @param entityName the entity's name
   * @param indexName the index's name
   * @param descriptor the index's descriptor
   * @param subspace the subspace holding the index's entries
   * @param unique true for a unique index
   * @param previousGeneration the generation of the build this one replaces (0 when there is none)
   */
  public static IndexCatalogEntry building(
      String entityName,
      String indexName,
      String descriptor,
      String subspace,
      boolean unique,
      long previousGeneration) {
    return new IndexCatalogEntry(
        entityName, indexName, descriptor, IndexState.BUILDING, null, subspace, unique,
        IndexPhase.CLEARING, previousGeneration + 1, 0, null);
  }

  /** {@return the cursor (a copy), or {@code null}} */
  @Override
  public byte[] cursor() {
    return cursor == null ? null : cursor.clone();
  }

  /**
   * {@return true while work is pending: building, dropping, or clearing a failed build's entries}
   */
  public boolean hasPendingWork() {
    return phase != IndexPhase.DONE;
  }

  /**
   * {@return this entry in {@code state}, starting {@code phase} from its beginning}
   *
   * @param state the state the entry moves to
   * @param phase the phase that starts
   */
  public IndexCatalogEntry startPhase(IndexState state, IndexPhase phase) {
    return new IndexCatalogEntry(
        entityName, indexName, descriptor, state, null, subspace, unique, phase, generation, 0,
        failure);
  }

  /**
   * {@return this entry, {@code count} more items into its phase, which has processed up to {@code
   * cursor}}
   *
   * @param cursor the last key the phase processed
   * @param count how many more items the phase processed
   */
  public IndexCatalogEntry advance(byte[] cursor, long count) {
    return new IndexCatalogEntry(
        entityName, indexName, descriptor, state, cursor, subspace, unique, phase, generation,
        done + count, failure);
  }

  /**
   * {@return this entry failed for {@code reason}: state FAILED, clearing its entries}
   *
   * @param reason why the build failed (its duplicates)
   */
  public IndexCatalogEntry failed(String reason) {
    return new IndexCatalogEntry(
        entityName, indexName, descriptor, IndexState.FAILED, null, subspace, unique,
        IndexPhase.CLEARING, generation, 0, reason);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IndexCatalogEntry e
        && entityName.equals(e.entityName)
        && indexName.equals(e.indexName)
        && descriptor.equals(e.descriptor)
        && state == e.state
        && Arrays.equals(cursor, e.cursor)
        && subspace.equals(e.subspace)
        && unique == e.unique
        && phase == e.phase
        && generation == e.generation
        && done == e.done
        && Objects.equals(failure, e.failure);
  }

  @Override
  public int hashCode() {
    return Objects.hash(entityName, indexName, descriptor, state, Arrays.hashCode(cursor), phase,
        generation, done);
  }

  @Override
  public String toString() {
    return entityName + "." + indexName + "[" + state + "/" + phase + ", generation " + generation
        + ", " + done + " done" + (failure == null ? "" : ", failure: " + failure) + "]";
  }
}
