package dev.tessera.repository;

import dev.tessera.catalog.IndexState;

/**
 * Observes index builds. Called on the thread doing the build (the background builder, or the
 * caller of a blocking open or of {@link IndexAdmin#buildIndexes()}); keep it quick. An exception
 * thrown by a callback stops that build where it is, as a crash would: the catalog keeps the
 * cursor and the next build continues from it.
 */
public interface IndexBuildListener {
  /**
   * After every committed batch.
   *
   * @param progress the build's progress
   */
  default void onProgress(IndexBuildProgress progress) {}

  /**
   * After the catalog recorded a new state: READABLE, FAILED, or the removal of a dropped index.
   *
   * @param entity the entity's name
   * @param index the index's name
   * @param state the new state
   */
  default void onStateChange(String entity, String index, IndexState state) {}

  /**
   * A unique index could not be built over duplicate values; it is now FAILED and empty.
   *
   * @param failure the failure, naming the duplicates
   */
  default void onFailure(IndexBuildFailedException failure) {}
}
