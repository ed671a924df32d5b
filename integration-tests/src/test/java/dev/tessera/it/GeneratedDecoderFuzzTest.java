package dev.tessera.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.repository.EntityRepository;
import dev.tessera.repository.GeneratedMappings;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleDecodingException;
import dev.tessera.tuple.Versionstamp;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every generated record decoder of this module on random, truncated, byte-mutated and
 * structurally mutated values (100,000 cases): it returns a record or throws what {@link
 * EntityMapping#decode} documents, {@link TupleDecodingException} (not a packed tuple) or {@link
 * IllegalArgumentException} (a tuple of the wrong shape, types or ranges), nothing else; through a repository the caller gets {@link
 * CorruptRecordException} naming the key; memory stays proportional to the input; and no value ever
 * makes the decoder load a class it names, because generated decoders call fixed, typed codecs (an
 * enum is looked up among the constants of the declared enum, never by class name).
 */
class GeneratedDecoderFuzzTest {
  private static final int CASES_PER_DECODER = 50_000;
  private static final byte[] ALPHABET =
      HexFormat.of().parseHex("00ff0102050b0c1314151c1d2021262730338 0bfc2e0edf0f4fe".replace(" ", ""));

  @TempDir Path directory;

  /**
   * One generated decoder, valid encodings to mutate, and an oracle independent of the generated
   * code: it reads the input with the generic tuple decoder and judges the decoder's answer (the
   * decoded record, or null if the decoder rejected the input) against the parts it finds.
   */
  private record Subject(String name, EntityMapping<?, ?> mapping, List<byte[]> valid, Oracle oracle) {}

  /** Judges a decoder's answer from the generic reading of its input. */
  private interface Oracle {
    /**
     * @param parts the input read by {@link Tuple#unpack}, or null if it is not a packed tuple
     * @param decoded what the generated decoder returned, or null if it rejected the input
     */
    void check(Tuple parts, Object decoded);
  }

  /**
   * The user layout, modelled by hand: the schema identifier, then id, name, e-mail and colour,
   * each a string or null. The decoder must accept exactly such tuples, into exactly these values.
   * (It accepts a null primary key too, which no write can store; the model says what it does.)
   */
  private static void checkUser(Tuple parts, Object decoded) {
    User expected = null;
    if (parts != null && parts.size() == 5 && Long.valueOf(UserRepository.SCHEMA_ID).equals(parts.get(0))
        && stringOrNull(parts.get(1)) && stringOrNull(parts.get(2))
        && stringOrNull(parts.get(3)) && stringOrNull(parts.get(4))) {
      expected = new User((String) parts.get(1), (String) parts.get(2), (String) parts.get(3), (String) parts.get(4));
    }
    assertThat(decoded).as("decoding %s", parts).isEqualTo(expected);
  }

  private static boolean stringOrNull(Object part) {
    return part == null || part instanceof String;
  }

  /**
   * The specimen layout has 29 components; the oracle checks what any accepted value must show:
   * a packed tuple of the schema identifier and 29 parts, whose id (part 1), label (part 14) and
   * enum constant name (part 16) are the record's.
   */
  private static void checkSpecimen(Tuple parts, Object decoded) {
    if (decoded == null) {
      return;
    }
    Specimen specimen = (Specimen) decoded;
    assertThat((Object) parts).as("an accepted value is a packed tuple").isNotNull();
    assertThat(parts.size()).isEqualTo(30);
    assertThat(parts.get(0)).isEqualTo(SpecimenRepository.SCHEMA_ID);
    assertThat(parts.get(1)).isEqualTo(specimen.id());
    assertThat(parts.get(14)).isEqualTo(specimen.label());
    assertThat(parts.get(16)).isEqualTo(specimen.kind() == null ? null : specimen.kind().name());
  }

  private static List<Subject> subjects(KvStore store) {
    Random random = new Random(7);
    List<byte[]> specimens = new ArrayList<>();
    List<byte[]> users = new ArrayList<>();
    EntityMapping<Specimen, UUID> specimenMapping = GeneratedMappings.of(new SpecimenRepository(store));
    EntityMapping<User, String> userMapping = GeneratedMappings.of(new UserRepository(store));
    for (int i = 0; i < 200; i++) {
      specimens.add(specimenMapping.encode(Specimens.random(random)));
      users.add(userMapping.encode(new User("u" + i, i % 3 == 0 ? null : "name\u0000" + i,
          "e" + i + "@x", i % 2 == 0 ? null : "red")));
    }
    return List.of(
        new Subject("Specimen", specimenMapping, specimens, GeneratedDecoderFuzzTest::checkSpecimen),
        new Subject("User", userMapping, users, GeneratedDecoderFuzzTest::checkUser));
  }

  @Test
  void hundredThousandMutatedAndRandomValuesDecodeOrFailWithTheDocumentedExceptions() {
    try (KvStore store = LmdbKvStore.open(directory)) {
      Map<String, Integer> outcomes = new TreeMap<>();
      // A guard against endless loops, not a speed claim: the cases take well under a second.
      assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
        for (Subject subject : subjects(store)) {
          Random random = new Random(subject.name().hashCode());
          for (int i = 0; i < CASES_PER_DECODER; i++) {
            byte[] input = input(i % 5, subject.valid(), random);
            String outcome = outcome(subject, input);
            outcomes.merge(subject.name() + " " + (i % 5) + " " + outcome, 1, Integer::sum);
          }
        }
      });
      // Both outcomes occur for every kind of input that can decode, or the inputs tested nothing.
      for (String subject : List.of("Specimen", "User")) {
        for (int kind : new int[] {3, 4}) {
          assertThat(outcomes).as("%s", outcomes)
              .containsKey(subject + " " + kind + " decoded")
              .containsKey(subject + " " + kind + " rejected");
        }
      }
    }
  }

  private static String outcome(Subject subject, byte[] input) {
    Tuple parts;
    try {
      parts = Tuple.unpack(input);
    } catch (TupleDecodingException notATuple) {
      parts = null;
    }
    Object decoded;
    try {
      decoded = subject.mapping().decode(input);
    } catch (TupleDecodingException | IllegalArgumentException expected) {
      assertThat(expected.getMessage()).as("a message saying what is wrong").isNotBlank();
      subject.oracle().check(parts, null);
      return "rejected";
    } catch (RuntimeException | StackOverflowError | OutOfMemoryError other) {
      throw new AssertionError(subject.name() + " decoder threw " + other + " for "
          + HexFormat.of().formatHex(input), other);
    }
    assertThat(decoded).isNotNull();
    subject.oracle().check(parts, decoded);
    return "decoded";
  }

  /** An input of the given kind: random, random over tuple type codes, truncated, mutated, restructured. */
  private static byte[] input(int kind, List<byte[]> valid, Random random) {
    byte[] source = valid.get(random.nextInt(valid.size()));
    switch (kind) {
      case 0: {
        byte[] input = new byte[random.nextInt(65)];
        random.nextBytes(input);
        return input;
      }
      case 1: {
        byte[] input = new byte[random.nextInt(65)];
        for (int j = 0; j < input.length; j++) {
          input[j] = ALPHABET[random.nextInt(ALPHABET.length)];
        }
        return input;
      }
      case 2:
        return Arrays.copyOf(source, random.nextInt(source.length + 1));
      case 3: {
        byte[] input = source;
        for (int n = 1 + random.nextInt(3); n > 0; n--) {
          input = mutateByte(input, random);
        }
        return input;
      }
      default:
        return restructure(Tuple.unpack(source), random, 0).pack();
    }
  }

  private static byte[] mutateByte(byte[] source, Random random) {
    int at = random.nextInt(source.length + 1);
    byte b = random.nextBoolean() ? ALPHABET[random.nextInt(ALPHABET.length)] : (byte) random.nextInt();
    byte[] out;
    switch (random.nextInt(3)) {
      case 0 -> {
        out = source.clone();
        if (at < out.length) {
          out[at] ^= (byte) (1 << random.nextInt(8)); // flip one bit
        }
      }
      case 1 -> {
        out = new byte[source.length + 1];
        System.arraycopy(source, 0, out, 0, at);
        out[at] = b;
        System.arraycopy(source, at, out, at + 1, source.length - at);
      }
      default -> {
        if (at == source.length) {
          return source;
        }
        out = new byte[source.length - 1];
        System.arraycopy(source, 0, out, 0, at);
        System.arraycopy(source, at + 1, out, at, source.length - at - 1);
      }
    }
    return out;
  }

  /** Replaces one part (at the top level or nested) with a random part of a random type. */
  private static Tuple restructure(Tuple tuple, Random random, int depth) {
    if (tuple.size() == 0) {
      return Tuple.of(randomPart(random, depth));
    }
    List<Object> parts = new ArrayList<>(tuple.items());
    int at = depth == 0 ? 1 + random.nextInt(Math.max(1, parts.size() - 1)) : random.nextInt(parts.size());
    at = Math.min(at, parts.size() - 1);
    Object old = parts.get(at);
    parts.set(at, old instanceof Tuple nested && random.nextBoolean()
        ? restructure(nested, random, depth + 1)
        : randomPart(random, depth));
    return Tuple.fromList(parts);
  }

  private static Object randomPart(Random random, int depth) {
    return switch (random.nextInt(depth < 2 ? 12 : 11)) {
      case 0 -> null;
      case 1 -> random.nextLong();
      case 2 -> (long) random.nextInt(3) - 1;
      case 3 -> new java.math.BigInteger(70 + random.nextInt(100), random);
      case 4 -> random.nextDouble();
      case 5 -> random.nextFloat();
      case 6 -> random.nextBoolean();
      case 7 -> random.nextBoolean() ? "ROCK" : Tripwire.class.getName();
      case 8 -> new byte[] {1, 0, 2};
      case 9 -> new UUID(random.nextLong(), random.nextLong());
      case 10 -> Versionstamp.of(random.nextLong() >>> 1, 0);
      default -> Tuple.of(randomPart(random, depth + 1), randomPart(random, depth + 1));
    };
  }

  @Test
  void corruptValuesReadThroughARepositoryThrowCorruptRecordNamingTheKey() {
    LmdbOptions fast = LmdbOptions.builder().durability(Durability.NO_SYNC).build();
    try (KvStore store = LmdbKvStore.open(directory, fast)) {
      SpecimenRepository specimens = new SpecimenRepository(store);
      UserRepository users = new UserRepository(store);
      List<Subject> subjects = subjects(store);
      assertCorruptionNamesTheKey(store, subjects.get(0), i -> new UUID(0, i), specimens::findById,
          SpecimenRepository.ENTITY_NAME);
      assertCorruptionNamesTheKey(store, subjects.get(1), i -> "u" + i, users::findById,
          UserRepository.ENTITY_NAME);
      try (var all = users.findAll()) {
        assertThatThrownBy(() -> all.forEach(user -> { }))
            .isInstanceOf(CorruptRecordException.class);
      }
    }
  }

  private static <ID> void assertCorruptionNamesTheKey(KvStore store, Subject subject,
      Function<Integer, ID> id, Function<ID, Optional<?>> findById, String entity) {
    Random random = new Random(11);
    AtomicOperation write = store.atomic();
    for (int i = 0; i < 1000; i++) {
      write.set(StoredKeys.key(store, entity, id.apply(i)), input(i % 5, subject.valid(), random));
    }
    assertThat(write.commit().ok()).isTrue();
    int corrupt = 0;
    for (int i = 0; i < 1000; i++) {
      Tuple key = StoredKeys.key(store, entity, id.apply(i));
      try {
        findById.apply(id.apply(i));
      } catch (CorruptRecordException e) {
        corrupt++;
        assertThat((Object) e.key()).isEqualTo(key);
        assertThat(e.getMessage()).startsWith("entity '" + entity + "': stored value under key (");
        assertThat(e.getCause()).isInstanceOfAny(TupleDecodingException.class, IllegalArgumentException.class);
      }
    }
    assertThat(corrupt).as("most of the values are corrupt").isGreaterThan(500);
  }

  @Test
  void hugeValuesDecodeInMemoryProportionalToTheirSize() {
    try (KvStore store = LmdbKvStore.open(directory)) {
      assertDecodingInBoundedMemory(GeneratedMappings.of(new SpecimenRepository(store)));
    }
  }

  private static void assertDecodingInBoundedMemory(EntityMapping<Specimen, UUID> mapping) {
    int size = 4 << 20;
    byte[] header = Tuple.of(SpecimenRepository.SCHEMA_ID).pack();
    List<byte[]> inputs = List.of(
        withHeader(header, 0x02, size, (byte) 'a', false), // an unterminated string
        withHeader(header, 0x02, size, (byte) 0xC3, false), // unterminated, not ASCII
        withHeader(header, 0x01, size, (byte) 0x07, true), // a 4 MiB byte string, then nothing
        withHeader(header, 0x05, size, (byte) 0x05, false), // nesting deeper than allowed
        withHeader(header, 0x05, size, (byte) 0x26, true)); // one nested tuple of 4 Mi parts
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long thread = Thread.currentThread().getId();
    for (byte[] input : inputs) {
      long before = threads.getThreadAllocatedBytes(thread);
      assertThatThrownBy(() -> mapping.decode(input))
          .isInstanceOfAny(TupleDecodingException.class, IllegalArgumentException.class);
      long allocated = threads.getThreadAllocatedBytes(thread) - before;
      assertThat(allocated).as("bytes allocated to decode %d bytes", input.length)
          .isLessThan(32L * input.length + (1 << 20)); // a reference and list growth per 1-byte part
    }
  }

  private static byte[] withHeader(byte[] header, int code, int size, byte fill, boolean terminate) {
    byte[] input = Arrays.copyOf(header, header.length + 1 + size + (terminate ? 1 : 0));
    input[header.length] = (byte) code;
    Arrays.fill(input, header.length + 1, header.length + 1 + size, fill);
    return input;
  }

  @Test
  void aValueNamingAClassDecodesToAStringOrAnErrorAndNeverLoadsIt() {
    String className = "dev.tessera.it.Tripwire";
    assertThat(System.getProperty(Tripwire.PROPERTY)).as("the constant is inlined: not loaded").isNull();
    try (KvStore store = LmdbKvStore.open(directory)) {
      SpecimenRepository specimens = new SpecimenRepository(store);
      EntityMapping<Specimen, UUID> mapping = GeneratedMappings.of(specimens);
      Specimen named = Specimens.random(new Random(3));
      named = new Specimen(named.id(), named.flag(), named.boxedFlag(), named.small(),
          named.shortValue(), named.count(), named.boxedCount(), named.total(), named.boxedTotal(),
          named.letter(), named.weight(), named.score(), named.ratio(), className, named.bytes(),
          named.kind(), named.instant(), named.date(), named.dateTime(), named.time(),
          named.duration(), named.big(), named.decimal(), Optional.of(className), named.numbers(),
          named.kinds(), Map.of(className, List.of()), new Specimen.Part(className, 1, Optional.empty()),
          named.parts());
      specimens.insert(named);

      Specimen read = specimens.findById(named.id()).orElseThrow();
      assertThat(read.label()).isEqualTo(className);
      assertThat(read.note()).contains(className);
      assertThat(read.history()).containsOnlyKeys(className);
      assertThat(read.part().name()).isEqualTo(className);

      Tuple stored = Tuple.unpack(mapping.encode(named));
      List<Object> parts = new ArrayList<>(stored.items());
      parts.set(16, className); // the enum component
      byte[] enumNamingAClass = Tuple.fromList(parts).pack();
      assertThatThrownBy(() -> mapping.decode(enumNamingAClass))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("'" + className + "' is not a constant of " + Specimen.Kind.class.getName());
      parts.set(16, null);
      parts.set(28, className); // the nested record component
      byte[] recordNamingAClass = Tuple.fromList(parts).pack();
      assertThatThrownBy(() -> mapping.decode(recordNamingAClass))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("expected a nested tuple but found String " + className);
    }
    assertThat(System.getProperty(Tripwire.PROPERTY)).as("decoding loaded no class it named").isNull();
    // The tripwire works: loading the class by its name sets the property.
    try {
      Class.forName(className);
    } catch (ClassNotFoundException e) {
      throw new AssertionError(e);
    }
    assertThat(System.getProperty(Tripwire.PROPERTY)).isEqualTo("true");
  }
}
