package dev.tessera.kv;

import dev.tessera.internal.kv.PackedKeys;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleDecodingException;
import dev.tessera.tuple.Versionstamp;
import java.util.Arrays;
import java.util.Objects;

/**
 * One entry of a {@link KvStore}: a key, its value and the versionstamp of the commit that wrote it.
 * For an absent key, {@code value} and {@code versionstamp} are {@code null}.
 *
 * <p>A store that lists keys as bytes builds entries with {@link #ofPacked}: the key is decoded
 * into a {@link Tuple} only when {@link #key()} asks, so a caller that counts keys or compares them
 * as bytes ({@link #packedKey()}) never decodes them. Equality is the record's: equal keys, the
 * same value array, equal versionstamps.
 *
 * <p>Immutable apart from the decoded key it keeps once asked; thread-safe (the key is decoded at
 * most once per thread that races for it, each time to an equal tuple).
 */
public final class KvEntry {
  private final byte[] packedKey;
  private final byte[] value;
  private final Versionstamp versionstamp;
  private Tuple key; // decoded on first use when built from packed bytes

  /**
   * An entry of {@code key}.
   *
   * @param key the key
   * @param value the stored bytes, or {@code null} when the key is absent; never modify the array
   * @param versionstamp the versionstamp of the commit that last wrote the key, or {@code null}
   */
  public KvEntry(Tuple key, byte[] value, Versionstamp versionstamp) {
    this.key = Objects.requireNonNull(key, "key");
    this.packedKey = null;
    this.value = value;
    this.versionstamp = versionstamp;
  }

  private KvEntry(byte[] packedKey, byte[] value, Versionstamp versionstamp) {
    this.packedKey = packedKey;
    this.value = value;
    this.versionstamp = versionstamp;
  }

  /**
   * {@return an entry whose key is given packed, as a store lists it; the caller has checked that
   * the bytes are a packed tuple ({@link Tuple#validate}) and hands them over (never modify the
   * array)}
   *
   * @param packedKey the packed key
   * @param value the stored bytes; never modify the array
   * @param versionstamp the versionstamp of the commit that last wrote the key
   */
  public static KvEntry ofPacked(byte[] packedKey, byte[] value, Versionstamp versionstamp) {
    return new KvEntry(Objects.requireNonNull(packedKey, "packedKey"), value, versionstamp);
  }

  /**
   * {@return an entry for a key that is absent}
   *
   * @param key the absent key
   */
  public static KvEntry absent(Tuple key) {
    return new KvEntry(key, null, null);
  }

  /**
   * {@return the key}
   *
   * @throws CorruptEntryException if the entry was built from bytes that are not a packed tuple
   */
  public Tuple key() {
    Tuple decoded = key;
    if (decoded == null) {
      try {
        decoded = Tuple.unpack(packedKey);
      } catch (TupleDecodingException e) {
        throw new CorruptEntryException(packedKey, null, "the key is not a packed tuple: " + e.getMessage(), e);
      }
      key = decoded;
    }
    return decoded;
  }

  /**
   * {@return the key, packed: the bytes the store orders it by, without a copy (the bytes a store
   * listed, or the key's own packing, computed once): never modify the array (as with {@link
   * #value()})}
   */
  public byte[] packedKey() {
    return packedKey != null ? packedKey : PackedKeys.of(key);
  }

  /** {@return the stored bytes, or {@code null} when the key is absent; never modify the array} */
  public byte[] value() {
    return value;
  }

  /**
   * {@return the versionstamp of the commit that last wrote the key, or {@code null} when it is
   * absent}
   */
  public Versionstamp versionstamp() {
    return versionstamp;
  }

  /** {@return true when the key is present} */
  public boolean exists() {
    return versionstamp != null;
  }

  @Override
  public boolean equals(Object o) {
    if (o == this) {
      return true;
    }
    if (!(o instanceof KvEntry other)) {
      return false;
    }
    return Arrays.equals(packedKey(), other.packedKey()) && value == other.value
        && Objects.equals(versionstamp, other.versionstamp);
  }

  @Override
  public int hashCode() {
    return (Arrays.hashCode(packedKey()) * 31 + System.identityHashCode(value)) * 31
        + Objects.hashCode(versionstamp);
  }

  @Override
  public String toString() {
    String shown;
    try {
      shown = key().toString();
    } catch (CorruptEntryException e) {
      shown = "(not a packed tuple: " + packedKey().length + " bytes)";
    }
    return "KvEntry[key=" + shown + ", value=" + (value == null ? "null" : value.length + " bytes")
        + ", versionstamp=" + versionstamp + "]";
  }
}
