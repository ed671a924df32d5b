package dev.tessera.kv.lmdb;

import dev.tessera.TesseraException;

/**
 * Thrown by {@code commit()} when the commit does not fit in the map and the map has reached
 * {@link LmdbOptions#maxMapSize()}. The commit wrote nothing; the store stays usable (reads,
 * deletes and smaller commits still work). Immutable and thread-safe.
 */
public final class MapSizeLimitException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The map size now, in bytes. */
  private final long mapSize;
  /** The largest map size allowed, in bytes. */
  private final long maxMapSize;

  /**
   * Creates the exception.
   *
   * @param mapSize the map size now, in bytes
   * @param maxMapSize the largest map size allowed, in bytes
   */
  public MapSizeLimitException(long mapSize, long maxMapSize) {
    super("The LMDB map is full at " + mapSize + " bytes and may not grow beyond maxMapSize "
        + maxMapSize + " bytes; the commit wrote nothing (raise LmdbOptions.maxMapSize)");
    this.mapSize = mapSize;
    this.maxMapSize = maxMapSize;
  }

  /** {@return the map size when the commit failed, in bytes} */
  public long mapSize() {
    return mapSize;
  }

  /** {@return the configured cap, in bytes} */
  public long maxMapSize() {
    return maxMapSize;
  }
}
