package dev.tessera.tuple;

import java.util.Arrays;
import java.util.UUID;

/**
 * Packs a tuple part by part, in order, straight into bytes: {@link #addLong} and {@link
 * #addDouble} take primitives, {@link #beginNested} and {@link #endNested} enclose the parts of a
 * nested tuple, and nothing is built for a part, where {@link Tuple#packOf} first
 * takes an array of boxed parts. The bytes are exactly those {@link Tuple#pack} gives for the same
 * parts ({@link Tuple} and this writer share one encoder), and each part is normalised and checked
 * as {@link Tuple#of} checks it: an exception names the part by its index in the tuple, as {@code
 * Tuple.packOf} would. Generated repositories encode records through it. The reading counterpart
 * is {@link TupleReader}.
 *
 * <pre>{@code
 * try (TupleWriter parts = TupleWriter.open()) {
 *   parts.addLong(7);
 *   parts.addString("ada");
 *   parts.addNull();
 *   byte[] packed = parts.toByteArray(); // Tuple.of(7L, "ada", null).pack()
 * }
 * }</pre>
 *
 * <p>Not thread-safe: {@link #open} lends the calling thread its own writer, whose buffer is reused
 * from one packing to the next (so a packing allocates only its result), until {@link #close}; a
 * writer opened while the thread's writer is still open is a new one. Use a writer only between
 * {@code open} and {@code close}, on the thread that opened it, and keep no reference to it after.
 */
public final class TupleWriter implements AutoCloseable {
  /** Enough for most records: the buffer grows as needed. */
  private static final int INITIAL_CAPACITY = 256;
  /** A thread keeps a buffer up to this size between packings; a larger one is let go. */
  private static final int RETAINED_CAPACITY = 16 * 1024;

  private static final ThreadLocal<TupleWriter> THREAD_WRITER =
      ThreadLocal.withInitial(TupleWriter::new);

  private byte[] buffer = new byte[INITIAL_CAPACITY];
  private int length;
  /** The parts of the tuple being written: the packing, or the innermost nested tuple begun. */
  private int parts;
  /** The nested tuples begun and not ended, and the parts of each one's enclosing tuple. */
  private int depth;
  private int[] enclosingParts = new int[2];
  private boolean open;

  private TupleWriter() {}

  /**
   * {@return a writer of an empty tuple, for this thread until {@link #close}: the thread's own
   * writer, or a new one when that is open already (a packing inside another)}
   */
  public static TupleWriter open() {
    TupleWriter writer = THREAD_WRITER.get();
    if (writer.open) {
      writer = new TupleWriter();
    }
    writer.length = 0;
    writer.parts = 0;
    writer.depth = 0;
    writer.open = true;
    return writer;
  }

  /** Appends the null part. */
  public void addNull() {
    ensure(2);
    length = TupleEncoder.writeNull(depth > 0, buffer, length);
    parts++;
  }

  /**
   * Appends an integer part (as {@code Tuple.of} stores a {@code Long}, {@code Integer}, ...).
   *
   * @param value the value
   */
  public void addLong(long value) {
    ensure(TupleEncoder.MAX_LONG_SIZE);
    length = TupleEncoder.writeLong(value, buffer, length);
    parts++;
  }

  /**
   * Appends a boolean part.
   *
   * @param value the value
   */
  public void addBoolean(boolean value) {
    ensure(1);
    length = TupleEncoder.writeBoolean(value, buffer, length);
    parts++;
  }

  /**
   * Appends a double part, its bits as they are (a NaN keeps its payload, as in {@link Tuple}).
   *
   * @param value the value
   */
  public void addDouble(double value) {
    ensure(TupleEncoder.DOUBLE_SIZE);
    length = TupleEncoder.writeDouble(value, buffer, length);
    parts++;
  }

  /**
   * Appends a float part, its bits as they are.
   *
   * @param value the value
   */
  public void addFloat(float value) {
    ensure(TupleEncoder.FLOAT_SIZE);
    length = TupleEncoder.writeFloat(value, buffer, length);
    parts++;
  }

  /**
   * Appends a string part, or the null part for {@code null}.
   *
   * @param value the value, or {@code null}
   * @throws InvalidTuplePartException if it has an unpaired surrogate (it has no UTF-8 form)
   */
  public void addString(String value) {
    if (value == null) {
      addNull();
      return;
    }
    Tuple.checkString(value, parts);
    // A char packs to at most 3 bytes: count the exact size only when that bound does not fit.
    long bound = 2 + 3L * value.length();
    ensure(bound <= buffer.length - length ? bound : TupleEncoder.stringSize(value));
    length = TupleEncoder.writeString(value, buffer, length);
    parts++;
  }

  /**
   * Appends a byte-string part (the array is not kept), or the null part for {@code null}.
   *
   * @param value the value, or {@code null}
   */
  public void addBytes(byte[] value) {
    if (value == null) {
      addNull();
      return;
    }
    // A byte packs to at most 2 bytes (0x00 is escaped): count only when that bound does not fit.
    long bound = 2 + 2L * value.length;
    ensure(bound <= buffer.length - length ? bound : TupleEncoder.bytesSize(value));
    length = TupleEncoder.writeBytes(value, buffer, length);
    parts++;
  }

  /**
   * Appends a UUID part, or the null part for {@code null}.
   *
   * @param value the value, or {@code null}
   */
  public void addUuid(UUID value) {
    if (value == null) {
      addNull();
      return;
    }
    ensure(TupleEncoder.UUID_SIZE);
    length = TupleEncoder.writeUuid(value, buffer, length);
    parts++;
  }

  /**
   * Appends a part of any type {@link Tuple#of} accepts, normalised as it normalises it.
   *
   * @param part the part
   * @throws IllegalArgumentException if the part has an unsupported type
   * @throws InvalidTuplePartException if the part cannot be encoded
   */
  public void add(Object part) {
    if (part instanceof byte[]) {
      addBytes((byte[]) part); // written at once: no need for the copy a tuple keeps
      return;
    }
    Object normalised = Tuple.normalise(part, parts);
    ensure(TupleEncoder.partSize(normalised, depth > 0));
    length = TupleEncoder.writePart(normalised, depth > 0, buffer, length);
    parts++;
  }

  /**
   * Begins a nested tuple part: the parts appended until {@link #endNested} are its parts, as
   * appending {@code Tuple.of(those parts)} would append them.
   *
   * @throws InvalidTuplePartException if {@link Tuple#MAX_NESTING_DEPTH} nested tuples are begun
   */
  public void beginNested() {
    ensure(1);
    if (depth == Tuple.MAX_NESTING_DEPTH) {
      throw new InvalidTuplePartException(
          parts, "tuples nested deeper than " + Tuple.MAX_NESTING_DEPTH + " levels");
    }
    if (depth == enclosingParts.length) {
      enclosingParts = Arrays.copyOf(enclosingParts, 2 * depth);
    }
    enclosingParts[depth++] = parts;
    parts = 0;
    buffer[length++] = (byte) TupleEncoder.NESTED;
  }

  /**
   * Ends the nested tuple last begun, which becomes one part of the tuple around it.
   *
   * @throws IllegalStateException if no nested tuple is begun
   */
  public void endNested() {
    ensure(1);
    if (depth == 0) {
      throw new IllegalStateException("no nested tuple was begun");
    }
    buffer[length++] = 0;
    parts = enclosingParts[--depth] + 1;
  }

  /**
   * {@return the number of parts appended to the tuple being written (the nested tuple last begun,
   * if any)}
   */
  public int size() {
    return parts;
  }

  /** {@return the length of the packing so far} */
  public int packedSize() {
    return length;
  }

  /**
   * {@return the packing of the parts appended, in a new array of exactly its length}
   *
   * @throws IllegalStateException if a nested tuple is begun and not ended
   */
  public byte[] toByteArray() {
    requireOpen();
    if (depth > 0) {
      throw new IllegalStateException(depth + " nested tuples were begun and not ended");
    }
    return Arrays.copyOf(buffer, length);
  }

  /** Ends this use of the writer; the thread's next {@link #open} reuses it. */
  @Override
  public void close() {
    open = false;
    if (buffer.length > RETAINED_CAPACITY) {
      buffer = new byte[INITIAL_CAPACITY];
    }
  }

  /** Makes room for {@code size} more bytes. */
  private void ensure(long size) {
    requireOpen();
    if (size > buffer.length - length) {
      int needed = TupleEncoder.arrayLength(length + size);
      buffer = Arrays.copyOf(buffer, (int) Math.max(needed, Math.min(2L * buffer.length, Integer.MAX_VALUE - 16)));
    }
  }

  private void requireOpen() {
    if (!open) {
      throw new IllegalStateException("the tuple writer is closed");
    }
  }
}
