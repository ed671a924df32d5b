package dev.tessera.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.text.Normalizer2;
import dev.tessera.annotations.Normalize;
import org.junit.jupiter.api.Test;

class TextNormalizerTest {

  @Test
  void noneKeepsTheValue() {
    assertThat(TextNormalizer.normalize("Bànana", Normalize.NONE)).isEqualTo("Bànana");
  }

  @Test
  void asciiValuesFoldExactlyAsTheUnicodeNormaliserFoldsThem() {
    // ASCII values take a path of their own: it must agree with NFKC_Casefold on every character,
    // alone and in random strings (and leave an already folded value the same instance).
    Normalizer2 unicode = Normalizer2.getNFKCCasefoldInstance();
    java.util.Random random = new java.util.Random(25);
    java.util.List<String> values = new java.util.ArrayList<>(java.util.List.of("", "a@b.org"));
    for (char c = 0; c < 0x80; c++) {
      values.add(String.valueOf(c));
    }
    for (int i = 0; i < 2_000; i++) {
      char[] chars = new char[random.nextInt(40)];
      for (int j = 0; j < chars.length; j++) {
        chars[j] = (char) random.nextInt(0x80);
      }
      values.add(new String(chars));
    }
    for (String value : values) {
      for (Normalize mode : new Normalize[] {
          Normalize.CASE_INSENSITIVE, Normalize.CASE_AND_ACCENT_INSENSITIVE}) {
        assertThat(TextNormalizer.normalize(value, mode)).as("%s of %s", mode, value)
            .isEqualTo(unicode.normalize(value));
      }
    }
    String folded = "user1@example.org";
    assertThat(TextNormalizer.normalize(folded, Normalize.CASE_INSENSITIVE)).isSameAs(folded);
  }

  @Test
  void caseInsensitiveFoldsCaseButKeepsAccents() {
    assertThat(TextNormalizer.normalize("Alice@Example.COM", Normalize.CASE_INSENSITIVE))
        .isEqualTo("alice@example.com");
    assertThat(TextNormalizer.normalize("Bànana", Normalize.CASE_INSENSITIVE))
        .isEqualTo("bànana")
        .isNotEqualTo(TextNormalizer.normalize("banana", Normalize.CASE_INSENSITIVE));
  }

  @Test
  void caseInsensitiveFoldsSharpSAndIgnoresTheDefaultLocale() {
    assertThat(TextNormalizer.normalize("STRASSE", Normalize.CASE_INSENSITIVE))
        .isEqualTo(TextNormalizer.normalize("straße", Normalize.CASE_INSENSITIVE));
    // Locale-independent: the Turkish dotted/dotless i rules never apply.
    assertThat(TextNormalizer.normalize("TITLE", Normalize.CASE_INSENSITIVE)).isEqualTo("title");
  }

  @Test
  void caseInsensitiveTreatsComposedAndDecomposedAccentsAlike() {
    assertThat(TextNormalizer.normalize("Cafe\u0301", Normalize.CASE_INSENSITIVE))
        .isEqualTo(TextNormalizer.normalize("CAF\u00c9", Normalize.CASE_INSENSITIVE));
  }

  @Test
  void caseAndAccentInsensitiveMakesBananasEqual() {
    String expected = "banana";
    for (String input : new String[] {"Banana", "BANANA", "Bànana", "bána\u0301na", "BÀNÂNÄ"}) {
      assertThat(TextNormalizer.normalize(input, Normalize.CASE_AND_ACCENT_INSENSITIVE))
          .as(input)
          .isEqualTo(expected);
    }
  }

  @Test
  void caseAndAccentInsensitiveStillDistinguishesLetters() {
    assertThat(TextNormalizer.normalize("Bànana", Normalize.CASE_AND_ACCENT_INSENSITIVE))
        .isNotEqualTo(TextNormalizer.normalize("Bonana", Normalize.CASE_AND_ACCENT_INSENSITIVE));
  }

  @Test
  void caseInsensitiveFoldsAsTheDocumentationSays() {
    String[][] cases = {
      {"STRA\u1e9eE", "strasse"}, {"Stra\u00dfe", "strasse"},
      {"\u039f\u0394\u03a5\u03a3\u03a3\u0388\u0391\u03a3", "\u03bf\u03b4\u03c5\u03c3\u03c3\u03ad\u03b1\u03c3"},
      {"\u03bf\u03b4\u03c5\u03c3\u03c3\u03ad\u03b1\u03c2", "\u03bf\u03b4\u03c5\u03c3\u03c3\u03ad\u03b1\u03c3"},
      {"K\u0131R", "k\u0131r"}, {"KIR", "kir"}, {"\u0130stanbul", "i\u0307stanbul"},
      {"\uff26\uff55\uff4c\uff4c", "full"}, {"\ufb01", "fi"}, {"\ufb03", "ffi"}, {"x\u00b2", "x2"},
      {"\u210c", "h"}, {"\u2163", "iv"}, {"\u01c5", "d\u017e"}, {"e\u00admail", "email"},
      {"\u00f8\u0142\u0111\u00e6", "\u00f8\u0142\u0111\u00e6"},
    };
    for (String[] c : cases) {
      assertThat(TextNormalizer.normalize(c[0], Normalize.CASE_INSENSITIVE)).as(c[0]).isEqualTo(c[1]);
    }
  }

  @Test
  void caseAndAccentInsensitiveFoldsAsTheDocumentationSays() {
    String[][] cases = {
      {"STRA\u1e9eE", "strasse"}, {"\u039f\u03b4\u03c5\u03c3\u03c3\u03ad\u03b1\u03c2", "\u03bf\u03b4\u03c5\u03c3\u03c3\u03b5\u03b1\u03c3"},
      {"\u0130stanbul", "istanbul"}, {"k\u0131r", "k\u0131r"}, {"\u01fb", "a"}, {"\u01c5", "dz"},
      {"\u00f8\u0142\u0111\u00e6", "\u00f8\u0142\u0111\u00e6"}, {"\u0915\u093e \u0915\u093f", "\u0915 \u0915"},
    };
    for (String[] c : cases) {
      assertThat(TextNormalizer.normalize(c[0], Normalize.CASE_AND_ACCENT_INSENSITIVE)).as(c[0]).isEqualTo(c[1]);
    }
  }

  @Test
  void prefixEndingBeforeAHangulCompatibilityVowelIsNotAFoldedPrefix() {
    // The documented exception: NFKC joins the vowel to the consonant before the cut.
    String word = "\u3131\u314f"; // ㄱㅏ
    assertThat(TextNormalizer.normalize(word, Normalize.CASE_INSENSITIVE)).isEqualTo("\uac00"); // 가
    assertThat(TextNormalizer.normalize("\u3131", Normalize.CASE_INSENSITIVE)).isEqualTo("\u1100");
  }

  @Test
  void rulesNameTheUnicodeVersionAndNothingForNone() {
    assertThat(TextNormalizer.rules(Normalize.NONE)).isNull();
    assertThat(TextNormalizer.rules(Normalize.CASE_INSENSITIVE))
        .isEqualTo("NFKC_Casefold r1 Unicode " + UCharacter.getUnicodeVersion().getMajor() + "."
            + UCharacter.getUnicodeVersion().getMinor());
    assertThat(TextNormalizer.rules(Normalize.CASE_AND_ACCENT_INSENSITIVE))
        .startsWith("NFKC_Casefold-marks r1 Unicode ")
        .isNotEqualTo(TextNormalizer.rules(Normalize.CASE_INSENSITIVE));
  }

  @Test
  void nullStaysNull() {
    assertThat(TextNormalizer.normalize(null, Normalize.CASE_AND_ACCENT_INSENSITIVE)).isNull();
  }

  @Test
  void modeIsRequired() {
    assertThatThrownBy(() -> TextNormalizer.normalize("x", null))
        .isInstanceOf(NullPointerException.class);
  }
}
