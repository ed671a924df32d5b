package dev.tessera.tuple;

/**
 * Checks packed tuples one after another exactly as {@link Tuple#validate(byte[], int, int)} does,
 * for a loop that checks many (a store counting a range checks every key it passes): the static
 * method finds the calling thread's checker on every call, while a loop can hold one. Builds no
 * part and allocates nothing.
 *
 * <p>Not thread-safe: one per thread, or per loop.
 */
public final class TupleValidator {
  private final TupleDecoder decoder = new TupleDecoder(false);

  /**
   * Checks that {@code length} bytes of {@code bytes} from {@code offset} are a packed tuple.
   *
   * @param bytes the buffer holding the bytes
   * @param offset where they start
   * @param length how many there are
   * @throws TupleDecodingException if they are not, with the message {@link Tuple#validate} gives
   * @throws IndexOutOfBoundsException if the range lies outside {@code bytes}
   */
  public void validate(byte[] bytes, int offset, int length) {
    decoder.validateAll(bytes, offset, length);
  }
}
