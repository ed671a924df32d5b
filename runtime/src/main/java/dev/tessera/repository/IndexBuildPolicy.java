package dev.tessera.repository;

/**
 * When a repository builds (backfills, rebuilds or drops) the indexes its catalog says are pending.
 * Whatever the policy, opening a repository records new, changed and removed indexes in the
 * catalog at once, and writes maintain every declared index from then on.
 */
public enum IndexBuildPolicy {
  /**
   * The default: the constructor returns at once and one daemon thread per repository does the
   * pending work; queries on an index that is not readable yet throw {@link
   * IndexNotReadyException}, or wait through {@link IndexAdmin#awaitIndexes}.
   */
  BACKGROUND,
  /**
   * The constructor does the pending work before it returns; a unique build that fails over
   * duplicates throws {@link IndexBuildFailedException}. An index that had already failed stays
   * FAILED (the repository opens); {@link IndexAdmin#buildIndexes()} builds it again.
   */
  BLOCKING,
  /** Nothing is built until {@link IndexAdmin#buildIndexes()} is called. */
  ON_DEMAND
}
