package dev.tessera.internal.query;

import dev.tessera.internal.kv.BatchGrowth;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The read loop of every lazy query: elements are read a batch at a time, each batch from one
 * snapshot, and handed out from a buffer. The query supplies {@link #readBatch}, which reads one
 * batch and remembers where the next one continues.
 *
 * <p>Two ways to use snapshots ({@link Snapshots}):
 *
 * <ul>
 *   <li>{@link Snapshots#PER_BATCH}, for streams: each batch opens a snapshot, reads, and closes it
 *       before the batch is handed out. Between batches nothing is held, so a stream that is never
 *       closed (behind {@code findFirst()}, say) costs no read transaction. The first batch holds
 *       one element and each next one four times as many, up to the maximum, so a pipeline that
 *       stops early reads little and a long stream soon reads full batches.
 *   <li>{@link Snapshots#ONE}, for {@code list()}, {@code page()} and {@code count()}: every batch
 *       reads the same snapshot, opened at the first batch and held until {@link #close()}, which
 *       those terminals call before they return.
 * </ul>
 *
 * <p>For Tessera's query implementations (index and spatial queries); not meant for users. Not
 * thread-safe: a spliterator is consumed on one thread.
 *
 * @param <E> the element type
 */
public abstract class BatchedSpliterator<E> extends Spliterators.AbstractSpliterator<E>
    implements AutoCloseable {
  /** How the batches of a spliterator see the store. */
  public enum Snapshots {
    /** Each batch in a snapshot of its own, closed before the batch is handed out. */
    PER_BATCH,
    /** All batches in one snapshot, held until the spliterator is closed. */
    ONE
  }

  private final KvStore store;
  private final Snapshots snapshots;
  private final ArrayDeque<E> buffer = new ArrayDeque<>();
  private KvSnapshot shared;
  private final BatchGrowth batches;
  private boolean exhausted;
  private boolean closed;

  /**
   * Creates the loop.
   *
   * @param store the store to read
   * @param snapshots whether batches share one snapshot
   * @param maxBatch the largest batch, at least 1
   */
  protected BatchedSpliterator(KvStore store, Snapshots snapshots, int maxBatch) {
    super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
    this.store = Objects.requireNonNull(store, "store");
    this.snapshots = Objects.requireNonNull(snapshots, "snapshots");
    if (maxBatch < 1) {
      throw new IllegalArgumentException("maxBatch must be >= 1, was " + maxBatch);
    }
    // Batches of their own snapshot start small (a short-circuit wants one); one snapshot reads big.
    this.batches = BatchGrowth.upTo(maxBatch, snapshots == Snapshots.PER_BATCH);
  }

  /**
   * Reads the next batch from {@code snapshot}: at most {@code size} source entries (index keys,
   * records), giving the elements they yield to {@code out}, and remembers where to continue.
   *
   * @return false if the source has nothing after this batch
   */
  protected abstract boolean readBatch(KvSnapshot snapshot, int size, Consumer<? super E> out);

  @Override
  public final boolean tryAdvance(Consumer<? super E> action) {
    while (buffer.isEmpty()) {
      if (exhausted || closed) {
        close();
        return false;
      }
      int size = batches.next();
      try {
        exhausted = !read(snapshot -> readBatch(snapshot, size, buffer::add));
      } catch (RuntimeException failed) {
        throw named(failed); // the store names keys by subspace id: name them before the caller
      }
    }
    action.accept(buffer.poll());
    return true;
  }

  /**
   * {@return {@code failure}, thrown by reading a batch, as the caller should see it} Called only
   * when a batch fails. By default the failure itself; a query renames the keys it names by
   * entity, index and fields (see {@link dev.tessera.query.RecordReader#named}).
   *
   * @param failure what reading the batch threw
   */
  protected RuntimeException named(RuntimeException failure) {
    return failure;
  }

  /** Runs {@code body} in a snapshot as the batches do: the shared one, or one of its own. */
  protected final <R> R read(Function<KvSnapshot, R> body) {
    if (snapshots == Snapshots.ONE) {
      if (closed) {
        throw new IllegalStateException("The query's snapshot is closed");
      }
      if (shared == null) {
        shared = store.snapshot();
      }
      return body.apply(shared);
    }
    try (KvSnapshot snapshot = store.snapshot()) {
      return body.apply(snapshot);
    }
  }

  /** Releases the shared snapshot, if any, and ends the iteration. Idempotent. */
  @Override
  public void close() {
    closed = true;
    buffer.clear();
    if (shared != null) {
      KvSnapshot snapshot = shared;
      shared = null;
      snapshot.close();
    }
  }
}
