package dev.tessera.catalog;

/** The step of an index's pending work that its catalog entry's cursor belongs to. */
public enum IndexPhase {
  /** Deleting old entries (of a changed, failed or dropped index) and stale duplicate markers. */
  CLEARING,
  /** Writing the entry of every stored record, in primary-key order from the cursor. */
  BACKFILLING,
  /** A unique index only: settling the duplicate markers writers and the backfill left. */
  RESOLVING,
  /** Nothing left to do. */
  DONE
}
