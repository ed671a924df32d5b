package dev.tessera.it.decode;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.internal.write.RecordLayout;
import dev.tessera.it.SpecimenRepository;
import dev.tessera.it.Specimens;
import dev.tessera.it.User;
import dev.tessera.it.UserRepository;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.repository.ForwardingMapping;
import dev.tessera.repository.GeneratedMappings;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleReader;
import dev.tessera.tuple.Versionstamp;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Generated repositories read a stored record of the current shape straight from its bytes
 * ({@link EntityMapping#read}); these tests hold that path to the tuple path it replaces: for random
 * records of entities covering every supported component type, with edge values, it builds the
 * record {@link EntityMapping#decode(Tuple)} builds; and for damaged values (truncated, bytes
 * changed, parts of other types, parts missing or extra, another schema number) a repository's
 * decoding gives exactly the record or the exception (type, message, cause) that decoding every
 * value through the tuple path gives.
 */
class DirectDecodeTest {
  private static final int RECORDS = 2_000;

  @TempDir Path directory;

  /** One entity: its generated mapping and random records of it. */
  private record Subject<T, ID>(EntityMapping<T, ID> mapping, Function<Random, T> records) {}

  private static List<Subject<?, ?>> subjects(KvStore store) {
    return List.of(
        new Subject<>(GeneratedMappings.of(new SpecimenRepository(store)), Specimens::random),
        new Subject<>(GeneratedMappings.of(new AssortmentRepository(store)), DirectDecodeTest::assortment),
        new Subject<>(GeneratedMappings.of(new UserRepository(store)), DirectDecodeTest::user));
  }

  @Test
  void readingTheBytesBuildsTheRecordTheTupleDecodeBuilds() {
    try (KvStore store = LmdbKvStore.open(directory)) {
      for (Subject<?, ?> subject : subjects(store)) {
        assertReadMatchesDecode(subject);
      }
    }
  }

  private static <T> void assertReadMatchesDecode(Subject<T, ?> subject) {
    Random random = new Random(subject.mapping().entityName().hashCode());
    EntityMapping<T, ?> mapping = subject.mapping();
    for (int i = 0; i < RECORDS; i++) {
      T record = subject.records().apply(random);
      byte[] stored = mapping.encode(record, 1 + random.nextInt(3));
      TupleReader parts = TupleReader.of(stored);
      parts.nextLong();
      T read = mapping.read(parts);
      parts.requireEnd();
      T decoded = mapping.decode(Tuple.unpack(stored));
      assertThat(read).as("read %s", record).isNotNull();
      // Double and Float by equals: NaN equals NaN, -0.0 differs from 0.0
      assertThat(read).usingRecursiveComparison()
          .withEqualsForType(Double::equals, Double.class)
          .withEqualsForType(Float::equals, Float.class)
          .isEqualTo(decoded);
      assertThat(mapping.encode(read, 1)).as("read %s", record).isEqualTo(mapping.encode(decoded, 1));
    }
  }

  @Test
  void damagedValuesDecodeAsTheTuplePathDecodesThem() {
    try (KvStore store = LmdbKvStore.open(directory)) {
      for (Subject<?, ?> subject : subjects(store)) {
        assertSameOutcomes(store, subject);
      }
    }
  }

  private static <T, ID> void assertSameOutcomes(KvStore store, Subject<T, ID> subject) {
    RecordLayout<T, ID> direct = RecordLayout.open(store, subject.mapping());
    RecordLayout<T, ID> tuplePath = RecordLayout.open(store, new ForwardingMapping<>(subject.mapping()));
    Random random = new Random(subject.mapping().entityName().hashCode() + 1);
    Map<String, Integer> outcomes = new LinkedHashMap<>();
    for (int i = 0; i < RECORDS * 5; i++) {
      T record = subject.records().apply(random);
      byte[] valid = direct.encode(record);
      int kind = i % 9;
      byte[] value = damage(kind, valid, random);
      Tuple key = Tuple.of("key", (long) i);
      KvEntry entry = value == null ? KvEntry.absent(key) : new KvEntry(key, value, Versionstamp.of(1, 0));
      String expected = outcome(tuplePath, entry);
      String actual = outcome(direct, entry);
      assertThat(actual).as("kind %d: %s", kind, Arrays.toString(value)).isEqualTo(expected);
      outcomes.merge(kind + (expected.startsWith("record") ? " decoded" : " rejected"), 1, Integer::sum);
    }
    // each damage is seen failing, and the kinds that can leave a valid value decoding, decoding
    for (int kind = 1; kind < 9; kind++) {
      assertThat(outcomes).as("%s", outcomes).containsKey(kind + " rejected");
    }
    assertThat(outcomes).as("%s", outcomes).containsKeys("0 decoded", "3 decoded");
  }

  /**
   * The record (re-encoded, so arrays compare by content) or the exception, cause and messages (an
   * array a message shows is shown by identity, which two decodings never share: left out).
   */
  private static <T> String outcome(RecordLayout<T, ?> layout, KvEntry entry) {
    try {
      return "record " + Arrays.toString(layout.mapping().encode(layout.decode(entry), 0));
    } catch (RuntimeException e) {
      Throwable cause = e.getCause();
      String outcome = e.getClass().getName() + ": " + e.getMessage()
          + (cause == null ? "" : " caused by " + cause.getClass().getName() + ": " + cause.getMessage());
      return outcome.replaceAll("\\[B@[0-9a-f]+", "[B@");
    }
  }

  /** A value of kind {@code kind} made from the valid stored value {@code valid}. */
  private static byte[] damage(int kind, byte[] valid, Random random) {
    List<Object> parts = new ArrayList<>(Tuple.unpack(valid).items());
    switch (kind) {
      case 0:
        return valid;
      case 1: // truncated
        return Arrays.copyOf(valid, random.nextInt(valid.length));
      case 2: { // one bit flipped
        byte[] out = valid.clone();
        out[random.nextInt(out.length)] ^= (byte) (1 << random.nextInt(8));
        return out;
      }
      case 3: // a part replaced with a part of a random type
        parts.set(1 + random.nextInt(parts.size() - 1), randomPart(random));
        return Tuple.fromList(parts).pack();
      case 4: // an extra part
        parts.add(randomPart(random));
        return Tuple.fromList(parts).pack();
      case 5: // the last part missing
        return Tuple.fromList(parts.subList(0, parts.size() - 1)).pack();
      case 6: // another (unknown, or no number at all) first part
        parts.set(0, random.nextBoolean() ? (Object) (100L + random.nextInt(1000)) : randomPart(random));
        return Tuple.fromList(parts).pack();
      case 7: // a byte string where a type code belongs: an unknown or mismatched code
        return insertByte(valid, random);
      default: // nothing
        return random.nextBoolean() ? new byte[0] : null;
    }
  }

  private static byte[] insertByte(byte[] valid, Random random) {
    int at = 1 + random.nextInt(valid.length - 1);
    byte[] out = new byte[valid.length + 1];
    System.arraycopy(valid, 0, out, 0, at);
    out[at] = (byte) new int[] {0x03, 0x04, 0x06, 0x1e, 0x22, 0x28, 0x33, 0xff}[random.nextInt(8)];
    System.arraycopy(valid, at, out, at + 1, valid.length - at);
    return out;
  }

  private static Object randomPart(Random random) {
    return switch (random.nextInt(12)) {
      case 0 -> null;
      case 1 -> random.nextLong();
      case 2 -> (long) random.nextInt(300) - 150;
      case 3 -> new BigInteger(64 + random.nextInt(100), random);
      case 4 -> random.nextDouble();
      case 5 -> random.nextFloat();
      case 6 -> random.nextBoolean();
      case 7 -> random.nextBoolean() ? "ROCK" : "x\u0000y";
      case 8 -> new byte[] {1, 0, 2};
      case 9 -> new UUID(random.nextLong(), random.nextLong());
      case 10 -> Tuple.of(random.nextLong(), (long) random.nextInt(1_000_000_000));
      default -> Tuple.of();
    };
  }

  static User user(Random random) {
    return new User("u" + random.nextInt(1000), random.nextInt(3) == 0 ? null : "name\u0000" + random.nextInt(),
        random.nextBoolean() ? "" : "e\ud83d\ude00" + random.nextInt() + "@x", random.nextBoolean() ? null : "red");
  }

  static Assortment assortment(Random random) {
    long[] ids = {Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE, random.nextLong()};
    float[] floats = {0.0f, -0.0f, Float.NaN, Float.NEGATIVE_INFINITY, Float.MAX_VALUE, Float.MIN_VALUE,
        random.nextFloat()};
    Set<String> tags = new LinkedHashSet<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      tags.add(random.nextBoolean() ? "" : "t\u0000" + random.nextInt(5));
    }
    Map<String, Long> counts = new LinkedHashMap<>();
    for (int i = random.nextInt(3); i > 0; i--) {
      counts.put("c" + i, random.nextBoolean() ? null : ids[random.nextInt(ids.length)]);
    }
    return new Assortment(
        ids[random.nextInt(ids.length)],
        random.nextInt(4) == 0 ? null : (byte) random.nextInt(),
        random.nextInt(4) == 0 ? null : (random.nextBoolean() ? Short.MIN_VALUE : (short) random.nextInt()),
        random.nextInt(4) == 0 ? null : (random.nextBoolean() ? Character.MAX_VALUE : (char) random.nextInt(0xD800)),
        random.nextInt(4) == 0 ? null : floats[random.nextInt(floats.length)],
        random.nextInt(4) == 0 ? null : OffsetDateTime.of(1 + random.nextInt(9000), 1 + random.nextInt(12),
            1 + random.nextInt(28), random.nextInt(24), random.nextInt(60), random.nextInt(60),
            random.nextInt(1_000_000_000), ZoneOffset.ofTotalSeconds(random.nextInt(64_801) - 32_400)),
        random.nextInt(4) == 0 ? null : new UUID(random.nextLong(), random.nextLong()),
        random.nextBoolean() ? Optional.empty() : Optional.of(random.nextBoolean() ? Integer.MIN_VALUE : random.nextInt()),
        random.nextInt(4) == 0 ? null : tags,
        random.nextInt(4) == 0 ? null : counts,
        random.nextInt(4) == 0 ? null : List.of(new byte[0], new byte[] {0, (byte) 0xFF}),
        random.nextInt(5) == 0 ? null : "n\u00e9\u0000" + random.nextInt());
  }
}
