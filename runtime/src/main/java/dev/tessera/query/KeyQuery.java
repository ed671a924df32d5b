package dev.tessera.query;

import dev.tessera.internal.catalog.KeySpace;
import dev.tessera.internal.query.PageRows;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A query over an entity's records by primary key, from {@code repository.byId()}: every record in
 * primary-key order until narrowed by a key range ({@code between}, {@code greaterThan}, {@code
 * atLeast}, {@code lessThan}, {@code atMost}), for {@code String} keys {@code startsWith}, or, for
 * a composite key, the leading components given to the repository's {@code byIdStartingWith}; then
 * direction, limit and cursor as on every {@link Query}.
 *
 * <pre>{@code
 * List<User> firstTen = users.byId().limit(10).list();
 * List<User> lastTen = users.byId().reverse().limit(10).list();
 * Page<User> page = users.byId().startsWith("u-2024-").page(50);
 * Page<User> next = users.byId().startsWith("u-2024-").after(page.next().orElseThrow()).page(50);
 * long between = users.byId().between("a", "m").count();
 * }</pre>
 *
 * <p>Records are read directly from their keys {@code (entity, key parts...)}: no index is
 * involved, so the query is always readable, and each record is read once. Keys order as the key
 * encoding orders them: numbers numerically, strings by their UTF-8 bytes, a record key by its
 * components in declaration order. A key range holds at most one bound on each side; a second
 * narrowing is an {@link IllegalStateException}, since the order cannot serve two ranges.
 *
 * <p>Terminals: {@code list()}, {@code page()}, {@code first()}, {@code count()} and {@code
 * exists()} read one snapshot, held only during the call; {@code stream()} reads one short snapshot
 * per batch (see {@link Query#stream()}). {@code count()} reads the keys of the range (for the
 * number of all records, the repository's {@code count()} reads one counter).
 *
 * <p>Immutable and thread-safe.
 *
 * @param <T> the record type
 * @param <ID> the primary key type
 */
public final class KeyQuery<T, ID> implements Query<T> {
  private static final int BATCH_SIZE = 256;

  /** What the query reads: the entity's records and how to encode and decode their keys. */
  private record Target<T, ID>(
      KvStore store,
      String entityName,
      long entityId,
      Tuple entityPrefix,
      String keyName,
      boolean stringKey,
      Function<ID, Tuple> keyParts,
      RecordReader<T> reader) {
    String describe() {
      return "primary key '" + keyName + "' of entity '" + entityName + "'";
    }
  }

  private final Target<T, ID> target;
  /** Disjoint key ranges in ascending key order: one, or one per key of an {@code in}. */
  private final List<TupleRange> ranges;
  private final boolean bounded;
  private final boolean reverse;
  private final int limit;
  private final byte[] after;

  private KeyQuery(
      Target<T, ID> target,
      List<TupleRange> ranges,
      boolean bounded,
      boolean reverse,
      int limit,
      byte[] after) {
    this.target = target;
    this.ranges = ranges;
    this.bounded = bounded;
    this.reverse = reverse;
    this.limit = limit;
    this.after = after;
  }

  /**
   * Every record of {@code entityName}, in primary-key order. For repositories; users start from
   * {@code repository.byId()}.
   *
   * @param store the store holding the entity
   * @param entityName the entity name, for messages
   * @param entityId the entity's subspace id in {@code store}: the first part of every record key
   * @param keyName the primary key component's name, for messages
   * @param stringKey whether the key is one {@code String} part (then {@code startsWith} works)
   * @param keyParts encodes a key into its parts, as writes do
   * @param reader decodes records the way the repository does
   * @param <T> the record type
   * @param <ID> the primary key type
   * @return the query
   */
  public static <T, ID> KeyQuery<T, ID> of(
      KvStore store,
      String entityName,
      long entityId,
      String keyName,
      boolean stringKey,
      Function<ID, Tuple> keyParts,
      RecordReader<T> reader) {
    Target<T, ID> target = new Target<>(
        Objects.requireNonNull(store, "store"),
        Objects.requireNonNull(entityName, "entityName"),
        entityId,
        KeySpace.recordPrefix(entityId),
        Objects.requireNonNull(keyName, "keyName"),
        stringKey,
        Objects.requireNonNull(keyParts, "keyParts"),
        Objects.requireNonNull(reader, "reader"));
    return new KeyQuery<>(
        target, List.of(TupleRange.prefix(target.entityPrefix())), false, false, Integer.MAX_VALUE,
        null);
  }

  // ---------------------------------------------------------------- key ranges

  /**
   * {@return the records whose key lies between {@code lower} and {@code upper}, both inclusive}
   *
   * @param lower the lowest key
   * @param upper the highest key
   * @throws IllegalStateException if this query already has a key range
   */
  public KeyQuery<T, ID> between(ID lower, ID upper) {
    return range(key(lower, "lower"), true, key(upper, "upper"), true, "between");
  }

  /**
   * {@return the records whose key is greater than {@code key}}
   *
   * @param key the key to start after
   * @throws IllegalStateException if this query already has a key range
   */
  public KeyQuery<T, ID> greaterThan(ID key) {
    return range(key(key, "key"), false, null, false, "greaterThan");
  }

  /**
   * {@return the records whose key is at least {@code key}}
   *
   * @param key the lowest key
   * @throws IllegalStateException if this query already has a key range
   */
  public KeyQuery<T, ID> atLeast(ID key) {
    return range(key(key, "key"), true, null, false, "atLeast");
  }

  /**
   * {@return the records whose key is less than {@code key}}
   *
   * @param key the key to stop before
   * @throws IllegalStateException if this query already has a key range
   */
  public KeyQuery<T, ID> lessThan(ID key) {
    return range(null, false, key(key, "key"), false, "lessThan");
  }

  /**
   * {@return the records whose key is at most {@code key}}
   *
   * @param key the highest key
   * @throws IllegalStateException if this query already has a key range
   */
  public KeyQuery<T, ID> atMost(ID key) {
    return range(null, false, key(key, "key"), true, "atMost");
  }

  /**
   * {@return the records whose {@code String} key starts with {@code prefix} (the empty prefix:
   * every record), compared by UTF-8 bytes as keys are stored}
   *
   * @param prefix the prefix
   * @throws IllegalStateException if the key is not a {@code String}, or this query already has a
   *     key range
   */
  public KeyQuery<T, ID> startsWith(String prefix) {
    Objects.requireNonNull(prefix, "prefix");
    requireUnbounded("startsWith");
    if (!target.stringKey()) {
      throw new IllegalStateException(
          "startsWith needs a String key, but " + target.describe() + " is not one; use between");
    }
    TupleRange range = TupleRange.startsWith(target.entityPrefix(), prefix);
    return new KeyQuery<>(target, List.of(range), true, reverse, limit, after);
  }

  /**
   * {@return the records whose composite key starts with the already encoded leading components
   * {@code leadingParts} (one key part per component, encoded as writes encode them), in key order}
   * For generated repositories; users call {@code repository.byIdStartingWith(...)}. Like every key
   * range, no further range can follow.
   *
   * @param leadingParts the encoded leading components, at least one
   * @throws IllegalArgumentException if {@code leadingParts} is empty
   * @throws IllegalStateException if this query already has a key range
   */
  public KeyQuery<T, ID> startingWithParts(Tuple leadingParts) {
    Objects.requireNonNull(leadingParts, "leadingParts");
    if (leadingParts.size() == 0) {
      throw new IllegalArgumentException(
          "a key prefix of " + target.describe() + " needs at least one component");
    }
    requireUnbounded("startingWith");
    TupleRange range = TupleRange.prefix(target.entityPrefix().addAll(leadingParts));
    return new KeyQuery<>(target, List.of(range), true, reverse, limit, after);
  }

  /**
   * The records whose key is any of {@code ids}, each once, in key order (the reverse, reversed):
   * one point read per distinct key, all in the query's snapshot, so {@code limit}, {@code after},
   * {@code page} and the terminals work as on one range. No key matches nothing; a key without a
   * record is skipped.
   *
   * <pre>{@code
   * List<User> three = users.byId().in(List.of("u3", "u1", "u2")).list();   // u1, u2, u3
   * }</pre>
   *
   * @param ids the keys, not null (nor any of them)
   * @return the query
   * @throws IllegalStateException if this query already has a key range
   */
  public KeyQuery<T, ID> in(Collection<? extends ID> ids) {
    Objects.requireNonNull(ids, "ids");
    requireUnbounded("in");
    List<TupleRange> keys = new ArrayList<>(ids.size());
    for (ID id : ids) {
      keys.add(TupleRange.keyAndExtensions(key(id, "id")));
    }
    keys.sort((a, b) -> Arrays.compareUnsigned(a.begin(), b.begin()));
    List<TupleRange> distinct = new ArrayList<>(keys.size());
    for (TupleRange range : keys) {
      if (distinct.isEmpty()
          || !Arrays.equals(distinct.get(distinct.size() - 1).begin(), range.begin())) {
        distinct.add(range);
      }
    }
    return new KeyQuery<>(target, List.copyOf(distinct), true, reverse, limit, after);
  }

  /**
   * The cursor of the row whose primary key is {@code id}, stored or not: this query resumed
   * {@link #after after} it continues strictly after that key (before it, reversed). For cursors an
   * application builds from a key, as Jakarta Data's {@code Cursor.forKey(id)}.
   *
   * @param id the primary key, not null
   * @return the cursor
   */
  public PageCursor cursorAt(ID id) {
    return PageCursor.ofKey(key(id, "id").pack());
  }

  private Tuple key(ID id, String parameter) {
    Objects.requireNonNull(id, parameter);
    return target.entityPrefix().addAll(target.keyParts().apply(id));
  }

  private void requireUnbounded(String operation) {
    if (bounded) {
      throw new IllegalStateException(
          operation + " cannot follow another key range on " + target.describe()
              + ": a query reads one range of keys");
    }
  }

  /** Bounds given as whole record keys ({@code null}: no bound on that side). */
  private KeyQuery<T, ID> range(
      Tuple lower, boolean lowerInclusive, Tuple upper, boolean upperInclusive, String operation) {
    requireUnbounded(operation);
    byte[] from = ranges.get(0).begin();
    if (lower != null) {
      TupleRange at = TupleRange.keyAndExtensions(lower);
      from = lowerInclusive ? at.begin() : at.end();
    }
    byte[] to = ranges.get(0).end();
    if (upper != null) {
      TupleRange at = TupleRange.keyAndExtensions(upper);
      to = upperInclusive ? at.end() : at.begin();
    }
    return new KeyQuery<>(target, List.of(TupleRange.ofPacked(from, to)), true, reverse, limit,
        after);
  }

  // ---------------------------------------------------------------- modifiers

  @Override
  public KeyQuery<T, ID> reverse() {
    return new KeyQuery<>(target, ranges, bounded, !reverse, limit, after);
  }

  @Override
  public KeyQuery<T, ID> limit(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("limit must be >= 0, was " + n);
    }
    return new KeyQuery<>(target, ranges, bounded, reverse, n, after);
  }

  @Override
  public KeyQuery<T, ID> after(PageCursor cursor) {
    byte[] key = Objects.requireNonNull(cursor, "cursor")
        .keyFor(target.entityId(), 2, target.describe());
    return new KeyQuery<>(target, ranges, bounded, reverse, limit, key);
  }

  // ---------------------------------------------------------------- terminals

  @Override
  public List<T> list() {
    List<T> records = new ArrayList<>();
    scan(limit, entry -> records.add(target.reader().decode(entry)));
    return records;
  }

  @Override
  public Stream<T> stream() {
    List<ListSelector> selectors = selectors();
    if (limit == 0 || selectors.isEmpty()) {
      return Stream.empty();
    }
    if (selectors.size() == 1) {
      KvIterator it = target.store().list(selectors.get(0).limit(limit).batchSize(BATCH_SIZE));
      return named(it).stream().map(target.reader()::decode);
    }
    // The keys of an in(...), which the caller holds already: read at once, from one snapshot.
    return list().stream();
  }

  @Override
  public Optional<T> first() {
    return limit(Math.min(limit, 1)).list().stream().findFirst();
  }

  @Override
  public long count() {
    long[] count = {0};
    scan(limit, entry -> count[0]++);
    return count[0];
  }

  @Override
  public boolean exists() {
    return limit(Math.min(limit, 1)).count() > 0;
  }

  @Override
  public Page<T> page(int n) {
    int wanted = PageRows.toRead(n, limit);
    List<KvEntry> entries = new ArrayList<>(Math.min(wanted, BATCH_SIZE));
    scan(wanted, entries::add);
    return PageRows.page(entries, n, target.reader()::decode, KvEntry::key);
  }


  /** Hands at most {@code rows} records of this query to {@code sink}, read in one snapshot. */
  private void scan(int rows, Consumer<KvEntry> sink) {
    List<ListSelector> selectors = selectors();
    if (rows == 0 || selectors.isEmpty()) {
      return;
    }
    int left = rows;
    try (KvSnapshot snapshot = target.store().snapshot()) {
      for (ListSelector selector : selectors) {
        try (KvIterator it = named(snapshot.list(
            selector.limit(left).batchSize(Math.max(1, Math.min(BATCH_SIZE, left)))))) {
          while (it.hasNext() && left > 0) {
            sink.accept(it.next());
            left--;
          }
        }
        if (left == 0) {
          return;
        }
      }
    }
  }

  /**
   * {@code entries} whose failures name their keys by entity and fields, as the repository
   * reports them ({@link RecordReader#named}); the names are read only when a read fails.
   */
  private KvIterator named(KvIterator entries) {
    RecordReader<T> reader = target.reader();
    return new KvIterator() {
      @Override
      public boolean hasNext() {
        try {
          return entries.hasNext();
        } catch (RuntimeException failed) {
          throw reader.named(failed);
        }
      }

      @Override
      public KvEntry next() {
        try {
          return entries.next();
        } catch (RuntimeException failed) {
          throw reader.named(failed);
        }
      }

      @Override
      public String cursor() {
        return entries.cursor();
      }

      @Override
      public void close() {
        entries.close();
      }
    };
  }

  /**
   * The key listings in this query's direction, each range narrowed by the cursor, the ranges left
   * empty dropped.
   */
  private List<ListSelector> selectors() {
    return PageCursor.selectors(ranges, after, reverse);
  }

  /** E.g. {@code KeyQuery[primary key 'id' of entity 'user', [...), reverse, limit 10]}. */
  @Override
  public String toString() {
    return "KeyQuery[" + target.describe() + ", "
        + ranges.stream().map(TupleRange::toString).collect(Collectors.joining(" | "))
        + PageCursor.describeModifiers(reverse, limit, after) + "]";
  }
}
