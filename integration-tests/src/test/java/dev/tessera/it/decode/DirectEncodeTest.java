package dev.tessera.it.decode;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.it.Specimen;
import dev.tessera.it.SpecimenRepository;
import dev.tessera.it.Specimens;
import dev.tessera.it.User;
import dev.tessera.it.UserRepository;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.Codec;
import dev.tessera.mapping.Codecs;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.repository.GeneratedMappings;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Generated repositories pack a record straight into its stored bytes ({@code TupleWriter}, one
 * codec write per component); these tests hold that path to the one it replaces, which packed the
 * codecs' encoded parts with {@code Tuple.packOf(schemaNumber, CODEC.encode(entity.x()), ...)} (each
 * entity's is spelled out below, as the processor generated it): for random records of entities
 * covering every supported component type, with edge values, both give the same bytes, which decode
 * back to the record; and a record that cannot be encoded fails on both with the same exception and
 * message.
 */
class DirectEncodeTest {
  private static final int RECORDS = 2_000;

  @TempDir Path directory;

  /** One entity: its generated mapping, random records, and the encoding it had before. */
  private record Subject<T>(
      EntityMapping<T, ?> mapping, Function<Random, T> records, BiFunction<T, Long, byte[]> packOf) {}

  private static final Codec<Specimen.Part> PART = Codecs.record("dev.tessera.it.Specimen.Part", 3,
      value -> Tuple.of(Codecs.STRING.encode(value.name()), Codecs.INT.encode(value.quantity()),
          Codecs.optional(Codecs.BOXED_DOUBLE).encode(value.mass())),
      parts -> {
        throw new AssertionError("not decoded here");
      });

  private static byte[] packOf(Specimen entity, long schemaNumber) {
    return Tuple.packOf(schemaNumber, Codecs.UUID.encode(entity.id()),
        Codecs.BOOLEAN.encode(entity.flag()), Codecs.BOXED_BOOLEAN.encode(entity.boxedFlag()),
        Codecs.BYTE.encode(entity.small()), Codecs.SHORT.encode(entity.shortValue()),
        Codecs.INT.encode(entity.count()), Codecs.BOXED_INT.encode(entity.boxedCount()),
        Codecs.LONG.encode(entity.total()), Codecs.BOXED_LONG.encode(entity.boxedTotal()),
        Codecs.CHAR.encode(entity.letter()), Codecs.FLOAT.encode(entity.weight()),
        Codecs.DOUBLE.encode(entity.score()), Codecs.BOXED_DOUBLE.encode(entity.ratio()),
        Codecs.STRING.encode(entity.label()), Codecs.BYTES.encode(entity.bytes()),
        Codecs.enumOf(Specimen.Kind.class).encode(entity.kind()),
        Codecs.INSTANT.encode(entity.instant()), Codecs.LOCAL_DATE.encode(entity.date()),
        Codecs.LOCAL_DATE_TIME.encode(entity.dateTime()), Codecs.LOCAL_TIME.encode(entity.time()),
        Codecs.DURATION.encode(entity.duration()), Codecs.BIG_INTEGER.encode(entity.big()),
        Codecs.BIG_DECIMAL.encode(entity.decimal()),
        Codecs.optional(Codecs.STRING).encode(entity.note()),
        Codecs.list(Codecs.BOXED_INT).encode(entity.numbers()),
        Codecs.set(Codecs.enumOf(Specimen.Kind.class)).encode(entity.kinds()),
        Codecs.map(Codecs.STRING, Codecs.list(Codecs.INSTANT)).encode(entity.history()),
        PART.encode(entity.part()), Codecs.list(PART).encode(entity.parts()));
  }

  private static byte[] packOf(Assortment entity, long schemaNumber) {
    return Tuple.packOf(schemaNumber, Codecs.LONG.encode(entity.id()),
        Codecs.BOXED_BYTE.encode(entity.small()), Codecs.BOXED_SHORT.encode(entity.shortValue()),
        Codecs.BOXED_CHAR.encode(entity.letter()), Codecs.BOXED_FLOAT.encode(entity.weight()),
        Codecs.OFFSET_DATE_TIME.encode(entity.at()), Codecs.UUID.encode(entity.reference()),
        Codecs.optional(Codecs.BOXED_INT).encode(entity.maybe()),
        Codecs.set(Codecs.STRING).encode(entity.tags()),
        Codecs.map(Codecs.STRING, Codecs.BOXED_LONG).encode(entity.counts()),
        Codecs.list(Codecs.BYTES).encode(entity.chunks()), Codecs.STRING.encode(entity.name()));
  }

  private static byte[] packOf(User entity, long schemaNumber) {
    return Tuple.packOf(schemaNumber, Codecs.STRING.encode(entity.id()),
        Codecs.STRING.encode(entity.name()), Codecs.STRING.encode(entity.email()),
        Codecs.STRING.encode(entity.favoriteColor()));
  }

  private static List<Subject<?>> subjects(KvStore store) {
    return List.of(
        new Subject<Specimen>(GeneratedMappings.of(new SpecimenRepository(store)), Specimens::random,
            DirectEncodeTest::packOf),
        new Subject<Assortment>(GeneratedMappings.of(new AssortmentRepository(store)),
            DirectDecodeTest::assortment, DirectEncodeTest::packOf),
        new Subject<User>(GeneratedMappings.of(new UserRepository(store)), DirectDecodeTest::user,
            DirectEncodeTest::packOf));
  }

  @Test
  void packingStraightIntoBytesGivesTheBytesOfPackOfAndDecodesBack() {
    try (KvStore store = LmdbKvStore.open(directory)) {
      for (Subject<?> subject : subjects(store)) {
        assertSameBytes(subject);
      }
    }
  }

  private static <T> void assertSameBytes(Subject<T> subject) {
    Random random = new Random(subject.mapping().entityName().hashCode() + 2);
    EntityMapping<T, ?> mapping = subject.mapping();
    long[] numbers = {0, 1, 255, 256, Long.MAX_VALUE, -1, Long.MIN_VALUE};
    for (int i = 0; i < RECORDS; i++) {
      T record = subject.records().apply(random);
      long number = numbers[random.nextInt(numbers.length)];
      byte[] written = mapping.encode(record, number);
      assertThat(written).as("%s", record).isEqualTo(subject.packOf().apply(record, number));
      byte[] current = mapping.encode(record);
      assertThat(current).isEqualTo(subject.packOf().apply(record, mapping.schema().id()));
      T decoded = mapping.decode(current);
      // Double and Float by equals: NaN equals NaN, -0.0 differs from 0.0; a set's order is pinned
      // by encoding the decoded record again, below
      assertThat(decoded).usingRecursiveComparison()
          .ignoringCollectionOrder()
          .withEqualsForType(Double::equals, Double.class)
          .withEqualsForType(Float::equals, Float.class)
          .isEqualTo(record);
      assertThat(mapping.encode(decoded)).isEqualTo(current);
    }
  }

  @Test
  void recordsThatCannotBeEncodedFailAsPackOfFailed() {
    try (KvStore store = LmdbKvStore.open(directory)) {
      List<Subject<?>> subjects = subjects(store);
      Random random = new Random(7);
      String bad = "x\ud800";
      Specimen specimen = Specimens.random(random);
      assertSameFailure(subjects.get(0), specimen, s -> new Specimen(s.id(), s.flag(), s.boxedFlag(),
          s.small(), s.shortValue(), s.count(), s.boxedCount(), s.total(), s.boxedTotal(), s.letter(),
          s.weight(), s.score(), s.ratio(), bad, s.bytes(), s.kind(), s.instant(), s.date(),
          s.dateTime(), s.time(), s.duration(), s.big(), s.decimal(), Optional.of("\udc00"),
          s.numbers(), s.kinds(), s.history(), s.part(), s.parts()));
      assertSameFailure(subjects.get(0), specimen, s -> new Specimen(s.id(), s.flag(), s.boxedFlag(),
          s.small(), s.shortValue(), s.count(), s.boxedCount(), s.total(), s.boxedTotal(), s.letter(),
          s.weight(), s.score(), s.ratio(), s.label(), s.bytes(), s.kind(), s.instant(), s.date(),
          s.dateTime(), s.time(), s.duration(), s.big(), s.decimal(), s.note(), s.numbers(),
          s.kinds(), Map.of(bad, List.of(Instant.EPOCH)), new Specimen.Part(bad, 1, Optional.empty()),
          s.parts()));
      Assortment assortment = DirectDecodeTest.assortment(random);
      assertSameFailure(subjects.get(1), assortment, a -> new Assortment(a.id(), a.small(),
          a.shortValue(), a.letter(), a.weight(), a.at(), a.reference(), a.maybe(),
          new LinkedHashSet<>(List.of("ok", bad)), a.counts(), a.chunks(), a.name()));
      assertSameFailure(subjects.get(1), assortment, a -> new Assortment(a.id(), a.small(),
          a.shortValue(), a.letter(), a.weight(), a.at(), a.reference(), a.maybe(), a.tags(),
          a.counts(), a.chunks(), bad));
      User user = DirectDecodeTest.user(random);
      assertSameFailure(subjects.get(2), user, u -> new User(u.id(), u.name(), bad + bad, u.email()));
      // the record itself refuses null
      assertSameFailure(subjects.get(2), user, u -> null);
      assertSameFailure(subjects.get(1), assortment, a -> null);
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> void assertSameFailure(Subject<?> subject, T valid, UnaryOperator<T> damage) {
    Subject<T> typed = (Subject<T>) subject;
    T record = damage.apply(valid);
    String expected = failure(() -> typed.packOf().apply(record, 3L));
    String actual = failure(() -> typed.mapping().encode(record, 3L));
    assertThat(expected).as("%s", record).isNotNull();
    assertThat(actual).isEqualTo(expected);
    // the thread's writer is left usable
    assertThat(typed.mapping().encode(valid, 3L)).isEqualTo(typed.packOf().apply(valid, 3L));
  }

  /** The exception's class and message, or null if {@code encode} returns. */
  private static String failure(Runnable encode) {
    try {
      encode.run();
      return null;
    } catch (RuntimeException e) {
      return e.getClass().getName() + ": " + e.getMessage();
    }
  }
}
