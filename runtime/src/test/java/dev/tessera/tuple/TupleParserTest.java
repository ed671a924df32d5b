package dev.tessera.tuple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.UUID;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class TupleParserTest {

  @Provide
  Arbitrary<Tuple> tuples() {
    return TupleArbitraries.tuples();
  }

  @Property(tries = 2000)
  void parseOfToStringIsTheSameTuple(@ForAll("tuples") Tuple t) {
    Tuple back = Tuple.parse(t.toString());
    assertThat(back.toString()).isEqualTo(t.toString());
    // The notation has one NaN: a NaN's payload bits are not written, so only those may differ.
    if (!t.toString().contains("NaN")) {
      assertThat((Object) back).isEqualTo(t);
      assertThat(back.pack()).isEqualTo(t.pack());
    }
  }

  @Test
  void stringsKeepQuotesCommasParenthesesAndEscapes() {
    String tricky = "a \"quoted\", (paren) \\ back\nline\ttab\u0001 ü 😀";
    Tuple t = Tuple.of(tricky, "", ")", ",");
    assertThat(t.toString()).contains("\\\"quoted\\\"");
    assertThat((Object) Tuple.parse(t.toString())).isEqualTo(t);
  }

  @Test
  void readsEveryKindOfPart() {
    UUID uuid = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
    Tuple parsed = Tuple.parse(
        "(\"users\", 42, -7, 123456789012345678901234567890, 1.5, -2.5f, NaN, -Infinity, Infinityf,"
            + " true, false, null, b\"0a ff\", b\"\", UUID(" + uuid + "),"
            + " Versionstamp(00000000000000070003), (\"nested\", (1)), ())");
    assertThat((Object) parsed).isEqualTo(Tuple.of("users", 42L, -7L,
        new BigInteger("123456789012345678901234567890"), 1.5, -2.5f, Double.NaN,
        Double.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY, true, false, null,
        new byte[] {0x0a, (byte) 0xff}, new byte[0], uuid, Versionstamp.of(7, 3),
        Tuple.of("nested", Tuple.of(1L)), Tuple.of()));
  }

  @Test
  void whitespaceBetweenPartsIsFree() {
    assertThat((Object) Tuple.parse("  ( \"a\" ,1,(  ) )  ")).isEqualTo(Tuple.of("a", 1L, Tuple.of()));
  }

  @Test
  void integersThatFitALongAreLongs() {
    assertThat(Tuple.parse("(9223372036854775807, -9223372036854775808)").get(0))
        .isEqualTo(Long.MAX_VALUE);
    assertThat(Tuple.parse("(9223372036854775808)").get(0))
        .isEqualTo(new BigInteger("9223372036854775808"));
  }

  @Test
  void rejectsWhatTheNotationDoesNotWrite() {
    assertSyntaxError("users", 0, "expected '('");
    assertSyntaxError("(users)", 1, "'users' is not a part");
    assertSyntaxError("(\"open)", 1, "not closed");
    assertSyntaxError("(1, 2", 5, "expected ',' or ')'");
    assertSyntaxError("(1 2)", 3, "expected ',' or ')'");
    assertSyntaxError("(1),", 3, "unexpected text");
    assertSyntaxError("(\"a\\q\")", 3, "unknown escape");
    assertSyntaxError("(b\"0g\")", 3, "two hex digits");
    assertSyntaxError("(UUID(nope))", 1, "invalid UUID");
    assertSyntaxError("(Versionstamp(12))", 1, "Invalid versionstamp");
    assertSyntaxError("(1.5d)", 1, "'1.5d' is not a part");
    assertSyntaxError("(0x10)", 1, "'0x10' is not a part");
    assertSyntaxError("(,)", 1, "expected a part");
    assertSyntaxError("", 0, "expected '('");
  }

  @Test
  void nestingIsBounded() {
    String deep = "(".repeat(Tuple.MAX_NESTING_DEPTH + 1) + ")".repeat(Tuple.MAX_NESTING_DEPTH + 1);
    assertThatThrownBy(() -> Tuple.parse(deep))
        .isInstanceOf(TupleSyntaxException.class)
        .hasMessageContaining("nested deeper than " + Tuple.MAX_NESTING_DEPTH);
  }

  private static void assertSyntaxError(String text, int position, String problem) {
    assertThatThrownBy(() -> Tuple.parse(text))
        .isInstanceOf(TupleSyntaxException.class)
        .hasMessageContaining(problem)
        .satisfies(e -> assertThat(((TupleSyntaxException) e).position()).isEqualTo(position));
  }
}
