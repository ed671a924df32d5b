package dev.tessera.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.tuple.Tuple;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecordSchemaTest {
  private static final RecordSchema USER =
      new RecordSchema(
          "user",
          "id",
          List.of(ComponentSchema.of("id", "STRING"), ComponentSchema.of("age", "int")));

  @Test
  void fingerprintIsFnv1a64OfUtf8() {
    // Published FNV-1a 64 test vectors.
    assertThat(RecordSchema.fingerprint("")).isEqualTo(0xcbf29ce484222325L);
    assertThat(RecordSchema.fingerprint("a")).isEqualTo(0xaf63dc4c8601ec8cL);
    assertThat(RecordSchema.fingerprint("foobar")).isEqualTo(0x85944171f73967e8L);
  }

  @Test
  void identifierIsTheFingerprintOfTheDescriptor() {
    assertThat(USER.descriptor()).isEqualTo("user(id:STRING,age:int)");
    assertThat(USER.id()).isEqualTo(RecordSchema.fingerprint("user(id:STRING,age:int)"));
  }

  @Test
  void formerNamesAndDefaultsDoNotChangeTheIdentifier() {
    RecordSchema annotated =
        new RecordSchema(
            "user",
            "id",
            List.of(
                ComponentSchema.of("id", "STRING"),
                ComponentSchema.of("age", "int").renamedFrom("years").withDefault(18L)));
    assertThat(annotated.id()).isEqualTo(USER.id());
  }

  @Test
  void generatedIdentifierMustMatch() {
    assertThatThrownBy(() -> new RecordSchema("user", 42L, "id", USER.components()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("user(id:STRING,age:int)")
        .hasMessageContaining("000000000000002a");
  }

  @Test
  void primaryKeyMustBeAComponent() {
    assertThatThrownBy(() -> new RecordSchema("user", "key", USER.components()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'key'");
  }

  @Test
  void currentValuesHaveTheIdentifierAndOnePartPerComponent() {
    assertThat(USER.isCurrent(Tuple.of(USER.id(), "u1", 3L))).isTrue();
    assertThat(USER.isCurrent(Tuple.of(USER.id() + 1, "u1", 3L))).isFalse();
    assertThat(USER.isCurrent(Tuple.of(USER.id(), "u1"))).isFalse();
    assertThat(USER.isCurrent(Tuple.of("u1", "u1", 3L))).isFalse();
    assertThat(USER.isCurrent(Tuple.of())).isFalse();
  }
}
