package dev.tessera.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.cli.Sample.Part;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@code dump} then {@code load} into a new store then {@code dump} again: the two dumps are
 * identical, and the loaded store holds the same record and index bytes as the original, for every
 * kind of value (signed zeros, NaN, infinities, BigDecimal scales, OffsetDateTime offsets, any
 * Unicode text with NUL, lists, sets, maps, optionals, nested records). The commands run in this
 * JVM, as the jar runs them.
 */
class DumpLoadRoundTripTest {

  @Property(tries = 30, seed = "4242")
  void dumpLoadDumpIsIdenticalAndLeavesTheSameRecordAndIndexBytes(
      @ForAll("samples") List<Sample> samples) throws IOException {
    Path dir = Files.createTempDirectory("roundtrip");
    try {
      Path original = dir.resolve("original");
      try (LmdbKvStore kv = LmdbKvStore.open(original, noSync())) {
        new SampleRepository(kv).insertAll(samples);
      }
      String first = run("dump", original.toString(), "sample");
      Path file = Files.writeString(dir.resolve("samples.jsonl"), first, StandardCharsets.UTF_8);
      Path copy = dir.resolve("copy");
      try (LmdbKvStore kv = LmdbKvStore.open(copy, noSync())) {
        new SampleRepository(kv);
      }

      assertThat(run("load", copy.toString(), "sample", file.toString()))
          .isEqualTo("loaded " + samples.size() + " records\n");

      assertThat(run("dump", copy.toString(), "sample")).isEqualTo(first);
      List<String> originalEntries = LoadCommandIT.userEntries(original);
      List<String> loadedEntries = LoadCommandIT.userEntries(copy);
      assertThat(records(loadedEntries)).isEqualTo(records(originalEntries));
      assertThat(loadedEntries).isEqualTo(originalEntries);
    } finally {
      delete(dir);
    }
  }

  // The entries whose key starts with the entity name "sample" (hex of its packed string).
  private static List<String> records(List<String> entries) {
    String prefix = "0273616d706c6500";
    return entries.stream().filter(e -> e.startsWith(prefix)).toList();
  }

  private static LmdbOptions noSync() {
    return LmdbOptions.builder().durability(Durability.NO_SYNC).build();
  }

  private static String run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Tessera.commandLine(new PrintWriter(out, true), new PrintWriter(err, true))
        .execute(args);
    assertThat(code).as(String.join(" ", args) + ": " + err).isZero();
    assertThat(err.toString()).isEmpty();
    return out.toString();
  }

  static void delete(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.delete(p);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }

  @Provide
  Arbitrary<List<Sample>> samples() {
    return sample().list().ofMinSize(1).ofMaxSize(8)
        .uniqueElements(Sample::id)
        .uniqueElements(Sample::code);
  }

  @SuppressWarnings("unchecked")
  private static Arbitrary<Sample> sample() {
    List<Arbitrary<Object>> components = Stream.<Arbitrary<?>>of(
            Arbitraries.longs().between(-1000, 1000),
            text(),
            doubles(),
            floats(),
            doubles().injectNull(0.2),
            bigDecimals(),
            offsetDateTimes(),
            text().injectNull(0.2),
            Arbitraries.chars().range('\u0000', '\ud7ff'),
            Arbitraries.bytes().array(byte[].class).ofMaxSize(6),
            text().list().ofMaxSize(3),
            Arbitraries.integers().set().ofMaxSize(3),
            Arbitraries.maps(text(), doubles()).ofMaxSize(3),
            text().optional(),
            Combinators.combine(text(), doubles().list().ofMaxSize(3)).as(Part::new)
                .injectNull(0.2),
            Arbitraries.longs().between(-62_000_000_000L, 250_000_000_000L)
                .map(Instant::ofEpochSecond),
            Arbitraries.longs().between(-700_000, 2_900_000).map(LocalDate::ofEpochDay),
            Arbitraries.longs().map(Duration::ofNanos),
            Arbitraries.longs().tuple2().map(t -> new UUID(t.get1(), t.get2())),
            Arbitraries.bigIntegers().between(
                BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)))
        .map(a -> (Arbitrary<Object>) a.asGeneric())
        .toList();
    return Combinators.combine(components).as(v -> new Sample((Long) v.get(0), (String) v.get(1),
        (Double) v.get(2), (Float) v.get(3), (Double) v.get(4), (BigDecimal) v.get(5),
        (OffsetDateTime) v.get(6), (String) v.get(7), (Character) v.get(8), (byte[]) v.get(9),
        (List<String>) v.get(10), (Set<Integer>) v.get(11), (Map<String, Double>) v.get(12),
        (Optional<String>) v.get(13), (Part) v.get(14), (Instant) v.get(15), (LocalDate) v.get(16),
        (Duration) v.get(17), (UUID) v.get(18), (BigInteger) v.get(19)));
  }

  /** Text of any code points, NUL and characters beyond the BMP included. */
  private static Arbitrary<String> text() {
    return Arbitraries.oneOf(
            Arbitraries.integers().between(0, 0x7f),
            Arbitraries.integers().between(0, 0xd7ff),
            Arbitraries.integers().between(0xe000, 0x10ffff),
            Arbitraries.of(0, 0x2028, 0x1f600, 0xfeff))
        .list().ofMaxSize(6)
        .map(points -> points.stream()
            .map(Character::toString).collect(Collectors.joining()));
  }

  private static Arbitrary<Double> doubles() {
    return Arbitraries.doubles().withStandardSpecialValues()
        .withSpecialValue(-0.0).withSpecialValue(0.0).withSpecialValue(-Double.MIN_VALUE);
  }

  private static Arbitrary<Float> floats() {
    return Arbitraries.floats().withStandardSpecialValues()
        .withSpecialValue(-0.0f).withSpecialValue(Float.MAX_VALUE);
  }

  private static Arbitrary<BigDecimal> bigDecimals() {
    return Combinators.combine(
            Arbitraries.bigIntegers().between(
                BigInteger.TEN.pow(25).negate(), BigInteger.TEN.pow(25)),
            Arbitraries.integers().between(-6, 12))
        .as(BigDecimal::new);
  }

  private static Arbitrary<OffsetDateTime> offsetDateTimes() {
    return Combinators.combine(
            Arbitraries.longs().between(-5_000_000_000L, 5_000_000_000L),
            Arbitraries.integers().between(0, 999_999_999),
            Arbitraries.integers().between(-18 * 3600, 18 * 3600))
        .as((seconds, nanos, offset) -> OffsetDateTime.ofInstant(
            Instant.ofEpochSecond(seconds, nanos), ZoneOffset.ofTotalSeconds(offset)));
  }
}
