package dev.tessera.kv.etcd;

/**
 * The etcd revision a group of reads is pinned to: unset (0) until the first read answers, then the
 * revision that read saw, so every later read of the group sees the same state. Not thread-safe
 * (one per snapshot, listing or call).
 */
final class Revision {
  private long value;

  /** A revision not yet pinned. */
  Revision() {}

  /** The pinned revision, or 0 (read the latest). */
  long value() {
    return value;
  }

  /** Pins to {@code revision} unless already pinned. */
  void pin(long revision) {
    if (value == 0) {
      value = revision;
    }
  }

  boolean isPinned() {
    return value != 0;
  }
}
