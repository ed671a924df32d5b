package dev.tessera.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.mapping.IndexDefinition;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The entries an update deletes and writes: checked against a model (the key sets' differences)
 * for random records of an entity with a single-value and a multi-value index.
 */
class IndexDiffTest {
  private record Book(long id, String title, List<String> tags) {}

  private static final IndexDefinition<Book> BY_TITLE = new IndexDefinition<>(
      "title", "book_by_title", false, List.of("title"),
      book -> book.title() == null ? null : Tuple.of(book.title()), "index(title:STRING)/NONE");
  private static final IndexDefinition<Book> BY_TAG = IndexDefinition.multiValue(
      "tags", "book_by_tags", false, "tags", Book::tags, Tuple::of, "index(tags:each STRING)/NONE");

  private static List<IndexEntry<Book>> entries(Book book) {
    Tuple pkParts = Tuple.of(book.id());
    List<IndexEntry<Book>> all = new ArrayList<>(IndexEntry.forRecord(BY_TITLE, 7, book, pkParts));
    all.addAll(IndexEntry.forRecord(BY_TAG, 8, book, pkParts));
    return all;
  }

  private static Set<Tuple> keys(List<IndexEntry<Book>> entries) {
    Set<Tuple> keys = new HashSet<>();
    entries.forEach(entry -> keys.add(entry.key()));
    return keys;
  }

  private static void assertMatchesModel(Book before, Book after) {
    List<IndexEntry<Book>> old = entries(before);
    List<IndexEntry<Book>> now = entries(after);
    IndexDiff<Book> diff = IndexDiff.between(old, now);
    Set<Tuple> removed = keys(old);
    removed.removeAll(keys(now));
    Set<Tuple> added = keys(now);
    added.removeAll(keys(old));
    assertThat(keys(diff.removed())).isEqualTo(removed);
    assertThat(keys(diff.added())).isEqualTo(added);
    assertThat(diff.removed()).hasSize(removed.size());
    assertThat(diff.added()).hasSize(added.size());
    assertThat(diff.after()).isSameAs(now);
  }

  @Test
  void anUpdateThatKeepsEveryIndexedValueRemovesAndAddsNothing() {
    Book book = new Book(1, "Dune", List.of("sf", "classic"));
    IndexDiff<Book> diff = IndexDiff.between(entries(book), entries(new Book(1, "Dune", List.of("sf", "classic"))));
    assertThat(diff.removed()).isEmpty();
    assertThat(diff.added()).isEmpty();
  }

  @Test
  void anElementChangedInsideAMutableListIsRemovedAndAdded() {
    List<String> tags = new ArrayList<>(List.of("sf", "classic"));
    Book book = new Book(1, "Dune", tags);
    List<IndexEntry<Book>> before = entries(book);
    tags.set(1, "desert");
    IndexDiff<Book> diff = IndexDiff.between(before, entries(book));
    assertThat(diff.removed()).extracting(IndexEntry::values).containsExactly(Tuple.of("classic"));
    assertThat(diff.added()).extracting(IndexEntry::values).containsExactly(Tuple.of("desert"));
  }

  @Test
  void randomUpdatesMatchTheModel() {
    Random random = new Random(25);
    String[] words = {"a", "b", "c", "", "\u00e9"};
    for (int n = 0; n < 2_000; n++) {
      assertMatchesModel(randomBook(random, words), randomBook(random, words));
    }
  }

  private static Book randomBook(Random random, String[] words) {
    String title = random.nextInt(4) == 0 ? null : words[random.nextInt(words.length)];
    List<String> tags = null;
    if (random.nextInt(5) != 0) {
      tags = new ArrayList<>();
      int size = random.nextInt(4);
      for (int i = 0; i < size; i++) {
        tags.add(random.nextInt(6) == 0 ? null : words[random.nextInt(words.length)]);
      }
    }
    return new Book(1, title, tags);
  }
}
