package dev.tessera.repository;

import dev.tessera.catalog.IndexPhase;

/**
 * A snapshot of one index's build, given to {@link IndexBuildListener#onProgress} after every
 * batch. Immutable.
 *
 * @param entity the entity name
 * @param index the index name
 * @param phase what the build is doing: clearing old entries, backfilling, resolving duplicates
 * @param done records (or keys, when clearing) processed in this phase, across restarts
 * @param total the number of records of the entity when the phase started (an estimate: writes go
 *     on); 0 when clearing
 * @param perSecond the rate since this builder started the phase, items per second
 */
public record IndexBuildProgress(
    String entity, String index, IndexPhase phase, long done, long total, double perSecond) {

  @Override
  public String toString() {
    return String.format(
        "index %s.%s %s: %d of %d (%.0f/s)", entity, index, phase, done, total, perSecond);
  }
}
