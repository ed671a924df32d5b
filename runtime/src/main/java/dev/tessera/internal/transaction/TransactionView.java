package dev.tessera.internal.transaction;

import dev.tessera.internal.catalog.KeyNames;
import dev.tessera.internal.kv.Counter;
import dev.tessera.internal.kv.KeyOrder;
import dev.tessera.internal.kv.ListCursor;
import dev.tessera.internal.kv.PackedKeys;
import dev.tessera.internal.kv.OwnedValues;
import dev.tessera.internal.kv.Pointer;
import dev.tessera.internal.kv.ReservedKeys;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KeyDescriber;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.RangeCount;
import dev.tessera.repository.ReadOnlyTransactionException;
import dev.tessera.repository.TransactionOptions;
import dev.tessera.repository.TransactionTooLargeException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleDecodingException;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A transaction's view of the key store: one snapshot, overlaid with the transaction's own writes
 * (an ordered map by packed key; a delete masks the snapshot's entry), with every read of the
 * snapshot recorded. The repository algorithms run on it unchanged: a point read looks in the
 * overlay first, a {@link #list} merges the snapshot's range with the overlay's, and an {@link
 * #atomic()} operation evaluates its checks against the view and, when they hold, adds its
 * mutations to the overlay.
 *
 * <p>{@link #commit()} turns it into ONE atomic operation on the store: each recorded point read a
 * {@code check}, each recorded range scan a {@code checkRange} over the part consumed, then the
 * buffered mutations. A read served from the overlay is not recorded: it does not depend on the
 * store. Counter additions stay additions, so concurrent transactions that only count do not
 * conflict.
 *
 * <p>Not thread-safe: one transaction, one thread. Every use after the transaction ended throws.
 */
public final class TransactionView implements KvStore {
  /**
   * The versionstamp a key written by the transaction has inside it: its real one is known only
   * once committed. Greater than every real versionstamp.
   */
  static final Versionstamp PENDING = Versionstamp.of(-1L, 0xFFFF);

  private final KvStore store;
  private final TransactionOptions options;
  private KvSnapshot snapshot;
  private AtomicOperation pending;
  /**
   * The store operation made to ask whether counts are checked, before any write: the first
   * write's {@link #pending} operation, so asking costs no operation of its own.
   */
  private AtomicOperation unused;
  private final NavigableMap<byte[], Write> overlay = new TreeMap<>(Arrays::compareUnsigned);
  private final PointReads pointReads = new PointReads();
  // The lists below stay empty (shared) until the first element: most transactions use none.
  private List<RangeRead> rangeReads = List.of();
  private List<CountedRange> countedRanges = List.of();
  /** Whether the store's operations check range counts; asked once, when a count needs it. */
  private Boolean countsChecked;
  private List<KvIterator> openIterators = List.of();
  private long keysRead;
  private long bytesWritten;
  /** How many writes the overlay has taken: a listing in progress looks up its next write anew. */
  private long writeCount;
  private boolean open = true;
  /** Set by {@link #setReadOnly()}: every later write is refused before it changes anything. */
  private boolean readOnly;
  private RuntimeException failedWrite;

  public TransactionView(KvStore store, TransactionOptions options) {
    this.store = store;
    this.options = options;
  }

  // ---------------------------------------------------------------- reads

  @Override
  public KvEntry get(Tuple key) {
    ensureOpen();
    Write write = overlay.get(PackedKeys.of(key));
    if (write == null) {
      return read(key);
    }
    return write.entryOver(write.isBlind() ? read(key) : null);
  }

  @Override
  public List<KvEntry> getMany(List<Tuple> keys) {
    List<KvEntry> entries = new ArrayList<>(keys.size());
    for (Tuple key : keys) {
      entries.add(get(key));
    }
    return entries;
  }

  /** Both reads through the view: each sees the transaction's writes, or is recorded. */
  @Override
  public KvEntry getPointed(Tuple pointerKey, Tuple targetPrefix) {
    return Pointer.follow(this, pointerKey, targetPrefix);
  }

  @Override
  public KvIterator list(ListSelector selector) {
    ensureOpen();
    TupleRange range = narrowedByCursor(selector);
    RangeRead record = new RangeRead(range, selector.isReverse());
    rangeReads = append(rangeReads, record);
    KvIterator scan = snapshotOpen().list(ListSelector.of(range).reverse(selector.isReverse())
        .batchSize(selector.batchSize()));
    openIterators = append(openIterators, scan);
    NavigableMap<byte[], Write> writes = range.isEmpty()
        ? Collections.emptyNavigableMap() : overlay.subMap(range.begin(), true, range.end(), false);
    return new MergedIterator(this, scan, selector.isReverse() ? writes.descendingMap() : writes,
        record, selector.isReverse(), selector.limit());
  }

  @Override
  public KvSnapshot snapshot() {
    ensureOpen();
    return new KvSnapshot() {
      @Override
      public KvEntry get(Tuple key) {
        return TransactionView.this.get(key);
      }

      @Override
      public List<KvEntry> getMany(List<Tuple> keys) {
        return TransactionView.this.getMany(keys);
      }

      @Override
      public KvIterator list(ListSelector selector) {
        return TransactionView.this.list(selector);
      }

      @Override
      public RangeCount count(ListSelector selector) {
        return TransactionView.this.count(selector);
      }

      @Override
      public void close() {
        // The transaction's snapshot lives as long as the transaction.
      }
    };
  }

  /**
   * Counts a listing on keys alone, recorded as one range count check instead of every key: when
   * the transaction wrote nothing in its range (else the listing merges the writes) and the store
   * counts and checks counts. {@code null} otherwise: the caller lists, and the listing records
   * what it pulls.
   */
  RangeCount count(ListSelector selector) {
    ensureOpen();
    TupleRange range = narrowedByCursor(selector);
    if (selector.limit() == 0 || range.isEmpty()
        || !overlay.subMap(range.begin(), true, range.end(), false).isEmpty() || !countsChecked()) {
      return null;
    }
    RangeCount counted = snapshotOpen().count(
        ListSelector.of(range).reverse(selector.isReverse()).limit(selector.limit()));
    if (counted == null) {
      return null;
    }
    TupleRange consumed = counted.reachedEnd()
        ? range : KeyOrder.through(range, counted.lastKey(), selector.isReverse());
    countedRanges = append(countedRanges, new CountedRange(consumed, counted.count(), counted.readVersion()));
    countReads(counted.count());
    return counted;
  }

  private boolean countsChecked() {
    if (countsChecked == null) {
      if (pending == null && unused == null) {
        unused = store.atomic();
      }
      countsChecked = (pending != null ? pending : unused).checksRangeCounts();
    }
    return countsChecked;
  }

  /** A read of the snapshot, recorded (once per key: the snapshot does not change). */
  private KvEntry read(Tuple key) {
    KvEntry seen = pointReads.get(key);
    if (seen == null) {
      seen = snapshotOpen().get(key);
      pointReads.add(seen);
      countRead();
    }
    return seen;
  }

  private KvSnapshot snapshotOpen() {
    if (snapshot == null) {
      snapshot = store.snapshot();
    }
    return snapshot;
  }

  /** How many writes the overlay has taken so far (see {@link MergedIterator}). */
  long writeCount() {
    return writeCount;
  }

  void countRead() {
    countReads(1);
  }

  private void countReads(long keys) {
    keysRead += keys;
    if (keysRead > options.maxKeysRead()) {
      throw new TransactionTooLargeException("keys read", keysRead, options.maxKeysRead(), readContributors());
    }
  }

  // ---------------------------------------------------------------- writes

  @Override
  public AtomicOperation atomic() {
    ensureOpen();
    return new ViewOperation(this);
  }

  /**
   * Adds {@code mutation} to the overlay and to the operation the commit will run. A mutation that
   * fails (a key too large, a limit crossed) may leave its operation half applied, so it makes the
   * transaction unable to commit, even if the function catches the exception.
   */
  void apply(ViewOperation.Mutation mutation) {
    if (readOnly) {
      KeyDescriber names = keyNames();
      throw new ReadOnlyTransactionException(
          space(mutation.key(), names), names.parts(mutation.key()), mutation.key());
    }
    try {
      applyUnchecked(mutation);
    } catch (RuntimeException e) {
      failedWrite = e;
      throw e;
    }
  }

  private void applyUnchecked(ViewOperation.Mutation mutation) {
    byte[] packed = PackedKeys.of(mutation.key());
    AtomicOperation target = pendingOperation();
    Write before = overlay.get(packed);
    Write after = mutation.applyTo(before, target);
    overlay.put(packed, after);
    writeCount++;
    bytesWritten += after.size(packed) - (before == null ? 0 : before.size(packed));
    if (overlay.size() > options.maxKeysWritten()) {
      throw new TransactionTooLargeException(
          "keys written", overlay.size(), options.maxKeysWritten(), writeContributors(false));
    }
    if (bytesWritten > options.maxBytesWritten()) {
      throw new TransactionTooLargeException(
          "bytes written", bytesWritten, options.maxBytesWritten(), writeContributors(true));
    }
  }

  private AtomicOperation pendingOperation() {
    if (pending == null) {
      // validates keys and values as they are added
      pending = unused != null ? unused : store.atomic();
      unused = null;
    }
    return pending;
  }

  /** Refuses every later write ({@link ReadOnlyTransactionException}); reads are unaffected. */
  public void setReadOnly() {
    readOnly = true;
  }

  /** True once {@link #setReadOnly()} was called. */
  public boolean readOnly() {
    return readOnly;
  }

  // ---------------------------------------------------------------- commit and end

  /**
   * Commits the writes with every recorded read as a check, in one atomic operation; {@code null}
   * when the transaction wrote nothing (one snapshot already made its reads consistent).
   */
  public CommitResult commit() {
    ensureOpen();
    closeSnapshot();
    if (failedWrite != null) {
      throw new IllegalStateException("The transaction cannot commit: one of its writes failed with "
          + failedWrite.getClass().getSimpleName() + " (" + failedWrite.getMessage()
          + ") and may be half applied; nothing was written", failedWrite);
    }
    if (pending == null) {
      return null;
    }
    // Indexed loops: no iterator per commit.
    for (int i = 0; i < pointReads.size(); i++) {
      pending.check(pointReads.entry(i));
    }
    for (int i = 0; i < rangeReads.size(); i++) {
      rangeReads.get(i).addTo(pending);
    }
    for (int i = 0; i < countedRanges.size(); i++) {
      CountedRange counted = countedRanges.get(i);
      pending.checkRangeCount(counted.range(), counted.count(), counted.readVersion());
    }
    return pending.commit();
  }

  /** Ends the view: releases the snapshot; every later use throws. Idempotent. */
  public void end() {
    open = false;
    closeSnapshot();
  }

  private void closeSnapshot() {
    if (!openIterators.isEmpty()) {
      openIterators.forEach(KvIterator::close);
      openIterators = List.of();
    }
    if (snapshot != null) {
      snapshot.close();
      snapshot = null;
    }
  }

  /** The store's: the transaction's counter additions join its commit as the store's own would. */
  @Override
  public int counterShards() {
    return store.counterShards();
  }

  /** The view is a window on a transaction, not a store: closing it does nothing. */
  @Override
  public void close() {
    // The transaction ends when its function returns.
  }

  public void ensureOpen() {
    if (!open) {
      throw new IllegalStateException("This transaction has ended: a repository view from in(tx)"
          + " or tx.store() may be used only inside the transaction's function, before it returns");
    }
  }

  // ---------------------------------------------------------------- internals

  /** {@code list} with {@code element} added: {@code list} itself unless it is the empty one. */
  private static <E> List<E> append(List<E> list, E element) {
    List<E> target = list.isEmpty() ? new ArrayList<>() : list;
    target.add(element);
    return target;
  }

  /** The part of the selector's range a listing resumed after its cursor reads. */
  private static TupleRange narrowedByCursor(ListSelector selector) {
    TupleRange range = selector.range();
    if (selector.cursor() == null) {
      return range;
    }
    byte[] after = ListCursor.decode(selector.cursor(), range, Integer.MAX_VALUE);
    return KeyOrder.remainder(range, after, selector.isReverse());
  }

  private Map<String, Long> readContributors() {
    KeyDescriber names = keyNames();
    Map<String, Long> counts = new HashMap<>();
    for (int i = 0; i < pointReads.size(); i++) {
      counts.merge(space(pointReads.entry(i).key(), names), 1L, Long::sum);
    }
    for (RangeRead range : rangeReads) {
      range.pulledKeys().forEach(key -> counts.merge(space(key, names), 1L, Long::sum));
    }
    for (CountedRange counted : countedRanges) {
      counts.merge(counted.space(names), counted.count(), Long::sum);
    }
    return biggestFirst(counts);
  }

  private Map<String, Long> writeContributors(boolean bytes) {
    KeyDescriber names = keyNames();
    Map<String, Long> counts = new HashMap<>();
    overlay.forEach((packed, write) ->
        counts.merge(space(write.key(), names), bytes ? write.size(packed) : 1L, Long::sum));
    return biggestFirst(counts);
  }

  /** The names of the store's catalog (as tuples if it cannot be read: the message still helps). */
  private KeyDescriber keyNames() {
    try {
      return KeyNames.read(store);
    } catch (RuntimeException unreadable) {
      return KeyDescriber.tuples();
    }
  }

  /**
   * The key space a key belongs to: the entity or index its first part (the subspace id) stands
   * for, as {@code names} names it ({@code unique index 'email' of entity 'user'}), catalog keys by
   * three parts.
   */
  private static String space(Tuple key, KeyDescriber names) {
    Object first = key.size() > 0 ? key.get(0) : null;
    if (ReservedKeys.isReserved(key) && key.size() > 2) {
      return first + "/" + key.get(1) + "/" + key.get(2);
    }
    String subspace = names.subspace(key);
    return subspace != null ? subspace : String.valueOf(first);
  }

  private static Map<String, Long> biggestFirst(Map<String, Long> counts) {
    Map<String, Long> sorted = new LinkedHashMap<>();
    counts.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(5)
        .forEach(e -> sorted.put(e.getKey(), e.getValue()));
    return sorted;
  }

  /** A range counted on keys alone: the part counted, the count and the snapshot's version. */
  private record CountedRange(TupleRange range, long count, Versionstamp readVersion) {
    /** The key space counted, named as {@link #space(Tuple, KeyDescriber)} names a key's. */
    String space(KeyDescriber names) {
      try {
        return TransactionView.space(Tuple.unpack(range.begin()), names);
      } catch (TupleDecodingException notATuple) {
        return range.toString();
      }
    }
  }

  /**
   * What the transaction wrote to one key: a value, a delete, or counter operations on whatever the
   * store holds (a "blind" write, whose value needs the snapshot's). Immutable. An operation's set
   * or delete is buffered as the write it makes ({@link #applyTo}).
   */
  record Write(Tuple key, byte[] value, boolean deleted, List<CounterOp> counters)
      implements ViewOperation.Mutation {

    static Write set(Tuple key, byte[] value) {
      return new Write(key, value, false, List.of());
    }

    static Write delete(Tuple key) {
      return new Write(key, null, true, List.of());
    }

    /** Counter operations on whatever the store holds: a blind write. */
    static Write counter(Tuple key, CounterOp op) {
      return new Write(key, null, false, List.of(op));
    }

    /**
     * As an operation's set or delete: adds itself to the store's operation {@code target} and is
     * the key's write after it, whatever was before (the value is the operation's own array, never
     * changed: the store may keep it).
     */
    @Override
    public Write applyTo(Write before, AtomicOperation target) {
      if (deleted) {
        target.delete(key);
      } else if (value != null) {
        OwnedValues.set(target, key, value);
      } else {
        throw new IllegalStateException("counter operations are buffered as CounterMutation");
      }
      return this;
    }

    /** True if the value depends on what the store holds (counter operations only). */
    boolean isBlind() {
      return value == null && !deleted;
    }

    /** This write followed by a counter operation. */
    Write then(CounterOp op) {
      if (isBlind()) {
        List<CounterOp> all = new ArrayList<>(counters);
        all.add(op);
        return new Write(key, null, false, List.copyOf(all));
      }
      return set(key, op.applyTo(key, deleted ? null : value));
    }

    /** The entry the view shows, given the snapshot's entry under a blind write. */
    KvEntry entryOver(KvEntry base) {
      if (deleted) {
        return KvEntry.absent(key);
      }
      byte[] result = value;
      if (isBlind()) {
        result = base.value();
        for (CounterOp op : counters) {
          result = op.applyTo(key, result);
        }
      }
      return new KvEntry(key, result, PENDING);
    }

    long size(byte[] packed) {
      return packed.length + (value == null ? 0 : value.length) + 8L * counters.size();
    }
  }

  /** One counter operation, applied as the store applies it. */
  record CounterOp(Counter kind, long operand) {

    /** The counter after this operation on {@code current} ({@code null}: absent). */
    byte[] applyTo(Tuple key, byte[] current) {
      return kind.applyTo(key, current, operand);
    }

    void addTo(AtomicOperation op, Tuple key) {
      switch (kind) {
        case SUM -> op.sum(key, operand);
        case MIN -> op.min(key, operand);
        case MAX -> op.max(key, operand);
      }
    }
  }
}
