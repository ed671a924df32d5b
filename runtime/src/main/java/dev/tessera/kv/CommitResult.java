package dev.tessera.kv;

import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;

/**
 * The outcome of {@link AtomicOperation#commit()}. Immutable.
 *
 * <p>When a check failed, {@code failedKey} names the key that made it fail. For a point check
 * ({@link AtomicOperation#check}) that is the checked key; for a {@linkplain
 * AtomicOperation#checkRange range check}, {@code failedRange} is the range and {@code failedKey}
 * the first key (in key order) that was added, removed or changed in it, with the versionstamp the
 * check expected ({@code null}: the key was not seen, so it was added) and the one found ({@code
 * null}: it was removed).
 *
 * @param ok true if every check held and the mutations were applied
 * @param versionstamp the commit's versionstamp when {@code ok}, else {@code null}
 * @param failedKey the key of the first check that failed, when not {@code ok}
 * @param expected the versionstamp that check expected ({@code null} = absent)
 * @param actual the versionstamp the key actually had ({@code null} = absent)
 * @param failedRange the range of the failed check when it was a range check, else {@code null}
 */
public record CommitResult(
    boolean ok,
    Versionstamp versionstamp,
    Tuple failedKey,
    Versionstamp expected,
    Versionstamp actual,
    TupleRange failedRange) {

  /**
   * {@return a successful commit}
   *
   * @param versionstamp the versionstamp of the commit
   */
  public static CommitResult success(Versionstamp versionstamp) {
    return new CommitResult(true, versionstamp, null, null, null, null);
  }

  /**
   * {@return a commit whose check on {@code key} failed}
   *
   * @param key the key whose check failed
   * @param expected the versionstamp the check expected ({@code null}: absent)
   * @param actual the versionstamp found ({@code null}: absent)
   */
  public static CommitResult checkFailed(Tuple key, Versionstamp expected, Versionstamp actual) {
    return new CommitResult(false, null, key, expected, actual, null);
  }

  /**
   * {@return a commit whose range check on {@code range} failed at {@code key}: it was seen at
   * {@code expected} ({@code null}: not seen) and found at {@code actual} ({@code null}: gone)}
   *
   * @param range the range whose check failed
   * @param key the key at which it failed
   * @param expected the versionstamp the listing saw ({@code null}: not seen)
   * @param actual the versionstamp found ({@code null}: absent)
   */
  public static CommitResult rangeCheckFailed(
      TupleRange range, Tuple key, Versionstamp expected, Versionstamp actual) {
    return new CommitResult(false, null, key, expected, actual, range);
  }

  /** {@return true if the commit failed on a range check (see {@link #failedRange()})} */
  public boolean failedOnRange() {
    return failedRange != null;
  }
}
