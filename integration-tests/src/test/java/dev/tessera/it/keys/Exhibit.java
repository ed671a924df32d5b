package dev.tessera.it.keys;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.Normalize;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * An index over every type an index can order, primitive and boxed (so null), unique and not,
 * each text normalisation, multi-value ({@code List} and {@code Set}) and composite indexes,
 * next to stored-only components of every other kind: the entity the differential tests compare
 * the generated repository and the catalog path on.
 */
@Entity
@Index(name = "labelFolded", fields = "label", normalize = Normalize.CASE_INSENSITIVE)
@Index(name = "labelBare", fields = "label", normalize = Normalize.CASE_AND_ACCENT_INSENSITIVE)
@Index(name = "labelAmount", fields = {"label", "amount"}, normalize = Normalize.CASE_INSENSITIVE)
@Index(name = "countTakenScore", fields = {"count", "taken", "boxedScore"})
@UniqueIndex(name = "codeTaken", fields = {"code", "taken"}, normalize = Normalize.CASE_AND_ACCENT_INSENSITIVE)
public record Exhibit(
    @PrimaryKey long id,
    @Index boolean flag,
    @Index Boolean boxedFlag,
    @Index byte small,
    @Index Byte boxedSmall,
    @Index short shortValue,
    @Index Short boxedShort,
    @Index int count,
    @Index Integer boxedCount,
    @Index long total,
    @Index Long boxedTotal,
    @Index char letter,
    @Index Character boxedLetter,
    @Index float weight,
    @Index Float boxedWeight,
    @Index double score,
    @Index Double boxedScore,
    @UniqueIndex Double ratio,
    @Index String label,
    @UniqueIndex(normalize = Normalize.CASE_INSENSITIVE) String code,
    @Index byte[] bytes,
    @Index UUID uuid,
    @Index Instant instant,
    @Index LocalDate date,
    @Index LocalDateTime dateTime,
    @Index LocalTime time,
    @Index Duration duration,
    @Index BigInteger big,
    @Index BigDecimal amount,
    @UniqueIndex BigDecimal price,
    @Index OffsetDateTime taken,
    @Index(normalize = Normalize.CASE_AND_ACCENT_INSENSITIVE) List<String> tags,
    @UniqueIndex Set<BigDecimal> serials,
    @Index List<OffsetDateTime> moments,
    Kind kind,
    Optional<String> note,
    Map<String, List<Integer>> history,
    Part part,
    List<Part> parts) {

  /** A stored-only enum. */
  public enum Kind {
    RED,
    GREEN
  }

  /**
   * A stored-only nested record.
   *
   * @param name a name
   * @param weight an optional weight
   */
  public record Part(String name, Optional<Double> weight) {}
}
