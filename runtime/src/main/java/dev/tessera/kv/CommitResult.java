package dev.tessera.kv;

import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;

/**
 * The outcome of {@link AtomicOperation#commit()}.
 *
 * @param ok true if every check held and the mutations were applied
 * @param versionstamp the commit's versionstamp when {@code ok}, else {@code null}
 * @param failedKey the key of the first check that failed, when not {@code ok}
 * @param expected the versionstamp that check expected ({@code null} = absent)
 * @param actual the versionstamp the key actually had ({@code null} = absent)
 */
public record CommitResult(
    boolean ok, Versionstamp versionstamp, Tuple failedKey, Versionstamp expected, Versionstamp actual) {

  /** A successful commit. */
  public static CommitResult success(Versionstamp versionstamp) {
    return new CommitResult(true, versionstamp, null, null, null);
  }

  /** A commit whose check on {@code key} failed. */
  public static CommitResult checkFailed(Tuple key, Versionstamp expected, Versionstamp actual) {
    return new CommitResult(false, null, key, expected, actual);
  }
}
