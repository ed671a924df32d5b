package dev.tessera.it.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ranges over an enum component follow the enum's declaration order, as users read it. */
class EnumRangeTest {
  private static final LocalDate DAY = LocalDate.of(2026, 3, 1);

  @TempDir Path directory;
  private LmdbKvStore store;
  private LoanRepository loans;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
    loans = new LoanRepository(store);
    List<Loan> all = new ArrayList<>();
    long id = 0;
    for (LoanStatus status : LoanStatus.values()) {
      for (int day = 0; day < 3; day++) {
        all.add(new Loan(id++, status, DAY.plusDays(day)));
      }
    }
    loans.insertAll(all);
  }

  @AfterEach
  void closeStore() {
    store.close();
  }

  @Test
  void betweenFirstAndLastDeclaredConstantReturnsEveryLoanInDeclarationOrder() {
    assertThat(loans.byStatusAndDueDate().between(LoanStatus.OUT, LoanStatus.LOST).list())
        .extracting(Loan::status)
        .containsExactly(
            LoanStatus.OUT, LoanStatus.OUT, LoanStatus.OUT,
            LoanStatus.RENEWED, LoanStatus.RENEWED, LoanStatus.RENEWED,
            LoanStatus.RETURNED, LoanStatus.RETURNED, LoanStatus.RETURNED,
            LoanStatus.LOST, LoanStatus.LOST, LoanStatus.LOST);
    assertThat(loans.byStatusAndDueDate().between(LoanStatus.LOST, LoanStatus.OUT).list()).isEmpty();
  }

  @Test
  void everyRangeOperatorFollowsDeclarationOrder() {
    assertThat(loans.byStatusAndDueDate().atLeast(LoanStatus.RETURNED).list())
        .extracting(Loan::status).containsOnly(LoanStatus.RETURNED, LoanStatus.LOST).hasSize(6);
    assertThat(loans.byStatusAndDueDate().greaterThan(LoanStatus.RETURNED).list())
        .extracting(Loan::status).containsOnly(LoanStatus.LOST).hasSize(3);
    assertThat(loans.byStatusAndDueDate().lessThan(LoanStatus.RENEWED).list())
        .extracting(Loan::status).containsOnly(LoanStatus.OUT).hasSize(3);
    assertThat(loans.byStatusAndDueDate().atMost(LoanStatus.RENEWED).reverse().list())
        .extracting(Loan::status).startsWith(LoanStatus.RENEWED).endsWith(LoanStatus.OUT).hasSize(6);
    assertThat(loans.byStatusAndDueDate().equalTo(LoanStatus.RENEWED).between(DAY, DAY.plusDays(1))
        .list()).extracting(Loan::dueDate).containsExactly(DAY, DAY.plusDays(1));
  }

  @Test
  void recordsKeepStoringTheConstantsName() {
    assertThat(loans.findById(0L)).map(Loan::status).contains(LoanStatus.OUT);
    loans.update(new Loan(0, LoanStatus.LOST, DAY));
    assertThat(loans.byStatusAndDueDate().equalTo(LoanStatus.LOST).count()).isEqualTo(4);
    assertThat(loans.byStatusAndDueDate().equalTo(LoanStatus.OUT).count()).isEqualTo(2);
  }
}
