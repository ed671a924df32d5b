package dev.tessera.it.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.repository.UniqueConstraintViolationException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Indexes over BigDecimal, LocalTime, OffsetDateTime, Duration, char and UUID order values as users
 * expect, on a real LMDB store through a generated repository.
 */
class IndexableTypesTest {
  private static final List<String> AMOUNTS =
      List.of("-1000", "-2.5", "-2.25", "-1", "-0.001", "0", "0.001", "0.5", "1", "1.05", "2", "10",
          "1E+3", "123456789012345678901234567890.5");

  @TempDir Path directory;
  private LmdbKvStore store;
  private MeasurementRepository measurements;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
    measurements = new MeasurementRepository(store);
  }

  @AfterEach
  void closeStore() {
    store.close();
  }

  private static Measurement measurement(int i, String amount) {
    OffsetDateTime taken =
        OffsetDateTime.of(2026, 1, 1, 12, 0, 0, 0, ZoneOffset.ofHours(i % 2 == 0 ? 0 : 5))
            .plusMinutes(17L * i);
    return new Measurement(
        "m" + i,
        new BigDecimal(amount),
        new BigDecimal(amount).add(BigDecimal.valueOf(i, 6)),
        LocalTime.of(23, 59).minusMinutes(31L * i),
        taken,
        Duration.ofMillis(-5000 + 777L * i),
        (char) ('z' - i),
        new UUID(i - 7L, i));
  }

  private void insertShuffled() {
    List<Measurement> all = new ArrayList<>();
    for (int i = 0; i < AMOUNTS.size(); i++) {
      all.add(measurement(i, AMOUNTS.get(i)));
    }
    Collections.shuffle(all, new java.util.Random(7));
    measurements.insertAll(all);
  }

  @Test
  void bigDecimalIndexOrdersNumericallyAcrossSignsScalesAndExponents() {
    insertShuffled();

    assertThat(measurements.byAmount().list())
        .extracting(Measurement::amount)
        .map(BigDecimal::toString)
        .containsExactlyElementsOf(
            AMOUNTS.stream().map(a -> new BigDecimal(a).toString()).toList());
    assertThat(measurements.byAmount().between(new BigDecimal("-2.5"), new BigDecimal("1.0")).list())
        .extracting(Measurement::id)
        .containsExactly("m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8");
  }

  @Test
  void bigDecimalValuesThatDifferOnlyInScaleAreOneIndexValueAndRecordsKeepTheirScale() {
    measurements.insert(measurement(0, "1.10"));

    assertThat(measurements.findByAmount(new BigDecimal("1.1"))).extracting(Measurement::id)
        .containsExactly("m0");
    assertThat(measurements.byAmount().equalTo(new BigDecimal("1.100")).list()).hasSize(1);
    assertThat(measurements.findById("m0").orElseThrow().amount()).isEqualTo(new BigDecimal("1.10"));

    Measurement first = measurements.findById("m0").orElseThrow();
    Measurement samePrice =
        new Measurement("other", first.amount(), first.price().setScale(9), first.at(), first.taken(),
            first.length(), first.grade(), UUID.randomUUID());
    assertThatThrownBy(() -> measurements.insert(samePrice))
        .isInstanceOf(UniqueConstraintViolationException.class);
    assertThat(measurements.findById("other")).isEmpty();
  }

  @Test
  void offsetDateTimeIndexOrdersByInstantAndRecordsKeepTheirOffset() {
    insertShuffled();

    List<OffsetDateTime> taken =
        measurements.byTaken().list().stream().map(Measurement::taken).toList();
    assertThat(taken).isSortedAccordingTo(OffsetDateTime.timeLineOrder());
    assertThat(taken).extracting(OffsetDateTime::getOffset)
        .contains(ZoneOffset.UTC, ZoneOffset.ofHours(5));
    OffsetDateTime m1 = measurement(1, "0").taken();
    assertThat(measurements.byTaken().equalTo(m1.withOffsetSameInstant(ZoneOffset.ofHours(-3))).list())
        .extracting(Measurement::id, Measurement::taken)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("m1", m1));
  }

  @Test
  void localTimeDurationCharAndUuidIndexesOrderAsTheirCompareTo() {
    insertShuffled();

    assertThat(measurements.byAt().list().stream().map(Measurement::at).toList()).isSorted();
    assertThat(measurements.byLength().list().stream().map(Measurement::length).toList()).isSorted();
    assertThat(measurements.byLength().lessThan(Duration.ZERO).list())
        .allMatch(m -> m.length().isNegative()).isNotEmpty();
    assertThat(measurements.byGrade().list().stream().map(Measurement::grade).toList()).isSorted();
    assertThat(measurements.byGrade().between('n', 'q').list()).extracting(Measurement::grade)
        .containsExactly('n', 'o', 'p', 'q');
    assertThat(measurements.findByToken(new UUID(-7, 0))).map(Measurement::id).contains("m0");
  }
}
