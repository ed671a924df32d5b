package dev.tessera.mapping;

import dev.tessera.annotations.Normalize;
import java.text.Normalizer;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Normalises {@code String} index values, both when an index entry is written and when a query
 * value is looked up, so that the two always agree.
 *
 * <pre>{@code
 * TextNormalizer.normalize("Bànana", Normalize.CASE_AND_ACCENT_INSENSITIVE); // "banana"
 * }</pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class TextNormalizer {
  private static final Pattern COMBINING_MARKS = Pattern.compile("\\p{M}+");

  private TextNormalizer() {}

  /**
   * Normalises {@code value} as {@code mode} asks. Case folding is locale-independent ({@link
   * Locale#ROOT}) and goes through upper case first, so that e.g. {@code "ß"} and {@code "SS"}
   * fold alike. Canonically equivalent strings (composed or decomposed accents) normalise alike in
   * both folding modes.
   *
   * @param value the value, or {@code null}
   * @param mode how to normalise
   * @return the normalised value, or {@code null} for {@code null}
   */
  public static String normalize(String value, Normalize mode) {
    Objects.requireNonNull(mode, "mode");
    if (value == null) {
      return null;
    }
    switch (mode) {
      case NONE:
        return value;
      case CASE_INSENSITIVE:
        return foldCase(Normalizer.normalize(value, Normalizer.Form.NFC));
      case CASE_AND_ACCENT_INSENSITIVE:
        String decomposed = Normalizer.normalize(value, Normalizer.Form.NFD);
        String stripped = COMBINING_MARKS.matcher(decomposed).replaceAll("");
        // Folding can itself produce decomposable characters; strip once more after it.
        String folded = Normalizer.normalize(foldCase(stripped), Normalizer.Form.NFD);
        return COMBINING_MARKS.matcher(folded).replaceAll("");
      default:
        throw new IllegalArgumentException("unknown normalisation " + mode);
    }
  }

  private static String foldCase(String value) {
    return value.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
  }
}
