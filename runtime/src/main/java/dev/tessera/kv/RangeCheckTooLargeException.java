package dev.tessera.kv;

import dev.tessera.TesseraException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.TupleReader;

/**
 * Thrown before anything is written when a {@linkplain AtomicOperation#checkRange range check}
 * would cover more keys than a store validates in one commit ({@link
 * AtomicOperation#MAX_RANGE_CHECK_KEYS}). Immutable and thread-safe.
 */
public final class RangeCheckTooLargeException extends TesseraException implements KeyedFailure {
  private static final long serialVersionUID = 1L;

  private final transient TupleRange range;
  /** How many keys the range check holds. */
  private final int keys;
  /** The most keys a range check may hold. */
  private final int limit;

  /**
   * Creates the exception.
   *
   * @param range the range to check
   * @param keys how many keys the check was to cover
   * @param limit the most keys one range check may cover
   */
  public RangeCheckTooLargeException(TupleRange range, int keys, int limit) {
    this(range, keys, limit, KeyDescriber.tuples(), null);
  }

  private RangeCheckTooLargeException(
      TupleRange range, int keys, int limit, KeyDescriber names, Throwable cause) {
    super(names.lead(subspaceOf(range)) + "A range check over " + keys + " keys of " + range
        + " exceeds the limit of " + limit
        + " keys per range check: validating it would hold the store's writer too long;"
        + " read a narrower range or fewer entries", cause);
    this.range = range;
    this.keys = keys;
    this.limit = limit;
  }

  /** {@return the range to check} */
  public TupleRange range() {
    return range;
  }

  /** {@return how many keys the check was to cover} */
  public int keys() {
    return keys;
  }

  /** {@return the most keys one range check may cover} */
  public int limit() {
    return limit;
  }

  /** The first part of the range's lower bound, as a one-part key; {@code null} if it has none. */
  private static Tuple subspaceOf(TupleRange range) {
    try (TupleReader parts = TupleReader.of(range.begin())) {
      return parts.hasNext() ? Tuple.of(parts.next()) : null;
    } catch (RuntimeException notAKey) {
      return null;
    }
  }

  @Override
  public RangeCheckTooLargeException withNames(KeyDescriber names) {
    RangeCheckTooLargeException named =
        new RangeCheckTooLargeException(range, keys, limit, names, getCause());
    named.setStackTrace(getStackTrace());
    return named;
  }
}
