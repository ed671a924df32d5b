package dev.tessera.tuple;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** fdb-java's tuple layer, an independent implementation, as the oracle for bytes, values and order. */
class FdbOracleTest {
  private static final byte[] ALL_FF = Versionstamp.of(-1, 0xFFFF).toBytes();

  @org.junit.jupiter.api.Test
  void ordinaryVersionstampsAreCompleteFdbVersionstamps() {
    Versionstamp ours = Versionstamp.of(0x0102030405060708L, 0x090a);
    Tuple tuple = Tuple.of(ours);
    com.apple.foundationdb.tuple.Tuple theirs = com.apple.foundationdb.tuple.Tuple.from(
        com.apple.foundationdb.tuple.Versionstamp.complete(ours.toBytes(), 0));
    assertThat(tuple.pack()).isEqualTo(theirs.pack());
    assertThat(com.apple.foundationdb.tuple.Tuple.fromBytes(tuple.pack()).getVersionstamp(0).isComplete()).isTrue();
  }

  @Provide
  Arbitrary<Tuple> tuples() {
    return TupleArbitraries.tuples();
  }

  @Property(tries = 4000)
  void packsIdenticallyToFdbJava(@ForAll("tuples") Tuple ours) {
    com.apple.foundationdb.tuple.Tuple theirs = toFdb(ours);
    assertThat(ours.pack()).isEqualTo(theirs.pack());
    assertThat(ours.packedSize()).isEqualTo(theirs.getPackedSize());
  }

  @Property(tries = 3000)
  void fdbJavaDecodesOurBytesToEqualValues(@ForAll("tuples") Tuple ours) {
    com.apple.foundationdb.tuple.Tuple decodedByFdb = com.apple.foundationdb.tuple.Tuple.fromBytes(ours.pack());
    // fdb's decoder reads the all-0xFF transaction version as its "incomplete" placeholder (checked in
    // fromFdb), so compare fdb's values after conversion rather than fdb Tuple objects.
    assertThat((Object) fromFdb(decodedByFdb)).isEqualTo(ours);
    assertThat((Object) Tuple.unpack(toFdb(ours).pack())).isEqualTo(ours);
  }

  @Property(tries = 2000)
  void ordersLikeFdbJava(@ForAll("tuples") Tuple prefix, @ForAll("tuples") Tuple a, @ForAll("tuples") Tuple b) {
    Tuple x = prefix.addAll(a);
    Tuple y = prefix.addAll(b);
    assertThat(Integer.signum(x.compareTo(y))).isEqualTo(Integer.signum(toFdb(x).compareTo(toFdb(y))));
  }

  static com.apple.foundationdb.tuple.Tuple toFdb(Tuple ours) {
    List<Object> items = new ArrayList<>();
    for (Object part : ours) {
      items.add(toFdbPart(part));
    }
    return com.apple.foundationdb.tuple.Tuple.fromList(items);
  }

  private static Object toFdbPart(Object part) {
    if (part instanceof Tuple) {
      return toFdb((Tuple) part);
    } else if (part instanceof Versionstamp) {
      return com.apple.foundationdb.tuple.Versionstamp.complete(((Versionstamp) part).toBytes(), 0);
    }
    return part;
  }

  static Tuple fromFdb(com.apple.foundationdb.tuple.Tuple theirs) {
    return fromFdbItems(theirs.getItems());
  }

  /** fdb-java's getItems() returns nested tuples as Lists. */
  private static Tuple fromFdbItems(List<?> items) {
    List<Object> parts = new ArrayList<>();
    for (Object item : items) {
      if (item instanceof List) {
        parts.add(fromFdbItems((List<?>) item));
      } else if (item instanceof com.apple.foundationdb.tuple.Tuple) {
        parts.add(fromFdb((com.apple.foundationdb.tuple.Tuple) item));
      } else if (item instanceof com.apple.foundationdb.tuple.Versionstamp) {
        com.apple.foundationdb.tuple.Versionstamp v = (com.apple.foundationdb.tuple.Versionstamp) item;
        assertThat(v.getUserVersion()).isZero();
        assertThat(v.isComplete()).isEqualTo(!Arrays.equals(v.getTransactionVersion(), ALL_FF));
        parts.add(Versionstamp.fromBytes(v.getTransactionVersion()));
      } else {
        parts.add(item);
      }
    }
    return Tuple.fromList(parts);
  }
}
