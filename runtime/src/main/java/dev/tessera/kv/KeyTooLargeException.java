package dev.tessera.kv;

import dev.tessera.TesseraException;
import dev.tessera.tuple.Tuple;

/**
 * Thrown before anything is written when a key packs to more bytes than the store accepts. The
 * message shows the start of the key, decoded as a tuple, and, when a repository raised it, what the
 * key is for (for example {@code index 'email' of entity 'user'}). Immutable and thread-safe.
 */
public final class KeyTooLargeException extends TesseraException implements KeyedFailure {
  private static final long serialVersionUID = 1L;

  private final transient Tuple key;
  /** The packed key's size, in bytes. */
  private final int size;
  /** The largest size accepted, in bytes. */
  private final int limit;
  /** What the key belongs to, as the message names it. */
  private final String owner;

  /**
   * Creates the exception.
   *
   * @param key the key that is too large
   * @param size its packed size in bytes
   * @param limit the largest packed key size the store accepts
   */
  public KeyTooLargeException(Tuple key, int size, int limit) {
    this(key, size, limit, null, KeyDescriber.tuples(), null);
  }

  private KeyTooLargeException(
      Tuple key, int size, int limit, String owner, KeyDescriber names, Throwable cause) {
    super("Key of " + size + " bytes" + (owner == null ? "" : " for " + owner)
        + " exceeds the limit of " + limit + " bytes: " + names.parts(key), cause);
    this.key = key;
    this.size = size;
    this.limit = limit;
    this.owner = owner;
  }

  /**
   * {@return the same failure, saying what the key is for; the original is the cause}
   *
   * @param owner what the key belongs to, e.g. {@code "index 'email' of entity 'user'"}
   */
  public KeyTooLargeException withOwner(String owner) {
    return new KeyTooLargeException(key, size, limit, owner, KeyDescriber.tuples(), this);
  }

  /**
   * The same failure with the key named: its subspace as the {@linkplain #owner() owner} unless
   * one is known already, and its parts labelled with their fields.
   */
  @Override
  public KeyTooLargeException withNames(KeyDescriber names) {
    String subspace = owner != null || key == null ? owner : names.subspace(key);
    KeyTooLargeException named = new KeyTooLargeException(key, size, limit, subspace, names, getCause());
    named.setStackTrace(getStackTrace());
    return named;
  }

  /** {@return the key that is too large} */
  public Tuple key() {
    return key;
  }

  /** {@return the packed size of the key in bytes} */
  public int size() {
    return size;
  }

  /** {@return the largest packed key size the store accepts, in bytes} */
  public int limit() {
    return limit;
  }

  /**
   * {@return what the key belongs to, e.g. {@code "index 'email' of entity 'user'"}; null if not
   * known}
   */
  public String owner() {
    return owner;
  }
}
