package dev.tessera.cli;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import java.time.OffsetDateTime;

/**
 * Values that lose bits when read carelessly: signed zeros, an offset, any text.
 *
 * @param id the primary key
 * @param value indexed
 * @param ratio a float
 * @param reading a boxed double
 * @param at a time with its offset
 * @param label any text
 */
@Entity
public record Measure(
    @PrimaryKey int id, @Index double value, float ratio, Double reading, OffsetDateTime at,
    String label) {}
