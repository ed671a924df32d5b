package dev.tessera.tuple;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Range membership against brute force over random keys from a small, collision-prone alphabet. */
class TupleRangeTest {
  private static final String[] STRINGS = {"", "a", "ab", "abc", "b", "\u0000", "a\u0000", "a\u0000b",
      "\uFFFF", "a\uFFFF", "a\uFFFFb", "\uD83D\uDE00", "a\uD83D\uDE00", "\u00e9", "a\u00e9"};
  private static final byte[][] BYTES = {{}, {0}, {0, 0}, {0, (byte) 0xFF}, {(byte) 0xFF}, {(byte) 0xFF, 0},
      {1}, {1, 0}, {1, (byte) 0xFF}, {1, 2}};

  private final Random random = new Random(42);

  private Object randomPart(int depth) {
    switch (random.nextInt(depth < 2 ? 8 : 7)) {
      case 0: return null;
      case 1: return BYTES[random.nextInt(BYTES.length)];
      case 2: case 3: return STRINGS[random.nextInt(STRINGS.length)];
      case 4: return (long) random.nextInt(5) - 2;
      case 5: return random.nextBoolean();
      case 6: return random.nextBoolean() ? -0.0 : Double.NaN;
      default: return randomTuple(depth + 1, 3);
    }
  }

  private Tuple randomTuple(int depth, int maxSize) {
    int size = random.nextInt(maxSize + 1);
    Object[] parts = new Object[size];
    for (int i = 0; i < size; i++) {
      parts[i] = randomPart(depth);
    }
    return Tuple.of(parts);
  }

  private List<Tuple> randomKeys(int n) {
    List<Tuple> keys = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      keys.add(randomTuple(0, 4));
    }
    return keys;
  }

  @Test
  void prefixHoldsExactlyTheLongerKeysStartingWithThePrefix() {
    assertPrefixRanges(TupleRange::prefix, false);
  }

  @Test
  void keyAndExtensionsHoldsThePrefixItselfAndEveryLongerKeyStartingWithIt() {
    assertPrefixRanges(TupleRange::keyAndExtensions, true);
  }

  /** {@code rangeOf(prefix)} holds the keys starting with prefix, and prefix itself if {@code withSelf}. */
  private void assertPrefixRanges(Function<Tuple, TupleRange> rangeOf, boolean withSelf) {
    List<Tuple> keys = randomKeys(3000);
    int hits = 0;
    for (int round = 0; round < 200; round++) {
      Tuple prefix = keys.get(random.nextInt(keys.size()));
      prefix = prefix.subTuple(0, random.nextInt(prefix.size() + 1));
      TupleRange range = rangeOf.apply(prefix);
      int minSize = withSelf ? prefix.size() : prefix.size() + 1;
      for (Tuple key : keys) {
        boolean expected = key.size() >= minSize && key.subTuple(0, prefix.size()).equals(prefix);
        assertThat(range.contains(key.pack())).as("%s in range of %s", key, prefix).isEqualTo(expected);
        hits += expected ? 1 : 0;
      }
      assertThat(range.contains(prefix)).isEqualTo(withSelf);
    }
    assertThat(hits).isGreaterThan(1000);
  }

  @Test
  void keyAndExtensionsBoundsSeparateSmallerAndGreaterLeadingParts() {
    // What inclusive and exclusive bounds on a key's leading parts rely on: a key whose leading
    // parts sort below the prefix lies below begin(), one whose leading parts sort above lies at or
    // above end(), whatever parts follow.
    List<Tuple> keys = randomKeys(2000);
    for (int round = 0; round < 200; round++) {
      Tuple bound = keys.get(random.nextInt(keys.size()));
      TupleRange range = TupleRange.keyAndExtensions(bound);
      for (Tuple key : keys) {
        if (key.size() < bound.size()) {
          continue;
        }
        int leading = SemanticTupleOrder.INSTANCE.compare(key.subTuple(0, bound.size()), bound);
        byte[] packed = key.pack();
        if (leading < 0) {
          assertThat(Arrays.compareUnsigned(packed, range.begin())).as("%s below %s", key, bound).isNegative();
        } else if (leading > 0) {
          assertThat(Arrays.compareUnsigned(packed, range.end())).as("%s above %s", key, bound).isPositive();
        }
      }
    }
  }

  @Test
  void keyAndExtensionsBoundsAreThePackingAndThePackingPlusFf() {
    TupleRange range = TupleRange.keyAndExtensions(Tuple.of("a"));
    assertThat(range.begin()).containsExactly(0x02, 'a', 0x00);
    assertThat(range.end()).containsExactly(0x02, 'a', 0x00, 0xFF);
    TupleRange empty = TupleRange.keyAndExtensions(Tuple.of());
    assertThat(empty.begin()).isEmpty();
    assertThat(empty.end()).containsExactly(0xFF);
  }

  @Test
  void betweenHoldsKeysFromStartInclusiveToEndExclusive() {
    List<Tuple> keys = randomKeys(2000);
    for (int round = 0; round < 200; round++) {
      Tuple start = keys.get(random.nextInt(keys.size()));
      Tuple end = keys.get(random.nextInt(keys.size()));
      TupleRange range = TupleRange.between(start, end);
      for (Tuple key : keys) {
        boolean expected = SemanticTupleOrder.INSTANCE.compare(start, key) <= 0
            && SemanticTupleOrder.INSTANCE.compare(key, end) < 0;
        assertThat(range.contains(key)).as("%s in [%s, %s)", key, start, end).isEqualTo(expected);
      }
      assertThat(range.contains(start)).isEqualTo(start.compareTo(end) < 0);
      assertThat(range.isEmpty()).isEqualTo(start.compareTo(end) >= 0);
    }
  }

  @Test
  void stringStartsWithHoldsExactlyKeysWhoseNextPartIsAStringWithThatPrefix() {
    List<Tuple> keys = randomKeys(3000);
    for (Tuple prefix : List.of(Tuple.of(), Tuple.of("a"), Tuple.of((Object) null), Tuple.of("abc"))) {
      List<Tuple> extended = new ArrayList<>(keys);
      keys.forEach(k -> extended.add(prefix.addAll(k)));
      for (String partial : STRINGS) {
        TupleRange range = TupleRange.startsWith(prefix, partial);
        int hits = 0;
        for (Tuple key : extended) {
          boolean expected = key.size() > prefix.size() && key.subTuple(0, prefix.size()).equals(prefix)
              && key.get(prefix.size()) instanceof String
              && ((String) key.get(prefix.size())).startsWith(partial);
          assertThat(range.contains(key.pack()))
              .as("%s in startsWith(%s, %s)", key, prefix, Tuple.of(partial)).isEqualTo(expected);
          hits += expected ? 1 : 0;
        }
        assertThat(hits).as("keys starting with %s", Tuple.of(partial)).isPositive();
      }
    }
  }

  @Test
  void stringStartsWithCoversPartialsEndingInTheHighestCharacters() {
    TupleRange range = TupleRange.startsWith(Tuple.of("k"), "a\uFFFF");
    assertThat(range.contains(Tuple.of("k", "a\uFFFF"))).isTrue();
    assertThat(range.contains(Tuple.of("k", "a\uFFFF\uFFFF", 1))).isTrue();
    assertThat(range.contains(Tuple.of("k", "a\uFFFF\uDBFF\uDFFF"))).isTrue();
    assertThat(range.contains(Tuple.of("k", "a\uD800\uDC00"))).isFalse(); // U+10000 sorts after U+FFFF
    assertThat(range.contains(Tuple.of("k", "b"))).isFalse();
    TupleRange supplementary = TupleRange.startsWith(Tuple.of(), "\uDBFF\uDFFF");
    assertThat(supplementary.contains(Tuple.of("\uDBFF\uDFFF\uDBFF\uDFFF"))).isTrue();
    assertThat(supplementary.contains(Tuple.of("\uDBFF\uDFFE"))).isFalse();
    assertThat(supplementary.contains(Tuple.of(new byte[] {(byte) 0xFF}))).isFalse();
    TupleRange nul = TupleRange.startsWith(Tuple.of(), "a\u0000");
    assertThat(nul.contains(Tuple.of("a\u0000"))).isTrue();
    assertThat(nul.contains(Tuple.of("a\u0000\u0000"))).isTrue();
    assertThat(nul.contains(Tuple.of("a"))).isFalse();
    assertThat(nul.contains(Tuple.of("a\u0001"))).isFalse();
  }

  @Test
  void bytesStartsWithHoldsExactlyKeysWhoseNextPartIsABytePrefixMatch() {
    List<Tuple> keys = randomKeys(3000);
    for (Tuple prefix : List.of(Tuple.of(), Tuple.of(new byte[] {0}))) {
      List<Tuple> extended = new ArrayList<>(keys);
      keys.forEach(k -> extended.add(prefix.addAll(k)));
      for (byte[] partial : BYTES) {
        TupleRange range = TupleRange.startsWith(prefix, partial);
        int hits = 0;
        for (Tuple key : extended) {
          boolean expected = key.size() > prefix.size() && key.subTuple(0, prefix.size()).equals(prefix)
              && key.get(prefix.size()) instanceof byte[]
              && startsWith((byte[]) key.get(prefix.size()), partial);
          assertThat(range.contains(key.pack()))
              .as("%s in startsWith(%s, %s)", key, prefix, Tuple.of(partial)).isEqualTo(expected);
          hits += expected ? 1 : 0;
        }
        assertThat(hits).isPositive();
      }
    }
  }

  private static boolean startsWith(byte[] bytes, byte[] prefix) {
    return bytes.length >= prefix.length && Arrays.equals(bytes, 0, prefix.length, prefix, 0, prefix.length);
  }

  @Test
  void boundsAreTheDocumentedBytesAndAreCopies() {
    TupleRange prefix = TupleRange.prefix(Tuple.of("a"));
    assertThat(prefix.begin()).containsExactly(0x02, 'a', 0x00, 0x00);
    assertThat(prefix.end()).containsExactly(0x02, 'a', 0x00, 0xFF);
    TupleRange partial = TupleRange.startsWith(Tuple.of(1), "a\u0000");
    assertThat(partial.begin()).containsExactly(0x15, 1, 0x02, 'a', 0x00, 0xFF);
    assertThat(partial.end()).containsExactly(0x15, 1, 0x02, 'a', 0x00, 0xFF, 0xFF);
    TupleRange bytes = TupleRange.startsWith(Tuple.of(), new byte[] {5, (byte) 0xFF});
    assertThat(bytes.begin()).containsExactly(0x01, 5, 0xFF);
    assertThat(bytes.end()).containsExactly(0x01, 6);
    TupleRange bytesNul = TupleRange.startsWith(Tuple.of(), new byte[] {0});
    assertThat(bytesNul.begin()).containsExactly(0x01, 0x00, 0xFF);
    assertThat(bytesNul.end()).containsExactly(0x01, 0x01);
    byte[] begin = prefix.begin();
    begin[0] = 9;
    assertThat(prefix.begin()[0]).isEqualTo((byte) 0x02);
    byte[] raw = {1, 2};
    TupleRange packed = TupleRange.ofPacked(raw, new byte[] {1, 3});
    raw[1] = 7;
    assertThat(packed.begin()).containsExactly(1, 2);
    assertThat(packed.contains(new byte[] {1, 2, 9})).isTrue();
    assertThat(packed.contains(new byte[] {1, 3})).isFalse();
    assertThat(packed).isEqualTo(TupleRange.ofPacked(new byte[] {1, 2}, new byte[] {1, 3}))
        .hasToString("[0102, 0103)");
  }

  @Test
  void prefixMatchesFdbJavaRange() {
    Tuple prefix = Tuple.of("users", 42L, null);
    com.apple.foundationdb.Range theirs = FdbOracleTest.toFdb(prefix).range();
    assertThat(TupleRange.prefix(prefix).begin()).isEqualTo(theirs.begin);
    assertThat(TupleRange.prefix(prefix).end()).isEqualTo(theirs.end);
  }
}
