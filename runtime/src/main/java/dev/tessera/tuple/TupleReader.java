package dev.tessera.tuple;

import java.util.Objects;
import java.util.UUID;

/**
 * Reads the top-level parts of a packed tuple one at a time, in order, straight from the bytes:
 * {@link #nextLong} and {@link #nextDouble} return primitives and nothing is built for a part but
 * its value, where {@link Tuple#unpack} first builds a tuple of boxed parts. Each part is checked
 * exactly as {@link Tuple#unpack} checks it, and every failure is a {@link TupleDecodingException}
 * (a valid part of another type than the one asked for, or an integer beyond the long range
 * asked for as a long, leaves the reader where it was). Generated
 * repositories decode stored records through it.
 *
 * <pre>{@code
 * TupleReader parts = TupleReader.of(Tuple.of(7L, "ada", null).pack());
 * long number = parts.nextLong();                          // 7
 * String name = parts.skipNull() ? null : parts.nextString(); // "ada"
 * boolean absent = parts.skipNull();                       // true
 * parts.requireEnd();                                      // no part left
 * }</pre>
 *
 * <p>Not thread-safe: one reader reads one packing on one thread ({@link #open} lends the thread
 * its own). It does not copy the bytes, which must not change while it reads.
 */
public final class TupleReader extends TupleDecoder implements AutoCloseable {
  private static final byte[] NOTHING = new byte[0];
  private static final ThreadLocal<TupleReader> THREAD_READER =
      ThreadLocal.withInitial(() -> new TupleReader(NOTHING));

  /** True between {@link #open} and {@link #close} of the thread's reader. */
  private boolean open;

  // A decoder itself rather than holding one: one object per value read, not two.
  private TupleReader(byte[] packed) {
    super(true);
    reset(packed, 0, packed.length);
  }

  /**
   * {@return a reader at the first part of {@code packed}}
   *
   * @param packed the packing to read
   */
  public static TupleReader of(byte[] packed) {
    return new TupleReader(Objects.requireNonNull(packed, "packed"));
  }

  /**
   * {@return a reader at the first part of {@code packed}, for this thread until {@link #close}:
   * the thread's own reader, reused from one packing to the next (so a hot loop allocates no reader
   * per value), or a new one when that is open already (a read that the code between two parts
   * causes)} As with {@link TupleWriter#open}, use it only until {@code close}, on this thread.
   *
   * @param packed the packing to read
   */
  public static TupleReader open(byte[] packed) {
    Objects.requireNonNull(packed, "packed");
    TupleReader reader = THREAD_READER.get();
    if (reader.open) {
      return new TupleReader(packed);
    }
    reader.reset(packed, 0, packed.length);
    reader.open = true;
    return reader;
  }

  /** Ends this use of the reader; it keeps no reference to the bytes it read. */
  @Override
  public void close() {
    open = false;
    reset(NOTHING, 0, 0);
  }

  /** True if a part follows. */
  @Override
  public boolean hasNext() {
    return super.hasNext();
  }

  /**
   * Steps past the next part if it is null.
   *
   * @return true if it was null (and was read), false if it is a value (still to read)
   * @throws TupleDecodingException if no part is left
   */
  @Override
  public boolean skipNull() {
    return super.skipNull();
  }

  /**
   * {@return the next part as {@link Tuple#get} returns it: null, a {@code Long} or {@code
   * BigInteger}, {@code String}, {@code byte[]}, nested {@code Tuple} and so on}
   *
   * @throws TupleDecodingException if no valid part is left
   */
  public Object next() {
    return nextPart();
  }

  /**
   * The next part, an integer within the long range.
   *
   * @throws TupleDecodingException if it is another type (null included), an integer beyond the long
   *     range, or not a valid packing
   */
  @Override
  public long nextLong() {
    return super.nextLong();
  }

  /**
   * The next part, a double (its bits as stored: a NaN keeps its payload, as in {@link Tuple#get}).
   *
   * @throws TupleDecodingException if it is another type or not a valid packing
   */
  @Override
  public double nextDouble() {
    return super.nextDouble();
  }

  /**
   * The next part, a float.
   *
   * @throws TupleDecodingException if it is another type or not a valid packing
   */
  @Override
  public float nextFloat() {
    return super.nextFloat();
  }

  /**
   * The next part, a boolean.
   *
   * @throws TupleDecodingException if it is another type
   */
  @Override
  public boolean nextBoolean() {
    return super.nextBoolean();
  }

  /**
   * The next part, a string (never null: see {@link #skipNull}).
   *
   * @throws TupleDecodingException if it is another type or not valid UTF-8 as packed
   */
  @Override
  public String nextString() {
    return super.nextString();
  }

  /**
   * The next part, a byte string, in a new array.
   *
   * @throws TupleDecodingException if it is another type or not a valid packing
   */
  @Override
  public byte[] nextBytes() {
    return super.nextBytes();
  }

  /**
   * The next part, a UUID.
   *
   * @throws TupleDecodingException if it is another type or not a valid packing
   */
  @Override
  public UUID nextUuid() {
    return super.nextUuid();
  }

  /**
   * Checks that every part was read.
   *
   * @throws TupleDecodingException if a part follows
   */
  @Override
  public void requireEnd() {
    super.requireEnd();
  }
}
