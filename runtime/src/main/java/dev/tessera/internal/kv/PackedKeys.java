package dev.tessera.internal.kv;

import dev.tessera.tuple.Tuple;
import java.util.Objects;
import java.util.function.Function;

/**
 * A key's packing without a copy, for the stores and the transaction view: {@link Tuple#pack()}
 * hands every caller a fresh array (a tuple is immutable), so a key packed to be looked up, hashed,
 * checked and written would be encoded or copied each time. {@link #of} returns the tuple's own
 * cached packing, computed at most once per tuple: never modify the array.
 *
 * <p>{@link Tuple} installs the access when its class initialises (the same way the JDK lets its
 * own packages share a type's internals); nothing else may. Thread-safe.
 */
public final class PackedKeys {
  private static volatile Function<Tuple, byte[]> access;

  private PackedKeys() {}

  /** The packing of {@code key}, shared with the tuple: never modify the array. */
  public static byte[] of(Tuple key) {
    return access.apply(Objects.requireNonNull(key, "key"));
  }

  /**
   * Called once, by {@link Tuple}'s class initialisation.
   *
   * @throws IllegalStateException if the access is installed already
   */
  public static synchronized void install(Function<Tuple, byte[]> tupleAccess) {
    if (access != null) {
      throw new IllegalStateException("The packed-key access is installed by Tuple only");
    }
    access = Objects.requireNonNull(tupleAccess, "tupleAccess");
  }
}
