package dev.tessera.internal.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.internal.mapping.FieldCodec;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.tuple.Tuple;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ComponentValuesTest {
  private static final UUID ID = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");

  private static RecordSchema schema(String... nameAndType) {
    List<ComponentSchema> components = new java.util.ArrayList<>();
    for (int i = 0; i < nameAndType.length; i += 2) {
      components.add(ComponentSchema.of(nameAndType[i], nameAndType[i + 1]));
    }
    return new RecordSchema("thing", nameAndType[0], components);
  }

  private static Tuple stored(RecordSchema schema, Object... parts) {
    return Tuple.of(schema.id()).addAll(Tuple.of(parts));
  }

  @Test
  void readsEveryScalarKindAsTheApplicationWouldDecodeIt() {
    RecordSchema schema = schema("id", "UUID", "flag", "boolean", "small", "byte", "count", "int",
        "big", "LONG", "letter", "char", "ratio", "float", "amount", "double", "name", "STRING",
        "raw", "BYTES", "colour", "enum com.acme.Colour", "at", "INSTANT", "day", "LOCAL_DATE",
        "when", "LOCAL_DATE_TIME", "time", "LOCAL_TIME", "took", "DURATION", "huge", "BIG_INTEGER",
        "price", "BIG_DECIMAL", "missing", "INT");
    Instant at = Instant.parse("2024-05-06T07:08:09.123Z");
    Tuple record = stored(schema, FieldCodec.encodeUuid(ID), true, FieldCodec.encodeByte((byte) -3),
        FieldCodec.encodeInt(42), FieldCodec.encodeBoxedLong(1L << 40), FieldCodec.encodeChar('x'),
        FieldCodec.encodeFloat(1.5f), FieldCodec.encodeDouble(-2.25), "héllo",
        FieldCodec.encodeBytes(new byte[] {1, 2}), "RED", FieldCodec.encodeInstant(at),
        FieldCodec.encodeLocalDate(LocalDate.of(2024, 2, 29)),
        FieldCodec.encodeLocalDateTime(LocalDateTime.of(2024, 2, 29, 23, 59)),
        FieldCodec.encodeLocalTime(LocalTime.NOON), FieldCodec.encodeDuration(Duration.ofMillis(1500)),
        FieldCodec.encodeBigInteger(BigInteger.TEN.pow(30)),
        FieldCodec.encodeBigDecimal(new BigDecimal("12.50")), null);

    Map<String, Object> values = ComponentValues.read(schema, Tuple.unpack(record.pack()));

    Map<String, Object> expected = new LinkedHashMap<>();
    expected.put("id", ID);
    expected.put("flag", true);
    expected.put("small", (byte) -3);
    expected.put("count", 42);
    expected.put("big", 1L << 40);
    expected.put("letter", 'x');
    expected.put("ratio", 1.5f);
    expected.put("amount", -2.25);
    expected.put("name", "héllo");
    expected.put("raw", new byte[] {1, 2});
    expected.put("colour", "RED");
    expected.put("at", at);
    expected.put("day", LocalDate.of(2024, 2, 29));
    expected.put("when", LocalDateTime.of(2024, 2, 29, 23, 59));
    expected.put("time", LocalTime.NOON);
    expected.put("took", Duration.ofMillis(1500));
    expected.put("huge", BigInteger.TEN.pow(30));
    expected.put("price", new BigDecimal("12.50"));
    expected.put("missing", null);
    assertThat(values.keySet()).containsExactlyElementsOf(expected.keySet());
    expected.forEach((name, value) -> assertThat(values.get(name)).as(name).isEqualTo(value));
  }

  @Test
  void readsContainersAndNestedRecords() {
    RecordSchema schema = schema("id", "STRING", "tags", "List<STRING>", "codes", "Set<INT>",
        "scores", "Map<STRING,List<INT>>", "nick", "Optional<STRING>", "none", "Optional<INT>",
        "home", "record com.acme.Address(city:STRING,zip:Optional<INT>)");
    Tuple record = stored(schema, "a", Tuple.of("x", "y"), Tuple.of(3L, 1L),
        Tuple.of("k", Tuple.of(1L, 2L)), "Al", null, Tuple.of("Oslo", null));

    Map<String, Object> values = ComponentValues.read(schema, record);

    assertThat(values.get("tags")).isEqualTo(List.of("x", "y"));
    assertThat(values.get("codes")).isEqualTo(Set.of(3, 1));
    assertThat(values.get("scores")).isEqualTo(Map.of("k", List.of(1, 2)));
    assertThat(values.get("nick")).isEqualTo("Al");
    assertThat(values.get("none")).isNull();
    Map<String, Object> home = new LinkedHashMap<>();
    home.put("city", "Oslo");
    home.put("zip", null);
    assertThat(values.get("home")).isEqualTo(home);
  }

  @Test
  void aPartOfTheWrongTypeNamesTheComponent() {
    RecordSchema schema = schema("id", "STRING", "count", "int");
    assertThatThrownBy(() -> ComponentValues.read(schema, stored(schema, "a", "seven")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("component 'count' (int) of entity 'thing' does not decode:");
    assertThatThrownBy(() -> ComponentValues.read(schema, stored(schema, "a", null)))
        .hasMessageContaining("null for primitive int");
    assertThatThrownBy(() -> ComponentValues.read(schema, Tuple.of(7L, "a")))
        .hasMessageContaining("was not written with schema thing(id:STRING,count:int)");
  }
}
