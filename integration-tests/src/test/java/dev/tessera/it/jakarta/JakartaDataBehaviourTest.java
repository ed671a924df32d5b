package dev.tessera.it.jakarta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.it.StoreBackend;
import dev.tessera.kv.KvStore;
import dev.tessera.repository.ConcurrentModificationException;
import dev.tessera.repository.EntityNotFoundException;
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
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The generated {@code Books_} on every backend (a real LMDB store and a real etcd cluster),
 * organised by the sections of the Jakarta Data 1.0 specification (and the API Javadoc it makes
 * normative); each display name names the clause.
 */
@ParameterizedClass
@EnumSource(StoreBackend.class)
class JakartaDataBehaviourTest {
  private static final Book DUNE = new Book("isbn-1", "Dune", "Herbert", 1965, "H-1");
  private static final Book MESSIAH = new Book("isbn-2", "Dune Messiah", "Herbert", 1969, "H-2");
  private static final Book CHILDREN = new Book("isbn-3", "Children of Dune", "Herbert", 1976, "H-3");
  private static final Book EARTHSEA = new Book("isbn-4", "A Wizard of Earthsea", "Le Guin", 1968, "L-1");

  @Parameter StoreBackend backend;
  @TempDir Path directory;
  private KvStore store;
  private Books books;

  @BeforeEach
  void open() {
    store = backend.open(directory);
    books = new Books_(store);
  }

  @AfterEach
  void close() {
    store.close();
  }

  private void shelve(Book... all) {
    for (Book book : all) {
      books.insert(book);
    }
  }

  private static List<String> titles(List<Book> found) {
    return found.stream().map(Book::title).collect(Collectors.toList());
  }

  @Nested
  class BuiltInCrudRepository {
    @Test
    @DisplayName("CrudRepository.insert: an entity whose id is stored raises EntityExistsException, Tessera's exception as cause")
    void insertOfAStoredIdThrowsEntityExistsException() {
      books.insert(DUNE);
      assertThatThrownBy(() -> books.insert(DUNE.withTitle("Other")))
          .isInstanceOf(EntityExistsException.class)
          .hasMessage("jd_book with primary key isbn-1 already exists")
          .hasCauseInstanceOf(dev.tessera.repository.EntityExistsException.class);
      assertThat(books.findById("isbn-1")).contains(DUNE);
    }

    @Test
    @DisplayName("CrudRepository.insertAll: an id already stored raises EntityExistsException and inserts none")
    void insertAllWithOneStoredIdInsertsNone() {
      books.insert(MESSIAH);
      assertThatThrownBy(() -> books.insertAll(List.of(DUNE, MESSIAH)))
          .isInstanceOf(EntityExistsException.class);
      assertThat(books.findById("isbn-1")).isEmpty();
    }

    @Test
    @DisplayName("CrudRepository.insertAll: returns the inserted entities, in order")
    void insertAllReturnsTheEntities() {
      assertThat(books.insertAll(List.of(DUNE, MESSIAH))).containsExactly(DUNE, MESSIAH);
      assertThat(books.findAll()).containsExactly(DUNE, MESSIAH);
    }

    @Test
    @DisplayName("CrudRepository.update: an entity that is not stored raises OptimisticLockingFailureException")
    void updateOfAMissingEntityThrowsOptimisticLockingFailure() {
      assertThatThrownBy(() -> books.update(DUNE))
          .isInstanceOf(OptimisticLockingFailureException.class)
          .hasCauseInstanceOf(EntityNotFoundException.class);
      assertThat(books.findAll()).isEmpty();
    }

    @Test
    @DisplayName("CrudRepository.update: replaces the stored entity and returns it")
    void updateReplacesTheEntity() {
      books.insert(DUNE);
      assertThat(books.update(DUNE.withTitle("Dune (1965)"))).isEqualTo(DUNE.withTitle("Dune (1965)"));
      assertThat(books.findById("isbn-1")).contains(DUNE.withTitle("Dune (1965)"));
    }

    @Test
    @DisplayName("CrudRepository.updateAll: one missing entity raises OptimisticLockingFailureException and updates none")
    void updateAllWithOneMissingEntityUpdatesNone() {
      books.insert(DUNE);
      assertThatThrownBy(() -> books.updateAll(List.of(DUNE.withTitle("changed"), MESSIAH)))
          .isInstanceOf(OptimisticLockingFailureException.class);
      assertThat(books.findById("isbn-1")).contains(DUNE);
    }

    @Test
    @DisplayName("Unique index: a value another entity holds raises DataException naming it, nothing written")
    void insertOfATakenUniqueValueThrowsDataException() {
      books.insert(DUNE);
      Book sameCode = new Book("isbn-9", "Copy", "Someone", 2000, "H-1");
      assertThatThrownBy(() -> books.insert(sameCode))
          .isExactlyInstanceOf(DataException.class)
          .hasMessageContaining("H-1")
          .hasCauseInstanceOf(UniqueConstraintViolationException.class);
      assertThat(books.findById("isbn-9")).isEmpty();
    }
  }

  @Nested
  class GeneratedValues {
    private Tickets tickets;

    @BeforeEach
    void openTickets() {
      tickets = new Tickets_(store);
    }

    @Test
    @DisplayName("CrudRepository.insert: the entity returned carries the generated key")
    void insertReturnsTheGeneratedKey() {
      Ticket issued = tickets.insert(new Ticket(null, "Ada"));
      assertThat(issued.id()).isNotNull();
      assertThat(tickets.findById(issued.id())).contains(issued);
    }

    @Test
    @DisplayName("BasicRepository.save and CrudRepository.insertAll: the entities returned carry the generated keys")
    void saveAndInsertAllReturnTheGeneratedKeys() {
      Ticket saved = tickets.save(new Ticket(null, "Grace"));
      List<Ticket> inserted = tickets.insertAll(List.of(new Ticket(null, "Alan"), new Ticket(null, "Edsger")));
      assertThat(saved.id()).isNotNull();
      assertThat(inserted).extracting(Ticket::id).doesNotContainNull().doesNotHaveDuplicates();
      assertThat(inserted).extracting(Ticket::holder).containsExactly("Alan", "Edsger");
      assertThat(tickets.findAll()).hasSize(3);
    }
  }

  @Nested
  class BuiltInBasicRepository {
    @Test
    @DisplayName("BasicRepository.save: inserts an entity that is not stored, updates one that is")
    void saveInsertsThenUpdates() {
      assertThat(books.save(DUNE)).isEqualTo(DUNE);
      books.save(DUNE.withTitle("Dune!"));
      assertThat(books.findById("isbn-1")).contains(DUNE.withTitle("Dune!"));
    }

    @Test
    @DisplayName("BasicRepository.saveAll: saves every entity and returns them")
    void saveAllSavesEvery() {
      books.insert(DUNE);
      assertThat(books.saveAll(List.of(DUNE.withTitle("Dune!"), MESSIAH)))
          .containsExactly(DUNE.withTitle("Dune!"), MESSIAH);
      assertThat(books.findAll()).containsExactly(DUNE.withTitle("Dune!"), MESSIAH);
    }

    @Test
    @DisplayName("BasicRepository.findById: empty Optional when no entity has the id")
    void findByIdOfAMissingIdIsEmpty() {
      shelve(DUNE);
      assertThat(books.findById("isbn-1")).contains(DUNE);
      assertThat(books.findById("nope")).isEmpty();
    }

    @Test
    @DisplayName("BasicRepository.findAll(): every entity, as a stream")
    void findAllStreamsEveryEntity() {
      shelve(MESSIAH, DUNE);
      assertThat(books.findAll()).containsExactly(DUNE, MESSIAH);
    }

    @Test
    @DisplayName("BasicRepository.deleteById: an id with no entity is silently ignored")
    void deleteByIdOfAMissingIdIsIgnored() {
      shelve(DUNE);
      books.deleteById("nope");
      books.deleteById("isbn-1");
      assertThat(books.findAll()).isEmpty();
    }

    @Test
    @DisplayName("BasicRepository.delete: an entity that is not stored raises OptimisticLockingFailureException")
    void deleteOfAMissingEntityThrowsOptimisticLockingFailure() {
      shelve(DUNE);
      assertThatThrownBy(() -> books.delete(MESSIAH))
          .isInstanceOf(OptimisticLockingFailureException.class)
          .hasMessageContaining("isbn-2");
      books.delete(DUNE);
      assertThat(books.findAll()).isEmpty();
    }

    @Test
    @DisplayName("BasicRepository.deleteAll(List): one entity not stored raises OptimisticLockingFailureException and deletes none")
    void deleteAllWithOneMissingEntityDeletesNone() {
      shelve(DUNE);
      assertThatThrownBy(() -> books.deleteAll(List.of(DUNE, MESSIAH)))
          .isInstanceOf(OptimisticLockingFailureException.class);
      assertThat(books.findAll()).containsExactly(DUNE);
      books.deleteAll(List.of(DUNE));
      assertThat(books.findAll()).isEmpty();
    }

    @Test
    @DisplayName("BasicRepository.findAll(PageRequest, Order): offset pages in key order, with totals")
    void findAllPagesInKeyOrder() {
      shelve(EARTHSEA, CHILDREN, DUNE, MESSIAH);
      Page<Book> first = books.findAll(PageRequest.ofSize(3), Order.by(Sort.asc("isbn")));
      assertThat(first.content()).containsExactly(DUNE, MESSIAH, CHILDREN);
      assertThat(first.hasNext()).isTrue();
      assertThat(first.totalElements()).isEqualTo(4);
      assertThat(first.totalPages()).isEqualTo(2);
      Page<Book> second = books.findAll(first.nextPageRequest(), Order.by(Sort.asc("isbn")));
      assertThat(second.content()).containsExactly(EARTHSEA);
      assertThat(second.hasNext()).isFalse();
      assertThat(books.findAll(PageRequest.ofSize(2), Order.by(Sort.desc("isbn"))).content())
          .containsExactly(EARTHSEA, CHILDREN);
    }

    @Test
    @DisplayName("Sort (Order) a key-value store cannot perform raises UnsupportedOperationException")
    void findAllSortedByANonKeyAttributeIsUnsupported() {
      shelve(DUNE);
      assertThatThrownBy(() -> books.findAll(PageRequest.ofSize(3), Order.by(Sort.asc("title"))))
          .isInstanceOf(UnsupportedOperationException.class)
          .hasMessageContaining("title ascending")
          .hasMessageContaining("orders by isbn");
    }
  }

  @Nested
  class LifecycleMethods {
    @Test
    @DisplayName("@Insert with an array: inserts every entity and returns them")
    void insertArrayReturnsTheEntities() {
      assertThat(books.add(DUNE, MESSIAH)).containsExactly(DUNE, MESSIAH);
      assertThat(books.findAll()).containsExactly(DUNE, MESSIAH);
    }

    @Test
    @DisplayName("@Insert with a list: an id already stored raises EntityExistsException, none inserted")
    void insertListWithAStoredIdInsertsNone() {
      shelve(MESSIAH);
      assertThatThrownBy(() -> books.addAll(List.of(DUNE, MESSIAH)))
          .isInstanceOf(EntityExistsException.class);
      assertThat(books.findAll()).containsExactly(MESSIAH);
    }

    @Test
    @DisplayName("@Update with a list: an entity not stored raises OptimisticLockingFailureException, none updated")
    void updateListWithAMissingEntityUpdatesNone() {
      shelve(DUNE);
      assertThatThrownBy(() -> books.change(List.of(DUNE.withTitle("x"), MESSIAH)))
          .isInstanceOf(OptimisticLockingFailureException.class);
      assertThat(books.findAll()).containsExactly(DUNE);
    }

    @Test
    @DisplayName("@Save with one entity: inserts, then updates, returning the entity")
    void saveOneInsertsThenUpdates() {
      assertThat(books.keep(DUNE)).isEqualTo(DUNE);
      assertThat(books.keep(DUNE.withTitle("Dune!"))).isEqualTo(DUNE.withTitle("Dune!"));
      assertThat(books.findAll()).containsExactly(DUNE.withTitle("Dune!"));
    }

    @Test
    @DisplayName("@Delete with an array: deletes every entity; one not stored raises OptimisticLockingFailureException, none deleted")
    void deleteArray() {
      shelve(DUNE, MESSIAH);
      assertThatThrownBy(() -> books.remove(new Book[] {DUNE, CHILDREN}))
          .isInstanceOf(OptimisticLockingFailureException.class);
      assertThat(books.findAll()).containsExactly(DUNE, MESSIAH);
      books.remove(new Book[] {DUNE, MESSIAH});
      assertThat(books.findAll()).isEmpty();
    }

    @Test
    @DisplayName("Lifecycle methods: a null entity raises NullPointerException")
    void nullEntityThrowsNullPointerException() {
      assertThatThrownBy(() -> books.insert(null)).isInstanceOf(NullPointerException.class);
      assertThatThrownBy(() -> books.change(null)).isInstanceOf(NullPointerException.class);
    }
  }

  @Nested
  class ParameterBasedFind {
    @Test
    @DisplayName("@Find returning Optional: by a unique index, empty when none matches")
    void findOptionalByUniqueIndex() {
      shelve(DUNE, MESSIAH);
      assertThat(books.byCode("H-2")).contains(MESSIAH);
      assertThat(books.byCode("H-9")).isEmpty();
    }

    @Test
    @DisplayName("@Find with @By(By.ID) returning the entity: EmptyResultException when none matches")
    void findOneByIdThrowsEmptyResultWhenAbsent() {
      shelve(DUNE);
      assertThat(books.withIsbn("isbn-1")).isEqualTo(DUNE);
      assertThatThrownBy(() -> books.withIsbn("nope")).isInstanceOf(EmptyResultException.class);
    }

    @Test
    @DisplayName("@Find returning the entity: NonUniqueResultException when several match")
    void findOneThrowsNonUniqueResultWhenSeveralMatch() {
      shelve(DUNE, MESSIAH, EARTHSEA);
      assertThat(books.onlyBookOf("Le Guin")).isEqualTo(EARTHSEA);
      assertThatThrownBy(() -> books.onlyBookOf("Herbert"))
          .isInstanceOf(NonUniqueResultException.class);
      assertThatThrownBy(() -> books.onlyBookOf("Nobody")).isInstanceOf(EmptyResultException.class);
    }

    @Test
    @DisplayName("@Find with @By: equality on an index's leading field, in the index's order")
    void findListByIndexPrefix() {
      shelve(CHILDREN, EARTHSEA, DUNE, MESSIAH);
      assertThat(books.byAuthor("Herbert")).containsExactly(DUNE, MESSIAH, CHILDREN);
      assertThat(books.byAuthor("Nobody")).isEmpty();
    }

    @Test
    @DisplayName("@Find returning an array, with every field of the index and a Limit")
    void findArrayWithLimit() {
      Book reprint = new Book("isbn-5", "Dune (reprint)", "Herbert", 1965, "H-5");
      shelve(DUNE, reprint, MESSIAH);
      assertThat(books.byAuthorAndYear("Herbert", 1965, Limit.of(10))).containsExactly(DUNE, reprint);
      assertThat(books.byAuthorAndYear("Herbert", 1965, Limit.of(1))).containsExactly(DUNE);
      assertThat(books.byAuthorAndYear("Herbert", 1965, Limit.range(2, 2))).containsExactly(reprint);
    }

    @Test
    @DisplayName("@OrderBy the index gives in reverse: a Stream, newest first")
    void staticDescendingOrder() {
      shelve(DUNE, CHILDREN, MESSIAH, EARTHSEA);
      assertThat(books.newestFirst("Herbert")).containsExactly(CHILDREN, MESSIAH, DUNE);
    }

    @Test
    @DisplayName("Order and Sort parameters the index gives: ascending as is, descending reversed")
    void runTimeOrderServedByTheIndex() {
      shelve(DUNE, CHILDREN, MESSIAH);
      assertThat(books.byAuthor("Herbert", Order.by(Sort.desc("year"))))
          .containsExactly(CHILDREN, MESSIAH, DUNE);
      assertThat(books.byAuthor("Herbert", Sort.asc("year"))).containsExactly(DUNE, MESSIAH, CHILDREN);
      assertThat(books.byAuthor("Herbert", Order.by(_Book.year.desc(), _Book.isbn.desc())))
          .containsExactly(CHILDREN, MESSIAH, DUNE);
      // author is fixed by the condition, so sorting by it is satisfied by any order
      assertThat(books.byAuthor("Herbert", Order.by(Sort.desc("author"), Sort.desc("year"))))
          .containsExactly(CHILDREN, MESSIAH, DUNE);
    }

    @Test
    @DisplayName("Sort the index cannot give raises UnsupportedOperationException")
    void runTimeOrderTheIndexCannotGiveIsUnsupported() {
      shelve(DUNE);
      assertThatThrownBy(() -> books.byAuthor("Herbert", Sort.asc("title")))
          .isInstanceOf(UnsupportedOperationException.class)
          .hasMessageContaining("orders by year, isbn");
      assertThatThrownBy(() -> books.byAuthor("Herbert", Sort.ascIgnoreCase("year")))
          .isInstanceOf(UnsupportedOperationException.class);
      assertThatThrownBy(
              () -> books.byAuthor("Herbert", Order.by(Sort.asc("year"), Sort.desc("isbn"))))
          .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    @DisplayName("Offset pagination: Page of a @Find, with totals and the next page request")
    void offsetPages() {
      shelve(DUNE, CHILDREN, MESSIAH, EARTHSEA);
      Page<Book> first = books.byAuthor("Herbert", PageRequest.ofSize(2));
      assertThat(first.content()).containsExactly(DUNE, MESSIAH);
      assertThat(first.hasNext()).isTrue();
      assertThat(first.totalElements()).isEqualTo(3);
      Page<Book> second = books.byAuthor("Herbert", first.nextPageRequest());
      assertThat(second.content()).containsExactly(CHILDREN);
      assertThat(second.hasNext()).isFalse();
      assertThat(second.hasPrevious()).isTrue();
      Page<Book> withoutTotal = books.byAuthor("Herbert", PageRequest.ofPage(2, 2, false));
      assertThat(withoutTotal.hasTotals()).isFalse();
      assertThat(withoutTotal.content()).containsExactly(CHILDREN);
    }

    @Test
    @DisplayName("Offset pagination: a cursor-based PageRequest for a method returning Page raises IllegalArgumentException")
    void cursorRequestForAnOffsetPageIsRefused() {
      shelve(DUNE);
      PageRequest afterCursor = PageRequest.ofSize(2).afterCursor(PageRequest.Cursor.forKey("x"));
      assertThatThrownBy(() -> books.byAuthor("Herbert", afterCursor))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("CursoredPage");
    }
  }

  @Nested
  class CursorBasedPagination {
    private final Book dragon = new Book("isbn-0", "The Dragon in the Sea", "Herbert", 1956, "H-0");
    private final Book godEmperor = new Book("isbn-5", "God Emperor of Dune", "Herbert", 1981, "H-5");
    private final Order<Book> byYear = Order.by(Sort.asc("year"));

    @BeforeEach
    void shelveHerbert() {
      shelve(godEmperor, CHILDREN, DUNE, MESSIAH, dragon, EARTHSEA);
    }

    @Test
    @DisplayName("CursoredPage: nextPageRequest walks forward, previousPageRequest back, with the same pages")
    void walkForwardAndBack() {
      CursoredPage<Book> first = books.pagesByAuthor("Herbert", PageRequest.ofSize(2), byYear);
      assertThat(first.content()).containsExactly(dragon, DUNE);
      assertThat(first.hasPrevious()).isFalse();
      assertThat(first.hasNext()).isTrue();
      CursoredPage<Book> second = books.pagesByAuthor("Herbert", first.nextPageRequest(), byYear);
      assertThat(second.content()).containsExactly(MESSIAH, CHILDREN);
      assertThat(second.hasPrevious()).isTrue();
      CursoredPage<Book> third = books.pagesByAuthor("Herbert", second.nextPageRequest(), byYear);
      assertThat(third.content()).containsExactly(godEmperor);
      assertThat(third.hasNext()).isFalse();
      CursoredPage<Book> back = books.pagesByAuthor("Herbert", third.previousPageRequest(), byYear);
      assertThat(back.content()).containsExactly(MESSIAH, CHILDREN);
      CursoredPage<Book> start = books.pagesByAuthor("Herbert", back.previousPageRequest(), byYear);
      assertThat(start.content()).containsExactly(dragon, DUNE);
      assertThat(start.hasPrevious()).isFalse();
    }

    @Test
    @DisplayName("CursoredPage: a record inserted before the cursor does not shift the next page")
    void insertBeforeTheCursorDoesNotShiftTheNextPage() {
      CursoredPage<Book> first = books.pagesByAuthor("Herbert", PageRequest.ofSize(2), byYear);
      books.insert(new Book("isbn-9", "Early", "Herbert", 1950, "H-9"));
      assertThat(books.pagesByAuthor("Herbert", first.nextPageRequest(), byYear).content())
          .containsExactly(MESSIAH, CHILDREN);
    }

    @Test
    @DisplayName("CursoredPage: cursor(i) resumes after row i; totals when requested")
    void cursorOfEachRowAndTotals() {
      CursoredPage<Book> first =
          books.pagesByAuthor("Herbert", PageRequest.ofSize(3).withTotal(), byYear);
      assertThat(first.totalElements()).isEqualTo(5);
      PageRequest afterFirstRow = PageRequest.ofSize(3).afterCursor(first.cursor(0));
      assertThat(books.pagesByAuthor("Herbert", afterFirstRow, byYear).content())
          .containsExactly(DUNE, MESSIAH, CHILDREN);
    }

    @Test
    @DisplayName("CursoredPage with a descending Order: pages in reverse index order")
    void descendingPages() {
      Order<Book> newest = Order.by(Sort.desc("year"));
      CursoredPage<Book> first = books.pagesByAuthor("Herbert", PageRequest.ofSize(3), newest);
      assertThat(first.content()).containsExactly(godEmperor, CHILDREN, MESSIAH);
      assertThat(books.pagesByAuthor("Herbert", first.nextPageRequest(), newest).content())
          .containsExactly(DUNE, dragon);
    }

    @Test
    @DisplayName("PageRequest.Cursor.forKey: the key's values (sort attributes, then the id) start the page after them; a cursor of other values, or a page number without cursor, raises IllegalArgumentException")
    void applicationCursorsSeekAndForeignCursorsAndPageNumbersAreRefused() {
      PageRequest built = PageRequest.ofSize(2).afterCursor(PageRequest.Cursor.forKey(1965, "isbn-1"));
      assertThat(titles(books.pagesByAuthor("Herbert", built, byYear).content()))
          .containsExactly("Dune Messiah", "Children of Dune");
      PageRequest foreign = PageRequest.ofSize(2).afterCursor(PageRequest.Cursor.forKey("x"));
      assertThatThrownBy(() -> books.pagesByAuthor("Herbert", foreign, byYear))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("Its cursors hold the values of year, isbn, in this order");
      assertThatThrownBy(() -> books.pagesByAuthor("Herbert", PageRequest.ofPage(2), byYear))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("needs the cursor of the page before");
    }
  }

  @Nested
  class ParameterBasedDelete {
    @Test
    @DisplayName("@Delete with a parameter: deletes the entities whose field equals it, returns the count")
    void deleteByIndexReturnsTheCount() {
      shelve(DUNE, MESSIAH, EARTHSEA);
      assertThat(books.deleteByAuthor("Herbert")).isEqualTo(2);
      assertThat(books.findAll()).containsExactly(EARTHSEA);
      assertThat(books.deleteByAuthor("Herbert")).isZero();
    }

    @Test
    @DisplayName("@Delete with @By(By.ID): 1 if the entity was deleted, 0 if there was none")
    void deleteByIdReturnsTheCount() {
      shelve(DUNE);
      assertThat(books.withdraw("isbn-1")).isEqualTo(1);
      assertThat(books.withdraw("isbn-1")).isZero();
    }
  }

  @Nested
  class ResourcesAndTransactions {
    @Test
    @DisplayName("Resource accessor method: returns the store the repository uses")
    void resourceAccessorReturnsTheStore() {
      assertThat(books.store()).isSameAs(store);
    }

    @Test
    @DisplayName("in(tx): lifecycle methods join the transaction's one commit, and read its writes")
    void writesInsideATransactionCommitTogether() {
      Books_ jakarta = new Books_(store);
      Transactions.run(store, tx -> {
        jakarta.in(tx).insert(DUNE);
        jakarta.in(tx).addAll(List.of(MESSIAH, CHILDREN));
        assertThat(jakarta.in(tx).byAuthor("Herbert")).hasSize(3);
        return null;
      });
      assertThat(titles(books.byAuthor("Herbert"))).containsExactly("Dune", "Dune Messiah", "Children of Dune");
    }

    @Test
    @DisplayName("in(tx): a failure inside the function writes nothing of the transaction")
    void failureInsideATransactionWritesNothing() {
      Books_ jakarta = new Books_(store);
      shelve(MESSIAH);
      assertThatThrownBy(
              () ->
                  Transactions.run(store, tx -> {
                    jakarta.in(tx).insert(DUNE);
                    return jakarta.in(tx).insert(MESSIAH);
                  }))
          .isInstanceOf(EntityExistsException.class);
      assertThat(books.findAll()).containsExactly(MESSIAH);
    }

    @Test
    @DisplayName("OptimisticLockingFailureException: what a versioned write that lost to another writer becomes")
    void concurrentModificationTranslatesToOptimisticLockingFailure() {
      DataException translated =
          dev.tessera.jakarta.JakartaDataAdapter.translated(
              new ConcurrentModificationException("jd_book", "isbn-1", null, null));
      assertThat(translated).isInstanceOf(OptimisticLockingFailureException.class);
    }
  }
}
