package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tessera.processor.TesseraCompiler.compile;
import static dev.tessera.processor.TesseraCompiler.generatedText;
import static dev.tessera.processor.TesseraCompiler.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Generated repositories compile without a single warning under {@code -Xlint:all -Werror}, for
 * every supported type and every key and index shape.
 */
class GeneratedCodeCompilesTest {

  /** Every stored type at once, nested in containers and records. */
  static final JavaFileObject EVERYTHING =
      source(
          "com.acme.Everything",
          "package com.acme;",
          "",
          "import dev.tessera.annotations.*;",
          "import java.math.*;",
          "import java.time.*;",
          "import java.util.*;",
          "",
          "@Entity",
          "public record Everything(",
          "    @PrimaryKey UUID id,",
          "    boolean flag, Boolean boxedFlag,",
          "    byte b, Byte boxedB, short s, Short boxedS, int i, Integer boxedI,",
          "    long l, Long boxedL, @Index char c, @Index Character boxedC,",
          "    float f, Float boxedF, double d, Double boxedD,",
          "    @Index(normalize = Normalize.CASE_AND_ACCENT_INSENSITIVE) String text,",
          "    @UniqueIndex byte[] bytes,",
          "    @Index Color color,",
          "    @Index Instant instant, @Index LocalDate date, @Index LocalDateTime dateTime,",
          "    @Index LocalTime time, @Index Duration duration, @Index OffsetDateTime offsetDateTime,",
          "    @Index BigInteger bigInteger, @UniqueIndex BigDecimal bigDecimal,",
          "    Optional<String> maybeText, Optional<Address> maybeAddress,",
          "    List<Integer> numbers, Set<Color> colors, Map<String, List<Instant>> history,",
          "    List<List<Map<Long, Optional<String>>>> deep,",
          "    Address address, List<Address> addresses) {",
          "  public enum Color { RED, GREEN }",
          "  public record Address(String street, int number, Optional<Geo> geo) {}",
          "  public record Geo(double latitude, double longitude) {}",
          "}");

  @Test
  void everySupportedTypeCompilesWithoutWarnings() {
    Compilation compilation = compile(EVERYTHING);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generatedText(compilation, "com.acme.EverythingRepository");
    assertThat(generated)
        .contains("private static final Codec<Everything.Address> EVERYTHING_ADDRESS_RECORD = Codecs.record(")
        .contains("private static final Codec<Everything.Geo> EVERYTHING_GEO_RECORD = Codecs.record(")
        .contains("public Optional<Everything> findByBytes(byte[] bytes)")
        .contains("public List<Everything> findByInstant(Instant instant)")
        .contains(
            "ComponentSchema.of(\"history\", TypeDescriptor.map(TypeDescriptor.STRING,"
                + " TypeDescriptor.list(TypeDescriptor.INSTANT)))")
        .contains(
            "ComponentSchema.of(\"colors\","
                + " TypeDescriptor.set(TypeDescriptor.enumOf(\"com.acme.Everything.Color\")))")
        .contains(
            "TypeDescriptor.record(\"com.acme.Everything.Geo\", new TypeDescriptor.Component("
                + "\"latitude\", TypeDescriptor.DOUBLE)");
  }

  @Test
  void compositeKeyAndCompositeIndexesCompile() {
    Compilation compilation =
        compile(
            source(
                "com.acme.Booking",
                "package com.acme;",
                "",
                "import dev.tessera.annotations.*;",
                "",
                "@Entity(name = \"bookings\")",
                "@Index(fields = {\"room\", \"price\"})",
                "@UniqueIndex(name = \"slot\", fields = {\"room\", \"day\"},",
                "    normalize = Normalize.CASE_INSENSITIVE)",
                "public record Booking(@PrimaryKey Key key, int room, Double price, String day) {",
                "  public record Key(String hotel, long number) {}",
                "}"));
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generatedText(compilation, "com.acme.BookingRepository");
    assertThat(generated)
        .contains("extends EntityRepository<Booking, Booking.Key>")
        .contains("public List<Booking> findByRoomAndPrice(int room, Double price)")
        .contains("public long countByRoomAndPrice(int room, Double price)")
        .contains("public Optional<Booking> findBySlot(int room, String day)")
        .contains("public boolean existsBySlot(int room, String day)")
        .contains("\"bookings_by_roomAndPrice\"")
        .contains("\"bookings_by_slot\"")
        .contains(
            "return Tuple.of(Codecs.STRING.encode(id.hotel()), Codecs.LONG.encode(id.number()));")
        .contains(
            "return new Booking.Key(Codecs.STRING.decode(parts.get(0)),"
                + " Codecs.LONG.decode(parts.get(1)));")
        // Only the String field of the composite is normalised.
        .contains("return IndexDefinition.keyPart(ROOM_CODEC, room);")
        .contains("return IndexDefinition.textKeyPart(DAY_CODEC, Normalize.")
        // one prefix query per proper prefix of the key's components: here only (hotel)
        .contains(
            "public KeyQuery<Booking, Booking.Key> byIdStartingWith(String hotel) {\n"
                + "    Objects.requireNonNull(hotel, \"hotel\");\n"
                + "    return byIdStartingWithParts(Tuple.of(Codecs.STRING.encode(hotel)));")
        .doesNotContain("byIdStartingWith(String hotel, long number)");
  }

  @Test
  void ulidKeyAndPrimitiveKeyCompile() {
    Compilation compilation =
        compile(
            source(
                "com.acme.Event",
                "package com.acme;",
                "",
                "import dev.tessera.annotations.*;",
                "",
                "@Entity",
                "public record Event(@PrimaryKey(generate = KeyGeneration.ULID) String id,",
                "    String kind) {}"),
            source(
                "com.acme.Counter",
                "package com.acme;",
                "",
                "import dev.tessera.annotations.*;",
                "",
                "@Entity",
                "public record Counter(@PrimaryKey long id, @Index long value) {}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedText(compilation, "com.acme.EventRepository"))
        .contains("KeyGeneration.ULID, SCHEMA, INDEXES);");
    assertThat(generatedText(compilation, "com.acme.EventRepository"))
        .doesNotContain("byIdStartingWith");
    assertThat(generatedText(compilation, "com.acme.CounterRepository"))
        .doesNotContain("byIdStartingWith")
        .contains("extends EntityRepository<Counter, Long>")
        .contains("public List<Counter> findByValue(long value)")
        // a primitive is never null-checked; only the array of in(long...) is, and the boxed
        // elements of in(Collection<Long>)
        .contains("public List<Counter> findByValue(long value) {\n    return findByIndex(")
        .contains("public IndexQuery<Counter> in(long... value) {\n      Objects.requireNonNull(value, \"value\");\n"
            + "      List<Object> valueParts = new ArrayList<>(value.length);\n"
            + "      for (long valueValue : value) {\n        valueParts.add(")
        .contains("public IndexQuery<Counter> in(Collection<Long> value) {\n      Objects.requireNonNull(value, \"value\");\n"
            + "      List<Object> valueParts = new ArrayList<>(value.size());\n"
            + "      for (Long valueValue : value) {\n        Objects.requireNonNull(valueValue, \"value\");");
  }

  @Test
  void defaultsOfEverySupportedTypeAndFormerNamesCompile() {
    Compilation compilation =
        compile(
            source(
                "com.acme.Settings",
                "package com.acme;",
                "",
                "import dev.tessera.annotations.*;",
                "import java.math.*;",
                "import java.time.*;",
                "import java.util.*;",
                "",
                "@Entity",
                "public record Settings(",
                "    @PrimaryKey @Renamed(from = \"key\") String id,",
                "    @DefaultValue(\"true\") boolean flag, @DefaultValue(\"false\") Boolean boxedFlag,",
                "    @DefaultValue(\"-128\") byte b, @DefaultValue(\"7\") Short s,",
                "    @DefaultValue(\"-2147483648\") int i, @DefaultValue(\"-9223372036854775808\") long l,",
                "    @DefaultValue(\"x\") char c, @DefaultValue(\"1.5\") float f,",
                "    @DefaultValue(\"NaN\") Double d, @DefaultValue(\"-Infinity\") float low,",
                "    @DefaultValue(\"en\") @Renamed(from = {\"lang\", \"locale\"}) String language,",
                "    @DefaultValue(\"GREEN\") Color color,",
                "    @DefaultValue(\"123e4567-e89b-12d3-a456-426614174000\") UUID uuid,",
                "    @DefaultValue(\"2024-01-01T00:00:00Z\") Instant instant,",
                "    @DefaultValue(\"2024-01-01\") LocalDate date,",
                "    @DefaultValue(\"2024-01-01T12:00\") LocalDateTime dateTime,",
                "    @DefaultValue(\"12:00\") LocalTime time, @DefaultValue(\"PT1H\") Duration duration,",
                "    @DefaultValue(\"123456789012345678901234567890\") BigInteger big,",
                "    @DefaultValue(\"-12.3400\") BigDecimal decimal) {",
                "  public enum Color { RED, GREEN }",
                "}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedText(compilation, "com.acme.SettingsRepository"))
        .contains("ComponentSchema.of(\"id\", TypeDescriptor.STRING).renamedFrom(\"key\")")
        .contains(
            "ComponentSchema.of(\"language\", TypeDescriptor.STRING).renamedFrom(\"lang\", \"locale\")"
                + ".withDefault(Codecs.STRING.encode(\"en\"))")
        .contains(".withDefault(Codecs.BYTE.encode((byte) -128))")
        .contains(".withDefault(Codecs.LONG.encode(-9223372036854775808L))")
        .contains(".withDefault(Codecs.CHAR.encode((char) 120))")
        .contains(".withDefault(Codecs.FLOAT.encode(1.5f))")
        .contains(".withDefault(Codecs.BOXED_DOUBLE.encode(Double.NaN))")
        .contains(".withDefault(Codecs.FLOAT.encode(Float.NEGATIVE_INFINITY))")
        .contains(".withDefault(Codecs.enumOf(Settings.Color.class).encode(Settings.Color.GREEN))")
        .contains(".withDefault(Codecs.INSTANT.encode(Instant.parse(\"2024-01-01T00:00:00Z\")))")
        .contains(".withDefault(Codecs.BIG_DECIMAL.encode(new BigDecimal(\"-12.3400\")))");
  }

  @Test
  void staticNestedEntityGetsARepositoryInItsPackage() {
    Compilation compilation =
        compile(
            source(
                "com.acme.Shop",
                "package com.acme;",
                "",
                "import dev.tessera.annotations.*;",
                "",
                "public final class Shop {",
                "  @Entity public record Item(@PrimaryKey String sku, @Index Kind kind) {}",
                "  public enum Kind { FOOD, TOOL }",
                "}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedText(compilation, "com.acme.ItemRepository"))
        .contains("public final class ItemRepository extends EntityRepository<Shop.Item, String>")
        .contains("public static final String ENTITY_NAME = \"item\";")
        .contains("public List<Shop.Item> findByKind(Shop.Kind kind)");
  }

  @Test
  void multiValueIndexesOverListsAndSetsCompile() {
    Compilation compilation =
        compile(
            source(
                "com.acme.Post",
                "package com.acme;",
                "",
                "import dev.tessera.annotations.*;",
                "import java.time.*;",
                "import java.util.*;",
                "",
                "@Entity",
                "public record Post(",
                "    @PrimaryKey String id,",
                "    @Index(normalize = Normalize.CASE_INSENSITIVE) List<String> tags,",
                "    @UniqueIndex Set<String> slugs,",
                "    @Index Set<Kind> kinds,",
                "    @Index List<Long> scores,",
                "    @Index List<LocalDate> dates) {",
                "  public enum Kind { NOTE, LINK }",
                "}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedText(compilation, "com.acme.PostRepository"))
        .contains("IndexDefinition.multiValue(\"tags\"")
        .contains("\"index(tags:each STRING)/CASE_INSENSITIVE\"")
        .contains("\"unique(slugs:each STRING)/NONE\"")
        .contains("\"index(kinds:each enum com.acme.Post.Kind{NOTE,LINK})/NONE\"")
        .contains("public static final class ByTagsQuery extends MultiValueStage<Post, String>")
        .contains("public static final class ByScoresQuery extends MultiValueStage<Post, Long>")
        .contains("public List<Post> findByTags(String tags)")
        .contains("public Optional<Post> findBySlugs(String slugs)")
        .contains("private static Object scoresKey(Long scores)")
        .contains("return IndexDefinition.keyPart(Codecs.BOXED_LONG, scores);")
        .contains("return IndexDefinition.textKeyPart(Codecs.STRING, Normalize.CASE_INSENSITIVE, tags);");
  }
}
