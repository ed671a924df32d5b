package dev.tessera.it.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.query.Page;
import dev.tessera.query.PageCursor;
import dev.tessera.query.Query;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The brute-force model the query properties compare against: filter every record with the
 * operator's Java semantics, sort by the values' natural order then the primary key, and check
 * every terminal and modifier of the query against that list.
 */
final class QueryModel {
  private QueryModel() {}

  /** Strings in index order: by their UTF-8 bytes, unsigned (not Java's UTF-16 order). */
  static final Comparator<String> UTF8 =
      (a, b) -> Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));

  /** The operators of a query stage on one component. */
  enum Op {
    ALL, EQUAL_TO, BETWEEN, GREATER_THAN, AT_LEAST, LESS_THAN, AT_MOST;

    /** Whether value {@code v} matches this operator with bounds {@code a} (and {@code b}). */
    <V> boolean holds(Comparator<V> order, V v, V a, V b) {
      switch (this) {
        case ALL: return true;
        case EQUAL_TO: return order.compare(v, a) == 0;
        case BETWEEN: return order.compare(a, v) <= 0 && order.compare(v, b) <= 0;
        case GREATER_THAN: return order.compare(v, a) > 0;
        case AT_LEAST: return order.compare(v, a) >= 0;
        case LESS_THAN: return order.compare(v, a) < 0;
        case AT_MOST: return order.compare(v, a) <= 0;
        default: throw new AssertionError(this);
      }
    }
  }

  /** The typed operations of one generated stage, on values of type {@code V}. */
  interface Stage<V, R> {
    Query<R> apply(Op op, V a, V b);
  }

  /** A three-argument function, for {@code between}. */
  interface Between<S, V, R> {
    Query<R> apply(S stage, V lower, V upper);
  }

  /** Adapts a generated stage (through method references) to {@link Stage}. */
  static <S extends Query<R>, V, R> Stage<V, R> stage(
      Supplier<S> start,
      BiFunction<S, V, ? extends Query<R>> equalTo,
      Between<S, V, R> between,
      BiFunction<S, V, ? extends Query<R>> greaterThan,
      BiFunction<S, V, ? extends Query<R>> atLeast,
      BiFunction<S, V, ? extends Query<R>> lessThan,
      BiFunction<S, V, ? extends Query<R>> atMost) {
    return (op, a, b) -> {
      S stage = start.get();
      switch (op) {
        case ALL: return stage;
        case EQUAL_TO: return equalTo.apply(stage, a);
        case BETWEEN: return between.apply(stage, a, b);
        case GREATER_THAN: return greaterThan.apply(stage, a);
        case AT_LEAST: return atLeast.apply(stage, a);
        case LESS_THAN: return lessThan.apply(stage, a);
        case AT_MOST: return atMost.apply(stage, a);
        default: throw new AssertionError(op);
      }
    };
  }

  /**
   * Runs every operator on one component with bounds drawn from {@code domain} and compares each
   * query with the model.
   *
   * @param matchesRest what else a record must satisfy (equal leading components), else always true
   * @param keyOrder the full index key order: the component, any later ones, then the primary key
   */
  static <V, R> void checkEveryOperator(
      String label, List<R> data, Stage<V, R> stage, Function<R, V> value, Comparator<V> order,
      List<V> domain, Predicate<R> matchesRest, Comparator<R> keyOrder, Random random) {
    for (Op op : Op.values()) {
      V a = domain.get(random.nextInt(domain.size()));
      V b = domain.get(random.nextInt(domain.size()));
      if (op == Op.BETWEEN && order.compare(a, b) > 0 && random.nextInt(4) > 0) {
        V swap = a; // mostly proper ranges, sometimes inverted (empty) ones
        a = b;
        b = swap;
      }
      V lower = a;
      V upper = b;
      assertMatchesModel(
          label + " " + op + " " + a + (op == Op.BETWEEN ? ".." + b : ""),
          stage.apply(op, a, b),
          data,
          r -> matchesRest.test(r) && op.holds(order, value.apply(r), lower, upper),
          keyOrder,
          random);
    }
  }

  /**
   * The query, forward or reversed at random, returns exactly the model's records in order through
   * every terminal, with a random limit, and as a chain of pages resumed through their cursors.
   */
  static <R> void assertMatchesModel(
      String label, Query<R> query, List<R> data, Predicate<R> matches, Comparator<R> keyOrder,
      Random random) {
    List<R> expected = new ArrayList<>(data.stream().filter(matches).sorted(keyOrder).toList());
    boolean reverse = random.nextBoolean();
    if (reverse) {
      java.util.Collections.reverse(expected);
      query = query.reverse();
    }
    assertReturns(label + (reverse ? " reversed" : ""), query, expected, random);
  }

  /**
   * The query returns exactly {@code expected}, in order, through every terminal, with a random
   * limit, and as a chain of pages resumed through their cursors.
   */
  static <R> void assertReturns(String as, Query<R> query, List<R> expected, Random random) {
    assertThat(query.list()).as(as).containsExactlyElementsOf(expected);
    assertThat(query.count()).as(as).isEqualTo(expected.size());
    assertThat(query.first()).as(as).isEqualTo(expected.stream().findFirst());
    assertThat(query.exists()).as(as + " exists").isEqualTo(!expected.isEmpty());
    assertThat(query.limit(0).exists()).as(as + " limit 0 exists").isFalse();
    try (Stream<R> stream = query.stream()) {
      assertThat(stream.toList()).as(as).containsExactlyElementsOf(expected);
    }
    int limit = random.nextInt(expected.size() + 3);
    List<R> limited = expected.subList(0, Math.min(limit, expected.size()));
    assertThat(query.limit(limit).list()).as(as + " limit " + limit).containsExactlyElementsOf(limited);
    assertThat(query.limit(limit).count()).as(as + " limit " + limit).isEqualTo(limited.size());
    assertPagesConcatenate(as, query, expected, 1 + random.nextInt(6));
  }

  /** Pages of {@code size}, each resumed from the previous cursor's string form, add up to all. */
  static <R> void assertPagesConcatenate(String label, Query<R> query, List<R> expected, int size) {
    List<R> chained = new ArrayList<>();
    Page<R> page = query.page(size);
    int pages = 1;
    while (true) {
      chained.addAll(page.items());
      if (page.next().isEmpty()) {
        break;
      }
      assertThat(page.items()).as("%s page %d of %d", label, pages, size).hasSize(size);
      assertThat(pages).as("%s: more pages than rows", label).isLessThanOrEqualTo(expected.size());
      Query<R> rest = query.after(PageCursor.parse(page.next().get().toString()));
      assertThat(rest.exists()).as("%s after page %d of %d exists", label, pages, size).isTrue();
      page = rest.page(size);
      pages++;
    }
    assertThat(chained).as("%s pages of %d", label, size).containsExactlyElementsOf(expected);
    assertThat(pages).as("%s pages of %d", label, size)
        .isEqualTo(Math.max(1, (expected.size() + size - 1) / size));
  }
}
