package dev.tessera.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.tuple.Tuple;
import org.junit.jupiter.api.Test;

class RecordSchemaTest {

  @Test
  void fingerprintIsFnv1a64OfUtf8() {
    // Published FNV-1a 64 test vectors.
    assertThat(RecordSchema.fingerprint("")).isEqualTo(0xcbf29ce484222325L);
    assertThat(RecordSchema.fingerprint("a")).isEqualTo(0xaf63dc4c8601ec8cL);
    assertThat(RecordSchema.fingerprint("foobar")).isEqualTo(0x85944171f73967e8L);
  }

  @Test
  void matchingHeaderPasses() {
    RecordSchema.verify(Tuple.of(42L, "a", "b"), "user", 42L, 2);
  }

  @Test
  void otherSchemaIsRejectedNamingEntityAndBothIds() {
    assertThatThrownBy(() -> RecordSchema.verify(Tuple.of(41L, "a"), "user", 42L, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'user'")
        .hasMessageContaining("0000000000000029")
        .hasMessageContaining("000000000000002a");
  }

  @Test
  void wrongComponentCountIsRejected() {
    assertThatThrownBy(() -> RecordSchema.verify(Tuple.of(42L, "a"), "user", 42L, 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("has 1 components, expected 2");
  }

  @Test
  void missingHeaderIsRejected() {
    assertThatThrownBy(() -> RecordSchema.verify(Tuple.of("a"), "user", 42L, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("does not start with a schema identifier");
  }
}
