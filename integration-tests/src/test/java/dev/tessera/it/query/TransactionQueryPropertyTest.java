package dev.tessera.it.query;

import static dev.tessera.it.query.QueryModel.assertReturns;
import static dev.tessera.it.query.QueryModel.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.it.query.StockRepository.ByGradeQuery;
import dev.tessera.it.query.StockRepository.ByNameQuery;
import dev.tessera.it.query.StockRepository.ByShelfAndPriceQuery;
import dev.tessera.it.query.StockRepository.ByShelfAndPriceQuery.WithShelf;
import dev.tessera.query.KeyQuery;
import dev.tessera.query.Page;
import dev.tessera.query.PageCursor;
import dev.tessera.query.Query;
import dev.tessera.query.spatial.BoxQuery;
import dev.tessera.repository.TransactionOptions;
import dev.tessera.repository.Transactions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Every query kind, read through a transaction's view ({@code in(tx)}), against an in-memory model:
 * by primary key, the composite (shelf, price) index with {@code equalTo}, ranges and {@code in},
 * a string index with ranges, prefixes and {@code in}, a nullable index with {@code isNull}, a
 * multi-value index with {@code equalTo} and {@code in}, and a spatial box. Each query runs in both
 * directions (a box has one order) through every terminal: list, first, count, exists, stream,
 * limit, and pages chained through their cursors. It runs once on the snapshot alone (a read-only
 * view) and again after the transaction inserted, updated and deleted records whose values fall
 * before, inside and after the ranges queried; the commit then leaves the model's records.
 *
 * <p>Seeds are fixed; {@code -Dtessera.soak.rounds=N} runs N scenarios per try instead of one.
 */
class TransactionQueryPropertyTest {
  static final int ROUNDS = Integer.getInteger("tessera.soak.rounds", 1);
  static final List<Long> IDS = LongStream.rangeClosed(-12, 12).boxed().toList();
  static final List<Integer> SHELVES = List.of(-1, 0, 1, 2);
  static final List<Integer> PRICES = List.of(-5, 0, 3, 7, 10);
  static final List<String> NAMES = List.of("", "a", "ab", "aé", "b", "ba", "é", "\u0000", "a\u0000");
  static final List<Integer> GRADES = List.of(-1, 0, 2, 5);
  static final List<String> TAGS = List.of("t1", "t2", "t3", "t4");
  static final List<Integer> COORDINATES = List.of(-3, -1, 0, 1, 4);
  /** Every query of a scenario reads through one transaction: more keys than the default. */
  static final TransactionOptions OPTIONS =
      TransactionOptions.defaults().withMaxKeysRead(Integer.MAX_VALUE);

  static final Comparator<Stock> BY_ID = Comparator.comparingLong(Stock::id);
  static final Comparator<Stock> SHELF_PRICE_ORDER =
      Comparator.comparingInt(Stock::shelf).thenComparingInt(Stock::price).thenComparing(BY_ID);
  static final Comparator<Stock> NAME_ORDER =
      Comparator.comparing(Stock::name, QueryModel.UTF8).thenComparing(BY_ID);
  static final Comparator<Integer> NULLS_FIRST = Comparator.nullsFirst(Integer::compare);
  static final Comparator<Stock> GRADE_ORDER =
      Comparator.comparing(Stock::grade, NULLS_FIRST).thenComparing(BY_ID);

  /** One write of the transaction. */
  enum Kind { INSERT, UPDATE, DELETE }

  record Write(Kind kind, Stock stock) {
    void applyTo(StockRepository view) {
      switch (kind) {
        case INSERT -> view.insert(stock);
        case UPDATE -> view.update(stock);
        case DELETE -> assertThat(view.delete(stock.id())).as("delete %s", stock.id()).isTrue();
      }
    }

    void applyTo(Map<Long, Stock> model) {
      if (kind == Kind.DELETE) {
        model.remove(stock.id());
      } else {
        model.put(stock.id(), stock);
      }
    }
  }

  @Property(tries = 12, seed = "2611251530")
  void queriesInATransactionMatchTheModelBeforeAndAfterItsOwnWrites(@ForAll Random random) {
    for (int round = 0; round < ROUNDS; round++) {
      runScenario(random);
    }
  }

  private void runScenario(Random random) {
    Map<Long, Stock> model = new TreeMap<>();
    for (int i = random.nextInt(18); i > 0; i--) {
      Stock stock = randomStock(random, IDS.get(random.nextInt(IDS.size())));
      model.put(stock.id(), stock);
    }
    List<Write> writes = randomWrites(random, model);
    Map<Long, Stock> written = new TreeMap<>(model);
    writes.forEach(w -> w.applyTo(written));
    try (TempStore temp = new TempStore()) {
      StockRepository stocks = new StockRepository(temp.store());
      stocks.insertAll(List.copyOf(model.values()));
      Transactions.run(temp.store(), OPTIONS, tx -> {
        StockRepository view = stocks.in(tx);
        checkEveryQuery("read-only", view, List.copyOf(model.values()), random);
        writes.forEach(w -> w.applyTo(view));
        checkEveryQuery("after " + writes, view, List.copyOf(written.values()), random);
        return null;
      });
      assertThat(stocks.byId().list()).as("committed").containsExactlyElementsOf(written.values());
    }
  }

  private static Stock randomStock(Random random, long id) {
    List<String> tags = new ArrayList<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      tags.add(pick(TAGS, random));
    }
    Integer grade = random.nextInt(4) == 0 ? null : pick(GRADES, random);
    return new Stock(id, pick(SHELVES, random), pick(PRICES, random), pick(NAMES, random), grade,
        tags, pick(COORDINATES, random), pick(COORDINATES, random));
  }

  /** Up to 8 writes: a new id is inserted; a present one updated, or deleted one time in three. */
  private static List<Write> randomWrites(Random random, Map<Long, Stock> model) {
    Map<Long, Stock> current = new TreeMap<>(model);
    List<Write> writes = new ArrayList<>();
    for (int i = random.nextInt(9); i > 0; i--) {
      long id = pick(IDS, random);
      Stock stock = current.get(id);
      Write write;
      if (stock == null) {
        write = new Write(Kind.INSERT, randomStock(random, id));
      } else if (random.nextInt(3) == 0) {
        write = new Write(Kind.DELETE, stock);
      } else {
        write = new Write(Kind.UPDATE, randomStock(random, id));
      }
      write.applyTo(current);
      writes.add(write);
    }
    return writes;
  }

  private static <V> V pick(List<V> values, Random random) {
    return values.get(random.nextInt(values.size()));
  }

  private static void checkEveryQuery(String when, StockRepository view, List<Stock> data, Random random) {
    checkOperators(when + ": id", stage(view::byId, (q, id) -> q.between(id, id), KeyQuery::between,
            KeyQuery::greaterThan, KeyQuery::atLeast, KeyQuery::lessThan, KeyQuery::atMost),
        Stock::id, Long::compare, IDS, s -> true, BY_ID, data, random);

    checkOperators(when + ": shelf", stage(view::byShelfAndPrice, ByShelfAndPriceQuery::equalTo,
            ByShelfAndPriceQuery::between, ByShelfAndPriceQuery::greaterThan,
            ByShelfAndPriceQuery::atLeast, ByShelfAndPriceQuery::lessThan, ByShelfAndPriceQuery::atMost),
        Stock::shelf, Integer::compare, SHELVES, s -> true, SHELF_PRICE_ORDER, data, random);
    int shelf = pick(SHELVES, random);
    checkOperators(when + ": shelf " + shelf + ", price",
        stage(() -> view.byShelfAndPrice().equalTo(shelf), WithShelf::equalTo, WithShelf::between,
            WithShelf::greaterThan, WithShelf::atLeast, WithShelf::lessThan, WithShelf::atMost),
        Stock::price, Integer::compare, PRICES, s -> s.shelf() == shelf, SHELF_PRICE_ORDER, data, random);
    List<Integer> shelves = draw(SHELVES, random);
    List<Integer> prices = draw(PRICES, random);
    int[] shelfArray = shelves.stream().mapToInt(Integer::intValue).toArray();
    checkBothWays(when + ": shelf in " + shelves, view.byShelfAndPrice().in(shelfArray), data,
        s -> shelves.contains(s.shelf()), SHELF_PRICE_ORDER, random);
    checkBothWays(when + ": shelf in " + shelves + ", price in " + prices,
        view.byShelfAndPrice().in(shelfArray).in(prices.stream().mapToInt(Integer::intValue).toArray()),
        data, s -> shelves.contains(s.shelf()) && prices.contains(s.price()), SHELF_PRICE_ORDER, random);

    checkOperators(when + ": name", stage(view::byName, ByNameQuery::equalTo, ByNameQuery::between,
            ByNameQuery::greaterThan, ByNameQuery::atLeast, ByNameQuery::lessThan, ByNameQuery::atMost),
        Stock::name, QueryModel.UTF8, NAMES, s -> true, NAME_ORDER, data, random);
    for (String prefix : List.of(pick(NAMES, random), pick(NAMES, random))) {
      checkBothWays(when + ": name startsWith '" + prefix + "'", view.byName().startsWith(prefix), data,
          s -> s.name().startsWith(prefix), NAME_ORDER, random);
    }
    List<String> names = draw(NAMES, random);
    checkBothWays(when + ": name in " + names, view.byName().in(names.toArray(String[]::new)), data,
        s -> names.contains(s.name()), NAME_ORDER, random);

    checkOperators(when + ": grade", stage(view::byGrade, ByGradeQuery::equalTo, ByGradeQuery::between,
            ByGradeQuery::greaterThan, ByGradeQuery::atLeast, ByGradeQuery::lessThan, ByGradeQuery::atMost),
        Stock::grade, NULLS_FIRST, GRADES, s -> true, GRADE_ORDER, data, random);
    checkBothWays(when + ": grade isNull", view.byGrade().isNull(), data, s -> s.grade() == null,
        GRADE_ORDER, random);

    checkTags(when, view, data, random);
    checkBoxes(when, view, data, random);
  }

  /**
   * Every operator of a stage with bounds drawn from {@code domain}; a null value (a nullable
   * component) is returned only by the unnarrowed stage, under its null part.
   */
  private static <V> void checkOperators(String label, QueryModel.Stage<V, Stock> stage,
      Function<Stock, V> value, Comparator<V> order, List<V> domain, Predicate<Stock> rest,
      Comparator<Stock> keyOrder, List<Stock> data, Random random) {
    for (QueryModel.Op op : QueryModel.Op.values()) {
      V a = pick(domain, random);
      V b = pick(domain, random);
      Predicate<Stock> matches = s -> rest.test(s) && (op == QueryModel.Op.ALL
          || value.apply(s) != null && op.holds(order, value.apply(s), a, b));
      checkBothWays(label + " " + op + " " + a + (op == QueryModel.Op.BETWEEN ? ".." + b : ""),
          stage.apply(op, a, b), data, matches, keyOrder, random);
    }
  }

  /** The query forward and reversed returns the model's records in key order and its reverse. */
  private static void checkBothWays(String label, Query<Stock> query, List<Stock> data,
      Predicate<Stock> matches, Comparator<Stock> keyOrder, Random random) {
    List<Stock> forward = data.stream().filter(matches).sorted(keyOrder).toList();
    assertReturns(label, query, forward, random);
    assertReturns(label + " reversed", query.reverse(), reversed(forward), random);
  }

  /**
   * Tags: {@code equalTo} each record once; {@code in} each record once, under the first asked
   * tag it holds in scan order; the unnarrowed stage once per distinct tag of a record.
   */
  private static void checkTags(String when, StockRepository view, List<Stock> data, Random random) {
    String tag = pick(TAGS, random);
    checkBothWays(when + ": tags equalTo " + tag, view.byTags().equalTo(tag), data,
        s -> s.tags().contains(tag), BY_ID, random);
    List<String> asked = draw(TAGS, random);
    Set<String> distinct = new TreeSet<>(asked);
    assertReturns(when + ": tags in " + asked, view.byTags().in(asked.toArray(String[]::new)),
        underFirstTag(data, distinct, false), random);
    assertReturns(when + ": tags in " + asked + " reversed",
        view.byTags().in(asked.toArray(String[]::new)).reverse(), underFirstTag(data, distinct, true),
        random);
    List<Stock> perTag = new ArrayList<>();
    for (String t : TAGS) {
      data.stream().filter(s -> s.tags().contains(t)).sorted(BY_ID).forEach(perTag::add);
    }
    assertReturns(when + ": tags unnarrowed", view.byTags(), perTag, random);
    assertReturns(when + ": tags unnarrowed reversed", view.byTags().reverse(), reversed(perTag), random);
  }

  /** Records holding one of {@code tags}, by tag then id (both reversed), each under its first. */
  private static List<Stock> underFirstTag(List<Stock> data, Set<String> tags, boolean reverse) {
    List<String> order = new ArrayList<>(tags);
    Comparator<Stock> ids = reverse ? BY_ID.reversed() : BY_ID;
    if (reverse) {
      Collections.reverse(order);
    }
    Set<Stock> seen = new LinkedHashSet<>();
    for (String t : order) {
      data.stream().filter(s -> s.tags().contains(t)).sorted(ids).forEach(seen::add);
    }
    return List.copyOf(seen);
  }

  /**
   * A box (both corners inclusive) returns the model's records inside it, in one order (Z-order)
   * that every terminal, a limit and a chain of pages agree on.
   */
  private static void checkBoxes(String when, StockRepository view, List<Stock> data, Random random) {
    for (int i = 0; i < 3; i++) {
      int xa = pick(COORDINATES, random);
      int ya = pick(COORDINATES, random);
      int xb = pick(COORDINATES, random);
      int yb = pick(COORDINATES, random);
      // A box's low corner must not exceed its high one (an inverted box is refused).
      int x0 = Math.min(xa, xb);
      int x1 = Math.max(xa, xb);
      int y0 = Math.min(ya, yb);
      int y1 = Math.max(ya, yb);
      String as = when + ": box " + x0 + "," + y0 + " .. " + x1 + "," + y1;
      Set<Stock> inside = data.stream()
          .filter(s -> x0 <= s.x() && s.x() <= x1 && y0 <= s.y() && s.y() <= y1)
          .collect(Collectors.toSet());
      BoxQuery<Stock> box = view.byXY().within(x0, y0, x1, y1);
      List<Stock> listed = box.list();
      assertThat(listed).as(as).containsExactlyInAnyOrderElementsOf(inside);
      assertThat(box.count()).as(as).isEqualTo(inside.size());
      assertThat(box.exists()).as(as).isEqualTo(!inside.isEmpty());
      assertThat(box.first()).as(as).isEqualTo(listed.stream().findFirst());
      try (Stream<Stock> stream = box.stream()) {
        assertThat(stream.toList()).as(as).containsExactlyElementsOf(listed);
      }
      int limit = random.nextInt(listed.size() + 2);
      assertThat(box.limit(limit).list()).as(as + " limit " + limit)
          .containsExactlyElementsOf(listed.subList(0, Math.min(limit, listed.size())));
      int size = 1 + random.nextInt(4);
      List<Stock> chained = new ArrayList<>();
      Page<Stock> page = box.page(size);
      chained.addAll(page.items());
      while (page.next().isPresent()) {
        page = box.after(PageCursor.parse(page.next().get().toString())).page(size);
        chained.addAll(page.items());
        assertThat(chained.size()).as(as + " pages of " + size).isLessThanOrEqualTo(listed.size());
      }
      assertThat(chained).as(as + " pages of " + size).containsExactlyElementsOf(listed);
    }
  }

  /** Up to four values of {@code domain}, in random order, possibly repeated; sometimes none. */
  private static <V> List<V> draw(List<V> domain, Random random) {
    List<V> values = new ArrayList<>();
    for (int i = random.nextInt(5); i > 0; i--) {
      values.add(pick(domain, random));
    }
    return values;
  }

  private static <V> List<V> reversed(List<V> list) {
    List<V> copy = new ArrayList<>(list);
    Collections.reverse(copy);
    return copy;
  }
}
