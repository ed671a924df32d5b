package dev.tessera.tuple;

import java.math.BigInteger;
import java.util.Comparator;
import java.util.UUID;

/**
 * The tuple order written from its definition, independently of the encoding: type first (null &lt;
 * bytes &lt; string &lt; nested &lt; integer &lt; float &lt; double &lt; false &lt; true &lt; UUID &lt;
 * versionstamp), then value; a tuple that is a proper prefix of another sorts first.
 */
final class SemanticTupleOrder implements Comparator<Tuple> {
  static final SemanticTupleOrder INSTANCE = new SemanticTupleOrder();

  @Override
  public int compare(Tuple a, Tuple b) {
    int n = Math.min(a.size(), b.size());
    for (int i = 0; i < n; i++) {
      int c = comparePart(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }

  private static int rank(Object part) {
    if (part == null) {
      return 0;
    } else if (part instanceof byte[]) {
      return 1;
    } else if (part instanceof String) {
      return 2;
    } else if (part instanceof Tuple) {
      return 3;
    } else if (part instanceof Long || part instanceof BigInteger) {
      return 4;
    } else if (part instanceof Float) {
      return 5;
    } else if (part instanceof Double) {
      return 6;
    } else if (part instanceof Boolean) {
      return (Boolean) part ? 8 : 7;
    } else if (part instanceof UUID) {
      return 9;
    } else if (part instanceof Versionstamp) {
      return 10;
    }
    throw new AssertionError("unexpected part " + part);
  }

  static int comparePart(Object a, Object b) {
    int c = Integer.compare(rank(a), rank(b));
    if (c != 0) {
      return c;
    }
    if (a instanceof byte[]) {
      return compareUnsignedLexicographic((byte[]) a, (byte[]) b);
    } else if (a instanceof String) {
      return compareCodePoints((String) a, (String) b);
    } else if (a instanceof Tuple) {
      return INSTANCE.compare((Tuple) a, (Tuple) b);
    } else if (a instanceof Long || a instanceof BigInteger) {
      return toBig(a).compareTo(toBig(b));
    } else if (a instanceof Float) {
      return compareFloat((Float) a, (Float) b);
    } else if (a instanceof Double) {
      return compareDouble((Double) a, (Double) b);
    } else if (a instanceof UUID) {
      UUID x = (UUID) a;
      UUID y = (UUID) b;
      // UUIDs sort as their 16 bytes, unsigned (UUID.compareTo is signed, so not that).
      int m = Long.compareUnsigned(x.getMostSignificantBits(), y.getMostSignificantBits());
      return m != 0 ? m : Long.compareUnsigned(x.getLeastSignificantBits(), y.getLeastSignificantBits());
    } else if (a instanceof Versionstamp) {
      Versionstamp x = (Versionstamp) a;
      Versionstamp y = (Versionstamp) b;
      int v = Long.compareUnsigned(x.commitVersion(), y.commitVersion());
      return v != 0 ? v : Integer.compare(x.order(), y.order());
    }
    return 0; // null or equal booleans
  }

  private static int compareUnsignedLexicographic(byte[] a, byte[] b) {
    for (int i = 0; i < Math.min(a.length, b.length); i++) {
      int c = Integer.compare(a[i] & 0xFF, b[i] & 0xFF);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.length, b.length);
  }

  private static int compareCodePoints(String a, String b) {
    int[] x = a.codePoints().toArray();
    int[] y = b.codePoints().toArray();
    for (int i = 0; i < Math.min(x.length, y.length); i++) {
      if (x[i] != y[i]) {
        return Integer.compare(x[i], y[i]);
      }
    }
    return Integer.compare(x.length, y.length);
  }

  private static BigInteger toBig(Object integer) {
    return integer instanceof Long ? BigInteger.valueOf((Long) integer) : (BigInteger) integer;
  }

  /**
   * FDB's total order: negative NaNs below everything, positive NaNs above; numbers by value with
   * -0.0 below 0.0; NaNs of one sign by payload (away from zero for positives, towards for negatives).
   */
  private static int compareFloat(float a, float b) {
    int ka = nanClass(Float.isNaN(a), Float.floatToRawIntBits(a) < 0);
    int kb = nanClass(Float.isNaN(b), Float.floatToRawIntBits(b) < 0);
    if (ka != kb) {
      return Integer.compare(ka, kb);
    }
    if (ka == 1) {
      return Float.compare(a, b); // numbers; Float.compare puts -0.0 below 0.0
    }
    int payloadOrder = Integer.compare(Float.floatToRawIntBits(a) & 0x7FFFFFFF, Float.floatToRawIntBits(b) & 0x7FFFFFFF);
    return ka == 2 ? payloadOrder : -payloadOrder;
  }

  private static int compareDouble(double a, double b) {
    int ka = nanClass(Double.isNaN(a), Double.doubleToRawLongBits(a) < 0);
    int kb = nanClass(Double.isNaN(b), Double.doubleToRawLongBits(b) < 0);
    if (ka != kb) {
      return Integer.compare(ka, kb);
    }
    if (ka == 1) {
      return Double.compare(a, b);
    }
    int payloadOrder = Long.compare(Double.doubleToRawLongBits(a) & Long.MAX_VALUE,
        Double.doubleToRawLongBits(b) & Long.MAX_VALUE);
    return ka == 2 ? payloadOrder : -payloadOrder;
  }

  /** 0 for negative NaN, 1 for a number, 2 for positive NaN. */
  private static int nanClass(boolean nan, boolean negative) {
    return !nan ? 1 : negative ? 0 : 2;
  }
}
