package dev.tessera.repository;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Verifies, and optionally repairs, indexes against the records (scan to verify, then repair
 * incrementally). Two streaming passes per index, each batch read in
 * one snapshot so concurrent writes never look like inconsistencies, memory bounded by the batch
 * size and the samples:
 *
 * <ol>
 *   <li>the index's entries: an entry whose record is absent or does not hold its value is
 *       dangling (repair: delete it, checked on the entry and the record);
 *   <li>the records: a record whose entry is absent is missing (repair: write it, checked on the
 *       record and the absent entry); a unique entry pointing to another record that holds the same
 *       value is a unique violation (reported only).
 * </ol>
 *
 * <p>A repair batch whose checks fail (a concurrent write) is read and decided again.
 * Not thread-safe: one per run.
 *
 * @param <T> the record type
 */
final class IndexVerifier<T> {
  private final KvStore store;
  private final EntityMapping<T, ?> mapping;
  private final Function<KvEntry, T> decoder;
  private final int batchSize;
  private final Tuple entityPrefix;

  IndexVerifier(KvStore store, EntityMapping<T, ?> mapping, Function<KvEntry, T> decoder, int batchSize) {
    this.store = store;
    this.mapping = mapping;
    this.decoder = decoder;
    this.batchSize = batchSize;
    this.entityPrefix = Tuple.of(mapping.entityName());
  }

  IndexVerification run(List<IndexDefinition<T>> indexes, boolean repair) {
    List<IndexReport> reports = new ArrayList<>();
    int pkArity = pkArity();
    for (IndexDefinition<T> index : indexes) {
      Findings findings = new Findings();
      scan(TupleRange.prefix(Tuple.of(index.subspace())), repair, findings,
          (snapshot, op, batch, found) -> checkEntries(snapshot, op, index, pkArity, batch, found));
      scan(TupleRange.prefix(entityPrefix), repair, findings,
          (snapshot, op, batch, found) -> checkRecords(snapshot, op, index, batch, found));
      reports.add(findings.report(index.name()));
    }
    return new IndexVerification(mapping.entityName(), reports);
  }

  /** Checks one batch; adds the fixes to {@code op}. */
  private interface BatchCheck {
    void check(KvSnapshot snapshot, AtomicOperation op, List<KvEntry> batch, Findings found);
  }

  private void scan(TupleRange range, boolean repair, Findings findings, BatchCheck check) {
    byte[] cursor = null;
    while (true) {
      AtomicOperation op = store.atomic();
      Findings batchFindings = new Findings();
      List<KvEntry> batch = new ArrayList<>();
      try (KvSnapshot snapshot = store.snapshot()) {
        byte[] begin = cursor == null ? range.begin() : Arrays.copyOf(cursor, cursor.length + 1);
        try (KvIterator it =
            snapshot.list(ListSelector.of(TupleRange.ofPacked(begin, range.end())).limit(batchSize))) {
          it.forEachRemaining(batch::add);
        }
        if (batch.isEmpty()) {
          return;
        }
        check.check(snapshot, op, batch, batchFindings);
      }
      if (repair && batchFindings.fixes > 0) {
        if (!op.commit().ok()) {
          continue; // a write raced the repair: decide this batch again
        }
        batchFindings.repaired = batchFindings.fixes;
      }
      findings.add(batchFindings);
      cursor = batch.get(batch.size() - 1).key().pack();
    }
  }

  private void checkEntries(
      KvSnapshot snapshot,
      AtomicOperation op,
      IndexDefinition<T> index,
      int pkArity,
      List<KvEntry> entries,
      Findings found) {
    List<Tuple> pks = new ArrayList<>(entries.size());
    List<Tuple> recordKeys = new ArrayList<>(entries.size());
    for (KvEntry entry : entries) {
      Tuple pk = pointedKey(index, pkArity, entry);
      pks.add(pk);
      recordKeys.add(entityPrefix.addAll(pk == null ? Tuple.of() : pk));
    }
    List<KvEntry> records = snapshot.getMany(recordKeys);
    for (int i = 0; i < entries.size(); i++) {
      KvEntry entry = entries.get(i);
      KvEntry record = records.get(i);
      Tuple pk = pks.get(i);
      if (pk != null && record.exists()) {
        IndexEntry<T> expected = IndexEntry.forRecord(index, decoder.apply(record), pk);
        if (expected != null
            && expected.key().equals(entry.key())
            && Arrays.equals(expected.value(), entry.value())) {
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
    List<IndexEntry<T>> expected = new ArrayList<>(records.size());
    List<Tuple> keys = new ArrayList<>(records.size());
    for (KvEntry record : records) {
      Tuple pk = record.key().subTuple(1, record.key().size());
      IndexEntry<T> entry = IndexEntry.forRecord(index, decoder.apply(record), pk);
      expected.add(entry);
      keys.add(entry == null ? record.key() : entry.key());
    }
    List<KvEntry> stored = snapshot.getMany(keys);
    for (int i = 0; i < records.size(); i++) {
      IndexEntry<T> entry = expected.get(i);
      KvEntry actual = stored.get(i);
      if (entry == null || (actual.exists() && Arrays.equals(actual.value(), entry.value()))) {
        continue;
      }
      KvEntry record = records.get(i);
      Object id = mapping.idFromKeyParts(record.key().subTuple(1, record.key().size()));
      if (actual.exists() && index.unique()) {
        Tuple holderPk = Tuple.unpack(actual.value());
        KvEntry holder = snapshot.get(entityPrefix.addAll(holderPk));
        IndexEntry<T> holderEntry =
            holder.exists() ? IndexEntry.forRecord(index, decoder.apply(holder), holderPk) : null;
        if (holderEntry != null && holderEntry.key().equals(entry.key())) {
          found.problem(
              new IndexProblem(
                  IndexProblem.Kind.UNIQUE_VIOLATION, entry.key(), id, mapping.idFromKeyParts(holderPk)));
          continue;
        }
      }
      found.problem(new IndexProblem(IndexProblem.Kind.MISSING, entry.key(), id, null));
      op.check(record).check(actual).set(entry.key(), entry.value());
      found.fixes++;
    }
  }

  /** The primary key parts an entry points to, or null if it names none. */
  private static Tuple pointedKey(IndexDefinition<?> index, int pkArity, KvEntry entry) {
    Tuple key = entry.key();
    if (index.unique()) {
      try {
        return Tuple.unpack(entry.value());
      } catch (RuntimeException notAPointer) {
        return null;
      }
    }
    if (pkArity < 1 || key.size() < pkArity + 1) {
      return null;
    }
    return key.subTuple(key.size() - pkArity, key.size());
  }

  /** How many key parts the entity's primary keys have (0 without records). */
  private int pkArity() {
    try (KvIterator first = store.list(ListSelector.of(TupleRange.prefix(entityPrefix)).limit(1))) {
      return first.hasNext() ? first.next().key().size() - 1 : 0;
    }
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

  /** Counts and samples of one index (or one batch of it). Not thread-safe. */
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

    IndexReport report(String index) {
      return new IndexReport(
          index,
          counts.getOrDefault(IndexProblem.Kind.MISSING, 0L),
          counts.getOrDefault(IndexProblem.Kind.DANGLING, 0L),
          counts.getOrDefault(IndexProblem.Kind.UNIQUE_VIOLATION, 0L),
          repaired,
          samples);
    }
  }
}
