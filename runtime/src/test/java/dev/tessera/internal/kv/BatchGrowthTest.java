package dev.tessera.internal.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BatchGrowthTest {
  private static List<Integer> first(BatchGrowth growth, int n) {
    List<Integer> sizes = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      sizes.add(growth.next());
    }
    return sizes;
  }

  @Test
  void aListingWhoseLimitFitsOneBatchReadsItAtOnce() {
    assertThat(first(BatchGrowth.forListing(3, 256), 2)).containsExactly(3, 12);
    assertThat(first(BatchGrowth.forListing(256, 256), 2)).containsExactly(256, 256);
  }

  @Test
  void aLongerListingStartsAtOneAndGrowsFourfoldToTheMaximum() {
    assertThat(first(BatchGrowth.forListing(Integer.MAX_VALUE, 256), 7))
        .containsExactly(1, 4, 16, 64, 256, 256, 256);
    assertThat(first(BatchGrowth.forListing(Integer.MAX_VALUE, 10), 4)).containsExactly(1, 4, 10, 10);
  }

  @Test
  void aReadInOneSnapshotUsesTheMaximumFromTheStart() {
    assertThat(first(BatchGrowth.upTo(100, false), 2)).containsExactly(100, 100);
    assertThat(first(BatchGrowth.upTo(100, true), 5)).containsExactly(1, 4, 16, 64, 100);
  }

  @Test
  void growthNeverOverflows() {
    assertThat(first(BatchGrowth.upTo(Integer.MAX_VALUE, true), 20)).last().isEqualTo(Integer.MAX_VALUE);
  }

  @Test
  void theMaximumIsAtLeastOne() {
    assertThatThrownBy(() -> BatchGrowth.upTo(0, true)).isInstanceOf(IllegalArgumentException.class);
  }
}
