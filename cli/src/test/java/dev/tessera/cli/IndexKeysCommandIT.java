package dev.tessera.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.lmdb.LmdbKvStore;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code load}, {@code verify} and {@code verify --repair} derive the index keys the generated
 * repositories write and find, for indexes whose key is not the stored part of the value.
 */
class IndexKeysCommandIT {
  @TempDir Path dir;

  // Failed before the fix: load wrote the stored (unscaled, scale) part as the index key, so the
  // application's byAmount().between(-1, 1) found none of the 5 matching invoices and its
  // verifyIndexes() reported 10 missing and 10 dangling entries, while load and verify said all was
  // well.
  @Test
  void aLoadedDumpIsFoundByTheApplicationsBigDecimalIndex() throws IOException {
    Path source = dir.resolve("source");
    try (LmdbKvStore kv = LmdbKvStore.open(source)) {
      InvoiceRepository invoices = new InvoiceRepository(kv);
      for (int i = 0; i < 10; i++) {
        invoices.insert(new Invoice(i, new BigDecimal("-2.50").add(new BigDecimal("0.5").multiply(BigDecimal.valueOf(i)))));
      }
    }
    CommandRun dump = CommandRun.of("dump", source.toString(), "invoice");
    assertThat(dump.exitCode()).as(dump.toString()).isZero();
    Path file = Files.writeString(dir.resolve("invoices.jsonl"), dump.out());
    Path target = dir.resolve("target");
    try (LmdbKvStore kv = LmdbKvStore.open(target)) {
      new InvoiceRepository(kv); // the application opened the store once: its catalog exists
    }

    CommandRun load = CommandRun.of("load", target.toString(), "invoice", file.toString());

    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.out()).isEqualTo("loaded 10 records\n");
    try (LmdbKvStore kv = LmdbKvStore.open(target)) {
      InvoiceRepository invoices = new InvoiceRepository(kv);
      assertThat(invoices.byAmount().between(BigDecimal.valueOf(-1), BigDecimal.ONE).list())
          .extracting(Invoice::id).containsExactly(3L, 4L, 5L, 6L, 7L);
      assertThat(invoices.indexAdmin().verifyIndexes().clean()).isTrue();
    }
  }

  // Failed before the fix: verify reported both indexes of a healthy store as 10 missing, 10
  // dangling, and --repair then rewrote them under keys the repository cannot find.
  @Test
  void verifyFindsAHealthyStoreCleanAndRepairLeavesItsIndexesWorking() {
    Path store = dir.resolve("ledger");
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      LedgerRepository ledger = new LedgerRepository(kv);
      for (int i = 0; i < 10; i++) {
        ledger.insert(new Ledger(i, BigDecimal.valueOf(5L * i, 1),
            OffsetDateTime.of(2026, 1, 1, 12, i, 0, 0, ZoneOffset.ofHours(i % 3))));
      }
    }

    CommandRun verify = CommandRun.of("verify", store.toString(), "--progress", "none");

    assertThat(verify.exitCode()).as(verify.toString()).isZero();
    assertThat(verify.out()).contains("ledger.price: clean", "ledger.at: clean");

    CommandRun repair =
        CommandRun.of("verify", store.toString(), "--repair", "--progress", "none");

    assertThat(repair.exitCode()).as(repair.toString()).isZero();
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      LedgerRepository ledger = new LedgerRepository(kv);
      assertThat(ledger.byPrice().between(BigDecimal.ONE, BigDecimal.valueOf(2)).count())
          .isEqualTo(3);
      assertThat(ledger.byPrice().list()).hasSize(10);
      assertThat(ledger.byAt().list()).hasSize(10);
      assertThat(ledger.indexAdmin().verifyIndexes().clean()).isTrue();
    }
  }
}
