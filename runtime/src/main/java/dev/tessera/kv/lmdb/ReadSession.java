package dev.tessera.kv.lmdb;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.StoreClosedException;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.agrona.DirectBuffer;
import org.lmdbjava.Cursor;
import org.lmdbjava.Txn;

/**
 * One LMDB read transaction (with its gate permit and cursors) shared by a snapshot or an iterator.
 * Its owner closes it, or the store does when it closes; every use holds the session's monitor and
 * checks the state first, so a transaction is never touched after it ended (LMDB would crash the
 * JVM). A monitor rather than a lock object: a transaction opens a session for its snapshot, and
 * the monitor costs it no allocation.
 *
 * <p>Thread-safe: reads from several threads are serialised by the monitor.
 */
final class ReadSession implements AutoCloseable {
  private enum State { OPEN, CLOSED, CLOSED_BY_STORE }

  private final LmdbEnvironment environment;
  private final TransactionGate.Permit permit;
  private final Txn<DirectBuffer> txn;
  private final List<Cursor<DirectBuffer>> cursors = new ArrayList<>();
  private State state = State.OPEN;

  ReadSession(LmdbEnvironment environment, TransactionGate.Permit permit, Txn<DirectBuffer> txn) {
    this.environment = environment;
    this.permit = permit;
    this.txn = txn;
  }

  /** Runs {@code body} in the transaction; fails if the session or the store was closed. */
  <R> R read(String operation, Function<Txn<DirectBuffer>, R> body) {
    synchronized (this) {
      ensureOpen(operation);
      return body.apply(txn);
    }
  }

  /**
   * Reads {@code key} (packed as {@code packed}) from {@code data} in the transaction, as {@link
   * #read} would with {@code data.get}: the point read a transaction makes per key, without a
   * function object per call.
   */
  KvEntry get(DataTable data, Tuple key, byte[] packed) {
    synchronized (this) {
      ensureOpen("get");
      return data.get(txn, key, packed);
    }
  }

  /** Fails with a clear exception unless the session is open. */
  void ensureOpen(String operation) {
    synchronized (this) {
      if (state == State.CLOSED_BY_STORE) {
        throw new StoreClosedException(environment.name(), operation);
      }
      if (state == State.CLOSED) {
        throw new IllegalStateException(
            "Cannot " + operation + ": its snapshot of " + environment.name() + " is closed");
      }
    }
  }

  /** Opens a cursor that is closed with the session at the latest. */
  Cursor<DirectBuffer> openCursor(String operation) {
    return read(operation, t -> {
      Cursor<DirectBuffer> cursor = environment.data().openCursor(t);
      cursors.add(cursor);
      return cursor;
    });
  }

  /** Closes {@code cursor} early (when an iteration ends before its snapshot). */
  void closeCursor(Cursor<DirectBuffer> cursor) {
    synchronized (this) {
      if (cursors.remove(cursor)) {
        cursor.close();
      }
    }
  }

  /** Ends the transaction. Idempotent. */
  @Override
  public void close() {
    end(State.CLOSED);
  }

  /** Ends the transaction because the store closes; later uses throw StoreClosedException. */
  void closeByStore() {
    end(State.CLOSED_BY_STORE);
  }

  private void end(State reason) {
    try {
      synchronized (this) {
        if (state != State.OPEN) {
          return;
        }
        state = reason;
        // LMDB wants a read-only transaction's cursors closed before the transaction.
        cursors.forEach(Cursor::close);
        cursors.clear();
        environment.recycle(txn);
      }
    } finally {
      permit.release();
      environment.forget(this);
    }
  }
}
