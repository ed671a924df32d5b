package dev.tessera.benchmarks.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The deterministic data set shared by every contender: user {@code i} is always the same record, so
 * every contender stores exactly the same bytes of information.
 *
 * <p>Shapes scale with the data-set size so that the query workloads keep their result sizes: a colour
 * has about {@value #USERS_PER_COLOUR} users, and {@link #ageRange()} covers about
 * {@value #USERS_PER_AGE_RANGE} users.
 *
 * <p>Immutable, hence thread-safe.
 */
public final class UserData {
  /** Users sharing one favourite colour, on average. */
  public static final int USERS_PER_COLOUR = 50;
  /** Users inside one {@link #ageRange()}, on average. */
  public static final int USERS_PER_AGE_RANGE = 1_000;
  /** Distinct ages in the data set (ages are 0 to AGES - 1). */
  public static final int AGES = 1_000;

  private final long records;
  private final long colours;
  private final int ageRangeWidth;

  /**
   * A data set of {@code records} users, numbered 0 to {@code records - 1}.
   *
   * @param records how many users the stores are loaded with, at least 1
   */
  public UserData(long records) {
    if (records < 1) {
      throw new IllegalArgumentException("records must be at least 1, was " + records);
    }
    this.records = records;
    this.colours = Math.max(1, records / USERS_PER_COLOUR);
    this.ageRangeWidth =
        (int) Math.max(1, Math.min(AGES, Math.round((double) USERS_PER_AGE_RANGE * AGES / records)));
  }

  /** How many users the stores are loaded with. */
  public long records() {
    return records;
  }

  /** The user numbered {@code i}; any non-negative {@code i} works (beyond records: fresh users). */
  public User user(long i) {
    return new User(idOf(i), nameOf(i, 0), emailOf(i, 0), colourOf(i), ageOf(i));
  }

  /** Users {@code from} (inclusive) to {@code to} (exclusive). */
  public List<User> users(long from, long to) {
    List<User> users = new ArrayList<>((int) (to - from));
    for (long i = from; i < to; i++) {
      users.add(user(i));
    }
    return users;
  }

  /** The primary key of user {@code i}. */
  public static String idOf(long i) {
    // Hand-rolled zero padding: String.format would cost more than some of the operations timed.
    char[] chars = {'u', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0'};
    long rest = i;
    for (int pos = chars.length - 1; pos > 0 && rest > 0; pos--) {
      chars[pos] = (char) ('0' + rest % 10);
      rest /= 10;
    }
    if (rest > 0) {
      throw new IllegalArgumentException("user number too large: " + i);
    }
    return new String(chars);
  }

  /** Version {@code version} of the email of user {@code i}; versions never collide. */
  public static String emailOf(long i, long version) {
    return version == 0
        ? "user" + i + "@example.org"
        : "user" + i + ".v" + version + "@example.org";
  }

  /** Version {@code version} of the name of user {@code i}. */
  public static String nameOf(long i, long version) {
    return "Given" + (i % 997) + " Family" + (i % 1009) + (version == 0 ? "" : " " + version);
  }

  /** The favourite colour of user {@code i}: one of {@code records / 50} colours. */
  public String colourOf(long i) {
    return colourName(Long.remainderUnsigned(mix(i), colours));
  }

  /** The name of colour number {@code c}. */
  public static String colourName(long c) {
    return "colour-" + c;
  }

  /** A colour of the data set, picked by {@code pick} (any value). */
  public String colour(long pick) {
    return colourName(Long.remainderUnsigned(pick, colours));
  }

  /** The age of user {@code i}: uniform over 0 to {@link #AGES} - 1. */
  public static int ageOf(long i) {
    return (int) Long.remainderUnsigned(mix(i ^ 0x5DEECE66DL), AGES);
  }

  /** The width of an age range covering about {@value #USERS_PER_AGE_RANGE} users. */
  public int ageRange() {
    return ageRangeWidth;
  }

  // SplitMix64 finaliser: spreads colours and ages independently of the id order.
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
