package dev.tessera.it.keys;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * The two types whose index key is not their stored part: a {@code BigDecimal} is indexed by its
 * numeric key, an {@code OffsetDateTime} by its instant.
 *
 * @param id the primary key
 * @param amount indexed numerically, whatever its scale
 * @param at indexed by instant, whatever its offset
 */
@Entity
public record Payment(@PrimaryKey long id, @Index BigDecimal amount, @Index OffsetDateTime at) {}
