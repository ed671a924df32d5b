package dev.tessera.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UCharacter.GraphemeClusterBreak;
import com.ibm.icu.lang.UProperty;
import com.ibm.icu.text.Normalizer2;
import com.ibm.icu.util.ULocale;
import dev.tessera.annotations.Normalize;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/**
 * Both folding modes checked over every code point (surrogates excepted: an index value is
 * well-formed UTF-16) against Unicode's own definitions: idempotence, caseless matching (D146 of
 * the Unicode Standard, built here from the case folding and decomposition data, not from the
 * {@code NFKC_Casefold} data the normaliser uses), and the prefix rule {@code startsWith} relies on.
 */
class TextNormalizerOracleTest {
  private static final Normalizer2 NFC = Normalizer2.getNFCInstance();
  private static final Normalizer2 NFD = Normalizer2.getNFDInstance();
  private static final Normalizer2 NFKC = Normalizer2.getNFKCInstance();
  private static final Normalizer2 NFKD = Normalizer2.getNFKDInstance();
  private static final Normalizer2 NFKC_CASEFOLD = Normalizer2.getNFKCCasefoldInstance();
  private static final int MARKS =
      1 << UCharacter.NON_SPACING_MARK
          | 1 << UCharacter.ENCLOSING_MARK
          | 1 << UCharacter.COMBINING_SPACING_MARK;
  private static final String ACUTE = "\u0301";

  private static String fold(String text) {
    return TextNormalizer.normalize(text, Normalize.CASE_INSENSITIVE);
  }

  private static String plain(String text) {
    return TextNormalizer.normalize(text, Normalize.CASE_AND_ACCENT_INSENSITIVE);
  }

  private static void forEveryCodePoint(IntConsumer check) {
    for (int codePoint = 0; codePoint <= Character.MAX_CODE_POINT; codePoint++) {
      if (codePoint == Character.MIN_SURROGATE) {
        codePoint = Character.MAX_SURROGATE;
        continue;
      }
      check.accept(codePoint);
    }
  }

  private static String describe(int codePoint) {
    return String.format("U+%04X %s", codePoint, UCharacter.getName(codePoint));
  }

  /** Whether the canonical decomposition of {@code text} holds a mark. */
  private static boolean hasMarks(String text) {
    for (int i = 0; i < text.length(); ) {
      int codePoint = text.codePointAt(i);
      String decomposition = NFD.getDecomposition(codePoint);
      if (decomposition == null ? isMark(codePoint) : decomposition.codePoints().anyMatch(c -> isMark(c))) {
        return true;
      }
      i += Character.charCount(codePoint);
    }
    return false;
  }

  private static boolean isMark(int codePoint) {
    return (1 << UCharacter.getType(codePoint) & MARKS) != 0;
  }

  /**
   * Unicode's compatibility caseless match (D146): two strings match when their images here are
   * equal. Default-ignorable code points are removed, as {@code NFKC_Casefold} removes them.
   */
  private static String compatibilityCaseless(String text) {
    String once = NFKD.normalize(UCharacter.foldCase(NFD.normalize(text), true));
    String twice = NFKD.normalize(UCharacter.foldCase(once, true));
    StringBuilder kept = new StringBuilder(twice.length());
    twice.codePoints()
        .filter(c -> !UCharacter.hasBinaryProperty(c, UProperty.DEFAULT_IGNORABLE_CODE_POINT))
        .forEach(kept::appendCodePoint);
    return kept.toString();
  }

  /** The spellings a user may type for {@code text}: its case mappings and normal forms. */
  private static Set<String> spellings(String text) {
    Set<String> spellings = new LinkedHashSet<>();
    spellings.add(text);
    spellings.add(text.toUpperCase(Locale.ROOT));
    spellings.add(text.toLowerCase(Locale.ROOT));
    spellings.add(UCharacter.toUpperCase(ULocale.ROOT, text));
    spellings.add(UCharacter.toLowerCase(ULocale.ROOT, text));
    spellings.add(UCharacter.toTitleCase(ULocale.ROOT, text, null));
    spellings.add(UCharacter.foldCase(text, true));
    spellings.add(NFC.normalize(text));
    spellings.add(NFD.normalize(text));
    spellings.add(NFKC.normalize(text));
    spellings.add(NFKD.normalize(text));
    return spellings;
  }

  /** Whether {@code codePoint} may begin a grapheme cluster (a user-perceived character). */
  private static boolean mayBeginCluster(int codePoint) {
    switch (UCharacter.getIntPropertyValue(codePoint, UProperty.GRAPHEME_CLUSTER_BREAK)) {
      case GraphemeClusterBreak.EXTEND:
      case GraphemeClusterBreak.ZWJ:
      case GraphemeClusterBreak.SPACING_MARK:
      case GraphemeClusterBreak.V:
      case GraphemeClusterBreak.T:
        return false;
      default:
        return true;
    }
  }

  /** A Hangul compatibility jamo that compatibility normalisation turns into a vowel or final. */
  private static boolean isCompatibilityVowelOrFinal(int codePoint) {
    String folded = NFKC_CASEFOLD.normalize(Character.toString(codePoint));
    if (folded.codePointCount(0, folded.length()) != 1 || folded.codePointAt(0) == codePoint) {
      return false;
    }
    int jamo = UCharacter.getIntPropertyValue(folded.codePointAt(0), UProperty.GRAPHEME_CLUSTER_BREAK);
    return jamo == GraphemeClusterBreak.V || jamo == GraphemeClusterBreak.T;
  }

  @Test
  void foldingIsIdempotentAndAccentFoldingLeavesNoMark() {
    List<String> failures = new ArrayList<>();
    forEveryCodePoint(codePoint -> {
      String alone = Character.toString(codePoint);
      String folded = fold(alone);
      String plain = plain(alone);
      if (!isStable(alone, folded, plain, true)) {
        failures.add(describe(codePoint) + ": " + folded + " / " + plain);
      }
      // Before a combining accent, so that composition is exercised too; what the first text
      // already showed stable is not checked again.
      String accented = alone + ACUTE;
      String accentedFolded = fold(accented);
      String accentedPlain = plain(accented);
      if (!isStable(accented, accentedFolded, accentedPlain, !accentedPlain.equals(plain))) {
        failures.add(describe(codePoint) + " + U+0301: " + accentedFolded + " / " + accentedPlain);
      }
    });
    assertThat(failures).isEmpty();
  }

  /**
   * Whether folding {@code folded} and accent-folding {@code plain} (the images of {@code text})
   * change nothing, and {@code plain} holds no mark; {@code plain} is checked only if {@code
   * checkPlain}. An image equal to its text is stable by definition.
   */
  private static boolean isStable(String text, String folded, String plain, boolean checkPlain) {
    boolean foldedStable =
        folded.equals(text) || fold(folded).equals(folded) && plain(folded).equals(plain);
    boolean plainStable =
        !checkPlain
            || plain.equals(text) && !hasMarks(plain)
            || plain(plain).equals(plain) && fold(plain).equals(plain) && !hasMarks(plain);
    return foldedStable && plainStable;
  }

  @Test
  void spellingsFoldAlikeExactlyWhenUnicodeCallsThemCaselessEqual() {
    List<String> failures = new ArrayList<>();
    int[] checked = {0};
    forEveryCodePoint(codePoint -> {
      if (!UCharacter.hasBinaryProperty(codePoint, UProperty.CHANGES_WHEN_CASEMAPPED)
          && NFKD.getDecomposition(codePoint) == null) {
        return; // its only spelling is itself
      }
      // Alone, and after a cased letter, so that lower-casing a capital sigma gives a final one.
      for (String text : List.of(Character.toString(codePoint), "x" + Character.toString(codePoint))) {
        String expected = compatibilityCaseless(text);
        for (String spelling : spellings(text)) {
          boolean caselessEqual = compatibilityCaseless(spelling).equals(expected);
          boolean foldAlike = fold(spelling).equals(fold(text));
          if (caselessEqual != foldAlike || foldAlike && !plain(spelling).equals(plain(text))) {
            failures.add(describe(codePoint) + ": \"" + text + "\" and \"" + spelling + "\"");
          }
          checked[0]++;
        }
      }
    });
    assertThat(failures).isEmpty();
    assertThat(checked[0]).as("spellings compared").isGreaterThan(50_000);
  }

  /**
   * The rule {@code startsWith} relies on: where the text after a cut begins with a character that
   * has a normalisation boundary before it, the folded whole is the folded prefix followed by the
   * folded rest, in both modes.
   */
  @Test
  void textFoldsPiecewiseAtEveryNormalisationBoundary() {
    List<String> failures = new ArrayList<>();
    List<String> prefixes = List.of("e", "\u1100\u1161", "\u03a3"); // Latin e, Hangul ga, capital sigma
    forEveryCodePoint(codePoint -> {
      if (!NFKC_CASEFOLD.hasBoundaryBefore(codePoint)) {
        return;
      }
      String rest = Character.toString(codePoint);
      String prefix = prefixes.get(codePoint % prefixes.size());
      if (!fold(prefix + rest).equals(fold(prefix) + fold(rest))
          || !plain(prefix + rest).equals(plain(prefix) + plain(rest))) {
        failures.add(describe(codePoint) + " after \"" + prefix + "\"");
      }
    });
    assertThat(failures).isEmpty();
  }

  /**
   * Where a user-perceived character may begin, a normalisation boundary lies before it, except
   * before a default-ignorable code point (removed by folding, so what follows it may join what
   * precedes it) and before a Hangul compatibility jamo that folds to a vowel or final jamo (which
   * joins the syllable before it). So a prefix cut between user-perceived characters folds to a
   * prefix of the folded whole unless the rest begins with one of these.
   */
  @Test
  void everyClusterBoundaryIsANormalisationBoundaryExceptBeforeIgnorablesAndJamo() {
    List<String> exceptions = new ArrayList<>();
    forEveryCodePoint(codePoint -> {
      if (mayBeginCluster(codePoint)
          && !NFKC_CASEFOLD.hasBoundaryBefore(codePoint)
          && !UCharacter.hasBinaryProperty(codePoint, UProperty.DEFAULT_IGNORABLE_CODE_POINT)
          && !isCompatibilityVowelOrFinal(codePoint)) {
        exceptions.add(describe(codePoint));
      }
    });
    assertThat(exceptions).isEmpty();
  }
}
