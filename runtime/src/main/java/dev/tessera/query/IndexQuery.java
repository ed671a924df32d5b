package dev.tessera.query;

import dev.tessera.internal.query.BatchedSpliterator.Snapshots;
import dev.tessera.internal.query.PageRows;
import dev.tessera.internal.catalog.KeySpace;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.RangeCount;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.query.IndexedRecordSpliterator.Row;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A query over one index: equal values for its leading components, optionally a range or a string
 * prefix on the next component, then direction, limit and cursor. Generated repositories build it
 * through their typed {@code byX()} stages ({@link IndexQueryStage}), which encode and normalise
 * values exactly as writes do; this class works on the encoded index key only.
 *
 * <p>The key range: with equal values {@code E} (the index subspace first) the query reads {@code
 * [pack(E), pack(E) + 0xFF)}, every key that starts with {@code E}. A lower bound {@code v}
 * starts at {@code pack(E + v)} (inclusive) or just past every key starting with {@code E + v},
 * {@code pack(E + v) + 0xFF} (exclusive); an upper bound ends at {@code pack(E + v) + 0xFF}
 * (inclusive: later components and primary key parts may follow {@code v}) or {@code pack(E + v)}
 * (exclusive). A string prefix reads {@link TupleRange#startsWith(Tuple, String)}.
 *
 * <p>Null values: an index that {@linkplain IndexDefinition#holdsNulls() holds nulls} keeps a record
 * whose next component is null under a null part, which sorts before every value. {@code isNull()}
 * reads exactly those keys; a range ({@code lessThan}, {@code between}, ...) and {@code startsWith}
 * never include them; a query with no narrowing of that component (every record of the leading
 * values) includes them, first (last when reversed).
 *
 * <p>Any-of ({@code in}) on a component gives one such range per distinct value (per combination,
 * when several components are given that way); later narrowings apply to every range. The ranges
 * share their leading components' length, so they are disjoint and are read one after the other in
 * ascending (descending, reversed) key order: the results are in index order without a merge, and
 * the limit, the cursor (which clips every range) and the terminals work across them.
 *
 * <p>Terminals: {@code list()}, {@code page()}, {@code first()} and {@code count()} read one
 * snapshot, held only during the call; {@code stream()} reads one short snapshot per batch and
 * holds none between batches (see {@link Query#stream()} for the consistency this gives).
 *
 * <p>Immutable and thread-safe; see {@link Query} for the terminals.
 *
 * @param <T> the record type
 */
public final class IndexQuery<T> implements Query<T> {
  private static final int BATCH_SIZE = 256;

  /**
   * One key range of the query: the keys from {@code begin} (inclusive) to {@code end} (exclusive)
   * under the equal values {@code prefix} (the index subspace first).
   */
  private record Branch(Tuple prefix, byte[] begin, byte[] end) {
    static Branch of(Tuple prefix) {
      TupleRange all = TupleRange.keyAndExtensions(prefix);
      return new Branch(prefix, all.begin(), all.end());
    }
  }

  private final IndexTarget<T> target;
  /** The number of leading components given (equal or any-of). */
  private final int given;
  /** Disjoint ranges in ascending key order: one, or one per combination of any-of values. */
  private final List<Branch> branches;
  private final boolean bounded;
  private final boolean reverse;
  private final int limit;
  private final byte[] after;

  private IndexQuery(
      IndexTarget<T> target,
      int given,
      List<Branch> branches,
      boolean bounded,
      boolean reverse,
      int limit,
      byte[] after) {
    this.target = target;
    this.given = given;
    this.branches = branches;
    this.bounded = bounded;
    this.reverse = reverse;
    this.limit = limit;
    this.after = after;
  }

  /**
   * {@return a query for the records whose leading index components equal {@code values}: every
   * record in the index when {@code values} is empty} For repositories; users start from a
   * generated {@code byX()} method.
   *
   * @param store the store holding the entity
   * @param entityName the entity name, for messages
   * @param entityId the entity's subspace id in {@code store}: the first part of every record key
   * @param index the index to read
   * @param subspaceId the id of the index's subspace in {@code store}: the first part of its keys
   * @param reader how to read the records its entries point to
   * @param values the encoded and normalised values of the first {@code values.size()} components
   * @param <T> the record type
   * @throws IllegalArgumentException if {@code values} has more parts than the index has components
   */
  public static <T> IndexQuery<T> of(
      KvStore store,
      String entityName,
      long entityId,
      IndexDefinition<T> index,
      long subspaceId,
      RecordReader<T> reader,
      Tuple values) {
    IndexTarget<T> target = new IndexTarget<>(
        store, entityName, KeySpace.recordPrefix(entityId), index, subspaceId, reader);
    if (values.size() > target.components()) {
      throw new IllegalArgumentException(
          values.size() + " values for " + target.describe() + ", which has " + target.components()
              + " components " + index.fields());
    }
    Tuple prefix = index.entryPrefix(subspaceId, values);
    return new IndexQuery<>(
        target, values.size(), List.of(Branch.of(prefix)), false, false, Integer.MAX_VALUE, null);
  }

  // ---------------------------------------------------------------- narrowing, for stages

  /** Whether another component may be fixed or bounded: no bound yet and a component left. */
  private void requireNextComponent(String operation) {
    if (bounded || given >= target.components()) {
      throw new IllegalStateException(
          operation + " needs a free next component, but " + target.describe() + " has "
              + target.components() + " components " + target.index().fields() + " and "
              + (bounded ? "this query already bounds one" : "all are given"));
    }
  }

  /** This query with the next component equal to {@code part} (encoded). */
  IndexQuery<T> equal(Object part) {
    return anyOf(List.of(part), "equalTo");
  }

  /**
   * This query with the next component equal to any of {@code parts} (encoded and normalised): one
   * range per distinct value, kept in ascending key order, so the results come in index order and
   * a value given twice matches its records once. No value matches nothing.
   */
  IndexQuery<T> anyOf(List<?> parts) {
    return anyOf(parts, "in");
  }

  private IndexQuery<T> anyOf(List<?> parts, String operation) {
    requireNextComponent(operation);
    List<Branch> narrowed = new ArrayList<>(branches.size() * parts.size());
    for (Branch branch : branches) {
      for (Object part : parts) {
        narrowed.add(Branch.of(branch.prefix().add(Objects.requireNonNull(part, "part"))));
      }
    }
    narrowed.sort((a, b) -> Arrays.compareUnsigned(a.begin(), b.begin()));
    List<Branch> distinct = new ArrayList<>(narrowed.size());
    for (Branch branch : narrowed) {
      if (distinct.isEmpty() || !Arrays.equals(distinct.get(distinct.size() - 1).begin(), branch.begin())) {
        distinct.add(branch);
      }
    }
    return new IndexQuery<>(target, given + 1, List.copyOf(distinct), false, reverse, limit, after);
  }

  /**
   * This query with the next component null: the entries an index that {@linkplain
   * IndexDefinition#holdsNulls() holds nulls} writes for records whose field is null.
   *
   * @throws IllegalStateException if the index holds no null values for the next component (a
   *     unique or multi-value index, one over primitive fields only, or a primitive field of a
   *     composite one), or no component is free
   */
  IndexQuery<T> isNull() {
    requireNextComponent("isNull");
    String refusal = whyNoNulls(target.index().fields().get(given));
    if (refusal != null) {
      throw new IllegalStateException(
          "isNull() cannot be served by " + target.describe() + " " + target.index().fields()
              + ": " + refusal);
    }
    List<Branch> narrowed = new ArrayList<>(branches.size());
    for (Branch branch : branches) {
      narrowed.add(Branch.of(branch.prefix().add(null)));
    }
    return new IndexQuery<>(target, given + 1, List.copyOf(narrowed), false, reverse, limit, after);
  }

  /** Why the index holds no null part for its component {@code field}, or null if it does. */
  private String whyNoNulls(String field) {
    IndexDefinition<T> index = target.index();
    if (index.unique()) {
      return "a unique index leaves out the records whose indexed field is null (several records"
          + " may hold null); query them with a non-unique @Index on the field";
    }
    if (index.multiValue()) {
      return "a multi-value index holds elements only (a null or empty collection has no entry)";
    }
    if (!index.holdsNulls()) {
      return "it holds no null values (its fields are primitive, or its definition "
          + index.descriptor() + " does not index nulls)";
    }
    if (!index.holdsNulls(field)) {
      return "its field '" + field + "' is primitive, never null (only its nullable fields are"
          + " held as null)";
    }
    return null;
  }

  /**
   * This query with the next component bounded: {@code lower} and {@code upper} are encoded parts,
   * {@code null} for no bound on that side. A range never includes null values: without a lower
   * bound it starts just after the entries whose next component is null (which sort first).
   */
  IndexQuery<T> range(Object lower, boolean lowerInclusive, Object upper, boolean upperInclusive) {
    requireNextComponent("a range");
    List<Branch> narrowed = new ArrayList<>(branches.size());
    for (Branch branch : branches) {
      byte[] from = TupleRange.keyAndExtensions(branch.prefix().add(null)).end();
      if (lower != null) {
        TupleRange at = TupleRange.keyAndExtensions(branch.prefix().add(lower));
        from = lowerInclusive ? at.begin() : at.end();
      }
      byte[] to = branch.end();
      if (upper != null) {
        TupleRange at = TupleRange.keyAndExtensions(branch.prefix().add(upper));
        to = upperInclusive ? at.end() : at.begin();
      }
      narrowed.add(new Branch(branch.prefix(), from, to));
    }
    return new IndexQuery<>(target, given, List.copyOf(narrowed), true, reverse, limit, after);
  }

  /** This query with the next (string) component starting with {@code partial} (normalised). */
  IndexQuery<T> startingWith(String partial) {
    requireNextComponent("startsWith");
    List<Branch> narrowed = new ArrayList<>(branches.size());
    for (Branch branch : branches) {
      TupleRange range = TupleRange.startsWith(branch.prefix(), partial);
      narrowed.add(new Branch(branch.prefix(), range.begin(), range.end()));
    }
    return new IndexQuery<>(target, given, List.copyOf(narrowed), true, reverse, limit, after);
  }

  // ---------------------------------------------------------------- modifiers

  @Override
  public IndexQuery<T> reverse() {
    return new IndexQuery<>(target, given, branches, bounded, !reverse, limit, after);
  }

  @Override
  public IndexQuery<T> limit(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("limit must be >= 0, was " + n);
    }
    return new IndexQuery<>(target, given, branches, bounded, reverse, n, after);
  }

  @Override
  public IndexQuery<T> after(PageCursor cursor) {
    byte[] key = Objects.requireNonNull(cursor, "cursor").keyFor(target.subspaceId(),
        1 + target.components(), target.describe() + " (subspace '" + target.index().subspace()
            + "', id " + target.subspaceId() + ")");
    return new IndexQuery<>(target, given, branches, bounded, reverse, limit, key);
  }

  /**
   * The cursor of the entry this query's values name, for the record whose key {@code recordKey}
   * holds ({@link KeyQuery#cursorAt}), stored or not: a query of this index resumed {@link #after
   * after} it continues strictly after that entry (before it, reversed). For cursors an application
   * builds from values, as Jakarta Data's {@code Cursor.forKey(year, isbn)}.
   *
   * <pre>{@code
   * PageCursor at = books.byAuthorAndYear().equalTo("Herbert").equalTo(1965)
   *     .cursorAt(books.byId().cursorAt("isbn-1"));
   * }</pre>
   *
   * @param recordKey the record's key cursor; ignored (may be null) for a unique index, whose
   *     entries are keyed by their values alone
   * @return the cursor
   * @throws IllegalStateException if this query does not give every component one value
   * @throws IllegalArgumentException if {@code recordKey} is not a key of this query's entity
   */
  public PageCursor cursorAt(PageCursor recordKey) {
    if (given != target.components() || bounded || branches.size() != 1) {
      throw new IllegalStateException(
          "a cursor of " + target.describe() + " needs one value for each of its components "
              + target.index().fields() + ", given by equalTo");
    }
    Tuple prefix = branches.get(0).prefix();
    if (target.index().unique()) {
      return PageCursor.ofKey(prefix.pack());
    }
    Object entityId = target.entityPrefix().get(0);
    Tuple record = Tuple.unpack(Objects.requireNonNull(recordKey, "recordKey")
        .keyFor(entityId, 2, "entity '" + target.entityName() + "'"));
    return PageCursor.ofKey(prefix.addAll(record.subTuple(1, record.size())).pack());
  }

  // ---------------------------------------------------------------- terminals

  @Override
  public List<T> list() {
    if (limit == 0) {
      return List.of();
    }
    List<T> records = new ArrayList<>();
    try (IndexedRecordSpliterator<T> rows = open(limit, Snapshots.ONE)) {
      rows.forEachRemaining(row -> records.add(row.record()));
    }
    return records;
  }

  @Override
  public Stream<T> stream() {
    if (limit == 0) {
      return Stream.empty();
    }
    IndexedRecordSpliterator<T> rows = open(limit, Snapshots.PER_BATCH);
    return StreamSupport.stream(rows, false).onClose(rows::close).map(Row::record);
  }

  @Override
  public Optional<T> first() {
    return limit == 0 ? Optional.empty() : limit(1).list().stream().findFirst();
  }

  @Override
  public long count() {
    if (limit == 0) {
      return 0;
    }
    if (!valuesInScanOrder().isEmpty()) { // a record may have several matching entries: read them
      long rows = 0;
      try (IndexedRecordSpliterator<T> records = open(limit, Snapshots.ONE)) {
        while (records.tryAdvance(row -> { })) {
          rows++;
        }
      }
      return rows;
    }
    long count = 0;
    try (KvSnapshot snapshot = target.store().snapshot()) {
      for (ListSelector range : selectors()) {
        int left = (int) (limit - count);
        RangeCount counted = snapshot.count(range.limit(left)); // on keys alone, where the store can
        if (counted != null) {
          count += counted.count();
        } else {
          try (KvIterator keys = snapshot.list(range.limit(left).batchSize(batchSize(left)))) {
            while (keys.hasNext()) {
              keys.next();
              count++;
            }
          }
        }
        if (count == limit) {
          break;
        }
      }
    } catch (RuntimeException failed) {
      throw target.reader().named(failed); // an undecodable key names its index and fields
    }
    return count;
  }

  @Override
  public boolean exists() {
    return limit > 0 && limit(1).count() > 0;
  }

  @Override
  public Page<T> page(int n) {
    int wanted = PageRows.toRead(n, limit);
    List<Row<T>> rows = new ArrayList<>(Math.min(wanted, BATCH_SIZE));
    try (IndexedRecordSpliterator<T> records = open(wanted, Snapshots.ONE)) {
      records.forEachRemaining(rows::add);
    }
    return PageRows.page(rows, n, Row::record, Row::indexKey);
  }

  private IndexedRecordSpliterator<T> open(int rows, Snapshots snapshots) {
    return new IndexedRecordSpliterator<>(
        target, selectors(), rows, valuesInScanOrder(), snapshots, batchSize(rows));
  }

  /**
   * For a multi-value index asked for several values, those values in the order they are walked:
   * a record holding several of them appears under each, and is kept under the first only.
   */
  private List<Tuple> valuesInScanOrder() {
    if (!target.index().multiValue() || branches.size() < 2) {
      return List.of();
    }
    List<Tuple> values = new ArrayList<>(branches.size());
    for (Branch branch : branches) {
      values.add(branch.prefix().subTuple(1, branch.prefix().size()));
    }
    if (reverse) {
      Collections.reverse(values);
    }
    return values;
  }

  /**
   * The key listings, one per branch in this query's direction: each branch's range narrowed by
   * the cursor, the ranges left empty dropped.
   */
  private List<ListSelector> selectors() {
    List<TupleRange> ranges = new ArrayList<>(branches.size());
    for (Branch branch : branches) {
      ranges.add(TupleRange.ofPacked(branch.begin(), branch.end()));
    }
    return PageCursor.selectors(ranges, after, reverse);
  }

  private static int batchSize(int rows) {
    return Math.max(1, Math.min(BATCH_SIZE, rows));
  }

  /** E.g. {@code IndexQuery[index 'age' of entity 'user', [15..., 15...), reverse, limit 10]}. */
  @Override
  public String toString() {
    StringBuilder text =
        new StringBuilder("IndexQuery[")
            .append(target.describe())
            .append(", ");
    for (int i = 0; i < branches.size(); i++) {
      Branch branch = branches.get(i);
      text.append(i == 0 ? "" : " | ").append(TupleRange.ofPacked(branch.begin(), branch.end()));
    }
    if (branches.isEmpty()) {
      text.append("no range");
    }
    text.append(PageCursor.describeModifiers(reverse, limit, after));
    return text.append(']').toString();
  }
}
