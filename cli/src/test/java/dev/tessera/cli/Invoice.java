package dev.tessera.cli;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import java.math.BigDecimal;

/**
 * An entity with an index over a {@code BigDecimal}, whose index key is its numeric key, not the
 * stored (unscaled, scale) part.
 *
 * @param id the primary key
 * @param amount indexed numerically
 */
@Entity(name = "invoice")
public record Invoice(@PrimaryKey long id, @Index BigDecimal amount) {}
