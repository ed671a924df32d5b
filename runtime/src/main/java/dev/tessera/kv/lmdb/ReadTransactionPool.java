package dev.tessera.kv.lmdb;

import java.util.concurrent.atomic.AtomicReferenceArray;
import org.agrona.DirectBuffer;
import org.lmdbjava.Dbi;
import org.lmdbjava.Env;
import org.lmdbjava.Txn;

/**
 * Idle LMDB read transactions kept for reuse. Beginning a read transaction allocates it in native
 * memory and takes a reader slot; {@code mdb_txn_reset} keeps both and {@code mdb_txn_renew} starts
 * a fresh snapshot on them, which is what a hand-tuned LMDB reader does per read. The store runs
 * with {@code MDB_NOTLS}, so a transaction is not bound to the thread that began it: the pool hands
 * any idle one to any thread.
 *
 * <p>An idle transaction is reset: it pins no snapshot (so no page stays unreclaimed) and holds no
 * pointer into the map, so the map may be resized while it idles. The pool holds at most {@value
 * #SLOTS}; a transaction given back to a full pool is closed. Each idle one occupies a reader slot:
 * {@link #drain()} closes them all when slots run short, and before the environment closes.
 *
 * <p>Callers take a transaction only while holding admission from the {@link TransactionGate} and
 * give it back before leaving, so a resize or close never meets one in use.
 *
 * <p>Thread-safe and lock-free: slots are taken and filled by compare-and-set, starting at a slot
 * chosen by the calling thread so threads rarely touch the same one.
 */
final class ReadTransactionPool {
  private static final int SLOT_BITS = 6;
  private static final int SLOTS = 1 << SLOT_BITS;
  private static final int PROBES = 8;

  private final Env<DirectBuffer> env;
  private final AtomicReferenceArray<Txn<DirectBuffer>> idle = new AtomicReferenceArray<>(SLOTS);

  ReadTransactionPool(Env<DirectBuffer> env) {
    this.env = env;
  }

  /**
   * A read transaction on the newest snapshot: an idle one renewed, or a new one.
   *
   * @throws Dbi.MapResizedException if another process grew the map (the caller adopts the new
   *     size and tries again; the transaction stays in the pool)
   * @throws Env.ReadersFullException if no reader slot is free
   */
  Txn<DirectBuffer> take() {
    int home = ThreadSlots.home(SLOT_BITS);
    for (int i = 0; i < PROBES; i++) {
      int slot = (home + i) & (SLOTS - 1);
      Txn<DirectBuffer> txn = idle.get(slot);
      if (txn != null && idle.compareAndSet(slot, txn, null)) {
        return renew(txn);
      }
    }
    return env.txnRead();
  }

  private Txn<DirectBuffer> renew(Txn<DirectBuffer> txn) {
    try {
      txn.renew();
      return txn;
    } catch (Dbi.MapResizedException e) {
      // LMDB ended the snapshot it began but kept the slot: reset makes the txn renewable again.
      txn.reset();
      if (!park(txn)) {
        closeIdle(txn);
      }
      throw e;
    } catch (RuntimeException e) {
      txn.close();
      throw e;
    }
  }

  /**
   * Takes back a transaction from {@link #take()}: still ready (not reset), its reads and cursors
   * over. It is reset and kept, or closed if the pool is full.
   */
  void give(Txn<DirectBuffer> txn) {
    txn.reset();
    if (!park(txn)) {
      closeIdle(txn);
    }
  }

  private boolean park(Txn<DirectBuffer> resetTxn) {
    int home = ThreadSlots.home(SLOT_BITS);
    for (int i = 0; i < PROBES; i++) {
      int slot = (home + i) & (SLOTS - 1);
      if (idle.get(slot) == null && idle.compareAndSet(slot, null, resetTxn)) {
        return true;
      }
    }
    return false;
  }

  /** Closes every idle transaction, freeing their reader slots. */
  void drain() {
    for (int slot = 0; slot < SLOTS; slot++) {
      Txn<DirectBuffer> txn = idle.getAndSet(slot, null);
      if (txn != null) {
        closeIdle(txn);
      }
    }
  }

  // lmdbjava's close() aborts only a transaction that is ready: a reset one would keep its native
  // memory and reader slot. So renew first, then close (abort).
  private static void closeIdle(Txn<DirectBuffer> resetTxn) {
    try {
      resetTxn.renew();
    } catch (RuntimeException e) {
      // Cannot renew (the map grew elsewhere): LMDB frees the slot when the environment closes.
    } finally {
      resetTxn.close();
    }
  }
}
