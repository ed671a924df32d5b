package dev.tessera.kv;

/**
 * An exception whose message names keys, which the store layer can only render as tuples of
 * subspace ids. The repository layer, which reads the catalog, calls {@link #withNames} before the
 * exception reaches the caller, so the message names entities, indexes and fields.
 */
public interface KeyedFailure {
  /**
   * The same failure with its keys named by {@code names}: an exception of the same type, with
   * the same accessors, cause and stack trace, and a message that names the keys.
   *
   * @param names what names the keys
   * @return the failure with named keys
   */
  RuntimeException withNames(KeyDescriber names);
}
