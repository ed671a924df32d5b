package dev.tessera.internal.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.internal.mapping.FieldCodec;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.repository.IncompatibleSchemaException;
import dev.tessera.tuple.Tuple;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Translation plans between a stored and a current schema, on unpacked values. */
class SchemaTranslationTest {

  /** A schema of {@code "entity"} keyed by its first component. */
  private static RecordSchema schema(ComponentSchema... components) {
    return new RecordSchema("entity", components[0].name(), List.of(components));
  }

  private static ComponentSchema c(String name, String type) {
    return ComponentSchema.of(name, type);
  }

  /** A stored value of {@code schema}. */
  private static Tuple value(RecordSchema schema, Object... parts) {
    List<Object> all = new ArrayList<>();
    all.add(schema.id());
    all.addAll(java.util.Arrays.asList(parts));
    return Tuple.fromList(all);
  }

  private static Object translate(RecordSchema stored, RecordSchema current, Object... parts) {
    Tuple translated = SchemaTranslation.between(stored, current).apply(value(stored, parts));
    assertThat(current.isCurrent(translated)).isTrue();
    return translated.subTuple(1, translated.size());
  }

  @Test
  void addedComponentsReadTheirTypesDefault() {
    RecordSchema v1 = schema(c("id", "STRING"));
    RecordSchema v2 =
        schema(
            c("id", "STRING"),
            c("count", "int"),
            c("flag", "boolean"),
            c("ratio", "float"),
            c("share", "double"),
            c("boxed", "INT"),
            c("text", "STRING"),
            c("tags", "List<STRING>"),
            c("seen", "Set<INT>"),
            c("attributes", "Map<STRING,STRING>"),
            c("nickname", "Optional<STRING>"));

    assertThat(translate(v1, v2, "a"))
        .isEqualTo(
            Tuple.of("a", 0L, false, 0f, 0d, null, null, Tuple.of(), Tuple.of(), Tuple.of(), null));
  }

  @Test
  void addedComponentReadsItsDeclaredDefault() {
    RecordSchema v1 = schema(c("id", "STRING"));
    RecordSchema v2 =
        schema(
            c("id", "STRING"),
            c("language", "STRING").withDefault("en"),
            c("level", "int").withDefault(3L));

    assertThat(translate(v1, v2, "a")).isEqualTo(Tuple.of("a", "en", 3L));
  }

  @Test
  void removedComponentsAreSkippedAndReorderedOnesFollowTheirNames() {
    RecordSchema v1 = schema(c("id", "STRING"), c("a", "STRING"), c("gone", "int"), c("b", "LONG"));
    RecordSchema v2 = schema(c("id", "STRING"), c("b", "LONG"), c("a", "STRING"));

    assertThat(translate(v1, v2, "k", "x", 7L, 9L)).isEqualTo(Tuple.of("k", 9L, "x"));
  }

  @Test
  void renamedComponentReadsItsFormerName() {
    RecordSchema v1 = schema(c("id", "STRING"), c("mail", "STRING"));
    RecordSchema v2 =
        schema(c("id", "STRING"), c("email", "STRING").renamedFrom("address", "mail"));

    assertThat(translate(v1, v2, "k", "a@b")).isEqualTo(Tuple.of("k", "a@b"));
  }

  @Test
  void currentNameWinsOverAFormerName() {
    RecordSchema v1 = schema(c("id", "STRING"), c("mail", "STRING"), c("email", "STRING"));
    RecordSchema v2 = schema(c("id", "STRING"), c("email", "STRING").renamedFrom("mail"));

    assertThat(translate(v1, v2, "k", "old", "new")).isEqualTo(Tuple.of("k", "new"));
  }

  @Test
  void losslessWideningsConvertTheStoredParts() {
    RecordSchema v1 =
        schema(
            c("id", "STRING"),
            c("i", "int"),
            c("s", "short"),
            c("f", "float"),
            c("boxedF", "FLOAT"),
            c("n", "int"),
            c("b", "byte"),
            c("big", "long"),
            c("maybe", "int"),
            c("boxed", "int"));
    RecordSchema v2 =
        schema(
            c("id", "STRING"),
            c("i", "long"),
            c("s", "int"),
            c("f", "double"),
            c("boxedF", "DOUBLE"),
            c("n", "double"),
            c("b", "float"),
            c("big", "BIG_INTEGER"),
            c("maybe", "Optional<LONG>"),
            c("boxed", "INT"));

    Tuple translated = (Tuple) translate(v1, v2, "k", 5L, -3L, 1.5f, null, 7L, -2L, 9L, 4L, 6L);

    assertThat((Object) translated)
        .isEqualTo(Tuple.of("k", 5L, -3L, 1.5d, null, 7d, -2f, 9L, 4L, 6L));
    assertThat(FieldCodec.decodeDouble(translated.get(3))).isEqualTo(1.5d);
    assertThat(FieldCodec.decodeBigInteger(translated.get(7))).isEqualTo(BigInteger.valueOf(9));
  }

  @Test
  void containersAndNestedRecordsConvertElementByElement() {
    String geoV1 = "record com.acme.Geo(lat:float,lon:float)";
    String geoV2 = "record com.acme.Geo(lon:double,lat:double,label:STRING,hits:int)";
    RecordSchema v1 =
        schema(
            c("id", "STRING"),
            c("points", "List<" + geoV1 + ">"),
            c("scores", "Map<STRING,FLOAT>"),
            c("home", geoV1));
    RecordSchema v2 =
        schema(
            c("id", "STRING"),
            c("points", "List<" + geoV2 + ">"),
            c("scores", "Map<STRING,DOUBLE>"),
            c("home", "Optional<" + geoV2 + ">"));

    Object translated =
        translate(
            v1,
            v2,
            "k",
            Tuple.of(Tuple.of(1.5f, 2.5f), null),
            Tuple.of("a", 0.5f, "b", null),
            null);

    assertThat(translated)
        .isEqualTo(
            Tuple.of(
                "k",
                Tuple.of(Tuple.of(2.5d, 1.5d, null, 0L), null),
                Tuple.of("a", 0.5d, "b", null),
                null));
  }

  @Test
  void incompatibleTypeIsRejectedNamingEntityComponentAndBothTypes() {
    RecordSchema v1 = schema(c("id", "STRING"), c("age", "STRING"));
    RecordSchema v2 = schema(c("id", "STRING"), c("age", "int"));

    assertThatThrownBy(() -> SchemaTranslation.between(v1, v2))
        .isInstanceOfSatisfying(
            IncompatibleSchemaException.class,
            e -> {
              assertThat(e.entityName()).isEqualTo("entity");
              assertThat(e.componentName()).isEqualTo("age");
              assertThat(e.storedType()).isEqualTo("STRING");
              assertThat(e.currentType()).isEqualTo("int");
              assertThat(e.storedSchemaId()).isEqualTo(v1.id());
            })
        .hasMessageContaining("entity 'entity'")
        .hasMessageContaining("component 'age' was stored as STRING and is now int");
  }

  @Test
  void narrowingAndNullToPrimitiveAreRejected() {
    String[][] rejected = {
      {"long", "int"}, {"double", "float"}, {"int", "float"}, {"long", "double"}, {"INT", "int"},
      {"int", "short"}, {"STRING", "enum com.acme.Color"}, {"List<LONG>", "Set<LONG>"},
      {"Optional<INT>", "INT"}, {"Map<STRING,LONG>", "Map<STRING,INT>"},
      {"record com.acme.A(x:LONG)", "record com.acme.A(x:INT)"}
    };
    for (String[] change : rejected) {
      RecordSchema v1 = schema(c("id", "STRING"), c("x", change[0]));
      RecordSchema v2 = schema(c("id", "STRING"), c("x", change[1]));
      assertThatThrownBy(() -> SchemaTranslation.between(v1, v2))
          .as("%s -> %s", change[0], change[1])
          .isInstanceOf(IncompatibleSchemaException.class);
    }
  }

  @Test
  void primaryKeyMayOnlyWidenAsAnInteger() {
    RecordSchema intKey = schema(c("id", "int"), c("name", "STRING"));
    assertThat(translate(intKey, schema(c("id", "LONG"), c("name", "STRING")), 5L, "x"))
        .isEqualTo(Tuple.of(5L, "x"));

    for (String changed : new String[] {"STRING", "short", "double", "Optional<INT>"}) {
      RecordSchema v2 = schema(c("id", changed), c("name", "STRING"));
      assertThatThrownBy(() -> SchemaTranslation.between(intKey, v2))
          .as("int -> %s", changed)
          .isInstanceOfSatisfying(
              IncompatibleSchemaException.class,
              e -> assertThat(e.componentName()).isEqualTo("id"))
          .hasMessageContaining("the primary key 'id' was stored as int and is now " + changed);
    }
  }

  @Test
  void primaryKeyMovingToAnotherComponentIsRejected() {
    RecordSchema v1 = new RecordSchema("entity", "id", List.of(c("id", "STRING"), c("email", "STRING")));
    RecordSchema v2 =
        new RecordSchema("entity", "email", List.of(c("id", "STRING"), c("email", "STRING")));

    assertThat(v2.id()).isEqualTo(v1.id());
    assertThatThrownBy(() -> SchemaTranslation.between(v1, v2))
        .isInstanceOf(IncompatibleSchemaException.class)
        .hasMessageContaining("the primary key was 'id' (STRING) and is now 'email' (STRING)");
  }

  @Test
  void renamedPrimaryKeyIsStillTheKey() {
    RecordSchema v1 = schema(c("id", "STRING"), c("name", "STRING"));
    RecordSchema v2 = schema(c("key", "STRING").renamedFrom("id"), c("name", "STRING"));

    assertThat(translate(v1, v2, "k", "x")).isEqualTo(Tuple.of("k", "x"));
  }

  @Test
  void valueOfAnotherShapeIsRejected() {
    RecordSchema v1 = schema(c("id", "STRING"), c("a", "STRING"));
    RecordSchema v2 = schema(c("id", "STRING"));
    SchemaTranslation plan = SchemaTranslation.between(v1, v2);

    assertThatThrownBy(() -> plan.apply(Tuple.of(v1.id(), "k")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("has 1 components, but its schema entity(id:STRING,a:STRING)");
  }
}
