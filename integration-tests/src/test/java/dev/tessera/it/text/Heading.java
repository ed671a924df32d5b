package dev.tessera.it.text;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.Normalize;
import dev.tessera.annotations.PrimaryKey;

/**
 * A heading searched by prefix (autocomplete), once ignoring case and once ignoring case and
 * accents.
 *
 * @param id the primary key
 * @param text the heading, indexed ignoring case
 * @param plain the heading, indexed ignoring case and accents
 */
@Entity
public record Heading(
    @PrimaryKey long id,
    @Index(normalize = Normalize.CASE_INSENSITIVE) String text,
    @Index(normalize = Normalize.CASE_AND_ACCENT_INSENSITIVE) String plain) {

  /** A heading indexed both ways. */
  static Heading of(long id, String text) {
    return new Heading(id, text, text);
  }
}
