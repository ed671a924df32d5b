package dev.tessera.repository;

import dev.tessera.catalog.IndexState;

/**
 * Observes index builds. Called on the thread doing the build (the background builder, or the
 * caller of a blocking open or of {@link IndexAdmin#buildIndexes()}); keep it quick. An exception
 * thrown by a callback stops that build where it is, as a crash would: the catalog keeps the
 * cursor and the next build continues from it.
 */
public interface IndexBuildListener {
  /** After every committed batch. */
  default void onProgress(IndexBuildProgress progress) {}

  /** After the catalog recorded a new state: READABLE, FAILED, or the removal of a dropped index. */
  default void onStateChange(String entity, String index, IndexState state) {}

  /** A unique index could not be built over duplicate values; it is now FAILED and empty. */
  default void onFailure(IndexBuildFailedException failure) {}
}
