package dev.tessera.catalog;

/**
 * The life-cycle state of one secondary index, as the store's catalog records it.
 *
 * <pre>
 *   (new index, records exist) -> BUILDING -> READABLE
 *                                    |  duplicates in a unique index
 *                                    v
 *                                  FAILED  -(build again)-> BUILDING
 *   (index no longer in the code)  -> DROPPING -> (removed from the catalog)
 * </pre>
 */
public enum IndexState {
  /** Writes maintain the index while a builder backfills it; queries throw until it is readable. */
  BUILDING,
  /** Complete: queries may use it, and a unique index enforces uniqueness. */
  READABLE,
  /** No longer declared: its entries are being deleted, then its catalog entry. */
  DROPPING,
  /**
   * A unique index whose build found duplicate values: it holds no entries, writes skip it and
   * queries throw, until it is built again (after the duplicates are fixed).
   */
  FAILED
}
