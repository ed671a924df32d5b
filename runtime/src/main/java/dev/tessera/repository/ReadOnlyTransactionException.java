package dev.tessera.repository;

import dev.tessera.TesseraException;
import dev.tessera.tuple.Tuple;

/**
 * A write was attempted in a transaction made read-only ({@link Transaction#setReadOnly()}, which
 * Spring's {@code @Transactional(readOnly = true)} calls). The write was refused before it changed
 * anything; the transaction may go on reading. The message names the entity or index the key
 * belongs to and the key. Immutable and thread-safe.
 */
public final class ReadOnlyTransactionException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The name of the entity or index the refused key belongs to. */
  private final String space;
  private final transient Tuple key;

  /**
   * Creates the exception for a refused write.
   *
   * @param space the entity or index whose key it is, as messages name it ({@code entity 'user'},
   *     {@code unique index 'email' of entity 'user'}; the subspace id if unnamed)
   * @param keyText the key as messages show it, its parts named by field where the catalog knows
   *     them ({@code (id: "u1")})
   * @param key the key the write would have changed
   */
  public ReadOnlyTransactionException(String space, String keyText, Tuple key) {
    super("The transaction is read-only: it cannot write key " + keyText + " of " + space
        + "; nothing was written. Write in a transaction that is not read-only (Spring:"
        + " @Transactional without readOnly = true)");
    this.space = space;
    this.key = key;
  }

  /**
   * {@return the entity or index the refused key belongs to, as messages name it: {@code entity
   * 'user'} or {@code unique index 'email' of entity 'user'}}
   */
  public String space() {
    return space;
  }

  /** {@return the key the refused write would have changed} */
  public Tuple key() {
    return key;
  }
}
