package dev.tessera.it.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.it.StoreBackend;
import dev.tessera.kv.KvStore;
import dev.tessera.repository.Transactions;
import dev.tessera.repository.UniqueConstraintViolationException;
import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.exceptions.DataException;
import jakarta.data.exceptions.EmptyResultException;
import jakarta.data.exceptions.EntityExistsException;
import jakarta.data.exceptions.NonUniqueResultException;
import jakarta.data.exceptions.OptimisticLockingFailureException;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The generated Jakarta Data repository {@code Books_} on every backend, organised by the section
 * of the Jakarta Data 1.0 specification each test checks (named in its comment).
 */
@ParameterizedClass
@EnumSource(StoreBackend.class)
class JakartaDataBehaviourTest {
  private static final Book DUNE = new Book("111", "Dune", "Herbert", 1965, "dune");
  private static final Book MESSIAH = new Book("222", "Dune Messiah", "Herbert", 1969, "messiah");
  private static final Book CHILDREN = new Book("333", "Children of Dune", "Herbert", 1976, "children");
  private static final Book EARTHSEA = new Book("444", "A Wizard of Earthsea", "Le Guin", 1968, "earthsea");
  private static final Book DISPOSSESSED = new Book("555", "The Dispossessed", "Le Guin", 1974, "dispossessed");

  @Parameter StoreBackend backend;
  @TempDir Path directory;
  private KvStore store;
  private Books books;

  @BeforeEach
  void open() {
    store = backend.open(directory);
    books = new Books_(store);
    books.insertAll(List.of(DUNE, MESSIAH, CHILDREN, EARTHSEA, DISPOSSESSED));
  }

  @AfterEach
  void close() {
    store.close();
  }

  // 4.1.1 BasicRepository / CrudRepository built-in methods

  @Test
  void builtInFindByIdAndFindAllReadTheStore() { // 4.1.1 BasicRepository.findById, findAll
    assertThat(books.findById("111")).contains(DUNE);
    assertThat(books.findById("999")).isEmpty();
    try (Stream<Book> all = books.findAll()) {
      assertThat(all).containsExactly(DUNE, MESSIAH, CHILDREN, EARTHSEA, DISPOSSESSED);
    }
  }

  @Test
  void insertOfAnExistingEntityThrowsEntityExistsExceptionWithTesserasMessage() { // CrudRepository.insert
    assertThatThrownBy(() -> books.insert(DUNE))
        .isInstanceOf(EntityExistsException.class)
        .hasMessage("book with primary key 111 already exists")
        .hasCauseInstanceOf(dev.tessera.repository.EntityExistsException.class);
  }

  @Test
  void insertAllWithOneExistingEntityInsertsNone() { // CrudRepository.insertAll
    Book fresh = new Book("666", "Lathe", "Le Guin", 1971, "lathe");
    assertThatThrownBy(() -> books.insertAll(List.of(fresh, DUNE)))
        .isInstanceOf(EntityExistsException.class);
    assertThat(books.findById("666")).isEmpty();
  }

  @Test
  void updateOfAnAbsentEntityThrowsOptimisticLockingFailure() { // CrudRepository.update
    Book ghost = new Book("999", "Ghost", "Nobody", 2000, "ghost");
    assertThatThrownBy(() -> books.update(ghost))
        .isInstanceOf(OptimisticLockingFailureException.class)
        .hasMessage("book with primary key 999 does not exist");
    Book renamed = new Book("111", "Dune (1965)", "Herbert", 1965, "dune");
    assertThat(books.update(renamed)).isEqualTo(renamed);
    assertThat(books.findById("111")).contains(renamed);
  }

  @Test
  void updateAllWithOneAbsentEntityUpdatesNone() { // CrudRepository.updateAll
    Book renamed = new Book("111", "Dune (1965)", "Herbert", 1965, "dune");
    Book ghost = new Book("999", "Ghost", "Nobody", 2000, "ghost");
    assertThatThrownBy(() -> books.updateAll(List.of(renamed, ghost)))
        .isInstanceOf(OptimisticLockingFailureException.class);
    assertThat(books.findById("111")).contains(DUNE);
  }

  @Test
  void saveInsertsOrUpdatesAndSaveAllDoesBothInOneCommit() { // BasicRepository.save, saveAll
    Book renamed = new Book("111", "Dune (1965)", "Herbert", 1965, "dune");
    Book fresh = new Book("666", "Lathe", "Le Guin", 1971, "lathe");
    assertThat(books.saveAll(List.of(renamed, fresh))).containsExactly(renamed, fresh);
    assertThat(books.findById("111")).contains(renamed);
    assertThat(books.findById("666")).contains(fresh);
  }

  @Test
  void deleteOfAnAbsentEntityThrowsAndDeleteByIdDoesNot() { // BasicRepository.delete, deleteById
    Book ghost = new Book("999", "Ghost", "Nobody", 2000, "ghost");
    assertThatThrownBy(() -> books.delete(ghost))
        .isInstanceOf(OptimisticLockingFailureException.class)
        .hasMessage("book with primary key 999 does not exist");
    books.deleteById("999");
    books.delete(DUNE);
    assertThat(books.findById("111")).isEmpty();
    assertThatThrownBy(() -> books.deleteAll(List.of(MESSIAH, ghost)))
        .isInstanceOf(OptimisticLockingFailureException.class);
    assertThat(books.findById("222")).contains(MESSIAH);
  }

  @Test
  void aTakenUniqueValueIsADataExceptionCausedByTesserasViolation() { // 4.7 exceptions
    Book copy = new Book("666", "Copy", "Someone", 2001, "dune");
    assertThatThrownBy(() -> books.insert(copy))
        .isInstanceOf(DataException.class)
        .hasCauseInstanceOf(UniqueConstraintViolationException.class)
        .hasMessageContaining("slug");
  }

  @Test
  void findAllPagesInPrimaryKeyOrderAndRefusesAnotherOrder() { // BasicRepository.findAll(PageRequest, Order)
    Page<Book> first = books.findAll(PageRequest.ofSize(2), Order.by(_Book.isbn.asc()));
    assertThat(first.content()).containsExactly(DUNE, MESSIAH);
    assertThat(first.totalElements()).isEqualTo(5);
    assertThat(first.hasNext()).isTrue();
    Page<Book> third = books.findAll(PageRequest.ofPage(3).size(2), Order.by());
    assertThat(third.content()).containsExactly(DISPOSSESSED);
    assertThat(third.hasNext()).isFalse();
    assertThat(books.findAll(PageRequest.ofSize(2), Order.by(_Book.isbn.desc())).content())
        .containsExactly(DISPOSSESSED, EARTHSEA);
    assertThatThrownBy(() -> books.findAll(PageRequest.ofSize(2), Order.by(_Book.title.asc())))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("isbn");
  }

  // 4.2 Lifecycle methods

  @Test
  void lifecycleAnnotationsInsertUpdateSaveAndDelete() { // 4.2 @Insert @Update @Save @Delete
    Book lathe = new Book("666", "Lathe", "Le Guin", 1971, "lathe");
    books.add(lathe);
    assertThatThrownBy(() -> books.add(lathe)).isInstanceOf(EntityExistsException.class);
    Book tehanu = new Book("777", "Tehanu", "Le Guin", 1990, "tehanu");
    Book tombs = new Book("888", "Tombs", "Le Guin", 1970, "tombs");
    assertThat(books.addAll(tehanu, tombs)).containsExactly(tehanu, tombs);
    Book renamed = new Book("666", "The Lathe of Heaven", "Le Guin", 1971, "lathe");
    assertThat(books.change(renamed)).isEqualTo(renamed);
    assertThat(books.store(List.of(tehanu, DUNE))).containsExactly(tehanu, DUNE);
    books.remove(renamed);
    assertThatThrownBy(() -> books.remove(renamed))
        .isInstanceOf(OptimisticLockingFailureException.class);
    assertThat(books.removeByAuthor("Le Guin")).isEqualTo(4);
    assertThat(books.countByAuthor("Le Guin")).isZero();
  }

  // 4.3 @Find with @By parameters

  @Test
  void findByIdEqualitySingleResultOrEmptyResultException() { // 4.3 @Find, single entity result
    assertThat(books.byIsbn("222")).isEqualTo(MESSIAH);
    assertThatThrownBy(() -> books.byIsbn("999")).isInstanceOf(EmptyResultException.class);
  }

  @Test
  void findOnAUniqueIndexReturnsOptional() { // 4.3 @Find, Optional result
    assertThat(books.bySlug("messiah")).contains(MESSIAH);
    assertThat(books.bySlug("nothing")).isEmpty();
  }

  @Test
  void severalMatchesForAnOptionalThrowNonUniqueResult() { // 4.3 NonUniqueResultException
    books.insert(new Book("666", "Dune", "Someone", 2001, "dune-2"));
    assertThatThrownBy(() -> books.byTitle("Dune")).isInstanceOf(NonUniqueResultException.class);
    assertThat(books.byTitle("Dune Messiah")).contains(MESSIAH);
  }

  @Test
  void findOnAnIndexPrefixReturnsIndexOrder() { // 4.3 @Find, List, array, Stream; @OrderBy
    assertThat(books.byAuthor("Herbert")).containsExactly(DUNE, MESSIAH, CHILDREN);
    assertThat(books.newestFirst("Herbert")).containsExactly(CHILDREN, MESSIAH, DUNE);
    try (Stream<Book> found = books.streamByAuthorAndYear("Le Guin", 1974)) {
      assertThat(found).containsExactly(DISPOSSESSED);
    }
  }

  // 4.4 Special parameters: Limit, Order/Sort, PageRequest

  @Test
  void orderParameterServedByTheIndexOrRefused() { // 4.4 Order parameter
    assertThat(books.byAuthor("Herbert", Order.by(_Book.year.desc())))
        .containsExactly(CHILDREN, MESSIAH, DUNE);
    assertThat(books.byAuthor("Herbert", Order.by(Sort.asc(_Book.YEAR), Sort.asc(_Book.ISBN))))
        .containsExactly(DUNE, MESSIAH, CHILDREN);
    assertThatThrownBy(() -> books.byAuthor("Herbert", Order.by(_Book.title.asc())))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("index 'authorAndYear' of book")
        .hasMessageContaining("year, isbn");
  }

  @Test
  void limitParameterBoundsTheResults() { // 4.4 Limit parameter
    assertThat(books.byAuthor("Herbert", Limit.of(2))).containsExactly(DUNE, MESSIAH);
    assertThatThrownBy(() -> books.byAuthor("Herbert", Limit.range(2, 3)))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void offsetPagesCountTotals() { // 4.4 PageRequest, offset pagination
    Page<Book> first = books.byAuthor("Herbert", PageRequest.ofSize(2));
    assertThat(first.content()).containsExactly(DUNE, MESSIAH);
    assertThat(first.totalElements()).isEqualTo(3);
    assertThat(first.totalPages()).isEqualTo(2);
    Page<Book> second = books.byAuthor("Herbert", first.nextPageRequest());
    assertThat(second.content()).containsExactly(CHILDREN);
    assertThat(second.hasNext()).isFalse();
  }

  @Test
  void cursoredPagesGoForwardAndBackFromTesseraCursors() { // 4.4 cursor-based pagination
    books.insert(new Book("666", "Heretics", "Herbert", 1984, "heretics"));
    books.insert(new Book("777", "Chapterhouse", "Herbert", 1985, "chapterhouse"));
    CursoredPage<Book> first = books.pagesByAuthor("Herbert", PageRequest.ofSize(2));
    assertThat(titles(first)).containsExactly("Dune", "Dune Messiah");
    assertThat(first.hasPrevious()).isFalse();
    CursoredPage<Book> second = books.pagesByAuthor("Herbert", first.nextPageRequest());
    assertThat(titles(second)).containsExactly("Children of Dune", "Heretics");
    // A row inserted before the cursor shifts nothing.
    books.insert(new Book("000", "Early", "Herbert", 1950, "early"));
    CursoredPage<Book> third = books.pagesByAuthor("Herbert", second.nextPageRequest());
    assertThat(titles(third)).containsExactly("Chapterhouse");
    assertThat(third.hasNext()).isFalse();
    CursoredPage<Book> back = books.pagesByAuthor("Herbert", third.previousPageRequest());
    assertThat(titles(back)).containsExactly("Children of Dune", "Heretics");
    CursoredPage<Book> backAgain = books.pagesByAuthor("Herbert", back.previousPageRequest());
    assertThat(titles(backAgain)).containsExactly("Dune", "Dune Messiah");
    CursoredPage<Book> forwardAgain = books.pagesByAuthor("Herbert", back.nextPageRequest());
    assertThat(titles(forwardAgain)).containsExactly("Chapterhouse");
    CursoredPage<Book> fromMiddle = books.pagesByAuthor("Herbert",
        PageRequest.ofSize(2).afterCursor(second.cursor(0)));
    assertThat(titles(fromMiddle)).containsExactly("Heretics", "Chapterhouse");
    assertThatThrownBy(() -> books.pagesByAuthor("Herbert",
        PageRequest.ofSize(2).afterCursor(PageRequest.Cursor.forKey("Herbert", 1969))))
        .isInstanceOf(IllegalArgumentException.class);
  }

  // 4.5 Query by Method Name

  @Test
  void methodNameRangesOnTheIndexComponentAfterEqualities() { // 4.5 Between, GreaterThanEqual, LessThan
    assertThat(books.findByAuthorAndYearBetween("Herbert", 1966, 1980))
        .containsExactly(MESSIAH, CHILDREN);
    assertThat(books.findByAuthorAndYearGreaterThanEqual("Herbert", 1969))
        .containsExactly(MESSIAH, CHILDREN);
    assertThat(books.findByAuthorAndYearLessThan("Le Guin", 1974)).containsExactly(EARTHSEA);
  }

  @Test
  void methodNameOrderFirstInAndStartsWith() { // 4.5 OrderBy, First, In, StartsWith
    assertThat(books.findByAuthorOrderByYearDesc("Herbert")).containsExactly(CHILDREN, MESSIAH, DUNE);
    assertThat(books.findFirst2ByAuthorOrderByYear("Herbert")).containsExactly(DUNE, MESSIAH);
    assertThat(books.findByAuthorIn(Set.of("Le Guin", "Herbert")))
        .containsExactly(DUNE, MESSIAH, CHILDREN, EARTHSEA, DISPOSSESSED);
    assertThat(books.findByTitleStartsWith("Dune")).containsExactly(DUNE, MESSIAH);
    assertThat(books.findByIsbnBetween("222", "444")).containsExactly(MESSIAH, CHILDREN, EARTHSEA);
  }

  @Test
  void methodNameCountExistsAndDelete() { // 4.5 countBy, existsBy, deleteBy
    assertThat(books.countByAuthor("Herbert")).isEqualTo(3);
    assertThat(books.existsByTitle("Dune")).isTrue();
    assertThat(books.existsByTitle("Nothing")).isFalse();
    assertThat(books.deleteByAuthorAndYearLessThan("Herbert", 1970)).isEqualTo(2);
    assertThat(books.byAuthor("Herbert")).containsExactly(CHILDREN);
  }

  // 4.8 Resource accessor methods, and transactions

  @Test
  void resourceAccessorsReturnTheStore() { // 4.8 resource accessor
    assertThat(books.kvStore()).isSameAs(store);
    assertThat(((Books_) books).store()).isSameAs(store);
  }

  @Test
  void lifecycleMethodsInsideATransactionJoinItsOneCommit() { // transactions
    Books_ repository = (Books_) books;
    Book lathe = new Book("666", "Lathe", "Le Guin", 1971, "lathe");
    assertThatThrownBy(() -> Transactions.run(store, tx -> {
      repository.in(tx).add(lathe);
      assertThat(repository.in(tx).findById("666")).contains(lathe); // reads its own write
      repository.in(tx).insert(DUNE); // fails: the whole transaction writes nothing
      return null;
    })).isInstanceOf(EntityExistsException.class);
    assertThat(books.findById("666")).isEmpty();
    Transactions.run(store, tx -> {
      repository.in(tx).add(lathe);
      repository.in(tx).remove(DUNE);
      return null;
    });
    assertThat(books.findById("666")).contains(lathe);
    assertThat(books.findById("111")).isEmpty();
  }

  private static List<String> titles(CursoredPage<Book> page) {
    List<String> titles = new ArrayList<>();
    page.forEach(book -> titles.add(book.title()));
    return titles;
  }
}
