package dev.tessera.internal.kv;

/**
 * The sizes of a batched read's batches: small first, because most short-circuited pipelines want
 * one entry, then each four times the last, up to a maximum (1, 4, 16, 64, 256 reaches the usual
 * maximum in five reads). One policy for the LMDB store's listings, the simulated store's (which
 * must batch exactly as LMDB does) and the queries' batched reads. Not thread-safe: one per read.
 */
public final class BatchGrowth {
  /** The first batch when a read starts small. */
  public static final int FIRST_BATCH = 1;
  /** How much each next batch grows. */
  public static final int GROWTH = 4;

  private final int max;
  private int next;

  private BatchGrowth(int first, int max) {
    if (max < 1) {
      throw new IllegalArgumentException("the largest batch must be at least 1, was " + max);
    }
    this.max = max;
    this.next = first;
  }

  /**
   * The batches of a listing of at most {@code limit} entries, at most {@code max} each: the whole
   * limit at once when it fits one batch, else {@link #FIRST_BATCH} and growing.
   */
  public static BatchGrowth forListing(int limit, int max) {
    return new BatchGrowth(limit <= max ? limit : Math.min(FIRST_BATCH, max), max);
  }

  /** Batches growing from {@link #FIRST_BATCH} to {@code max} if {@code startSmall}, else {@code max} each. */
  public static BatchGrowth upTo(int max, boolean startSmall) {
    return new BatchGrowth(startSmall ? Math.min(FIRST_BATCH, max) : max, max);
  }

  /** The size of the next batch; the one after grows by {@link #GROWTH}, up to the maximum. */
  public int next() {
    int size = next;
    next = (int) Math.min((long) next * GROWTH, max);
    return size;
  }
}
