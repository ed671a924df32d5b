package dev.tessera.it;

import dev.tessera.it.Specimen.Kind;
import dev.tessera.it.Specimen.Part;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;

/** Random {@link Specimen}s, with nulls and extreme values, for fuzz and bad-input tests. */
public final class Specimens {
  private static final long[] EDGES = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 255, -256, 1L << 40};
  private static final double[] DOUBLES = {0.0, -0.0, 1.5, Double.NaN, Double.NEGATIVE_INFINITY,
      Double.MAX_VALUE, Double.MIN_VALUE};

  private Specimens() {}

  /** A specimen with every component set from {@code random}. */
  public static Specimen random(Random random) {
    return new Specimen(
        new UUID(random.nextLong(), random.nextLong()),
        random.nextBoolean(),
        random.nextBoolean() ? null : random.nextBoolean(),
        (byte) random.nextInt(),
        (short) random.nextInt(),
        random.nextInt(),
        random.nextBoolean() ? null : random.nextInt(),
        edge(random),
        random.nextBoolean() ? null : edge(random),
        (char) random.nextInt(Character.MAX_VALUE + 1),
        random.nextFloat(),
        DOUBLES[random.nextInt(DOUBLES.length)],
        random.nextBoolean() ? null : random.nextDouble(),
        random.nextInt(5) == 0 ? null : text(random),
        random.nextInt(5) == 0 ? null : bytes(random),
        random.nextInt(4) == 0 ? null : kind(random),
        Instant.ofEpochSecond(random.nextInt(), random.nextInt(1_000_000_000)),
        LocalDate.ofEpochDay(random.nextInt(700_000) - 350_000),
        LocalDateTime.of(2000 + random.nextInt(100), 1 + random.nextInt(12), 1 + random.nextInt(28),
            random.nextInt(24), random.nextInt(60), random.nextInt(60), random.nextInt(1_000_000_000)),
        LocalTime.ofNanoOfDay(Math.floorMod(random.nextLong(), 86_400_000_000_000L)),
        Duration.ofSeconds(random.nextInt(), random.nextInt(1_000_000_000)),
        new BigInteger(1 + random.nextInt(200), random).multiply(BigInteger.valueOf(random.nextBoolean() ? 1 : -1)),
        new BigDecimal(new BigInteger(64, random), random.nextInt(40) - 20),
        random.nextBoolean() ? Optional.empty() : Optional.of(text(random)),
        random.nextInt(5) == 0 ? null : Arrays.asList(random.nextInt(), null, random.nextInt(9)),
        random.nextInt(5) == 0 ? null : EnumSet.of(kind(random), kind(random)),
        history(random),
        random.nextInt(4) == 0 ? null : part(random),
        random.nextInt(4) == 0 ? null : List.of(part(random), part(random)));
  }

  private static long edge(Random random) {
    return random.nextBoolean() ? EDGES[random.nextInt(EDGES.length)] : random.nextLong();
  }

  private static String text(Random random) {
    StringBuilder out = new StringBuilder();
    int length = random.nextInt(12);
    for (int i = 0; i < length; i++) {
      out.appendCodePoint(switch (random.nextInt(4)) {
        case 0 -> 'a' + random.nextInt(26);
        case 1 -> 0; // NUL is escaped in the encoding
        case 2 -> 0xE9; // é
        default -> 0x1F600 + random.nextInt(50); // outside the BMP: a surrogate pair
      });
    }
    return out.toString();
  }

  private static byte[] bytes(Random random) {
    byte[] bytes = new byte[random.nextInt(10)];
    random.nextBytes(bytes);
    return bytes;
  }

  private static Kind kind(Random random) {
    return Kind.values()[random.nextInt(Kind.values().length)];
  }

  private static Map<String, List<Instant>> history(Random random) {
    Map<String, List<Instant>> history = new LinkedHashMap<>();
    int entries = random.nextInt(3);
    for (int i = 0; i < entries; i++) {
      List<Instant> instants = new ArrayList<>();
      instants.add(Instant.ofEpochMilli(random.nextLong() >> 20));
      history.put("k" + i, instants);
    }
    return history;
  }

  private static Part part(Random random) {
    return new Part(text(random), random.nextInt(),
        random.nextBoolean() ? Optional.empty() : Optional.of(random.nextDouble()));
  }
}
