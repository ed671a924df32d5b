package dev.tessera.tuple;

import static dev.tessera.tuple.TupleEncoder.BYTES;
import static dev.tessera.tuple.TupleEncoder.DOUBLE;
import static dev.tessera.tuple.TupleEncoder.FALSE;
import static dev.tessera.tuple.TupleEncoder.FLOAT;
import static dev.tessera.tuple.TupleEncoder.INT_ZERO;
import static dev.tessera.tuple.TupleEncoder.NEG_INT_BIG;
import static dev.tessera.tuple.TupleEncoder.NESTED;
import static dev.tessera.tuple.TupleEncoder.NULL;
import static dev.tessera.tuple.TupleEncoder.POS_INT_BIG;
import static dev.tessera.tuple.TupleEncoder.STRING;
import static dev.tessera.tuple.TupleEncoder.TRUE;
import static dev.tessera.tuple.TupleEncoder.UUID_CODE;
import static dev.tessera.tuple.TupleEncoder.VERSIONSTAMP;
import static dev.tessera.tuple.TupleEncoder.VERSIONSTAMP_LENGTH;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * Decodes packed bytes strictly: it accepts exactly the byte strings {@link TupleEncoder} produces
 * (so a decoded tuple packs back to the same bytes) and reports anything else as a {@link
 * TupleDecodingException} with the offset. Allocations are bounded by the input length and the
 * recursion by {@link Tuple#MAX_NESTING_DEPTH}.
 *
 * <p>{@link #validate} runs the same checks without building anything: it fails exactly where
 * {@link #decode} fails and allocates nothing on success, for readers that may never need the
 * parts (a listing whose caller only counts keys).
 *
 * <p>One instance decodes one input at a time on one thread (each thread reuses its decoder and
 * its validating decoder, one input after another; a {@link TupleReader} is a decoder of its own);
 * not thread-safe.
 */
class TupleDecoder {
  private static final BigInteger TWO_64_MINUS_1 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

  /**
   * One decoder and one validating decoder per thread, reused: a listing validates every key it
   * reads, a read decodes every record, and the recursive decoder does not stay on the stack
   * (escape analysis gives up on it). Decoding calls no outside code, so it never re-enters.
   */
  private static final ThreadLocal<TupleDecoder> DECODER =
      ThreadLocal.withInitial(() -> new TupleDecoder(true));
  private static final ThreadLocal<TupleDecoder> VALIDATOR =
      ThreadLocal.withInitial(() -> new TupleDecoder(false));

  // The input; the validating decoder of a thread holds it only while it validates.
  private byte[] in;
  private int end;
  // False when validating: every check runs, no part is built (each returns null).
  private final boolean materialize;
  private int pos;

  /**
   * A decoder; {@link TupleReader} is one of its own, which reads one part at a time: between two
   * parts its caller may run code that decodes other tuples, so it cannot borrow the thread's.
   */
  TupleDecoder(boolean materialize) {
    this.materialize = materialize;
  }

  final void reset(byte[] in, int offset, int length) {
    if (offset < 0 || length < 0 || offset > in.length - length) {
      throw new IndexOutOfBoundsException(
          "offset " + offset + " and length " + length + " do not fit an array of " + in.length);
    }
    this.in = in;
    this.pos = offset;
    this.end = offset + length;
  }

  static Object[] decode(byte[] in, int offset, int length) {
    TupleDecoder decoder = DECODER.get();
    decoder.reset(in, offset, length);
    try {
      return decoder.topLevel();
    } finally {
      decoder.in = null;
    }
  }

  /** Checks that the bytes decode, as {@link #decode} would, without building the parts. */
  static void validate(byte[] in, int offset, int length) {
    VALIDATOR.get().validateAll(in, offset, length);
  }

  /** {@link #validate} on this decoder, which must be a validating one. */
  final void validateAll(byte[] in, int offset, int length) {
    reset(in, offset, length);
    try {
      while (pos < end) {
        topLevelPart();
      }
    } finally {
      this.in = null;
    }
  }

  /**
   * The offset just past the top-level part that starts at {@code offset}, checked as {@link
   * #validate} checks it; reads no byte at or past {@code end}.
   */
  static int partEnd(byte[] in, int offset, int end) {
    TupleDecoder decoder = VALIDATOR.get();
    decoder.reset(in, offset, end - offset);
    try {
      if (decoder.pos >= decoder.end) {
        throw fail(offset, "no part starts at offset " + offset + ": the tuple ends there");
      }
      decoder.topLevelPart();
      return decoder.pos;
    } finally {
      decoder.in = null;
    }
  }

  // ---- one top-level part at a time (TupleReader), each checked as decode() checks it ----

  boolean hasNext() {
    return pos < end;
  }

  Object nextPart() {
    requirePart();
    return topLevelPart();
  }

  boolean skipNull() {
    requirePart();
    if (in[pos] == NULL) {
      pos++;
      return true;
    }
    return false;
  }

  long nextLong() {
    int start = requirePart();
    int code = in[pos] & 0xFF;
    if (code <= NEG_INT_BIG || code >= POS_INT_BIG) {
      throw unexpected(start, "an integer");
    }
    pos++;
    long raw = integerBits(start, code);
    if (!fitsLong(code, raw)) {
      pos = start; // as for a part of another type: the caller may read it otherwise
      throw fail(start, "integer out of the range of long");
    }
    return toLong(code, raw);
  }

  String nextString() {
    requireCode(STRING, "a string");
    return string();
  }

  byte[] nextBytes() {
    requireCode(BYTES, "a byte string");
    return bytes();
  }

  double nextDouble() {
    requireCode(DOUBLE, "a double");
    return Double.longBitsToDouble(unsortableDouble(fixed(8, "double")));
  }

  float nextFloat() {
    requireCode(FLOAT, "a float");
    return Float.intBitsToFloat(unsortableFloat((int) fixed(4, "float")));
  }

  boolean nextBoolean() {
    int start = requirePart();
    int code = in[pos] & 0xFF;
    if (code != TRUE && code != FALSE) {
      throw unexpected(start, "a boolean");
    }
    pos++;
    return code == TRUE;
  }

  UUID nextUuid() {
    requireCode(UUID_CODE, "a UUID");
    return uuid();
  }

  /** Fails unless every part was read. */
  void requireEnd() {
    if (pos < end) {
      throw fail(pos, "a part follows the last one read");
    }
  }

  private int requirePart() {
    if (pos >= end) {
      throw fail(pos, "no part starts at offset " + pos + ": the tuple ends there");
    }
    return pos;
  }

  /** Steps past the type code {@code code} of the next part, or fails naming what was expected. */
  private void requireCode(int code, String expected) {
    int start = requirePart();
    if ((in[pos] & 0xFF) != code) {
      throw unexpected(start, expected);
    }
    pos++;
  }

  private TupleDecodingException unexpected(int start, String expected) {
    return fail(start, String.format("expected %s but found type code 0x%02x", expected, in[start] & 0xFF));
  }

  private Object[] topLevel() {
    // An array grown by hand: a key or record has a few parts, and a list would cost a second copy.
    Object[] parts = new Object[Math.min(8, end - pos)];
    int n = 0;
    while (pos < end) {
      Object part = topLevelPart();
      if (n == parts.length) {
        parts = Arrays.copyOf(parts, n * 2);
      }
      parts[n++] = part;
    }
    return n == parts.length ? parts : Arrays.copyOf(parts, n);
  }

  private Object topLevelPart() {
    if (in[pos] == NULL) {
      pos++;
      return null;
    }
    return part(0);
  }

  private Object part(int depth) {
    int start = pos;
    int code = in[pos++] & 0xFF;
    switch (code) {
      case BYTES:
        return bytes();
      case STRING:
        return string();
      case NESTED:
        return nested(start, depth + 1);
      case FLOAT:
        int floatBits = (int) fixed(4, "float");
        return materialize ? Float.intBitsToFloat(unsortableFloat(floatBits)) : null;
      case DOUBLE:
        long doubleBits = fixed(8, "double");
        return materialize ? Double.longBitsToDouble(unsortableDouble(doubleBits)) : null;
      case FALSE:
        return Boolean.FALSE;
      case TRUE:
        return Boolean.TRUE;
      case UUID_CODE:
        return uuid();
      case VERSIONSTAMP:
        return versionstamp(start);
      default:
        if (code >= NEG_INT_BIG && code <= POS_INT_BIG) {
          return integer(start, code);
        }
        throw fail(start, String.format("unknown or unsupported type code 0x%02x", code));
    }
  }

  private Tuple nested(int start, int depth) {
    if (depth > Tuple.MAX_NESTING_DEPTH) {
      throw fail(start, "tuples nested deeper than " + Tuple.MAX_NESTING_DEPTH + " levels");
    }
    List<Object> parts = materialize ? new ArrayList<>() : null;
    while (true) {
      if (pos >= end) {
        throw fail(start, "nested tuple has no terminating 0x00");
      }
      Object part;
      if (in[pos] == NULL) {
        if (pos + 1 < end && in[pos + 1] == (byte) 0xFF) {
          part = null;
          pos += 2;
        } else {
          pos++;
          return materialize ? Tuple.ofNormalized(parts.toArray()) : null;
        }
      } else {
        part = part(depth);
      }
      if (materialize) {
        parts.add(part);
      }
    }
  }

  /** Length of the escaped run from {@code pos} up to (excluding) the terminating 0x00, unescaped. */
  private int unescapedLength(int start, String what) {
    int length = 0;
    for (int i = pos; i < end; i++) {
      if (in[i] == 0) {
        if (i + 1 < end && in[i + 1] == (byte) 0xFF) {
          i++;
        } else {
          return length;
        }
      }
      length++;
    }
    throw fail(start, what + " has no terminating 0x00");
  }

  private byte[] bytes() {
    int start = pos - 1;
    int length = unescapedLength(start, "byte string");
    byte[] out = materialize ? new byte[length] : null;
    for (int i = 0; i < length; i++) {
      byte b = in[pos++];
      if (out != null) {
        out[i] = b;
      }
      if (b == 0) {
        pos++; // the 0xFF escape
      }
    }
    pos++; // terminator
    return out;
  }

  private String string() {
    int start = pos - 1;
    int length = unescapedLength(start, "string");
    if (isAscii(pos, length)) {
      // Common case: one copy straight into a compact Latin-1 string.
      String ascii = materialize ? new String(in, pos, length, StandardCharsets.ISO_8859_1) : null;
      pos += length + 1;
      return ascii;
    }
    // Validating, the sequences are checked and their chars written nowhere (n counts them).
    char[] out = materialize ? new char[length] : null;
    int n = 0;
    while (true) {
      int at = pos;
      int b = in[pos++] & 0xFF;
      if (b == 0) {
        if (pos < end && in[pos] == (byte) 0xFF) {
          pos++;
          n = put(out, n, (char) 0);
          continue;
        }
        return out == null ? null : new String(out, 0, n);
      }
      if (b < 0x80) {
        n = put(out, n, (char) b);
      } else if (b >= 0xC2 && b <= 0xDF) {
        n = put(out, n, (char) (((b & 0x1F) << 6) | continuation(0x80, 0xBF, at)));
      } else if (b >= 0xE0 && b <= 0xEF) {
        int lo = b == 0xE0 ? 0xA0 : 0x80;
        int hi = b == 0xED ? 0x9F : 0xBF; // 0xED 0xA0.. would be a surrogate
        int c1 = continuation(lo, hi, at);
        int c2 = continuation(0x80, 0xBF, at);
        n = put(out, n, (char) (((b & 0x0F) << 12) | (c1 << 6) | c2));
      } else if (b >= 0xF0 && b <= 0xF4) {
        int lo = b == 0xF0 ? 0x90 : 0x80;
        int hi = b == 0xF4 ? 0x8F : 0xBF; // above U+10FFFF otherwise
        int c1 = continuation(lo, hi, at);
        int c2 = continuation(0x80, 0xBF, at);
        int c3 = continuation(0x80, 0xBF, at);
        int cp = ((b & 0x07) << 18) | (c1 << 12) | (c2 << 6) | c3;
        n = put(out, n, Character.highSurrogate(cp));
        n = put(out, n, Character.lowSurrogate(cp));
      } else {
        throw fail(at, String.format("malformed UTF-8 in string: byte 0x%02x", b));
      }
    }
  }

  /** Writes {@code c} at {@code n} unless validating; returns the next position. */
  private static int put(char[] out, int n, char c) {
    if (out != null) {
      out[n] = c;
    }
    return n + 1;
  }

  /** True if the {@code length} bytes at {@code from} are ASCII other than NUL (so no escapes). */
  private boolean isAscii(int from, int length) {
    for (int i = from; i < from + length; i++) {
      if (in[i] <= 0) {
        return false;
      }
    }
    return true;
  }

  /** Reads one UTF-8 continuation byte in [lo, hi] and returns its 6 payload bits. */
  private int continuation(int lo, int hi, int sequenceStart) {
    if (pos >= end) {
      throw fail(sequenceStart, "malformed UTF-8 in string: truncated sequence");
    }
    int c = in[pos] & 0xFF;
    if (c < lo || c > hi) {
      throw fail(pos, String.format("malformed UTF-8 in string: unexpected byte 0x%02x", c));
    }
    pos++;
    return c & 0x3F;
  }

  private long fixed(int n, String what) {
    if (end - pos < n) {
      throw fail(pos - 1, what + " needs " + n + " bytes, only " + (end - pos) + " left");
    }
    long v = 0;
    for (int i = 0; i < n; i++) {
      v = (v << 8) | (in[pos++] & 0xFF);
    }
    return v;
  }

  /** Inverts the encoder's sign transform: encoded positives have the top bit set. */
  private static int unsortableFloat(int bits) {
    return bits < 0 ? bits ^ Integer.MIN_VALUE : ~bits;
  }

  private static long unsortableDouble(long bits) {
    return bits < 0 ? bits ^ Long.MIN_VALUE : ~bits;
  }

  private UUID uuid() {
    long msb = fixed(8, "UUID");
    long lsb = fixed(8, "UUID");
    return materialize ? new UUID(msb, lsb) : null;
  }

  private Versionstamp versionstamp(int start) {
    if (end - pos < VERSIONSTAMP_LENGTH) {
      throw fail(start, "versionstamp needs 12 bytes, only " + (end - pos) + " left");
    }
    Versionstamp v = materialize ? Versionstamp.read(in, pos) : null;
    int userVersion = ((in[pos + 10] & 0xFF) << 8) | (in[pos + 11] & 0xFF);
    if (userVersion != 0) {
      throw fail(start, "versionstamp with user version " + userVersion
          + "; Tessera versionstamps are 10 bytes and always pack with user version 0");
    }
    pos += VERSIONSTAMP_LENGTH;
    return v;
  }

  private Object integer(int start, int code) {
    if (code == POS_INT_BIG || code == NEG_INT_BIG) {
      return bigInteger(start, code == NEG_INT_BIG);
    }
    long raw = integerBits(start, code);
    if (!materialize) {
      return null;
    }
    if (fitsLong(code, raw)) {
      return toLong(code, raw);
    }
    // Eight bytes beyond the long range: above Long.MAX_VALUE, or below Long.MIN_VALUE.
    return code > INT_ZERO
        ? new BigInteger(Long.toUnsignedString(raw))
        : BigInteger.valueOf(raw).subtract(TWO_64_MINUS_1);
  }

  /**
   * Reads and checks the bytes of an integer of at most 8 bytes (type code {@code code}, already
   * read, at {@code start}): the raw big-endian bits, which {@link #toLong} turns into the value.
   */
  private long integerBits(int start, int code) {
    if (code == INT_ZERO) {
      return 0;
    }
    boolean negative = code < INT_ZERO;
    int n = negative ? INT_ZERO - code : code - INT_ZERO;
    if (end - pos < n) {
      throw fail(start, "integer needs " + n + " bytes, only " + (end - pos) + " left");
    }
    if (in[pos] == (negative ? (byte) 0xFF : 0)) {
      throw fail(start, "non-canonical integer encoding (redundant leading byte)");
    }
    return fixed(n, "integer");
  }

  /** True if the integer of type code {@code code} and bits {@code raw} is within the long range. */
  private static boolean fitsLong(int code, long raw) {
    if (code >= INT_ZERO) {
      return raw >= 0; // eight bytes with the top bit set are above Long.MAX_VALUE
    }
    // raw - (2^64 - 1) fits a long exactly when raw >= 2^63 - 1 (unsigned).
    return INT_ZERO - code < 8 || raw == Long.MAX_VALUE || raw < 0;
  }

  /** The value of an integer that {@link #fitsLong fits a long}. */
  private static long toLong(int code, long raw) {
    int n = INT_ZERO - code;
    if (n <= 0) {
      return raw;
    }
    return n < 8 ? raw - ((1L << (8 * n)) - 1) : raw + 1;
  }

  private BigInteger bigInteger(int start, boolean negative) {
    if (pos >= end) {
      throw fail(start, "big integer has no length byte");
    }
    int n = negative ? (in[pos] ^ 0xFF) & 0xFF : in[pos] & 0xFF;
    pos++;
    if (n <= 8) {
      throw fail(start, "non-canonical integer encoding (" + n + " bytes use the short form)");
    }
    if (end - pos < n) {
      throw fail(start, "integer needs " + n + " bytes, only " + (end - pos) + " left");
    }
    if ((negative ? (byte) ~in[pos] : in[pos]) == 0) {
      throw fail(start, "non-canonical integer encoding (redundant leading byte)");
    }
    if (!materialize) {
      pos += n;
      return null;
    }
    byte[] magnitude = new byte[n];
    for (int i = 0; i < n; i++) {
      magnitude[i] = negative ? (byte) ~in[pos + i] : in[pos + i];
    }
    pos += n;
    BigInteger value = new BigInteger(1, magnitude);
    return negative ? value.negate() : value;
  }

  private static TupleDecodingException fail(int offset, String problem) {
    return new TupleDecodingException(offset, problem);
  }
}
