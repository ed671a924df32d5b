package dev.tessera.it.keys;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.repository.CatalogIndexVerifier;
import dev.tessera.repository.CatalogRepository;
import dev.tessera.repository.IndexReport;
import dev.tessera.repository.StoredRecord;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The catalog path (what {@code tessera load}, {@code verify} and {@code verify --repair} run)
 * derives the index keys a generated repository writes and finds, for the types whose index key is
 * not their stored part.
 */
class CatalogIndexKeysTest {
  @TempDir Path directory;
  private LmdbKvStore store;
  private PaymentRepository payments;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
    payments = new PaymentRepository(store);
  }

  @AfterEach
  void closeStore() {
    store.close();
  }

  /** Ten payments from -2.5 to 2.0 by 0.5; the five in [-1, 1] at offsets +0 and +05:00. */
  private static List<Payment> tenPayments() {
    List<Payment> all = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      OffsetDateTime at = OffsetDateTime.of(2026, 1, 1, 12, i, 0, 0,
          ZoneOffset.ofHours(i % 2 == 0 ? 0 : 5));
      all.add(new Payment(i, new BigDecimal("-2.50").add(new BigDecimal("0.5").multiply(BigDecimal.valueOf(i))), at));
    }
    return all;
  }

  private static Map<String, Object> plain(Payment payment) {
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("id", payment.id());
    values.put("amount", payment.amount());
    values.put("at", payment.at());
    return values;
  }

  // Failed before the fix: the catalog path wrote the stored (unscaled, scale) part as the index
  // key, so byAmount().between(-1, 1) found nothing and verifyIndexes() reported 10 missing and
  // 10 dangling entries of each index.
  @Test
  void recordsLoadedFromTheCatalogAreFoundByTheGeneratedQueries() {
    CatalogRepository catalog = CatalogRepository.open(store, "payment");
    List<StoredRecord> records = new ArrayList<>();
    for (Payment payment : tenPayments()) {
      records.add(catalog.record(plain(payment)));
    }
    catalog.insertAll(records);

    assertThat(payments.byAmount().between(BigDecimal.valueOf(-1), BigDecimal.ONE).list())
        .extracting(Payment::id)
        .containsExactly(3L, 4L, 5L, 6L, 7L);
    OffsetDateTime noonUtc = OffsetDateTime.of(2026, 1, 1, 12, 0, 0, 0, ZoneOffset.UTC);
    assertThat(payments.byAt().atLeast(noonUtc).list()).extracting(Payment::id)
        .containsExactlyInAnyOrder(0L, 2L, 4L, 6L, 8L);
    assertThat(payments.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  // Failed before the fix: on a healthy store the catalog's verifier reported each BigDecimal and
  // OffsetDateTime index as 10 missing, 10 dangling, and --repair rewrote them under keys the
  // repository cannot find.
  @Test
  void aHealthyStoreVerifiesCleanAndRepairLeavesItAlone() {
    for (Payment payment : tenPayments()) {
      payments.insert(payment);
    }

    CatalogIndexVerifier.Result verified = CatalogIndexVerifier.verify(store, "payment", false, i -> { });
    assertThat(verified.skipped()).isEmpty();
    assertThat(verified.verification().indexes()).extracting(IndexReport::index)
        .containsExactlyInAnyOrder("amount", "at");
    assertThat(verified.verification().clean()).as(verified.toString()).isTrue();

    CatalogIndexVerifier.Result repaired = CatalogIndexVerifier.verify(store, "payment", true, i -> { });
    assertThat(repaired.verification().indexes()).allSatisfy(
        report -> assertThat(report.repaired()).as(report.toString()).isZero());
    assertThat(payments.byAmount().between(BigDecimal.valueOf(-1), BigDecimal.ONE).count()).isEqualTo(5);
    assertThat(payments.byAmount().list()).hasSize(10);
    assertThat(payments.indexAdmin().verifyIndexes().clean()).isTrue();
  }
}
