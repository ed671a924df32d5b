package dev.tessera.it.query;

import static dev.tessera.it.query.QueryModel.checkEveryOperator;
import static dev.tessera.it.query.QueryModel.stage;

import dev.tessera.it.query.ReadingRepository.ByAtQuery;
import dev.tessera.it.query.ReadingRepository.ByHugeQuery;
import dev.tessera.it.query.ReadingRepository.ByLargeQuery;
import dev.tessera.it.query.ReadingRepository.ByLevelQuery;
import dev.tessera.it.query.ReadingRepository.ByRatioQuery;
import dev.tessera.it.query.ReadingRepository.BySerialQuery;
import dev.tessera.it.query.ReadingRepository.BySmallQuery;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Every operator of every typed stage against the brute-force model, on random readings whose
 * values cluster around zero (duplicates, both signs, {@code -0.0} and {@code 0.0}, infinities and
 * NaN, integers past 64 bits, instants around the epoch, enums declared out of name order).
 */
class ReadingQueryPropertyTest {
  static final List<Integer> SMALL = List.of(Integer.MIN_VALUE, -3, -2, -1, 0, 1, 2, 3, Integer.MAX_VALUE);
  static final List<Long> LARGE =
      List.of(Long.MIN_VALUE, -(1L << 40), -256L, -1L, 0L, 1L, 255L, 256L, 1L << 40, Long.MAX_VALUE);
  static final List<Double> RATIO =
      List.of(Double.NEGATIVE_INFINITY, -1e300, -2.5, -1.0, -Double.MIN_VALUE, -0.0, 0.0,
          Double.MIN_VALUE, 1.0, 2.5, 1e300, Double.POSITIVE_INFINITY, Double.NaN);
  static final List<BigInteger> HUGE =
      List.of(BigInteger.TWO.pow(100).negate(), BigInteger.TWO.pow(64).negate(),
          BigInteger.valueOf(Long.MIN_VALUE).subtract(BigInteger.ONE), BigInteger.valueOf(-1),
          BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO.pow(63), BigInteger.TWO.pow(64),
          BigInteger.TWO.pow(100));
  static final List<Instant> AT =
      List.of(Instant.parse("1900-01-01T00:00:00Z"), Instant.ofEpochSecond(-1, 999_999_999),
          Instant.ofEpochSecond(-1), Instant.EPOCH, Instant.ofEpochSecond(0, 1),
          Instant.parse("2024-02-29T12:00:00Z"), Instant.parse("2024-02-29T12:00:00.000000001Z"));
  static final List<Level> LEVELS = Arrays.asList(Level.values());

  @Provide
  Arbitrary<List<Reading>> readings() {
    Arbitrary<Reading> reading =
        Combinators.combine(
                Arbitraries.of(SMALL),
                Arbitraries.of(LARGE),
                Arbitraries.of(RATIO),
                Arbitraries.of(HUGE),
                Arbitraries.of(AT),
                Arbitraries.of(LEVELS))
            .as((small, large, ratio, huge, at, level) -> new Reading(0, small, large, ratio, huge, at, level, 0));
    return reading.list().ofMinSize(0).ofMaxSize(40).map(ReadingQueryPropertyTest::withKeys);
  }

  /** Distinct ids and distinct serials on both sides of zero, in unrelated orders. */
  private static List<Reading> withKeys(List<Reading> readings) {
    List<Reading> keyed = new ArrayList<>();
    for (int i = 0; i < readings.size(); i++) {
      Reading r = readings.get(i);
      long id = i % 2 == 0 ? i : -i;
      long serial = i % 2 == 0 ? -5L * i - 1 : 5L * i + 1;
      keyed.add(new Reading(id, r.small(), r.large(), r.ratio(), r.huge(), r.at(), r.level(), serial));
    }
    return keyed;
  }

  @Property(tries = 25)
  void everyOperatorOnEveryKindMatchesTheModel(
      @ForAll("readings") List<Reading> data, @ForAll Random random) {
    try (TempStore temp = new TempStore()) {
      ReadingRepository readings = new ReadingRepository(temp.store());
      readings.insertAll(data);
      check("small", data, random, Reading::small, Integer::compare, SMALL,
          stage(readings::bySmall, BySmallQuery::equalTo, BySmallQuery::between,
              BySmallQuery::greaterThan, BySmallQuery::atLeast, BySmallQuery::lessThan, BySmallQuery::atMost));
      check("large", data, random, Reading::large, Long::compare, LARGE,
          stage(readings::byLarge, ByLargeQuery::equalTo, ByLargeQuery::between,
              ByLargeQuery::greaterThan, ByLargeQuery::atLeast, ByLargeQuery::lessThan, ByLargeQuery::atMost));
      check("ratio", data, random, Reading::ratio, Double::compare, RATIO,
          stage(readings::byRatio, ByRatioQuery::equalTo, ByRatioQuery::between,
              ByRatioQuery::greaterThan, ByRatioQuery::atLeast, ByRatioQuery::lessThan, ByRatioQuery::atMost));
      check("huge", data, random, Reading::huge, Comparator.naturalOrder(), HUGE,
          stage(readings::byHuge, ByHugeQuery::equalTo, ByHugeQuery::between,
              ByHugeQuery::greaterThan, ByHugeQuery::atLeast, ByHugeQuery::lessThan, ByHugeQuery::atMost));
      check("at", data, random, Reading::at, Comparator.naturalOrder(), AT,
          stage(readings::byAt, ByAtQuery::equalTo, ByAtQuery::between,
              ByAtQuery::greaterThan, ByAtQuery::atLeast, ByAtQuery::lessThan, ByAtQuery::atMost));
      check("level", data, random, Reading::level, Comparator.naturalOrder(), LEVELS,
          stage(readings::byLevel, ByLevelQuery::equalTo, ByLevelQuery::between,
              ByLevelQuery::greaterThan, ByLevelQuery::atLeast, ByLevelQuery::lessThan, ByLevelQuery::atMost));
      List<Long> serials = new ArrayList<>(data.stream().map(Reading::serial).toList());
      serials.addAll(LARGE);
      check("serial (unique)", data, random, Reading::serial, Long::compare, serials,
          stage(readings::bySerial, BySerialQuery::equalTo, BySerialQuery::between,
              BySerialQuery::greaterThan, BySerialQuery::atLeast, BySerialQuery::lessThan, BySerialQuery::atMost));
    }
  }

  /** Index key order: the value, then the primary key. */
  private static <V> void check(
      String label, List<Reading> data, Random random, Function<Reading, V> value,
      Comparator<V> order, List<V> domain, QueryModel.Stage<V, Reading> stage) {
    Comparator<Reading> keyOrder =
        Comparator.comparing(value, order).thenComparingLong(Reading::id);
    checkEveryOperator(label, data, stage, value, order, domain, r -> true, keyOrder, random);
  }
}
