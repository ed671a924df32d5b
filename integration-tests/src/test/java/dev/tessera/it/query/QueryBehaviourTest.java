package dev.tessera.it.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.it.StoreBackend;
import dev.tessera.it.StoredKeys;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvStore;
import dev.tessera.query.Page;
import dev.tessera.query.PageCursor;
import dev.tessera.tuple.Tuple;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The query API on generated repositories, on every backend (a real LMDB store and a real etcd
 * cluster): index shapes (range, prefix, composite) and their edges.
 */
@ParameterizedClass
@EnumSource(StoreBackend.class)
class QueryBehaviourTest {
  @Parameter StoreBackend backend;
  @TempDir Path directory;
  private KvStore store;
  private ProductRepository products;
  private ReadingRepository readings;
  private WordRepository words;

  @BeforeEach
  void open() {
    store = backend.open(directory);
    products = new ProductRepository(store);
    readings = new ReadingRepository(store);
    words = new WordRepository(store);
  }

  @AfterEach
  void close() {
    store.close();
  }

  private static List<Long> ids(List<Product> products) {
    return products.stream().map(Product::id).toList();
  }

  @Test
  void roomEqualityThenPriceRange() {
    products.insertAll(List.of(
        new Product(90, 56, 28.44, "lamp"),
        new Product(832, 34, 11.00, "desk"),
        new Product(91, 56, 10.00, "chair"),
        new Product(92, 56, 30.00, "sofa"),
        new Product(93, 56, 30.01, "bed"),
        new Product(94, 56, 9.99, "rug"),
        new Product(95, 57, 20.00, "shelf")));

    assertThat(ids(products.byRoomAndPrice().equalTo(56).between(10.00, 30.00).list()))
        .containsExactly(91L, 90L, 92L);
    assertThat(ids(products.byRoomAndPrice().equalTo(56).greaterThan(10.00).list()))
        .containsExactly(90L, 92L, 93L);
    assertThat(ids(products.byRoomAndPrice().equalTo(56).list())) // every product of room 56, by price
        .containsExactly(94L, 91L, 90L, 92L, 93L);
    assertThat(products.byRoomAndPrice().equalTo(56).atMost(30.00).reverse().limit(2).list())
        .extracting(Product::name).containsExactly("sofa", "lamp");
    assertThat(products.byRoomAndPrice().equalTo(56).between(10.00, 30.00).count()).isEqualTo(3);
    assertThat(products.byRoomAndPrice().equalTo(56).equalTo(28.44).first()).map(Product::id).contains(90L);
    assertThat(ids(products.byRoomAndPrice().between(34, 56).list())) // room range: price order within
        .containsExactly(832L, 94L, 91L, 90L, 92L, 93L);
  }

  @Test
  void numbersOrderNumericallyNegativeZeroBeforeZero() {
    double[] ratios = {2.0, -0.0, Double.NEGATIVE_INFINITY, 0.0, -1.5, Double.POSITIVE_INFINITY};
    for (int i = 0; i < ratios.length; i++) {
      readings.insert(reading(i, i - 3, ratios[i]));
    }
    assertThat(readings.byRatio().list()).extracting(Reading::ratio)
        .containsExactly(Double.NEGATIVE_INFINITY, -1.5, -0.0, 0.0, 2.0, Double.POSITIVE_INFINITY);
    assertThat(readings.byRatio().atLeast(0.0).list()).extracting(Reading::ratio)
        .containsExactly(0.0, 2.0, Double.POSITIVE_INFINITY);
    assertThat(readings.byRatio().lessThan(0.0).list()).extracting(Reading::ratio)
        .containsExactly(Double.NEGATIVE_INFINITY, -1.5, -0.0);
    assertThat(readings.bySmall().between(-2, 1).list()).extracting(Reading::small)
        .containsExactly(-2, -1, 0, 1);
    assertThat(readings.byLevel().list()).extracting(Reading::level) // declaration order, not names
        .startsWith(Level.WARN).endsWith(Level.DEBUG);
  }

  private static Reading reading(long id, int small, double ratio) {
    Level level = Level.values()[(int) (id % Level.values().length)];
    return new Reading(id, small, small, ratio, BigInteger.valueOf(small), Instant.ofEpochSecond(small), level, id);
  }

  @Test
  void caseAndAccentInsensitiveIndexFindsEveryVariant() {
    words.insertAll(List.of(
        new Word(1, "Banana"), new Word(2, "BANANA"), new Word(3, "Bànana"),
        new Word(4, "bandana"), new Word(5, "apple")));

    for (String variant : List.of("banana", "BANANA", "Bànana", "BÀNANA")) {
      assertThat(words.byText().equalTo(variant).list()).as(variant)
          .extracting(Word::id).containsExactly(1L, 2L, 3L);
    }
    for (String prefix : List.of("BAN", "bàn", "Ban")) {
      assertThat(words.byText().startsWith(prefix).list()).as(prefix)
          .extracting(Word::text).containsExactly("Banana", "BANANA", "Bànana", "bandana");
    }
    assertThat(words.byText().startsWith("BANANA").count()).isEqualTo(3);
    assertThat(words.byText().startsWith("").count()).isEqualTo(5);
    assertThat(words.byText().between("APPLE", "BÀNANA").list()).extracting(Word::id)
        .containsExactly(5L, 1L, 2L, 3L);
    assertThat(words.byText().in("BANANA", "apple", "bànana", "Banana").list()).as("in, normalised")
        .extracting(Word::id).containsExactly(5L, 1L, 2L, 3L);
    assertThat(words.byText().in().exists()).isFalse();
  }

  @Test
  void prefixEndingInTheHighestCharacterAndEmptyPrefix() {
    products.insertAll(List.of(
        new Product(1, 0, 0, "a\uFFFF"), new Product(2, 0, 0, "a\uFFFFz"),
        new Product(3, 0, 0, "a\uD83D\uDE00"), new Product(4, 0, 0, "b"), new Product(5, 0, 0, "")));

    assertThat(ids(products.byName().startsWith("a\uFFFF").list())).containsExactly(1L, 2L);
    // U+1F600 encodes above U+FFFF in UTF-8, so it follows it
    assertThat(ids(products.byName().startsWith("a").list())).containsExactly(1L, 2L, 3L);
    assertThat(ids(products.byName().startsWith("").list())).containsExactly(5L, 1L, 2L, 3L, 4L);
    assertThat(ids(products.byName().startsWith("\uFFFF").list())).isEmpty();
  }

  @Test
  void countReadsNoRecords() {
    products.insertAll(List.of(new Product(1, 5, 1.0, "x"), new Product(2, 5, 2.0, "y")));
    store.atomic().set(StoredKeys.key(store, ProductRepository.ENTITY_NAME, 2L), new byte[] {1, 2, 3}).commit();

    assertThat(products.byRoomAndPrice().equalTo(5).count()).isEqualTo(2);
    assertThat(products.byRoomAndPrice().equalTo(5).limit(1).count()).isEqualTo(1);
    assertThatThrownBy(() -> products.byRoomAndPrice().equalTo(5).list())
        .isInstanceOf(CorruptRecordException.class)
        .hasMessageStartingWith("entity '" + ProductRepository.ENTITY_NAME
            + "': stored value under key (id: 2) does not decode");
  }

  @Test
  void streamReadsLazilyInBatches() {
    // Several read batches (256) of records, inserted 40 at a time: each commit (3 keys a record)
    // then fits etcd's 128 operations per transaction as well.
    List<Product> many = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      many.add(new Product(i, 1, i, "p" + i));
      if (many.size() == 40) {
        products.insertAll(many);
        many.clear();
      }
    }
    // A corrupt record far down the index: a stream that read ahead would decode it and throw.
    store.atomic().set(StoredKeys.key(store, ProductRepository.ENTITY_NAME, 1_500L), new byte[] {9}).commit();

    try (Stream<Product> stream = products.byRoomAndPrice().equalTo(1).stream()) {
      Iterator<Product> it = stream.iterator();
      for (long i = 0; i < 10; i++) {
        assertThat(it.next().id()).isEqualTo(i);
      }
    }
    assertThatThrownBy(() -> products.byRoomAndPrice().equalTo(1).list())
        .isInstanceOf(CorruptRecordException.class);
    assertThat(products.byRoomAndPrice().equalTo(1).count()).isEqualTo(2_000);
  }

  @Test
  void nextPageResumesExactlyAfterTheLastRowDespiteConcurrentWrites() {
    for (int i = 0; i < 10; i++) {
      products.insert(new Product(i, 1, i * 10, "p" + i));
    }
    Page<Product> first = products.byRoomAndPrice().equalTo(1).page(4);
    assertThat(ids(first.items())).containsExactly(0L, 1L, 2L, 3L);
    PageCursor cursor = PageCursor.parse(first.next().orElseThrow().toString());

    products.delete(3L); // the last row returned
    products.delete(4L); // the row that would have come next
    products.insert(new Product(100, 1, 5, "before the cursor"));
    products.insert(new Product(101, 1, 35, "just after the cursor"));
    products.insert(new Product(102, 1, 30, "equal price, larger id")); // key (30, 102) > (30, 3)

    Page<Product> second = products.byRoomAndPrice().equalTo(1).after(cursor).page(4);
    assertThat(ids(second.items())).containsExactly(102L, 101L, 5L, 6L);
    Page<Product> third =
        products.byRoomAndPrice().equalTo(1).after(second.next().orElseThrow()).page(4);
    assertThat(ids(third.items())).containsExactly(7L, 8L, 9L);
    assertThat(third.next()).isEmpty();

    Page<Product> backwards = products.byRoomAndPrice().equalTo(1).reverse().after(cursor).page(10);
    assertThat(ids(backwards.items())).containsExactly(2L, 1L, 100L, 0L);
  }

  @Test
  void fullLastPageHasNoCursor() {
    for (int i = 0; i < 4; i++) {
      products.insert(new Product(i, 1, i, "p"));
    }
    Page<Product> page = products.byRoomAndPrice().equalTo(1).page(4);
    assertThat(page.items()).hasSize(4);
    assertThat(page.hasNext()).isFalse();
    assertThat(products.byRoomAndPrice().equalTo(1).limit(2).page(4).next()).isEmpty();
  }

  @Test
  void cursorOfAnotherIndexOrGarbageIsRejectedNamingTheIndex() {
    products.insertAll(List.of(new Product(1, 1, 1, "a"), new Product(2, 1, 2, "b")));
    PageCursor byName = products.byName().page(1).next().orElseThrow();

    assertThatThrownBy(() -> products.byRoomAndPrice().after(byName))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("index 'roomAndPrice' of entity 'product'");
    assertThatThrownBy(() -> products.byRoomAndPrice().after(PageCursor.parse("bm90LWEta2V5")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("index 'roomAndPrice' of entity 'product'");
    assertThatThrownBy(() -> PageCursor.parse("not base64!"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Malformed page cursor");
    assertThat(PageCursor.parse(byName.toString())).isEqualTo(byName);
    assertThat(byName.toString()).matches("[A-Za-z0-9_-]+");
  }

  @Test
  void badArgumentsAreRejected() {
    assertThatThrownBy(() -> products.byName().limit(-1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
    assertThatThrownBy(() -> products.byName().page(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0");
    assertThatThrownBy(() -> readings.byHuge().between(null, BigInteger.ONE))
        .isInstanceOf(NullPointerException.class).hasMessage("fromHuge");
    assertThatThrownBy(() -> products.byName().startsWith(null))
        .isInstanceOf(NullPointerException.class).hasMessage("namePrefix");
    assertThat(products.byName().limit(0).list()).isEmpty();
  }

  @Test
  void staleIndexEntryIsSkippedAndDoesNotCountTowardTheLimit() {
    products.insertAll(List.of(new Product(1, 1, 1, "a1"), new Product(2, 1, 2, "a2")));
    // An entry that no longer matches its record (as a torn write would leave): "a0" -> product 2.
    store.atomic().set(StoredKeys.key(store, "product_by_name", "a0", 2L), new byte[0]).commit();

    assertThat(ids(products.byName().startsWith("a").limit(1).list())).containsExactly(1L);
    assertThat(ids(products.byName().startsWith("a").list())).containsExactly(1L, 2L);
    assertThat(products.byName().equalTo("a0").first()).isEmpty();
  }

  @Test
  void uniqueIndexServesExactAndRangeQueries() {
    for (int i = -3; i <= 3; i++) {
      readings.insert(reading(i + 10, i, i));
    }
    assertThat(readings.bySerial().equalTo(12).first()).map(Reading::id).contains(12L);
    assertThat(readings.bySerial().equalTo(99).first()).isEmpty();
    assertThat(readings.bySerial().between(8, 11).reverse().list()).extracting(Reading::id)
        .containsExactly(11L, 10L, 9L, 8L);
    assertThat(readings.findBySerial(12)).map(Reading::id).contains(12L);
  }
}
