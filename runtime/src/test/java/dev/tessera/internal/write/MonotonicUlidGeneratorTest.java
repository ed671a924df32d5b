package dev.tessera.internal.write;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class MonotonicUlidGeneratorTest {
  private static final String CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

  @Test
  void encodesTimeInTheFirstTenCharactersAndUsesCrockfordBase32() {
    MonotonicUlidGenerator g = new MonotonicUlidGenerator(() -> 1_469_918_176_385L, new Random(1));
    String ulid = g.next();
    assertThat(ulid).hasSize(26).matches("[0-7][" + CROCKFORD + "]{25}");
    // the ULID specification's example time 1469918176385 encodes as 01ARYZ6S41
    assertThat(ulid).startsWith("01ARYZ6S41");
  }

  @Test
  void encodingMatchesBigIntegerOfAllBits() {
    Random random = new Random(7);
    for (int i = 0; i < 1000; i++) {
      long time = random.nextLong() & ((1L << 48) - 1);
      long high = random.nextInt() & 0xFFFF_FFFFL;
      long low = random.nextLong() & 0xFFFF_FFFF_FFFFL;
      java.math.BigInteger n =
          java.math.BigInteger.valueOf(time)
              .shiftLeft(80)
              .or(java.math.BigInteger.valueOf(high).shiftLeft(48))
              .or(java.math.BigInteger.valueOf(low));
      StringBuilder expected = new StringBuilder();
      for (int c = 25; c >= 0; c--) {
        expected.append(CROCKFORD.charAt(n.shiftRight(c * 5).intValue() & 31));
      }
      assertThat(MonotonicUlidGenerator.encode(time, high, low)).isEqualTo(expected.toString());
    }
  }

  @Test
  void manyInOneMillisecondStrictlyIncrease() {
    MonotonicUlidGenerator g = new MonotonicUlidGenerator(() -> 1_000L, new Random(3));
    String previous = g.next();
    for (int i = 0; i < 100_000; i++) {
      String next = g.next();
      assertThat(next.compareTo(previous)).isPositive();
      previous = next;
    }
  }

  @Test
  void clockGoingBackwardsStillIncreases() {
    AtomicLong now = new AtomicLong(5_000);
    MonotonicUlidGenerator g = new MonotonicUlidGenerator(now::get, new Random(3));
    String a = g.next();
    now.set(4_000);
    String b = g.next();
    now.set(6_000);
    String c = g.next();
    assertThat(List.of(a, b, c)).isSorted().doesNotHaveDuplicates();
  }

  @Test
  void randomOverflowMovesTimeOnAndKeepsOrder() {
    Random allOnes =
        new Random() {
          private static final long serialVersionUID = 1L;

          @Override
          public int nextInt() {
            return -1;
          }

          @Override
          public long nextLong() {
            return -1L;
          }
        };
    MonotonicUlidGenerator g = new MonotonicUlidGenerator(() -> 1_000L, allOnes);
    String max = g.next();
    String next = g.next();
    assertThat(next).isGreaterThan(max);
    assertThat(next.substring(0, 10)).isEqualTo(MonotonicUlidGenerator.encode(1_001L, 0, 0).substring(0, 10));
  }

  @Test
  void manyThreadsGetDistinctIncreasingValues() throws Exception {
    MonotonicUlidGenerator g = MonotonicUlidGenerator.shared();
    int threads = 4;
    int each = 20_000;
    ConcurrentLinkedQueue<List<String>> perThread = new ConcurrentLinkedQueue<>();
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread w =
          new Thread(
              () -> {
                List<String> mine = new ArrayList<>(each);
                try {
                  start.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  return;
                }
                for (int i = 0; i < each; i++) {
                  mine.add(g.next());
                }
                perThread.add(mine);
              });
      workers.add(w);
      w.start();
    }
    start.countDown();
    for (Thread w : workers) {
      w.join();
    }
    List<String> all = new ArrayList<>();
    for (List<String> mine : perThread) {
      assertThat(mine).isSorted().doesNotHaveDuplicates();
      all.addAll(mine);
    }
    assertThat(all).hasSize(threads * each).doesNotHaveDuplicates();
    Collections.sort(all);
    assertThat(all.get(0)).hasSize(26);
  }
}
