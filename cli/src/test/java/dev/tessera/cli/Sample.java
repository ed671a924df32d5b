package dev.tessera.cli;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Every kind of value dump writes and load reads, with indexes on the kinds whose index keys are
 * derived from more than the stored part.
 *
 * @param id the primary key
 * @param code unique
 * @param real indexed double
 * @param ratio a float
 * @param boxed a boxed double
 * @param amount indexed BigDecimal
 * @param at indexed OffsetDateTime
 * @param text indexed text
 * @param letter a char
 * @param bytes bytes
 * @param words a list
 * @param numbers a set
 * @param weights a map
 * @param note an optional
 * @param part a nested record
 * @param instant an instant
 * @param day a date
 * @param span a duration
 * @param uuid a UUID
 * @param big a BigInteger
 */
@Entity
public record Sample(
    @PrimaryKey long id,
    @UniqueIndex String code,
    @Index double real,
    float ratio,
    Double boxed,
    @Index BigDecimal amount,
    @Index OffsetDateTime at,
    @Index String text,
    char letter,
    byte[] bytes,
    List<String> words,
    Set<Integer> numbers,
    Map<String, Double> weights,
    Optional<String> note,
    Part part,
    Instant instant,
    LocalDate day,
    Duration span,
    UUID uuid,
    BigInteger big) {

  /**
   * A nested record.
   *
   * @param name a name
   * @param values doubles
   */
  public record Part(String name, List<Double> values) {}
}
