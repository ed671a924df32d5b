package dev.tessera.data;

import dev.tessera.TesseraException;
import dev.tessera.kv.StoreClosedException;
import dev.tessera.repository.ConcurrentModificationException;
import dev.tessera.repository.EntityNotFoundException;
import jakarta.data.exceptions.DataConnectionException;
import jakarta.data.exceptions.DataException;
import jakarta.data.exceptions.EntityExistsException;
import jakarta.data.exceptions.OptimisticLockingFailureException;

/**
 * Turns Tessera's exceptions into the ones the Jakarta Data specification names, keeping Tessera's
 * message as their text and the Tessera exception as their cause, so nothing precise is lost:
 *
 * <ul>
 *   <li>a record that already exists: {@link EntityExistsException};
 *   <li>a record to update or delete that is gone or at another versionstamp: {@link
 *       OptimisticLockingFailureException};
 *   <li>a closed store: {@link DataConnectionException};
 *   <li>every other {@link TesseraException} (a taken unique value, a key too large, a lost
 *       transaction): {@link DataException}.
 * </ul>
 *
 * <p>Other exceptions (a {@code null} argument, an unsupported sort) are programming errors the
 * specification leaves as they are; they pass unchanged. Stateless and thread-safe.
 */
public final class DataExceptionTranslator {
  private DataExceptionTranslator() {}

  /**
   * The Jakarta Data exception for {@code failure}, or {@code failure} itself when it is not a
   * Tessera exception.
   *
   * @param failure what a Tessera repository threw
   * @return the exception to throw instead
   */
  public static RuntimeException translate(RuntimeException failure) {
    if (!(failure instanceof TesseraException)) {
      return failure;
    }
    String message = failure.getMessage();
    if (failure instanceof dev.tessera.repository.EntityExistsException) {
      return new EntityExistsException(message, failure);
    }
    if (failure instanceof EntityNotFoundException
        || failure instanceof ConcurrentModificationException) {
      return new OptimisticLockingFailureException(message, failure);
    }
    if (failure instanceof StoreClosedException) {
      return new DataConnectionException(message, failure);
    }
    return new DataException(message, failure);
  }
}
