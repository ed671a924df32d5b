package dev.tessera.it.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.UniqueConstraintViolationException;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Case-insensitive and accent-insensitive indexes fold text as Unicode defines it (full case
 * folding of NFKC text), on generated repositories and a real LMDB store.
 */
class UnicodeFoldingTest {
  /**
   * Greek letters with dialytika and an accent: upper case spells them with three code points. (Two
   * more, U+1FD3 and U+1FE3, are canonically equivalent to the first two.)
   */
  private static final List<String> GREEK_WITH_TWO_MARKS =
      List.of("\u0390", "\u03b0", "\u1fd2", "\u1fd7", "\u1fe2", "\u1fe7");

  @TempDir Path directory;
  private KvStore store;
  private LoginRepository logins;
  private HeadingRepository headings;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory);
    logins = new LoginRepository(store);
    headings = new HeadingRepository(store);
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void capitalSharpSIsFoundBySharpSAndByDoubleS() {
    logins.insert(new Login(1, "STRA\u1e9eE@x", null));

    assertThat(logins.findByName("stra\u00dfe@x")).map(Login::id).contains(1L);
    assertThat(logins.findByName("STRASSE@x")).map(Login::id).contains(1L);
    assertThat(logins.findByName("strasse@x")).map(Login::id).contains(1L);
  }

  @Test
  void uniqueIndexRefusesDoubleSAfterCapitalSharpS() {
    logins.insert(new Login(1, "STRA\u1e9eE@x", null));

    assertThatThrownBy(() -> logins.insert(new Login(2, "strasse@x", null)))
        .isInstanceOfSatisfying(
            UniqueConstraintViolationException.class,
            e -> {
              assertThat(e.index()).isEqualTo("name");
              assertThat(e.primaryKey()).isEqualTo(1L);
            });
    assertThat(logins.count()).isEqualTo(1);
  }

  @Test
  void accentInsensitiveUniqueIndexTreatsSharpSLikeTheCaseInsensitiveOne() {
    logins.insert(new Login(1, null, "STRA\u1e9eE@x"));

    assertThat(logins.findByAlias("stra\u00dfe@x")).map(Login::id).contains(1L);
    assertThat(logins.findByAlias("STRASSE@x")).map(Login::id).contains(1L);
    assertThatThrownBy(() -> logins.insert(new Login(2, null, "strasse@x")))
        .isInstanceOfSatisfying(
            UniqueConstraintViolationException.class, e -> assertThat(e.index()).isEqualTo("alias"));
    assertThatThrownBy(() -> logins.insert(new Login(3, null, "Stra\u00dfe@x")))
        .isInstanceOf(UniqueConstraintViolationException.class);
    assertThat(logins.count()).isEqualTo(1);
  }

  @Test
  void greekPrefixEndingInSigmaFindsTheWordWithMedialSigma() {
    headings.insert(Heading.of(1, "\u039f\u03b4\u03c5\u03c3\u03c3\u03ad\u03b1\u03c2")); // Οδυσσέας
    headings.insert(Heading.of(2, "\u039f\u03b4\u03cd\u03bd\u03b7")); // Οδύνη

    for (String prefix : List.of("\u039f\u03b4\u03c5\u03c3", "\u03bf\u03b4\u03c5\u03c3\u03c3", "\u039f\u0394\u03a5\u03a3\u03a3")) {
      assertThat(headings.byText().startsWith(prefix).list()).as(prefix).extracting(Heading::id).containsExactly(1L);
      assertThat(headings.byPlain().startsWith(prefix).list()).as(prefix).extracting(Heading::id).containsExactly(1L);
    }
    // The whole word in capitals, final sigma included, and without its accent where accents do not count.
    String capitals = "\u039f\u0394\u03a5\u03a3\u03a3\u0388\u0391\u03a3"; // ΟΔΥΣΣΈΑΣ
    assertThat(headings.findByText(capitals)).extracting(Heading::id).containsExactly(1L);
    assertThat(headings.findByPlain("\u039f\u0394\u03a5\u03a3\u03a3\u0395\u0391\u03a3")).extracting(Heading::id)
        .containsExactly(1L);
    assertThat(headings.byPlain().startsWith("\u03bf\u03b4\u03c5\u03bd").list()).extracting(Heading::id)
        .containsExactly(2L);
  }

  @Test
  void upperCasedGreekWithTwoMarksIsTheSameUniqueValue() {
    long id = 0;
    for (String letter : GREEK_WITH_TWO_MARKS) {
      String name = "x" + letter;
      String upper = name.toUpperCase(Locale.ROOT);
      assertThat(upper.codePointCount(0, upper.length())).as(name).isGreaterThan(2);
      long holder = ++id;
      // Every one of these letters loses its marks to an iota or upsilon where accents do not count.
      String alias = name + holder;
      logins.insert(new Login(holder, name, alias));

      assertThat(logins.findByName(upper)).as(upper).map(Login::id).contains(holder);
      assertThat(logins.findByName(Normalizer.normalize(upper, Normalizer.Form.NFC))).map(Login::id).contains(holder);
      assertThatThrownBy(() -> logins.insert(new Login(1000 + holder, upper, null)))
          .as(upper)
          .isInstanceOf(UniqueConstraintViolationException.class);
      assertThatThrownBy(() -> logins.insert(new Login(2000 + holder, null, alias.toUpperCase(Locale.ROOT))))
          .as(alias)
          .isInstanceOf(UniqueConstraintViolationException.class);
    }
    assertThat(logins.count()).isEqualTo(GREEK_WITH_TWO_MARKS.size());
    assertThatThrownBy(() -> logins.insert(new Login(3000, "x\u1fd3", null)))
        .isInstanceOfSatisfying(
            UniqueConstraintViolationException.class, e -> assertThat(e.primaryKey()).isEqualTo(1L));
  }

  @Test
  void turkishDotlessIIsNotFoldedIntoI() {
    logins.insert(new Login(1, "k\u0131r", "k\u0131r")); // kır: countryside
    logins.insert(new Login(2, "kir", "kir")); // kir: dirt

    assertThat(logins.findByName("K\u0131R")).map(Login::id).contains(1L);
    assertThat(logins.findByName("KIR")).map(Login::id).contains(2L);
    assertThat(logins.findByAlias("k\u0131r")).map(Login::id).contains(1L);
    assertThat(logins.findByAlias("KIR")).map(Login::id).contains(2L);
    assertThat(logins.count()).isEqualTo(2);
  }

  @Test
  void compatibilityFormsFoldToTheirPlainLetters() {
    logins.insert(new Login(1, "\uff26\uff49\u2163@x", "\ufb01le\u00b2")); // Ｆｉ Ⅳ, ﬁle²

    assertThat(logins.findByName("fiiv@x")).map(Login::id).contains(1L);
    assertThat(logins.findByAlias("FILE2")).map(Login::id).contains(1L);
    assertThatThrownBy(() -> logins.insert(new Login(2, "FIIV@X", null)))
        .isInstanceOf(UniqueConstraintViolationException.class);
  }
}
