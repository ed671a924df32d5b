package dev.tessera.it.query;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.Normalize;
import dev.tessera.annotations.PrimaryKey;

/**
 * A search term, indexed without regard to case and accents ("Banana", "BANANA" and
 * "Bànana" are one term), the original kept for display.
 *
 * @param id the primary key
 * @param text the term as typed
 */
@Entity
public record Word(
    @PrimaryKey long id, @Index(normalize = Normalize.CASE_AND_ACCENT_INSENSITIVE) String text) {}
