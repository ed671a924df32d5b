package dev.tessera.it;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * A record with a component of every kind Tessera stores, so that the fuzz and bad-input tests reach
 * every decoder the processor generates; {@code score} and {@code ratio} are indexed doubles (NaN).
 *
 * @param id the primary key
 * @param flag a boolean
 * @param boxedFlag a nullable Boolean
 * @param small a byte
 * @param shortValue a short
 * @param count an int
 * @param boxedCount a nullable Integer
 * @param total a long
 * @param boxedTotal a nullable Long
 * @param letter a char
 * @param weight a float
 * @param score an indexed double
 * @param ratio a nullable double, unique
 * @param label an indexed string
 * @param bytes a byte string
 * @param kind an enum
 * @param instant an instant
 * @param date a date
 * @param dateTime a date and time
 * @param time a time of day
 * @param duration a duration
 * @param big a big integer
 * @param decimal a big decimal
 * @param note an optional string
 * @param numbers a list
 * @param kinds a set of enum constants
 * @param history a map of lists
 * @param part a nested record
 * @param parts a list of nested records
 */
@Entity
public record Specimen(
    @PrimaryKey UUID id,
    boolean flag,
    Boolean boxedFlag,
    byte small,
    short shortValue,
    int count,
    Integer boxedCount,
    long total,
    Long boxedTotal,
    char letter,
    float weight,
    @Index double score,
    @UniqueIndex Double ratio,
    @Index String label,
    byte[] bytes,
    Kind kind,
    Instant instant,
    LocalDate date,
    LocalDateTime dateTime,
    LocalTime time,
    Duration duration,
    BigInteger big,
    BigDecimal decimal,
    Optional<String> note,
    List<Integer> numbers,
    Set<Kind> kinds,
    Map<String, List<Instant>> history,
    Part part,
    List<Part> parts) {

  /** An enum component. */
  public enum Kind { ROCK, PAPER, SCISSORS }

  /**
   * A nested record component.
   *
   * @param name a name
   * @param quantity a quantity
   * @param mass an optional double
   */
  public record Part(String name, int quantity, Optional<Double> mass) {}
}
