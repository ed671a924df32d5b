package dev.tessera.internal.retry;

import java.util.function.Function;

/**
 * What one attempt of a retried operation came to: {@link Done} with its result, or {@link Lost}
 * (a race with a concurrent writer, a store that did not answer), naming why, so that {@link Retry}
 * runs it again. Failures that another attempt cannot mend are thrown, not returned. Immutable and
 * thread-safe when the result is.
 *
 * @param <R> the result of a successful attempt
 */
public sealed interface Attempt<R> permits Attempt.Done, Attempt.Lost {
  /** This attempt with {@code mapping} applied to its result if done; the same loss if lost. */
  <S> Attempt<S> map(Function<? super R, ? extends S> mapping);

  /**
   * The attempt succeeded.
   *
   * @param result what the operation returns; may be {@code null} when the operation returns
   *     nothing
   * @param <R> the result type
   */
  record Done<R>(R result) implements Attempt<R> {
    @Override
    public <S> Attempt<S> map(Function<? super R, ? extends S> mapping) {
      return new Done<>(mapping.apply(result));
    }
  }

  /**
   * The attempt lost and wrote nothing; another may win.
   *
   * @param reason why it lost, for a reader of the give-up message (e.g. "the record changed")
   * @param key the key whose check failed, or {@code null} when there is no single one
   * @param cause the failure behind the loss (a request without an answer), or {@code null}
   * @param <R> the result type the operation would have had
   */
  record Lost<R>(String reason, Object key, Throwable cause) implements Attempt<R> {
    @Override
    public <S> Attempt<S> map(Function<? super R, ? extends S> mapping) {
      return new Lost<>(reason, key, cause);
    }

    /** Says what lost: the reason, and the key when there is one. */
    @Override
    public String toString() {
      return key == null ? reason : reason + " (key " + key + ")";
    }
  }

  /** An attempt that succeeded with {@code result} ({@code null} allowed). */
  static <R> Attempt<R> done(R result) {
    return new Done<>(result);
  }

  /** An attempt that lost because of {@code reason}. */
  static <R> Attempt<R> lost(String reason) {
    return new Lost<>(reason, null, null);
  }

  /** An attempt that lost because the check of {@code key} failed, for {@code reason}. */
  static <R> Attempt<R> lost(String reason, Object key) {
    return new Lost<>(reason, key, null);
  }

  /** An attempt that lost because of {@code reason}, behind which is {@code cause}. */
  static <R> Attempt<R> failed(String reason, Throwable cause) {
    return new Lost<>(reason, null, cause);
  }
}
