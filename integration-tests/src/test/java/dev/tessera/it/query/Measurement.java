package dev.tessera.it.query;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.UUID;

/** One index over each of the types whose index order is not simply their stored order. */
@Entity
public record Measurement(
    @PrimaryKey String id,
    @Index BigDecimal amount,
    @UniqueIndex BigDecimal price,
    @Index LocalTime at,
    @Index OffsetDateTime taken,
    @Index Duration length,
    @Index char grade,
    @UniqueIndex UUID token) {}
