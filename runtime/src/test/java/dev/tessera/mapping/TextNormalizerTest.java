package dev.tessera.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.annotations.Normalize;
import org.junit.jupiter.api.Test;

class TextNormalizerTest {

  @Test
  void noneKeepsTheValue() {
    assertThat(TextNormalizer.normalize("Bànana", Normalize.NONE)).isEqualTo("Bànana");
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
    // Locale.ROOT: the Turkish dotted/dotless i rules never apply.
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
  void nullStaysNull() {
    assertThat(TextNormalizer.normalize(null, Normalize.CASE_AND_ACCENT_INSENSITIVE)).isNull();
  }

  @Test
  void modeIsRequired() {
    assertThatThrownBy(() -> TextNormalizer.normalize("x", null))
        .isInstanceOf(NullPointerException.class);
  }
}
