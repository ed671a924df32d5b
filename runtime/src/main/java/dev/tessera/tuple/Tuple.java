package dev.tessera.tuple;

import dev.tessera.internal.kv.PackedKeys;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;

/**
 * An immutable, ordered list of key parts, packed with the FoundationDB tuple-layer encoding byte for
 * byte, so the unsigned byte order of packed tuples is their element-wise order (type first, then
 * value) and no part can inject structure into a key.
 *
 * <pre>{@code
 * Tuple key = Tuple.of("users", 42, "settings");
 * byte[] packed = key.pack();
 * Tuple.unpack(packed).equals(key);   // true
 * key.getLong(1);                     // 42
 * }</pre>
 *
 * <p>Supported parts, in their sort order: {@code null}; {@code byte[]}; {@code String}; nested {@code
 * Tuple}; integers ({@code Byte}, {@code Short}, {@code Integer}, {@code Long} and {@code BigInteger} are
 * one integer type, sorted numerically, and read back as {@code Long}, or {@code BigInteger} beyond the
 * long range); {@code Float}; {@code Double}; {@code Boolean} (false before true); {@code UUID};
 * {@link Versionstamp}. Floats and doubles sort -NaN &lt; -Inf &lt; ... &lt; -0.0 &lt; 0.0 &lt; ... &lt; Inf &lt; NaN.
 *
 * <p>Equality and hashing are by packed bytes: {@code Tuple.of(5)} equals {@code Tuple.of(5L)} and
 * {@code Tuple.of(BigInteger.valueOf(5))}, while {@code 1.0f} and {@code 1.0} differ.
 *
 * <p>Immutable and thread-safe: byte arrays are copied in and out, and the packing is computed once and
 * cached (callers always get a copy).
 */
public final class Tuple implements Comparable<Tuple>, Iterable<Object> {
  /** The deepest nesting of tuples inside a tuple that Tessera builds or decodes. */
  public static final int MAX_NESTING_DEPTH = 64;

  private static final Object[] NO_PARTS = new Object[0];
  private static final Tuple EMPTY = new Tuple(NO_PARTS);

  static {
    // The stores pack each key once and share the array (they never modify it).
    PackedKeys.install(Tuple::packed);
  }

  /** Normalised parts: integers are Long or (beyond long) BigInteger; byte arrays are private copies. */
  private final Object[] parts;
  /** 0 without nested tuples, else 1 + the deepest nested tuple's depth. */
  private final int nestingDepth;
  /** The packing, computed on first use; volatile so the array's contents are safely published. */
  private volatile byte[] packed;
  private int hash;

  private Tuple(Object[] parts) {
    this.parts = parts;
    int depth = 0;
    for (Object part : parts) {
      if (part instanceof Tuple) {
        depth = Math.max(depth, ((Tuple) part).nestingDepth + 1);
      }
    }
    this.nestingDepth = depth;
  }

  /** Wraps already normalised and validated parts (the decoder's output); takes ownership. */
  static Tuple ofNormalized(Object[] parts) {
    return parts.length == 0 ? EMPTY : new Tuple(parts);
  }

  /**
   * Creates a tuple of the given parts. A null array (what {@code Tuple.of(null)} passes) is read as
   * one null part.
   *
   * @param parts the parts
   * @return the tuple
   * @throws IllegalArgumentException if a part has an unsupported type (the message names the type and
   *     the index)
   * @throws InvalidTuplePartException if a part cannot be encoded: a string with an unpaired surrogate,
   *     a BigInteger of more than 255 bytes, or nesting deeper than {@link #MAX_NESTING_DEPTH}
   */
  public static Tuple of(Object... parts) {
    if (parts == null) {
      // Tuple.of(null) passes a null array; the caller meant one null part.
      return new Tuple(new Object[] {null});
    }
    if (parts.length == 0) {
      return EMPTY;
    }
    Object[] normalised = new Object[parts.length];
    for (int i = 0; i < parts.length; i++) {
      normalised[i] = normalise(parts[i], i);
    }
    return new Tuple(normalised);
  }

  /**
   * Creates a tuple of the given parts; see {@link #of(Object...)}.
   *
   * @param parts the parts
   * @return the tuple
   * @throws IllegalArgumentException if a part has an unsupported type
   * @throws InvalidTuplePartException if a part cannot be encoded
   */
  public static Tuple fromList(List<?> parts) {
    return of(parts.toArray());
  }

  /**
   * {@code part} in its normal form (see {@link #parts}), checked: every tuple and {@link
   * TupleWriter} takes its parts through here.
   *
   * @param index the part's index, for the exception
   */
  static Object normalise(Object part, int index) {
    if (part == null || part instanceof Long || part instanceof Boolean || part instanceof Double
        || part instanceof Float || part instanceof UUID || part instanceof Versionstamp) {
      return part;
    } else if (part instanceof String) {
      return checkString((String) part, index);
    } else if (part instanceof Integer || part instanceof Short || part instanceof Byte) {
      return ((Number) part).longValue();
    } else if (part instanceof byte[]) {
      return ((byte[]) part).clone();
    } else if (part instanceof Tuple) {
      if (((Tuple) part).nestingDepth + 1 > MAX_NESTING_DEPTH) {
        throw new InvalidTuplePartException(index,
            "tuples nested deeper than " + MAX_NESTING_DEPTH + " levels");
      }
      return part;
    } else if (part instanceof BigInteger) {
      BigInteger big = (BigInteger) part;
      if (big.bitLength() < Long.SIZE) {
        return big.longValue();
      }
      int bytes = TupleEncoder.magnitudeByteCount(big);
      if (bytes > 255) {
        throw new InvalidTuplePartException(index,
            "BigInteger magnitude needs " + bytes + " bytes, the encoding allows at most 255");
      }
      return big;
    }
    throw new IllegalArgumentException("Unsupported tuple part type " + part.getClass().getName()
        + " at index " + index + "; supported: null, byte[], String, Tuple, Byte, Short, Integer, Long,"
        + " BigInteger, Float, Double, Boolean, UUID, Versionstamp");
  }

  /**
   * {@code s}, checked for what the encoding cannot represent: an unpaired surrogate.
   *
   * @param index the part's index, for the exception
   */
  static String checkString(String s, int index) {
    int bad = TupleEncoder.firstUnpairedSurrogate(s);
    if (bad >= 0) {
      throw new InvalidTuplePartException(index, String.format(
          "string has an unpaired surrogate U+%04X at char %d (it has no UTF-8 form)",
          (int) s.charAt(bad), bad));
    }
    return s;
  }

  /**
   * Packs {@code parts} as {@code Tuple.of(parts).pack()} does, without building the tuple (nor,
   * when every part is already in its normal form, copying the array; {@code parts} is never
   * modified). The parts are checked as {@link #of(Object...)} checks them.
   *
   * @param parts the parts
   * @return the packing
   * @throws IllegalArgumentException if a part has an unsupported type
   * @throws InvalidTuplePartException if a part cannot be encoded
   */
  public static byte[] packOf(Object... parts) {
    Object[] normalised = parts == null ? new Object[] {null} : parts;
    for (int i = 0; i < normalised.length; i++) {
      Object part = normalise(normalised[i], i);
      if (part != normalised[i]) {
        if (normalised == parts) {
          normalised = parts.clone();
        }
        normalised[i] = part;
      }
    }
    return encode(normalised);
  }

  /**
   * Decodes packed bytes.
   *
   * @param bytes the packing
   * @return the tuple
   * @throws TupleDecodingException if the bytes are not a valid packing (the message gives the offset)
   */
  public static Tuple unpack(byte[] bytes) {
    return unpack(bytes, 0, bytes.length);
  }

  /**
   * Decodes {@code length} packed bytes starting at {@code offset}. Decoding is strict: it accepts
   * exactly what {@link #pack()} produces, so {@code unpack(b).pack()} always equals {@code b}.
   *
   * @param bytes the buffer holding the packing
   * @param offset where the packing starts
   * @param length the packing's length
   * @return the tuple
   * @throws TupleDecodingException if the bytes are not a valid packing (the message gives the offset
   *     in {@code bytes})
   * @throws IndexOutOfBoundsException if the range lies outside {@code bytes}
   */
  public static Tuple unpack(byte[] bytes, int offset, int length) {
    return ofNormalized(TupleDecoder.decode(bytes, offset, length));
  }

  /**
   * Checks that {@code bytes} are a packed tuple, exactly as {@link #unpack(byte[])} would, without
   * building it: allocates nothing when they are.
   *
   * @param bytes the bytes to check
   * @throws TupleDecodingException if the bytes are not a valid packing (the message gives the offset)
   */
  public static void validate(byte[] bytes) {
    TupleDecoder.validate(bytes, 0, bytes.length);
  }

  /**
   * Checks that {@code length} bytes of {@code bytes} from {@code offset} are a packed tuple, as
   * {@link #validate(byte[])} does.
   *
   * @param bytes the buffer holding the bytes
   * @param offset where they start
   * @param length how many there are
   * @throws TupleDecodingException if they are not (the message gives the offset in {@code bytes})
   * @throws IndexOutOfBoundsException if the range lies outside {@code bytes}
   */
  public static void validate(byte[] bytes, int offset, int length) {
    TupleDecoder.validate(bytes, offset, length);
  }

  /**
   * Where one top-level part of a packed tuple ends: for {@code offset} at the start of a part (the
   * tuple's start, or the end of the part before), the offset just past it. Walking a packing part
   * by part this way finds the bytes of each part without decoding any, and allocates nothing: the
   * bytes of part {@code i} of {@code unpack(bytes)} are those of {@code Tuple.of(part).pack()}.
   * The part is checked exactly as {@link #validate(byte[])} checks it.
   *
   * <pre>{@code
   * int start = 0;
   * for (int i = 0; i < wanted; i++) {
   *   start = Tuple.partEnd(packed, start, packed.length); // skips part i
   * }
   * int end = Tuple.partEnd(packed, start, packed.length); // part `wanted` is [start, end)
   * }</pre>
   *
   * @param bytes the packing
   * @param offset where the part starts
   * @param end the end of the packing in {@code bytes} (exclusive)
   * @return the offset just past the part, at most {@code end}
   * @throws TupleDecodingException if no valid part starts at {@code offset} (also when {@code
   *     offset == end}: the packing has no further part)
   * @throws IndexOutOfBoundsException if the range lies outside {@code bytes}
   */
  public static int partEnd(byte[] bytes, int offset, int end) {
    return TupleDecoder.partEnd(bytes, offset, end);
  }

  /**
   * Packs this tuple. Returns a new array on every call; the caller may modify it.
   *
   * @return the packing
   */
  public byte[] pack() {
    byte[] cached = packed;
    // The usual caller packs a fresh tuple once: encode straight into its own array, no cache copy.
    return cached != null ? cached.clone() : encode();
  }

  /** {@return the length of {@link #pack()}'s result, without copying} */
  public int packedSize() {
    return packed().length;
  }

  /**
   * Copies the packing into {@code dest} at {@code offset}, for callers that build composite buffers.
   *
   * @param dest the buffer to copy into
   * @param offset where to start in it
   * @return the offset just after the last byte written
   * @throws IndexOutOfBoundsException if {@code dest} has no room for {@link #packedSize()} bytes
   */
  public int packInto(byte[] dest, int offset) {
    byte[] bytes = packed();
    System.arraycopy(bytes, 0, dest, offset, bytes.length);
    return offset + bytes.length;
  }

  /** The cached packing; never handed out, since arrays are mutable. */
  byte[] packed() {
    byte[] bytes = packed;
    if (bytes == null) {
      bytes = encode();
      packed = bytes;
    }
    return bytes;
  }

  private byte[] encode() {
    return encode(parts);
  }

  /** The packing of normalised parts. */
  private static byte[] encode(Object[] parts) {
    byte[] bytes = new byte[TupleEncoder.arrayLength(TupleEncoder.size(parts, false))];
    TupleEncoder.write(parts, false, bytes, 0);
    return bytes;
  }

  /** The normalised parts, shared with the encoder; never exposed. */
  Object[] parts() {
    return parts;
  }

  /**
   * {@return a new tuple with {@code part} appended; see {@link #of(Object...)} for what parts may
   * be}
   *
   * @param part the part
   */
  public Tuple add(Object part) {
    Object[] longer = Arrays.copyOf(parts, parts.length + 1);
    longer[parts.length] = normalise(part, parts.length);
    return new Tuple(longer);
  }

  /**
   * {@return a new tuple with {@code more} appended, in one copy: {@code addAll(Tuple.of(more))}
   * without building the second tuple} The parts are checked as {@link #of(Object...)} checks them,
   * and an exception names a part by its index in {@code more}.
   *
   * @param more the parts
   * @throws IllegalArgumentException if a part has an unsupported type
   * @throws InvalidTuplePartException if a part cannot be encoded
   */
  public Tuple addParts(Object... more) {
    if (more == null) {
      return addParts((Object) null); // what addParts(null) passes, as in of(null): one null part
    }
    Object[] longer = Arrays.copyOf(parts, parts.length + more.length);
    for (int i = 0; i < more.length; i++) {
      longer[parts.length + i] = normalise(more[i], i);
    }
    return new Tuple(longer);
  }

  /**
   * {@link #addParts(Object...)} of one part, without the varargs array: a record key is usually a
   * prefix and one key part. An exception names the part as part 0.
   *
   * @param part the part
   * @return a new tuple with {@code part} appended
   * @throws IllegalArgumentException if the part has an unsupported type
   * @throws InvalidTuplePartException if the part cannot be encoded
   */
  public Tuple addParts(Object part) {
    Object[] longer = Arrays.copyOf(parts, parts.length + 1);
    longer[parts.length] = normalise(part, 0);
    return new Tuple(longer);
  }

  /**
   * {@return a new tuple with all parts of {@code other} appended (appending never deepens
   * nesting)}
   *
   * @param other the tuple whose parts to append
   */
  public Tuple addAll(Tuple other) {
    Object[] longer = Arrays.copyOf(parts, parts.length + other.parts.length);
    System.arraycopy(other.parts, 0, longer, parts.length, other.parts.length);
    return new Tuple(longer);
  }

  /**
   * {@return the part at {@code index}: {@code null}, a copy of a {@code byte[]}, {@code String},
   * {@code Tuple}, {@code Long} (or {@code BigInteger} beyond the long range), {@code Float},
   * {@code Double}, {@code Boolean}, {@code UUID} or {@link Versionstamp}}
   *
   * @param index the part's index
   * @throws IndexOutOfBoundsException if {@code index} is not in {@code [0, size())}
   */
  public Object get(int index) {
    Object part = parts[index];
    return part instanceof byte[] ? ((byte[]) part).clone() : part;
  }

  /**
   * {@return the string at {@code index}, or null for a null part; ClassCastException for other
   * types}
   *
   * @param index the part's index
   */
  public String getString(int index) {
    return typed(index, String.class, "a String");
  }

  /**
   * {@return the integer at {@code index}}
   *
   * @param index the part's index
   * @throws ClassCastException if the part is not an integer (or is null)
   * @throws ArithmeticException if it lies beyond the long range
   */
  public long getLong(int index) {
    Object part = parts[index];
    if (part instanceof Long) {
      return (Long) part;
    }
    if (part instanceof BigInteger) {
      throw new ArithmeticException("Tuple part " + index + " (" + part + ") is beyond the long range");
    }
    throw wrongType(index, "an integer");
  }

  /**
   * {@return the integer at {@code index} as a BigInteger, or null for a null part}
   *
   * @param index the part's index
   */
  public BigInteger getBigInteger(int index) {
    Object part = parts[index];
    if (part instanceof Long) {
      return BigInteger.valueOf((Long) part);
    }
    return typed(index, BigInteger.class, "an integer");
  }

  /**
   * {@return the nested tuple at {@code index}, or null for a null part; ClassCastException for
   * other types}
   *
   * @param index the part's index
   */
  public Tuple getNestedTuple(int index) {
    return typed(index, Tuple.class, "a nested Tuple");
  }

  /**
   * {@return a copy of the byte string at {@code index}, or null for a null part}
   *
   * @param index the part's index
   */
  public byte[] getBytes(int index) {
    byte[] bytes = typed(index, byte[].class, "a byte[]");
    return bytes == null ? null : bytes.clone();
  }

  /**
   * {@return the boolean at {@code index}; ClassCastException for other types or null}
   *
   * @param index the part's index
   */
  public boolean getBoolean(int index) {
    Boolean value = typed(index, Boolean.class, "a Boolean");
    if (value == null) {
      throw wrongType(index, "a Boolean");
    }
    return value;
  }

  /**
   * {@return the double at {@code index}; ClassCastException for other types (floats included) or
   * null}
   *
   * @param index the part's index
   */
  public double getDouble(int index) {
    Double value = typed(index, Double.class, "a Double");
    if (value == null) {
      throw wrongType(index, "a Double");
    }
    return value;
  }

  /**
   * {@return the float at {@code index}; ClassCastException for other types (doubles included) or
   * null}
   *
   * @param index the part's index
   */
  public float getFloat(int index) {
    Float value = typed(index, Float.class, "a Float");
    if (value == null) {
      throw wrongType(index, "a Float");
    }
    return value;
  }

  /**
   * {@return the UUID at {@code index}, or null for a null part}
   *
   * @param index the part's index
   */
  public UUID getUuid(int index) {
    return typed(index, UUID.class, "a UUID");
  }

  /**
   * {@return the versionstamp at {@code index}, or null for a null part}
   *
   * @param index the part's index
   */
  public Versionstamp getVersionstamp(int index) {
    return typed(index, Versionstamp.class, "a Versionstamp");
  }

  private <T> T typed(int index, Class<T> type, String expected) {
    Object part = parts[index];
    if (part == null || type.isInstance(part)) {
      return type.cast(part);
    }
    throw wrongType(index, expected);
  }

  private ClassCastException wrongType(int index, String expected) {
    Object part = parts[index];
    return new ClassCastException("Tuple part " + index + " is "
        + (part == null ? "null" : part.getClass().getSimpleName()) + ", not " + expected
        + ", in " + this);
  }

  /** {@return the number of parts} */
  public int size() {
    return parts.length;
  }

  /**
   * {@return the parts as an unmodifiable list, as {@link #get(int)} returns them (byte arrays
   * copied)}
   */
  public List<Object> items() {
    List<Object> items = new ArrayList<>(parts.length);
    for (int i = 0; i < parts.length; i++) {
      items.add(get(i));
    }
    return Collections.unmodifiableList(items);
  }

  /**
   * {@return a new tuple of the parts from {@code from} (inclusive) to {@code to} (exclusive)}
   *
   * @param from the first part's index
   * @param to the index after the last part
   * @throws IndexOutOfBoundsException if the range is not within {@code [0, size()]}
   */
  public Tuple subTuple(int from, int to) {
    if (from < 0 || to > parts.length || from > to) {
      throw new IndexOutOfBoundsException(
          "subTuple(" + from + ", " + to + ") of a tuple of size " + parts.length);
    }
    return ofNormalized(Arrays.copyOfRange(parts, from, to));
  }

  /**
   * {@return true if this tuple's first parts equal {@code prefix}'s parts (by packed bytes, as
   * {@link #equals})}
   *
   * <p>Checked on the packings: this packing must start with the prefix's, at a part boundary. The only
   * way a byte prefix can end inside a part is a string, byte string or nested tuple whose 0x00
   * terminator in the prefix is, here, the start of a 0x00 0xFF escape (or nested null); no type code
   * is 0xFF, so a following 0xFF byte is the tell.
   *
   * @param prefix the prefix
   */
  public boolean startsWith(Tuple prefix) {
    byte[] mine = packed();
    byte[] theirs = prefix.packed();
    int n = theirs.length;
    return n <= mine.length
        && Arrays.equals(mine, 0, n, theirs, 0, n)
        && (n == mine.length || mine[n] != (byte) 0xFF);
  }

  /** Orders like the packed bytes compared unsigned: element-wise, type first, then value. */
  @Override
  public int compareTo(Tuple other) {
    return Arrays.compareUnsigned(packed(), other.packed());
  }

  /** Equal when the packings are equal (so Integer 5 and Long 5 are the same part). */
  @Override
  public boolean equals(Object o) {
    return o == this || (o instanceof Tuple && Arrays.equals(packed(), ((Tuple) o).packed()));
  }

  /** A hash of the packed bytes, consistent with {@link #equals}; computed once. */
  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0) {
      h = Arrays.hashCode(packed());
      hash = h;
    }
    return h;
  }

  /** The parts, as {@link #items()}; the iterator does not support removal. */
  @Override
  public Iterator<Object> iterator() {
    return items().iterator();
  }

  /**
   * Reads a tuple written in the notation of {@link #toString()}, e.g. {@code ("users", 42, 1.5f,
   * b"0a ff", UUID(…), null, ("nested", true))}: the inverse of {@code toString()}, so that keys
   * printed by tools can be typed back. Strings are double-quoted with the escapes {@code \"},
   * {@code \\}, {@code \n}, {@code \t}, {@code \r} and backslash-u and four hex digits; integers beyond a
   * {@code long} become {@link BigInteger}s; floats carry an {@code f} suffix; every NaN reads as
   * the canonical NaN (the notation has no payload bits). Thread-safe.
   *
   * @param text the tuple's text
   * @return the tuple
   * @throws TupleSyntaxException naming the position and what was expected there
   * @throws InvalidTuplePartException if a part cannot be encoded (an unpaired surrogate)
   */
  public static Tuple parse(String text) {
    return TupleParser.parse(text);
  }

  /** A readable form such as {@code ("users", 42, b"0a ff", 1.5f, 2.5, null)}. */
  @Override
  public String toString() {
    return TupleFormatter.format(this);
  }
}
