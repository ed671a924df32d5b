package dev.tessera.mapping;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UCharacterCategory;
import com.ibm.icu.text.Normalizer2;
import com.ibm.icu.util.VersionInfo;
import dev.tessera.annotations.Normalize;
import java.util.Locale;
import java.util.Objects;

/**
 * Normalises {@code String} index values, both when an index entry is written and when a query
 * value is looked up, so that the two always agree.
 *
 * <ul>
 *   <li>{@link Normalize#CASE_INSENSITIVE}: Unicode's {@code NFKC_Casefold} mapping, the identity
 *       PRECIS (RFC 8264, RFC 8265) uses for user names: compatibility normalisation (NFKC), full
 *       case folding and removal of default-ignorable code points, applied until stable. Two
 *       strings normalise alike exactly when Unicode calls them compatibility-caseless equal (up to
 *       default-ignorable code points). Locale-independent: {@code "ı"} (dotless i) stays distinct
 *       from {@code "i"}, {@code "İ"} becomes {@code "i̇"} ({@code i} and a combining dot).
 *   <li>{@link Normalize#CASE_AND_ACCENT_INSENSITIVE}: that, then every mark (general category M)
 *       of the canonical decomposition removed, and the result folded again until no mark is left.
 *       The result is left unchanged by both steps, so normalising it again changes nothing.
 * </ul>
 *
 * <pre>{@code
 * TextNormalizer.normalize("STRAẞE", Normalize.CASE_INSENSITIVE);           // "strasse"
 * TextNormalizer.normalize("Bànana", Normalize.CASE_AND_ACCENT_INSENSITIVE); // "banana"
 * }</pre>
 *
 * <p>The mapping depends on the Unicode version of the character data (a code point unassigned in
 * one version may fold to something else once assigned): {@link #rules(Normalize)} names the rule
 * and the version, and index definitions carry it so that a store indexed under other rules is
 * rebuilt.
 *
 * <p>Stateless and thread-safe.
 */
public final class TextNormalizer {
  /**
   * The revision of the way this class applies the Unicode mappings; part of {@link
   * #rules(Normalize)}. Raise it whenever a change of this class changes any normalised value.
   */
  private static final int REVISION = 1;

  private static final String CASE_RULES = rules("NFKC_Casefold");
  private static final String CASE_AND_ACCENT_RULES = rules("NFKC_Casefold-marks");
  private static final Normalizer2 NFKC_CASEFOLD = Normalizer2.getNFKCCasefoldInstance();
  private static final Normalizer2 NFD = Normalizer2.getNFDInstance();
  private static final int MARKS =
      1 << UCharacterCategory.NON_SPACING_MARK
          | 1 << UCharacterCategory.ENCLOSING_MARK
          | 1 << UCharacterCategory.COMBINING_SPACING_MARK;

  private TextNormalizer() {}

  /**
   * Normalises {@code value} as {@code mode} asks.
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
    if (mode == Normalize.NONE) {
      return value;
    }
    String ascii = asciiFolded(value);
    if (ascii != null) {
      return ascii;
    }
    switch (mode) {
      case CASE_INSENSITIVE:
        return NFKC_CASEFOLD.normalize(value);
      case CASE_AND_ACCENT_INSENSITIVE:
        return withoutMarks(NFKC_CASEFOLD.normalize(value));
      default:
        throw new IllegalArgumentException("unknown normalisation " + mode);
    }
  }

  /**
   * What both modes make of {@code value} when it is all ASCII, or {@code null} when it is not:
   * {@code A}-{@code Z} folded to {@code a}-{@code z}, every other character kept (NFKC leaves
   * ASCII as it is, case folding maps only those 26 letters, and ASCII holds no default-ignorable
   * code point and no mark). Most index values are ASCII (e-mail addresses, codes): one pass over
   * the characters instead of the Unicode normaliser's lookups.
   */
  private static String asciiFolded(String value) {
    boolean upper = false;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c >= 0x80) {
        return null;
      }
      upper |= c >= 'A' && c <= 'Z';
    }
    return upper ? value.toLowerCase(Locale.ROOT) : value;
  }

  /**
   * The name and version of the rules {@code mode} applies, e.g. {@code "NFKC_Casefold r1 Unicode
   * 18.0"} for {@link Normalize#CASE_INSENSITIVE}, or {@code null} for {@link Normalize#NONE}. It
   * changes whenever a normalised value may change: with this class's revision or with the
   * Unicode version of the character data.
   *
   * @param mode the normalisation
   * @return the rules, or {@code null} when {@code mode} changes nothing
   */
  public static String rules(Normalize mode) {
    Objects.requireNonNull(mode, "mode");
    if (mode == Normalize.NONE) {
      return null;
    }
    return mode == Normalize.CASE_INSENSITIVE ? CASE_RULES : CASE_AND_ACCENT_RULES;
  }

  private static String rules(String name) {
    VersionInfo unicode = UCharacter.getUnicodeVersion();
    return name + " r" + REVISION + " Unicode " + unicode.getMajor() + "." + unicode.getMinor();
  }

  /**
   * {@code folded} (already {@code NFKC_Casefold}) without marks: removing a mark can leave a
   * sequence that folds further (a compatibility character whose decomposition held the mark), so
   * fold and strip again until nothing is removed.
   */
  private static String withoutMarks(String folded) {
    String current = folded;
    while (true) {
      String decomposed = NFD.normalize(current);
      String stripped = stripMarks(decomposed);
      if (stripped == null) {
        return current;
      }
      current = NFKC_CASEFOLD.normalize(stripped);
    }
  }

  /** {@code text} without its marks, or {@code null} if it holds none. */
  private static String stripMarks(String text) {
    StringBuilder kept = null;
    for (int i = 0; i < text.length(); ) {
      int codePoint = text.codePointAt(i);
      int next = i + Character.charCount(codePoint);
      boolean mark = (1 << UCharacter.getType(codePoint) & MARKS) != 0;
      if (mark && kept == null) {
        kept = new StringBuilder(text.length()).append(text, 0, i);
      } else if (!mark && kept != null) {
        kept.append(text, i, next);
      }
      i = next;
    }
    return kept == null ? null : kept.toString();
  }
}
