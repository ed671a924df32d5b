package dev.tessera.benchmarks.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Account ids stay what the loaded data sets and the other contenders expect. */
class AccountTest {
  @Test
  void idsAreAcctAndAtLeastNineDigitsAsFormatWritesThem() {
    long[] edges = {0, 1, 9, 10, 99_999_999, 999_999_999, 1_000_000_000, Long.MAX_VALUE};
    for (long n : edges) {
      assertThat(Account.idOf(n)).isEqualTo(String.format("acct%09d", n));
    }
    Random random = new Random(7);
    for (int i = 0; i < 1_000; i++) {
      long n = random.nextInt(2_000_000_000);
      assertThat(Account.idOf(n)).isEqualTo(String.format("acct%09d", n));
    }
  }
}
