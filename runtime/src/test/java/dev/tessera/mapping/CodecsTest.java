package dev.tessera.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.internal.mapping.FieldCodec;
import dev.tessera.tuple.Tuple;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The index keys of the codecs whose index order differs from their stored form. */
class CodecsTest {

  private static byte[] packed(Object part) {
    return Tuple.of(part).pack();
  }

  @Test
  void bigDecimalIndexKeysSortAsCompareToForEveryPair() {
    List<BigDecimal> values = new ArrayList<>();
    for (String text :
        new String[] {"0", "0.000", "1", "1.0", "1.10", "1.1", "1.09", "1.11", "9", "10", "10.5",
            "99.99", "100", "1E+10", "1E-10", "0.1", "0.01", "0.011", "123456789123456789.123",
            "5E+2147483647", "5E-2147483647"}) {
      BigDecimal value = new BigDecimal(text);
      values.add(value);
      values.add(value.negate());
    }
    for (BigDecimal a : values) {
      for (BigDecimal b : values) {
        int bytes =
            Integer.signum(
                Arrays.compareUnsigned(
                    packed(Codecs.BIG_DECIMAL.indexKey(a)), packed(Codecs.BIG_DECIMAL.indexKey(b))));
        assertThat(bytes).as("%s vs %s", a, b).isEqualTo(Integer.signum(a.compareTo(b)));
      }
    }
  }

  @Test
  void bigDecimalRecordsKeepTheirScale() {
    BigDecimal value = new BigDecimal("1.10");
    Object stored = Codecs.BIG_DECIMAL.encode(value);

    assertThat(stored).isEqualTo(FieldCodec.encodeBigDecimal(value));
    assertThat(Codecs.BIG_DECIMAL.decode(Tuple.unpack(packed(stored)).get(0)).scale()).isEqualTo(2);
  }

  @Test
  void offsetDateTimeKeepsItsOffsetAndIsIndexedByInstant() {
    OffsetDateTime east = OffsetDateTime.of(2026, 5, 1, 12, 0, 0, 5, ZoneOffset.ofHours(2));
    OffsetDateTime west = east.withOffsetSameInstant(ZoneOffset.ofHours(-7));

    assertThat(Codecs.OFFSET_DATE_TIME.decode(
            Tuple.unpack(packed(Codecs.OFFSET_DATE_TIME.encode(east))).get(0)))
        .isEqualTo(east);
    assertThat(packed(Codecs.OFFSET_DATE_TIME.indexKey(east)))
        .isEqualTo(packed(Codecs.OFFSET_DATE_TIME.indexKey(west)))
        .isEqualTo(packed(Codecs.INSTANT.encode(east.toInstant())));
    assertThat(Codecs.OFFSET_DATE_TIME.encode(null)).isNull();
    assertThat(Codecs.OFFSET_DATE_TIME.indexKey(null)).isNull();
  }

  @Test
  void enumCodecStoresTheNameAndIndexesTheDeclarationOrder() {
    Codec<java.time.DayOfWeek> days = Codecs.enumOf(java.time.DayOfWeek.class);

    assertThat(days.encode(java.time.DayOfWeek.FRIDAY)).isEqualTo("FRIDAY");
    assertThat(days.indexKey(java.time.DayOfWeek.FRIDAY)).isEqualTo(4L);
    assertThat(days.decode("FRIDAY")).isEqualTo(java.time.DayOfWeek.FRIDAY);
  }
}
