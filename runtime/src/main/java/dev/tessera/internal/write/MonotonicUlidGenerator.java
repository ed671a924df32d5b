package dev.tessera.internal.write;

import java.security.SecureRandom;
import java.util.Random;
import java.util.function.LongSupplier;

/**
 * Generates monotonic ULIDs: 26 characters of Crockford base 32 encoding a 48-bit millisecond
 * timestamp followed by 80 random bits. Within one generator every ULID is strictly greater (as a
 * string and as a number) than the one before, even within one millisecond: a ULID generated in
 * the same millisecond as the previous one (or while the clock stands still or goes back) is the
 * previous one plus one, as the ULID specification's monotonic mode prescribes.
 *
 * <p>Thread-safe: {@link #next()} is synchronized, so concurrent callers get distinct, increasing
 * values. {@link #shared()} is the one instance used by repositories, which makes generated keys
 * increase across the whole process.
 *
 * <pre>{@code
 * String id = MonotonicUlidGenerator.shared().next(); // e.g. "01J9Z8Q4VQ7X2M3N4P5R6S7T8V"
 * }</pre>
 */
public final class MonotonicUlidGenerator {
  private static final char[] ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
  private static final long RANDOM_LOW_MASK = 0xFFFF_FFFF_FFFFL; // low 48 of the 80 random bits
  private static final long RANDOM_HIGH_MASK = 0xFFFF_FFFFL; // high 32 of the 80 random bits
  private static final long MAX_TIME = (1L << 48) - 1;
  private static final MonotonicUlidGenerator SHARED =
      new MonotonicUlidGenerator(System::currentTimeMillis, new SecureRandom());

  private final LongSupplier clock;
  private final Random random;
  private long lastTime = -1;
  private long randomHigh; // 32 bits
  private long randomLow; // 48 bits

  /**
   * Creates a generator reading {@code clock} (milliseconds since the epoch) and drawing the random
   * part from {@code random}. Most code uses {@link #shared()}.
   */
  public MonotonicUlidGenerator(LongSupplier clock, Random random) {
    this.clock = clock;
    this.random = random;
  }

  /** The process-wide generator used for generated primary keys. */
  public static MonotonicUlidGenerator shared() {
    return SHARED;
  }

  /** The next ULID, strictly greater than every ULID this generator returned before. */
  public synchronized String next() {
    long now = clock.getAsLong();
    if (now < 0 || now > MAX_TIME) {
      throw new IllegalStateException("clock outside the ULID time range: " + now);
    }
    if (now > lastTime) {
      lastTime = now;
      randomHigh = random.nextInt() & RANDOM_HIGH_MASK;
      randomLow = random.nextLong() & RANDOM_LOW_MASK;
    } else {
      increment();
    }
    return encode(lastTime, randomHigh, randomLow);
  }

  // Same (or earlier) millisecond: the previous value plus one; on overflow of the 80 random bits
  // the time part moves on by a millisecond, which keeps the order strict.
  private void increment() {
    randomLow = (randomLow + 1) & RANDOM_LOW_MASK;
    if (randomLow == 0) {
      randomHigh = (randomHigh + 1) & RANDOM_HIGH_MASK;
      if (randomHigh == 0) {
        if (lastTime == MAX_TIME) {
          throw new IllegalStateException("ULID space exhausted");
        }
        lastTime++;
      }
    }
  }

  /** Encodes 48 bits of time and 80 random bits (high 32, low 48) as 26 Crockford characters. */
  static String encode(long time, long high, long low) {
    // 128 bits as two longs: hi = time(48) | high(16 top bits); lo = high(16 low bits) | low(48).
    long hi = (time << 16) | (high >>> 16);
    long lo = ((high & 0xFFFFL) << 48) | low;
    char[] out = new char[26];
    // 26 * 5 = 130 bits: the first character takes the top 3 bits (2 leading zero bits).
    for (int i = 25; i >= 0; i--) {
      int bitFromLow = (25 - i) * 5; // position of this character's lowest bit in the 128 bits
      int digit;
      if (bitFromLow + 5 <= 64) {
        digit = (int) ((lo >>> bitFromLow) & 31);
      } else if (bitFromLow >= 64) {
        digit = (int) ((hi >>> (bitFromLow - 64)) & 31);
      } else {
        digit = (int) (((lo >>> bitFromLow) | (hi << (64 - bitFromLow))) & 31);
      }
      out[i] = ALPHABET[digit];
    }
    return new String(out);
  }
}
