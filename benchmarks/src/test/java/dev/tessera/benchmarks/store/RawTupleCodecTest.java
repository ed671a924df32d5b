package dev.tessera.benchmarks.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.tuple.Tuple;
import java.nio.ByteBuffer;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** The hand-written encoding of the raw contender equals Tessera's tuple packing and reads back. */
class RawTupleCodecTest {
  private final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(256));

  @Test
  void stringsPackLikeTupleAndReadBack() {
    for (String s : List.of("", "user", "a\u0000b", "\u0000", "é-ü", "日本", "x\u0000\u00e9")) {
      int end = RawTupleCodec.putString(buffer, 0, s);
      assertThat(bytes(end)).as(s).isEqualTo(Tuple.of(s).pack());
      assertThat(RawTupleCodec.skip(buffer, 0)).isEqualTo(end);
      assertThat(RawTupleCodec.getString(buffer, 0)).isEqualTo(s);
    }
  }

  @Test
  void integersPackLikeTupleAndReadBack() {
    for (long v : new long[] {0, 1, -1, 255, 256, -255, -256, 999, 1L << 40, -(1L << 40),
        Long.MAX_VALUE, -Long.MAX_VALUE, 0xe53f3a2afc79154aL}) {
      int end = RawTupleCodec.putLong(buffer, 0, v);
      assertThat(bytes(end)).as("%d", v).isEqualTo(Tuple.of(v).pack());
      assertThat(RawTupleCodec.skip(buffer, 0)).isEqualTo(end);
      assertThat(RawTupleCodec.getLong(buffer, 0)).isEqualTo(v);
    }
  }

  private byte[] bytes(int length) {
    byte[] bytes = new byte[length];
    buffer.getBytes(0, bytes);
    return bytes;
  }
}
