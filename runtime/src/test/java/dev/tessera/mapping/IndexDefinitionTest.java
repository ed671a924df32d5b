package dev.tessera.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.annotations.Normalize;
import dev.tessera.tuple.Tuple;
import java.util.List;
import org.junit.jupiter.api.Test;

class IndexDefinitionTest {

  private static IndexDefinition<String> index(String descriptor) {
    return new IndexDefinition<>("email", "user_by_email", true, List.of("email"), Tuple::of, descriptor);
  }

  @Test
  void normalisedTextIndexCarriesTheFoldingRules() {
    assertThat(index("unique(email:STRING)/CASE_INSENSITIVE").descriptor())
        .isEqualTo("unique(email:STRING)/CASE_INSENSITIVE;text=" + TextNormalizer.rules(Normalize.CASE_INSENSITIVE))
        .matches("unique\\(email:STRING\\)/CASE_INSENSITIVE;text=NFKC_Casefold r\\d+ Unicode \\d+\\.\\d+");
    assertThat(index("index(room:int,guest:STRING)/CASE_AND_ACCENT_INSENSITIVE").descriptor())
        .isEqualTo("index(room:int,guest:STRING)/CASE_AND_ACCENT_INSENSITIVE;text="
            + TextNormalizer.rules(Normalize.CASE_AND_ACCENT_INSENSITIVE));
  }

  @Test
  void otherDescriptorsAreKeptAsGiven() {
    assertThat(index("unique(email:STRING)/NONE").descriptor()).isEqualTo("unique(email:STRING)/NONE");
    assertThat(index("unique(email)").descriptor()).isEqualTo("unique(email)");
    assertThat(new IndexDefinition<String>("email", "user_by_email", false, List.of("email"), Tuple::of)
            .descriptor())
        .isEqualTo("index(email)");
  }

  @Test
  void rulesAreAppendedOnceWhenADefinitionIsCopied() {
    IndexDefinition<String> index = index("unique(email:STRING)/CASE_INSENSITIVE");

    assertThat(index(index.descriptor()).descriptor()).isEqualTo(index.descriptor());
  }

  @Test
  void aNonUniqueIndexMarkedNullsHoldsNullsAndKeepsItsFoldingRules() {
    IndexDefinition<String> folded = new IndexDefinition<>("name", "user_by_name", false,
        List.of("name"), Tuple::of, "index(name:STRING)/CASE_INSENSITIVE;nulls");
    assertThat(folded.descriptor()).isEqualTo(
        "index(name:STRING)/CASE_INSENSITIVE;nulls;text=" + TextNormalizer.rules(Normalize.CASE_INSENSITIVE));
    assertThat(folded.holdsNulls()).isTrue();
    assertThat(new IndexDefinition<String>("name", "user_by_name", false, List.of("name"), Tuple::of,
            folded.descriptor()).descriptor())
        .isEqualTo(folded.descriptor());
    assertThat(new IndexDefinition<String>("c", "user_by_c", false, List.of("c"), Tuple::of,
            "index(c:STRING)/NONE;nulls").holdsNulls())
        .isTrue();
    assertThat(new IndexDefinition<String>("c", "user_by_c", false, List.of("c"), Tuple::of,
            "index(c:STRING)/NONE").holdsNulls())
        .isFalse();
    assertThat(index("unique(email:STRING)/NONE").holdsNulls()).isFalse();
  }

  @Test
  void aCompositeIndexHoldsNullsForItsNullableFieldsOnlyNotItsPrimitiveOnes() {
    IndexDefinition<String> genrePages = composite(List.of("genre", "pages", "title"),
        "index(genre:enum com.acme.Genre{NOVEL,POETRY},pages:int,title:STRING)/CASE_INSENSITIVE;nulls");
    assertThat(genrePages.holdsNulls("genre")).isTrue();
    assertThat(genrePages.holdsNulls("pages")).isFalse();
    assertThat(genrePages.holdsNulls("title")).isTrue();

    IndexDefinition<String> pagesChapters =
        composite(List.of("pages", "chapters"), "index(pages:long,chapters:INT)/NONE;nulls");
    assertThat(pagesChapters.holdsNulls("pages")).isFalse();
    assertThat(pagesChapters.holdsNulls("chapters")).isTrue();
    IndexDefinition<String> place = composite(List.of("at", "rank"),
        "index(at:record com.acme.Point(x:int,y:int),rank:double)/NONE;nulls");
    assertThat(place.holdsNulls("at")).isTrue();
    assertThat(place.holdsNulls("rank")).isFalse();

    // No types named (a hand-written definition): as the index says; none without ;nulls.
    assertThat(composite(List.of("a", "b"), "index(a,b)/NONE;nulls").holdsNulls("b")).isTrue();
    assertThat(composite(List.of("a", "b"), "index(a:INT,b:INT)/NONE").holdsNulls("a")).isFalse();
    assertThat(index("unique(email:STRING)/NONE").holdsNulls("email")).isFalse();
    assertThatThrownBy(() -> genrePages.holdsNulls("page"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("index 'c' has no field 'page'");
  }

  private static IndexDefinition<String> composite(List<String> fields, String descriptor) {
    return new IndexDefinition<>("c", "x_by_c", false, fields, Tuple::of, descriptor);
  }

  @Test
  void multiValueEntriesAreTheDistinctNonNullElements() {
    IndexDefinition<List<String>> tags = IndexDefinition.multiValue(
        "tags", "post_by_tags", false, "tags", record -> record, Tuple::of, "index(tags:each STRING)/NONE");

    assertThat(tags.multiValue()).isTrue();
    assertThat(tags.entryValues(java.util.Arrays.asList("b", "a", null, "b")))
        .containsExactly(Tuple.of("b"), Tuple.of("a"));
    assertThat(tags.entryValues(List.of())).isEmpty();
    assertThat(tags.entryValues(null)).isEmpty();
    assertThat(tags.holds(List.of("a", "b"), Tuple.of("b"))).isTrue();
    assertThat(tags.holds(List.of("a", "b"), Tuple.of("c"))).isFalse();
    assertThat(index("unique(email:STRING)/NONE").multiValue()).isFalse();
    assertThat(index("unique(email:STRING)/NONE").entryValues("x")).containsExactly(Tuple.of("x"));
  }
}
