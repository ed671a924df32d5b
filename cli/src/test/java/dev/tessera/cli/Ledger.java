package dev.tessera.cli;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * An entity with the two index types whose index key is not their stored part: a {@code
 * BigDecimal} (its numeric key) and an {@code OffsetDateTime} (its instant).
 *
 * @param id the primary key
 * @param price indexed numerically
 * @param at indexed by instant
 */
@Entity(name = "ledger")
public record Ledger(@PrimaryKey long id, @Index BigDecimal price, @Index OffsetDateTime at) {}
