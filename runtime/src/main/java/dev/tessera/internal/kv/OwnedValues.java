package dev.tessera.internal.kv;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.tuple.Tuple;

/**
 * An atomic operation that can take over a value array instead of copying it. {@link
 * AtomicOperation#set} copies its value, because the caller may change its array afterwards; a
 * caller that made the array itself and never changes it (the transaction view, which copied the
 * user's value once already; a repository, which encoded the record) hands it over here and saves
 * the second copy.
 */
public interface OwnedValues {
  /**
   * Sets {@code key} to {@code value} in {@code op}, handing the array over if {@code op} takes
   * arrays over ({@link #setOwned}), else through {@link AtomicOperation#set}, which copies it. The
   * caller never modifies {@code value} again.
   *
   * @return {@code op}
   */
  static AtomicOperation set(AtomicOperation op, Tuple key, byte[] value) {
    if (op instanceof OwnedValues owned) {
      owned.setOwned(key, value);
    } else {
      op.set(key, value);
    }
    return op;
  }

  /**
   * As {@link AtomicOperation#set}, keeping {@code value} itself: the caller never modifies it
   * again (nor lets anyone else).
   */
  void setOwned(Tuple key, byte[] value);
}
