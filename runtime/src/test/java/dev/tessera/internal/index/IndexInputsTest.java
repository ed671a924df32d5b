package dev.tessera.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.tuple.Tuple;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * When an update may keep every index entry, decided from the stored and the written bytes: only
 * when the schema part, the primary key part and every part an index reads are equal, both values
 * have the schema's layout, and every index declares what it reads.
 */
class IndexInputsTest {
  private record Book(String id, String title, String author, long pages) {}

  private static final RecordSchema SCHEMA = new RecordSchema("book", "id", List.of(
      ComponentSchema.of("id", "STRING"), ComponentSchema.of("title", "STRING"),
      ComponentSchema.of("author", "STRING"), ComponentSchema.of("pages", "long")));
  private static final IndexDefinition<Book> BY_TITLE = IndexDefinition.derivedFromFields(
      new IndexDefinition<>("title", "book_by_title", false, List.of("title"),
          book -> Tuple.of(book.title())));
  private static final IndexDefinition<Book> BY_AUTHOR_PAGES = IndexDefinition.derivedFromFields(
      new IndexDefinition<>("authorPages", "book_by_authorPages", false, List.of("author", "pages"),
          book -> Tuple.of(book.author(), book.pages())));

  private static byte[] value(Object... components) {
    return Tuple.of(SCHEMA.id()).addAll(Tuple.of(components)).pack();
  }

  @Test
  void randomChangesKeepTheEntriesExactlyWhenNoReadPartChanges() {
    IndexInputs titles = IndexInputs.of(SCHEMA, List.of(BY_TITLE));
    Random random = new Random(7);
    String[] texts = {"", "a", "A", "b", "a\u0000", "\u00e9"};
    int kept = 0;
    for (int i = 0; i < 5000; i++) {
      Object[] before = {pick(random, texts), pick(random, texts), pick(random, texts), (long) random.nextInt(3) - 1};
      Object[] after = before.clone();
      int changed = random.nextInt(4);
      after[changed] = changed == 3 ? (Object) ((long) random.nextInt(3) - 1) : pick(random, texts);
      boolean same = after[0].equals(before[0]) && after[1].equals(before[1]);
      assertThat(titles.unchanged(value(before), value(after)))
          .as("%s -> %s", Arrays.toString(before), Arrays.toString(after))
          .isEqualTo(same);
      kept += same ? 1 : 0;
    }
    assertThat(kept).isBetween(1000, 4500);
  }

  @Test
  void everyFieldOfACompositeIndexIsRead() {
    IndexInputs inputs = IndexInputs.of(SCHEMA, List.of(BY_TITLE, BY_AUTHOR_PAGES));
    assertThat(inputs.unchanged(value("b1", "T", "X", 10L), value("b1", "T", "X", 10L))).isTrue();
    assertThat(inputs.unchanged(value("b1", "T", "X", 10L), value("b1", "T", "X", 11L))).isFalse();
    assertThat(inputs.unchanged(value("b1", "T", "X", 10L), value("b1", "T", "x", 10L))).isFalse();
  }

  @Test
  void anIndexThatDoesNotDeclareItsInputsNeverKeepsTheEntries() {
    IndexDefinition<Book> undeclared = new IndexDefinition<>(
        "title", "book_by_title", false, List.of("title"), book -> Tuple.of(book.author()));
    IndexInputs inputs = IndexInputs.of(SCHEMA, List.of(BY_TITLE, undeclared));
    assertThat(inputs.unchanged(value("b1", "T", "X", 1L), value("b1", "T", "X", 1L))).isFalse();
  }

  @Test
  void anIndexOverAFieldTheSchemaDoesNotHaveNeverKeepsTheEntries() {
    IndexDefinition<Book> elsewhere = IndexDefinition.derivedFromFields(new IndexDefinition<>(
        "isbn", "book_by_isbn", true, List.of("isbn"), book -> Tuple.of(book.id())));
    IndexInputs inputs = IndexInputs.of(SCHEMA, List.of(elsewhere));
    assertThat(inputs.unchanged(value("b1", "T", "X", 1L), value("b1", "T", "X", 1L))).isFalse();
  }

  @Test
  void anotherSchemaAnotherKeyOrAnotherLayoutIsNeverKept() {
    IndexInputs inputs = IndexInputs.of(SCHEMA, List.of(BY_TITLE));
    byte[] written = value("b1", "T", "X", 1L);
    byte[] otherSchema = Tuple.of(SCHEMA.id() + 1, "b1", "T", "X", 1L).pack();
    assertThat(inputs.unchanged(otherSchema, written)).isFalse();
    assertThat(inputs.unchanged(value("b2", "T", "X", 1L), written)).isFalse();
    assertThat(inputs.unchanged(value("b1", "T", "X"), written)).isFalse();
    assertThat(inputs.unchanged(value("b1", "T", "X", 1L, "extra"), written)).isFalse();
    assertThat(inputs.unchanged(new byte[0], written)).isFalse();
  }

  @Test
  void aDamagedStoredValueIsNeverKept() {
    IndexInputs inputs = IndexInputs.of(SCHEMA, List.of(BY_TITLE));
    byte[] written = value("b1", "T", "X", 1L);
    byte[] damaged = written.clone();
    damaged[damaged.length - 2] = (byte) 0xFE; // an unknown type code in the last part
    assertThat(inputs.unchanged(damaged, written)).isFalse();
    assertThat(inputs.unchanged(Arrays.copyOf(written, written.length - 1), written)).isFalse();
  }

  private static String pick(Random random, String[] values) {
    return values[random.nextInt(values.length)];
  }
}
