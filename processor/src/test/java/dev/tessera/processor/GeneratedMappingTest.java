package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tessera.processor.TesseraCompiler.compile;
import static dev.tessera.processor.TesseraCompiler.source;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.testing.compile.Compilation;
import dev.tessera.annotations.KeyGeneration;
import dev.tessera.annotations.Normalize;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.mapping.TextNormalizer;
import dev.tessera.tuple.Tuple;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs generated mappings: records survive encode/decode, keys and index values are encoded and
 * normalised as declared, and foreign bytes are rejected. The mapping is a private nested class,
 * so the test reaches it by reflection; generated code itself uses none.
 */
class GeneratedMappingTest {
  private static CompiledClasses classes;

  @BeforeAll
  static void compileEntities() {
    Compilation compilation =
        compile(
            source(
                "com.acme.User",
                "package com.acme;",
                "import dev.tessera.annotations.*;",
                "@Entity public record User(@PrimaryKey String id, String name,",
                "    @UniqueIndex(normalize = Normalize.CASE_INSENSITIVE) String email,",
                "    @Index String favoriteColor) {}"),
            source(
                "com.acme.Booking",
                "package com.acme;",
                "import dev.tessera.annotations.*;",
                "@Entity @Index(fields = {\"room\", \"guest\"},",
                "    normalize = Normalize.CASE_AND_ACCENT_INSENSITIVE)",
                "public record Booking(@PrimaryKey Key key, int room, String guest) {",
                "  public record Key(String hotel, long number) {}",
                "}"),
            GeneratedCodeCompilesTest.EVERYTHING,
            source(
                "com.acme.Samples",
                "package com.acme;",
                "import java.math.*;",
                "import java.time.*;",
                "import java.util.*;",
                "public final class Samples {",
                "  public static Everything everything(byte[] bytes) {",
                "    Map<String, List<Instant>> history = new LinkedHashMap<>();",
                "    history.put(\"z\", List.of(Instant.EPOCH));",
                "    history.put(\"a\", List.of());",
                "    Map<Long, Optional<String>> inner = new LinkedHashMap<>();",
                "    inner.put(-1L, Optional.of(\"x\"));",
                "    inner.put(2L, Optional.empty());",
                "    return new Everything(UUID.fromString(\"01234567-89ab-cdef-0123-456789abcdef\"),",
                "        true, null, (byte) -1, (byte) 2, (short) -300, null, -7, 8, Long.MIN_VALUE, 9L,",
                "        'q', null, -1.5f, 2.5f, Double.NaN, null, \"Bànana\", bytes,",
                "        Everything.Color.GREEN, Instant.ofEpochSecond(-5, 7), LocalDate.of(1900, 1, 1),",
                "        LocalDateTime.of(2030, 5, 6, 7, 8, 9, 10), LocalTime.NOON, Duration.ofMillis(-3),",
                "        OffsetDateTime.of(2026, 1, 2, 3, 4, 5, 6, ZoneOffset.ofHours(-4)),",
                "        BigInteger.TWO.pow(80).negate(), new BigDecimal(\"-12.3400\"),",
                "        Optional.of(\"maybe\"), Optional.empty(), Arrays.asList(1, null, 3),",
                "        Set.of(Everything.Color.RED), history, List.of(List.of(inner)),",
                "        new Everything.Address(\"Main\", 5, Optional.of(new Everything.Geo(1.5, -2.5))),",
                "        List.of(new Everything.Address(\"Side\", 0, Optional.empty())));",
                "  }",
                "}"));
    assertThat(compilation).succeededWithoutWarnings();
    classes = new CompiledClasses(compilation);
  }

  @SuppressWarnings("unchecked")
  private static EntityMapping<Object, Object> mapping(String entity) throws Exception {
    Class<?> type = classes.loadClass("com.acme." + entity + "Repository$Mapping");
    Constructor<?> constructor = type.getDeclaredConstructor();
    constructor.setAccessible(true);
    return (EntityMapping<Object, Object>) constructor.newInstance();
  }

  private static Object constant(String repository, String name) throws Exception {
    return classes.loadClass("com.acme." + repository).getField(name).get(null);
  }

  private static Object newRecord(String type, Object... components) throws Exception {
    for (Constructor<?> constructor : classes.loadClass(type).getConstructors()) {
      if (constructor.getParameterCount() == components.length) {
        return constructor.newInstance(components);
      }
    }
    throw new AssertionError("no canonical constructor for " + type);
  }

  private static Object sample(byte[] bytes) throws Exception {
    Method everything = classes.loadClass("com.acme.Samples").getMethod("everything", byte[].class);
    return everything.invoke(null, (Object) bytes);
  }

  @Test
  void userRoundTripsAndDescribesItself() throws Exception {
    EntityMapping<Object, Object> mapping = mapping("User");
    Object user = newRecord("com.acme.User", "u1", "Alice", "Alice@Example.com", null);

    assertThat(mapping.decode(mapping.encode(user))).isEqualTo(user);
    assertThat(mapping.entityName()).isEqualTo("user");
    assertThat(mapping.primaryKeyName()).isEqualTo("id");
    assertThat(mapping.keyGeneration()).isEqualTo(KeyGeneration.NONE);
    assertThat(mapping.idOf(user)).isEqualTo("u1");
    assertThat(mapping.withId(user, "u2"))
        .isEqualTo(newRecord("com.acme.User", "u2", "Alice", "Alice@Example.com", null));
    assertThat((Object) mapping.keyParts("u1")).isEqualTo(Tuple.of("u1"));
    assertThat(mapping.idFromKeyParts(Tuple.of("u1"))).isEqualTo("u1");
    assertThatThrownBy(() -> mapping.keyParts(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("id");
  }

  @Test
  void storedValueStartsWithTheSchemaIdDerivedFromTheDescriptor() throws Exception {
    EntityMapping<Object, Object> mapping = mapping("User");
    long schemaId = (Long) constant("UserRepository", "SCHEMA_ID");
    RecordSchema schema = (RecordSchema) constant("UserRepository", "SCHEMA");

    assertThat(schema.descriptor())
        .isEqualTo("user(id:STRING,name:STRING,email:STRING,favoriteColor:STRING)");
    assertThat(schemaId).isEqualTo(RecordSchema.fingerprint(schema.descriptor()));
    assertThat(mapping.schema()).isSameAs(schema);
    Object user = newRecord("com.acme.User", "u1", "Alice", null, "blue");
    assertThat((Object) Tuple.unpack(mapping.encode(user)))
        .isEqualTo(Tuple.of(schemaId, "u1", "Alice", null, "blue"));
  }

  @Test
  void typedSchemaComponentsPrintTheTextTheProcessorHashed() throws Exception {
    long schemaId = (Long) constant("EverythingRepository", "SCHEMA_ID");
    RecordSchema schema = (RecordSchema) constant("EverythingRepository", "SCHEMA");

    assertThat(schema.id()).isEqualTo(schemaId);
    assertThat(schema.components())
        .extracting(ComponentSchema::toString)
        .contains(
            "colors:Set<enum com.acme.Everything.Color>",
            "history:Map<STRING,List<INSTANT>>",
            "maybeAddress:Optional<record com.acme.Everything.Address(street:STRING,number:int,"
                + "geo:Optional<record com.acme.Everything.Geo(latitude:double,longitude:double)>)>");
  }

  @Test
  void valueOfAnotherSchemaIsRejected() throws Exception {
    EntityMapping<Object, Object> mapping = mapping("User");
    byte[] foreign = Tuple.of(12345L, "u1", "Alice", null, null).pack();
    assertThatThrownBy(() -> mapping.decode(foreign))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'user'")
        .hasMessageContaining("not written with its current schema")
        .hasMessageContaining("12345");
  }

  @Test
  @SuppressWarnings("unchecked")
  void indexValuesAreNormalisedAndANullIsANullPartOnlyInANonUniqueIndex() throws Exception {
    IndexDefinition<Object> email = (IndexDefinition<Object>) constant("UserRepository", "BY_EMAIL");
    IndexDefinition<Object> color =
        (IndexDefinition<Object>) constant("UserRepository", "BY_FAVORITE_COLOR");
    Object user = newRecord("com.acme.User", "u1", "Alice", "Alice@Example.COM", null);

    assertThat(email.subspace()).isEqualTo("user_by_email");
    assertThat(email.unique()).isTrue();
    assertThat((Object) email.values().apply(user)).isEqualTo(Tuple.of("alice@example.com"));
    assertThat(color.unique()).isFalse();
    assertThat((Object) color.values().apply(user)).isEqualTo(Tuple.of((Object) null));
    assertThat(color.holdsNulls()).isTrue();
    Object withoutEmail = newRecord("com.acme.User", "u2", "Bob", null, "blue");
    assertThat((Object) email.values().apply(withoutEmail)).isNull(); // not in the unique index
    assertThat(email.holdsNulls()).isFalse();
    assertThat(mapping("User").indexes()).containsExactly(email, color);
  }

  @Test
  @SuppressWarnings("unchecked")
  void compositeKeyHasOnePartPerComponentAndCompositeIndexNormalisesStrings() throws Exception {
    EntityMapping<Object, Object> mapping = mapping("Booking");
    Object key = newRecord("com.acme.Booking$Key", "Ritz", -4L);
    Object booking = newRecord("com.acme.Booking", key, 12, "Zoë");

    assertThat((Object) mapping.keyParts(key)).isEqualTo(Tuple.of("Ritz", -4L));
    assertThat(mapping.idFromKeyParts(Tuple.of("Ritz", -4L))).isEqualTo(key);
    assertThat(mapping.decode(mapping.encode(booking))).isEqualTo(booking);
    IndexDefinition<Object> index =
        (IndexDefinition<Object>) constant("BookingRepository", "BY_ROOM_AND_GUEST");
    assertThat(index.subspace()).isEqualTo("booking_by_roomAndGuest");
    assertThat(index.fields()).containsExactly("room", "guest");
    assertThat((Object) index.values().apply(booking)).isEqualTo(Tuple.of(12L, "zoe"));
  }

  @Test
  void indexDescriptorsNameUniquenessFieldTypesAndNormalisation() throws Exception {
    assertThat(((IndexDefinition<?>) constant("UserRepository", "BY_EMAIL")).descriptor())
        .isEqualTo("unique(email:STRING)/CASE_INSENSITIVE;text="
            + TextNormalizer.rules(Normalize.CASE_INSENSITIVE));
    assertThat(((IndexDefinition<?>) constant("UserRepository", "BY_FAVORITE_COLOR")).descriptor())
        .isEqualTo("index(favoriteColor:STRING)/NONE;nulls");
    assertThat(((IndexDefinition<?>) constant("BookingRepository", "BY_ROOM_AND_GUEST")).descriptor())
        .isEqualTo("index(room:int,guest:STRING)/CASE_AND_ACCENT_INSENSITIVE;nulls;text="
            + TextNormalizer.rules(Normalize.CASE_AND_ACCENT_INSENSITIVE));
  }

  @Test
  void everySupportedTypeRoundTrips() throws Exception {
    EntityMapping<Object, Object> mapping = mapping("Everything");
    byte[] bytes = {0, -1, 0x7f};
    Object original = sample(bytes);

    Object decoded = mapping.decode(mapping.encode(original));

    // byte[] compares by identity inside record equals, so compare it apart and share it after.
    Method bytesOf = decoded.getClass().getMethod("bytes");
    assertThat((byte[]) bytesOf.invoke(decoded)).containsExactly(bytes);
    assertThat(decoded.toString().replaceAll("bytes=\\[B@\\w+", ""))
        .isEqualTo(original.toString().replaceAll("bytes=\\[B@\\w+", ""));
    assertThat(mapping.encode(decoded)).isEqualTo(mapping.encode(original));
  }

  @Test
  void indexDefinitionsAreListedInDeclarationOrder() throws Exception {
    List<String> names =
        mapping("Everything").indexes().stream().map(IndexDefinition::name).toList();
    assertThat(names)
        .containsExactly(
            "c", "boxedC", "text", "bytes", "color", "instant", "date", "dateTime", "time",
            "duration", "offsetDateTime", "bigInteger", "bigDecimal");
  }
}
