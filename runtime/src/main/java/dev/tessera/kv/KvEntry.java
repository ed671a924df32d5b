package dev.tessera.kv;

import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;

/**
 * One entry of a {@link KvStore}: a key, its value and the versionstamp of the commit that wrote it.
 * For an absent key, {@code value} and {@code versionstamp} are {@code null}.
 *
 * @param key the key
 * @param value the stored bytes, or {@code null} when the key is absent; never modify the array
 * @param versionstamp the versionstamp of the commit that last wrote the key, or {@code null}
 */
public record KvEntry(Tuple key, byte[] value, Versionstamp versionstamp) {

  /** An entry for a key that is absent. */
  public static KvEntry absent(Tuple key) {
    return new KvEntry(key, null, null);
  }

  /** True when the key is present. */
  public boolean exists() {
    return versionstamp != null;
  }
}
