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
 * One LMDB read transaction (with its gate permit and cursors) shared by a snapshot and the
 * iterators listed in it. Its owner closes it, or the store does when it closes; every use holds
 * the session's monitor and checks the state first, so a transaction is never touched after it
 * ended (LMDB would crash the JVM). A monitor rather than a lock object: a transaction opens a
 * session for its snapshot, and the monitor costs it no allocation. For the same reason the
 * session is the snapshot itself ({@link LmdbSnapshot} adds the reads), is its own entry in the
 * store's {@link OpenSessions} and keeps where it was opened in its own fields ({@link #site()}).
 *
 * <p>Thread-safe: reads from several threads are serialised by the monitor.
 */
abstract sealed class ReadSession extends OpenSessions.Member implements AutoCloseable
    permits LmdbSnapshot {
  private enum State { OPEN, CLOSED, CLOSED_BY_STORE }

  private final LmdbEnvironment environment;
  private final TransactionGate.Holder permit;
  private final Txn<DirectBuffer> txn;
  private final String operation;
  private final String thread;
  private final long openedAt;
  private final Throwable stack;
  /** Created by the first cursor: a snapshot that only reads keys opens none. */
  private List<Cursor<DirectBuffer>> cursors;
  private State state = State.OPEN;

  /**
   * A session of the calling thread for {@code operation}, holding the gate permit {@code permit}
   * took and {@code txn}; with the calling thread's stack if {@code recordStack}.
   */
  ReadSession(LmdbEnvironment environment, OpenSessions registry, TransactionGate.Holder permit,
      Txn<DirectBuffer> txn, String operation, boolean recordStack) {
    super(registry);
    this.environment = environment;
    this.permit = permit;
    this.txn = txn;
    this.operation = operation;
    this.thread = Thread.currentThread().getName();
    this.openedAt = System.nanoTime();
    this.stack = recordStack ? new Throwable() : null;
  }

  /** The environment the transaction belongs to. */
  final LmdbEnvironment environment() {
    return environment;
  }

  /** Where and when the session was opened, to name what holds up a map growth. */
  OpenSite site() {
    return new OpenSite(operation, thread, openedAt, stack);
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
      if (cursors == null) {
        cursors = new ArrayList<>();
      }
      cursors.add(cursor);
      return cursor;
    });
  }

  /** Closes {@code cursor} early (when an iteration ends before its snapshot). */
  void closeCursor(Cursor<DirectBuffer> cursor) {
    synchronized (this) {
      if (cursors != null && cursors.remove(cursor)) {
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

  // The permit is released and the session unregistered exactly once, by the call that ends it:
  // a permit cannot tell a second release.
  private void end(State reason) {
    boolean ending = false;
    try {
      synchronized (this) {
        if (state != State.OPEN) {
          return;
        }
        state = reason;
        ending = true;
        // LMDB wants a read-only transaction's cursors closed before the transaction.
        if (cursors != null) {
          cursors.forEach(Cursor::close);
          cursors.clear();
        }
        environment.recycle(txn);
      }
    } finally {
      if (ending) {
        environment.forget(this, permit);
      }
    }
  }
}
