package dev.tessera.internal.index;

import dev.tessera.internal.catalog.KeySpace;
import dev.tessera.internal.retry.Attempt;
import dev.tessera.internal.retry.Backoff;
import dev.tessera.internal.retry.Retry;
import dev.tessera.internal.store.BatchWalk;
import dev.tessera.internal.store.RangeScan;
import dev.tessera.internal.store.RecordCount;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.CorruptEntryException;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.repository.IndexProblem;
import dev.tessera.repository.IndexReport;
import dev.tessera.repository.IndexVerification;
import dev.tessera.repository.RecordReport;
import dev.tessera.repository.TimeSource;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * Verifies, and optionally repairs, an entity's records and indexes (scan to verify, then repair
 * incrementally). Streaming passes, each batch read in
 * one snapshot so concurrent writes never look like inconsistencies, memory bounded by the batch
 * size and the samples:
 *
 * <ol>
 *   <li>the records: a record whose bytes do not decode is undecodable (repair: move it to the
 *       {@link Quarantine}, checked on the record);
 *   <li>the record count, counted in one snapshot: a stored count that is not the number of records
 *       is a mismatch (repair: write the number, checked on the count read);
 *   <li>per index, its entries: an entry whose pointer does not decode is undecodable, one whose
 *       record is absent or does not hold its value is dangling (repair: delete it, checked on the
 *       entry and the record);
 *   <li>per index, the records: a record whose entry is absent is missing (repair: write it, checked
 *       on the record and the absent entry); a unique entry pointing to another record that holds the
 *       same value is a unique violation (reported only).
 * </ol>
 *
 * <p>Damaged data does not stop it: entries the store reports as corrupt are reported and stepped
 * over, and every scan moves strictly forward ({@link RangeScan}), so a run ends on any input. A
 * repair batch whose checks fail (a concurrent write) is read and decided again, a bounded number of
 * times. Not thread-safe: one per run.
 *
 * @param <T> the record type
 */
public final class IndexVerifier<T> {
  private static final int MAX_BATCH_ATTEMPTS = 100;
  private static final Retry COUNT_REPAIRS = Retry.commits(MAX_BATCH_ATTEMPTS, Backoff.WRITES);
  private static final byte[] EMPTY = new byte[0];

  private final KvStore store;
  private final EntityMapping<T, ?> mapping;
  private final KeySpace keySpace;
  private final Function<KvEntry, T> decoder;
  private final int batchSize;
  private final TimeSource time;
  private final Tuple entityPrefix;

  public IndexVerifier(KvStore store, EntityMapping<T, ?> mapping, KeySpace keySpace,
      Function<KvEntry, T> decoder, int batchSize) {
    this(store, mapping, keySpace, decoder, batchSize, TimeSource.system());
  }

  /** As the constructor above, waiting between lost repair commits through {@code time}. */
  public IndexVerifier(KvStore store, EntityMapping<T, ?> mapping, KeySpace keySpace,
      Function<KvEntry, T> decoder, int batchSize, TimeSource time) {
    this.time = time;
    this.store = store;
    this.mapping = mapping;
    this.keySpace = keySpace;
    this.decoder = decoder;
    this.batchSize = batchSize;
    this.entityPrefix = keySpace.recordPrefix();
  }

  /** Verifies the records and {@code indexes}; writes nothing. */
  public IndexVerification verify(List<IndexDefinition<T>> indexes) {
    return run(indexes, false);
  }

  /** Verifies the records and {@code indexes} and repairs what it finds, batch by batch. */
  public IndexVerification repair(List<IndexDefinition<T>> indexes) {
    return run(indexes, true);
  }

  private IndexVerification run(List<IndexDefinition<T>> indexes, boolean repair) {
    TupleRange records = TupleRange.prefix(entityPrefix);
    Findings decoding = new Findings();
    scan(records, repair, decoding, this::checkDecoding, this::quarantineCorrupt);
    RecordReport recordReport = checkCount(repair, decoding);
    List<IndexReport> reports = new ArrayList<>();
    int pkArity = pkArity();
    for (IndexDefinition<T> index : indexes) {
      Findings findings = new Findings();
      scan(IndexDefinition.range(keySpace.indexId(index)), repair, findings,
          (snapshot, op, batch, found) -> checkEntries(snapshot, op, index, pkArity, batch, found),
          this::deleteCorrupt);
      scan(records, repair, findings,
          (snapshot, op, batch, found) -> checkRecords(snapshot, op, index, batch, found),
          (corrupt, op, found) -> { }); // reported by the records' own pass
      reports.add(findings.report(index.name()));
    }
    return new IndexVerification(mapping.entityName(), recordReport, reports);
  }

  /** Checks one batch; adds the fixes to {@code op}. */
  private interface BatchCheck {
    void check(KvSnapshot snapshot, AtomicOperation op, List<KvEntry> batch, Findings found);
  }

  /** Deals with an entry the store reports as corrupt; adds the fix, if any, to {@code op}. */
  private interface CorruptCheck {
    void check(CorruptEntryException corrupt, AtomicOperation op, Findings found);
  }

  private void scan(
      TupleRange range, boolean repair, Findings findings, BatchCheck check, CorruptCheck corrupt) {
    RangeScan scan = new RangeScan(range, batchSize);
    BatchWalk.Job<ScannedBatch> job = new BatchWalk.Job<>() {
      @Override
      public ScannedBatch read(KvSnapshot snapshot, AtomicOperation op, int limit) {
        Findings found = new Findings();
        scan.batchSize(limit);
        RangeScan.Batch batch = scan.next(snapshot::list, e -> corrupt.check(e, op, found));
        if (scan.done()) {
          return null;
        }
        if (!batch.entries().isEmpty()) {
          check.check(snapshot, op, batch.entries(), found);
        }
        return new ScannedBatch(batch, found);
      }

      @Override
      public int size(ScannedBatch batch) {
        return batch.batch().entries().size();
      }

      @Override
      public boolean writes(ScannedBatch batch) {
        return repair && batch.found().fixes > 0;
      }

      @Override
      public void committed(ScannedBatch batch, CommitResult result) {
        if (result != null) {
          batch.found().repaired = batch.found().fixes;
        }
        findings.add(batch.found());
        scan.advance(batch.batch());
      }

      @Override
      public BatchWalk.AfterConflict conflicted(CommitResult result) {
        return BatchWalk.AfterConflict.RETRY_SMALLER; // a write raced the repair: decide this batch again
      }
    };
    new BatchWalk(store, mapping.entityName(), "repairIndexes", batchSize, MAX_BATCH_ATTEMPTS, () -> false,
        time::nanoTime, time::pause)
        .run(job);
  }

  /** A batch read by a scan and what checking it found. */
  private record ScannedBatch(RangeScan.Batch batch, Findings found) {}

  // ---------------------------------------------------------------- the records themselves

  private void checkDecoding(KvSnapshot snapshot, AtomicOperation op, List<KvEntry> records, Findings found) {
    for (KvEntry record : records) {
      try {
        decoder.apply(record);
      } catch (RuntimeException e) {
        found.problem(new IndexProblem(
            IndexProblem.Kind.UNDECODABLE, record.key(), idOfRecordKey(record.key()), null, reason(e)));
        op.check(record).delete(record.key()).set(Quarantine.key(keySpace, record.key()), record.value());
        found.fixes++;
      }
    }
  }

  /**
   * A record entry the store cannot read: quarantined with the bytes it holds, under its record key
   * when that decodes (its value is too short for a versionstamp: no bytes to keep), else under its
   * key bytes, with everything stored under them. An entry listed out of key order (a damaged file:
   * the store read no bytes for it), or on a store that cannot address a key that is not a tuple, is
   * reported only.
   */
  private void quarantineCorrupt(CorruptEntryException corrupt, AtomicOperation op, Findings found) {
    Tuple key = corrupt.key();
    found.problem(new IndexProblem(
        IndexProblem.Kind.UNDECODABLE, key, key == null ? null : idOfRecordKey(key), null,
        corrupt.getMessage()));
    if (key != null) {
      op.delete(key).set(Quarantine.key(keySpace, key), EMPTY);
      found.fixes++;
    } else if (corrupt.storedBytes() != null && deletePacked(op, corrupt.packedKey())) {
      op.set(Quarantine.keyOfBytes(keySpace.entityName(), corrupt.packedKey()), corrupt.storedBytes());
      found.fixes++;
    }
  }

  /** Adds the deletion of {@code packedKey} to {@code op}; false if the store cannot address it. */
  private static boolean deletePacked(AtomicOperation op, byte[] packedKey) {
    try {
      op.deletePacked(packedKey);
      return true;
    } catch (UnsupportedOperationException notATuple) {
      return false;
    }
  }

  /**
   * Counts the records and reads the count in one snapshot; with {@code repair}, writes the number
   * when they differ, checked on the count read (every write of a record changes the count in the
   * same commit, so the check fails if a record came or went meanwhile: count again).
   */
  private RecordReport checkCount(boolean repair, Findings decoding) {
    return IndexLifecycle.timed(COUNT_REPAIRS, time).run(
        mapping.entityName(), "repairIndexes", null, () -> tryCheckCount(repair, decoding));
  }

  /** One attempt of {@link #checkCount}: done with the report, or lost when the repair lost a race. */
  private Attempt<RecordReport> tryCheckCount(boolean repair, Findings decoding) {
    long records = 0;
    RecordCount.Shards counter;
    try (KvSnapshot snapshot = store.snapshot()) {
      RangeScan scan = new RangeScan(TupleRange.prefix(entityPrefix), batchSize);
      long[] corrupt = {0};
      while (true) {
        RangeScan.Batch batch = scan.next(snapshot::list, e -> corrupt[0]++);
        if (scan.done()) {
          break;
        }
        records += batch.entries().size();
        scan.advance(batch);
      }
      records += corrupt[0];
      counter = RecordCount.readShardsOfDamagedData(snapshot::list, mapping.entityName());
    }
    OptionalLong stored = counter.sumIfValid();
    boolean matches = stored.isPresent() && stored.getAsLong() == records;
    Findings found = new Findings();
    found.add(decoding);
    if (!matches) {
      found.problem(new IndexProblem(IndexProblem.Kind.COUNT_MISMATCH,
          RecordCount.key(mapping.entityName()), null, null,
          "the stored count is " + (stored.isPresent()
              ? Long.toUnsignedString(stored.getAsLong()) : "not an 8-byte counter")
          + ", the entity has " + records + " records"));
    }
    if (matches || !repair) {
      return Attempt.done(found.recordReport(records, stored, false));
    }
    CommitResult result = counter.rewrite(store.atomic(), records).commit();
    return result.ok()
        ? Attempt.done(found.recordReport(records, stored, true))
        : Attempt.lost("a record came or went while it was counted", result.failedKey()); // count again
  }

  // ---------------------------------------------------------------- one index

  private void checkEntries(
      KvSnapshot snapshot,
      AtomicOperation op,
      IndexDefinition<T> index,
      int pkArity,
      List<KvEntry> entries,
      Findings found) {
    // A run that began without records knew no key shape; records may have come since.
    int arity = pkArity > 0 ? pkArity : pkArity(snapshot::list);
    if (arity == 0 && !index.unique()) {
      // no record at all: every entry is dangling, as long as no record comes before the commit
      op.checkRange(TupleRange.prefix(entityPrefix), List.of());
    }
    List<Tuple> pks = new ArrayList<>(entries.size());
    List<Tuple> recordKeys = new ArrayList<>(entries.size());
    for (KvEntry entry : entries) {
      Tuple pk = pointedKey(index, arity, entry);
      pks.add(pk);
      recordKeys.add(entityPrefix.addAll(pk == null ? Tuple.of() : pk));
    }
    List<KvEntry> records = readAll(snapshot, recordKeys);
    for (int i = 0; i < entries.size(); i++) {
      KvEntry entry = entries.get(i);
      KvEntry record = records.get(i);
      Tuple pk = pks.get(i);
      if (pk == null && index.unique()) {
        found.problem(new IndexProblem(IndexProblem.Kind.UNDECODABLE, entry.key(), null, null,
            "its value is not a packed primary key"));
        op.check(entry).delete(entry.key());
        found.fixes++;
        continue;
      }
      if (pk != null && record == null) {
        continue; // the record cannot be read: reported by the records' pass, judged after its repair
      }
      if (pk != null && record.exists()) {
        T decoded = decodeOrNull(record);
        if (decoded == null) {
          continue; // likewise
        }
        if (hasEntry(index, decoded, pk, entry)) {
          continue;
        }
      }
      found.problem(new IndexProblem(IndexProblem.Kind.DANGLING, entry.key(), idOrNull(pk), null));
      op.check(entry).check(record).delete(entry.key());
      found.fixes++;
    }
  }

  private void checkRecords(
      KvSnapshot snapshot,
      AtomicOperation op,
      IndexDefinition<T> index,
      List<KvEntry> records,
      Findings found) {
    // one row per expected entry: a multi-value index expects several of one record
    List<KvEntry> decodable = new ArrayList<>(records.size());
    List<IndexEntry<T>> expected = new ArrayList<>(records.size());
    List<Tuple> keys = new ArrayList<>(records.size());
    for (KvEntry record : records) {
      T decoded = decodeOrNull(record);
      if (decoded == null) {
        continue; // reported by the records' own pass
      }
      Tuple pk = record.key().subTuple(1, record.key().size());
      for (IndexEntry<T> entry : IndexEntry.forRecord(index, keySpace.indexId(index), decoded, pk)) {
        decodable.add(record);
        expected.add(entry);
        keys.add(entry.key());
      }
    }
    List<KvEntry> stored = readAll(snapshot, keys);
    for (int i = 0; i < decodable.size(); i++) {
      IndexEntry<T> entry = expected.get(i);
      KvEntry actual = stored.get(i);
      if (actual != null && actual.exists() && Arrays.equals(actual.value(), entry.value())) {
        continue;
      }
      KvEntry record = decodable.get(i);
      Object id = mapping.idFromKeyParts(record.key().subTuple(1, record.key().size()));
      if (actual != null && actual.exists() && index.unique()) {
        Object holder = holderOf(snapshot, index, entry, actual);
        if (holder != null) {
          found.problem(new IndexProblem(IndexProblem.Kind.UNIQUE_VIOLATION, entry.key(), id, holder));
          continue;
        }
      }
      found.problem(new IndexProblem(IndexProblem.Kind.MISSING, entry.key(), id, null));
      if (actual != null) { // an entry the store cannot read is deleted by the entries' pass
        op.check(record).check(actual).set(entry.key(), entry.value());
        found.fixes++;
      }
    }
  }

  /**
   * The id of the other record that holds {@code entry}'s value and that the stored pointer {@code
   * actual} names, or null if the pointer names no such record (or does not decode).
   */
  private Object holderOf(KvSnapshot snapshot, IndexDefinition<T> index, IndexEntry<T> entry, KvEntry actual) {
    Tuple holderPk;
    try {
      holderPk = UniqueClaim.pointedKey(actual);
    } catch (CorruptRecordException notAPointer) {
      return null;
    }
    KvEntry holder = readOrNull(snapshot, entityPrefix.addAll(holderPk));
    T decoded = holder == null || !holder.exists() ? null : decodeOrNull(holder);
    return decoded != null && index.holds(decoded, entry.values())
        ? mapping.idFromKeyParts(holderPk) : null;
  }

  /** True if {@code record} (primary key parts {@code pk}) has exactly the stored entry {@code stored}. */
  private boolean hasEntry(IndexDefinition<T> index, T record, Tuple pk, KvEntry stored) {
    for (IndexEntry<T> expected : IndexEntry.forRecord(index, keySpace.indexId(index), record, pk)) {
      if (expected.key().equals(stored.key()) && Arrays.equals(expected.value(), stored.value())) {
        return true;
      }
    }
    return false;
  }

  /**
   * An index entry the store cannot read: deleted without a check (it has no versionstamp); the
   * records' pass writes the entry its record needs. An entry whose key is not a packed tuple is
   * deleted by its key bytes, if the store read them in order and can address them.
   */
  private void deleteCorrupt(CorruptEntryException corrupt, AtomicOperation op, Findings found) {
    found.problem(new IndexProblem(
        IndexProblem.Kind.UNDECODABLE, corrupt.key(), null, null, corrupt.getMessage()));
    if (corrupt.key() != null) {
      op.delete(corrupt.key());
      found.fixes++;
    } else if (corrupt.storedBytes() != null && deletePacked(op, corrupt.packedKey())) {
      found.fixes++;
    }
  }

  // ---------------------------------------------------------------- reading damaged data

  /** The primary key parts an entry points to, or null if it names none. */
  private static Tuple pointedKey(IndexDefinition<?> index, int pkArity, KvEntry entry) {
    Tuple key = entry.key();
    if (index.unique()) {
      try {
        return UniqueClaim.pointedKey(entry);
      } catch (CorruptRecordException notAPointer) {
        return null;
      }
    }
    if (pkArity < 1 || key.size() < pkArity + 1) {
      return null;
    }
    return key.subTuple(key.size() - pkArity, key.size());
  }

  /** Reads {@code keys} in {@code snapshot}; an entry the store reports as corrupt is null. */
  private static List<KvEntry> readAll(KvSnapshot snapshot, List<Tuple> keys) {
    try {
      return snapshot.getMany(keys);
    } catch (CorruptEntryException e) {
      List<KvEntry> entries = new ArrayList<>(keys.size());
      for (Tuple key : keys) {
        entries.add(readOrNull(snapshot, key));
      }
      return entries;
    }
  }

  private static KvEntry readOrNull(KvSnapshot snapshot, Tuple key) {
    try {
      return snapshot.get(key);
    } catch (CorruptEntryException e) {
      return null;
    }
  }

  private T decodeOrNull(KvEntry record) {
    try {
      return decoder.apply(record);
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static String reason(RuntimeException e) {
    Throwable cause = e.getCause() != null ? e.getCause() : e;
    return String.valueOf(cause.getMessage());
  }

  /** How many key parts the entity's primary keys have (0 without records). */
  private int pkArity() {
    return pkArity(store::list);
  }

  /** How many key parts the entity's primary keys have in what {@code lister} lists (0: none). */
  private int pkArity(Function<ListSelector, KvIterator> lister) {
    RangeScan scan = new RangeScan(TupleRange.prefix(entityPrefix), 1);
    while (true) {
      RangeScan.Batch first = scan.next(lister, corrupt -> { });
      if (scan.done()) {
        return 0;
      }
      if (!first.entries().isEmpty()) {
        return first.entries().get(0).key().size() - 1;
      }
      scan.advance(first);
    }
  }

  private Object idOfRecordKey(Tuple recordKey) {
    return idOrNull(recordKey.subTuple(1, recordKey.size()));
  }

  private Object idOrNull(Tuple pk) {
    if (pk == null) {
      return null;
    }
    try {
      return mapping.idFromKeyParts(pk);
    } catch (RuntimeException notAKey) {
      return pk;
    }
  }

  /** Counts and samples of one index or the records (or one batch of them). Not thread-safe. */
  private static final class Findings {
    final Map<IndexProblem.Kind, Long> counts = new EnumMap<>(IndexProblem.Kind.class);
    final List<IndexProblem> samples = new ArrayList<>();
    long fixes;
    long repaired;

    void problem(IndexProblem problem) {
      counts.merge(problem.kind(), 1L, Long::sum);
      sample(problem);
    }

    void add(Findings batch) {
      batch.samples.forEach(this::sample);
      batch.counts.forEach((kind, n) -> counts.merge(kind, n, Long::sum));
      repaired += batch.repaired;
    }

    private void sample(IndexProblem problem) {
      if (samples.stream().filter(p -> p.kind() == problem.kind()).count() < IndexLifecycle.SAMPLES) {
        samples.add(problem);
      }
    }

    private long count(IndexProblem.Kind kind) {
      return counts.getOrDefault(kind, 0L);
    }

    IndexReport report(String index) {
      return new IndexReport(
          index,
          count(IndexProblem.Kind.MISSING),
          count(IndexProblem.Kind.DANGLING),
          count(IndexProblem.Kind.UNIQUE_VIOLATION),
          count(IndexProblem.Kind.UNDECODABLE),
          repaired,
          samples);
    }

    RecordReport recordReport(long records, OptionalLong storedCount, boolean countRebuilt) {
      return new RecordReport(
          records, storedCount, count(IndexProblem.Kind.UNDECODABLE), repaired, countRebuilt, samples);
    }
  }
}
