package com.acme;

import dev.tessera.TesseraException;
import dev.tessera.jakarta.JakartaDataAdapter;
import dev.tessera.kv.KvStore;
import dev.tessera.query.Query;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.repository.Transaction;
import dev.tessera.repository.Transactions;
import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import javax.annotation.processing.Generated;

/**
 * Implements {@link Books}, a Jakarta Data repository of {@link Book} records, on the generated {@link BookRepository}: each method delegates to it, and its failures are thrown as the
 * Jakarta Data exceptions that name them, with Tessera's exception as cause.
 *
 * <pre>{@code
 * Books repository = new Books_(store);
 * }</pre>
 *
 * <p>Thread-safe, like the repository it delegates to; a view from {@link #in} is not.
 */
@Generated("dev.tessera.processor.EntityProcessor")
public class Books_ implements Books {
  private final KvStore store;

  private final BookRepository repository;

  /**
   * The transaction this view is bound to, or null for the store itself.
   */
  private final Transaction transaction;

  /**
   * The repository of {@link Book} records in {@code store}, with the default options.
   *
   * @param store the key store; the repository does not close it
   */
  @Inject
  public Books_(KvStore store) {
    this(store, new BookRepository(store), null);
  }

  /**
   * The repository of {@link Book} records in {@code store}, building its indexes as {@code options} say.
   *
   * @param store the key store; the repository does not close it
   * @param options the index build policy, batch size and progress listener
   */
  public Books_(KvStore store, RepositoryOptions options) {
    this(store, new BookRepository(store, options), null);
  }

  private Books_(KvStore store, BookRepository repository, Transaction transaction) {
    this.store = store;
    this.repository = repository;
    this.transaction = transaction;
  }

  /**
   * This repository bound to {@code tx}: every method reads the transaction's snapshot and writes, and its writes join the
   * transaction's one commit. Valid only inside the transaction's function.
   *
   * <pre>{@code
   * Transactions.run(store, tx -> repository.in(tx).insert(entity));
   * }</pre>
   *
   * @param tx the transaction, from {@link Transactions#run}
   * @return a view of this {@link Books} bound to {@code tx}; not thread-safe
   */
  public Books_ in(Transaction tx) {
    return new Books_(this.store, this.repository.in(tx), tx);
  }

  /**
   * Runs {@code work} in one transaction (all its writes or none), or in the transaction this view is bound to.
   */
  private <R> R atomically(Function<BookRepository, R> work) {
    if (this.transaction != null) {
      return work.apply(this.repository);
    }
    return Transactions.run(this.store, tx -> work.apply(this.repository.in(tx)));
  }

  /**
   * Finds the book records whose {@code code} equals {@code code}, through index {@code code}.
   */
  @Override
  public Optional<Book> byCode(String code) {
    try {
      Query<Book> query = this.repository.byCode().equalTo(code);
      return JakartaDataAdapter.optionalResult(query.limit(2).list(), "Books.byCode");
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Finds the book records whose {@code isbn} equals {@code isbn}, by primary key.
   */
  @Override
  public Book withIsbn(String isbn) {
    try {
      Query<Book> query = this.repository.byId().between(isbn, isbn);
      return JakartaDataAdapter.singleResult(query.limit(2).list(), "Books.withIsbn");
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Finds the book records whose {@code author} equals {@code writer}, through index {@code authorAndYear}.
   */
  @Override
  public List<Book> byAuthor(String writer, Order<Book> order) {
    try {
      Query<Book> query = this.repository.byAuthorAndYear().equalTo(writer);
      List<Sort<?>> sorts = new ArrayList<>();
      sorts.addAll(order.sorts());
      query = JakartaDataAdapter.ordered(query, sorts, List.of("year", "isbn"), List.of("author"), "index authorAndYear (author, year)", "Book");
      return query.list();
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Finds the book records whose {@code author} equals {@code author}, through index {@code authorAndYear}, in reverse order.
   */
  @Override
  public Stream<Book> newestFirst(String author) {
    try {
      Query<Book> query = this.repository.byAuthorAndYear().equalTo(author);
      query = query.reverse();
      return query.stream();
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Finds the book records whose {@code author} equals {@code author}, through index {@code authorAndYear}.
   */
  @Override
  public Page<Book> byAuthor(String author, PageRequest pageRequest) {
    try {
      Query<Book> query = this.repository.byAuthorAndYear().equalTo(author);
      return JakartaDataAdapter.page(query, pageRequest);
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Finds the book records whose {@code author} equals {@code author} and {@code year} equals {@code year}, through index {@code authorAndYear}.
   */
  @Override
  public Book[] byAuthorAndYear(String author, int year, Limit limit) {
    try {
      Query<Book> query = this.repository.byAuthorAndYear().equalTo(author).equalTo(year);
      return JakartaDataAdapter.list(query, limit).toArray(new Book[0]);
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Deletes the book records whose {@code author} equals {@code author}, through index {@code authorAndYear}.
   */
  @Override
  public long deleteByAuthor(String author) {
    try {
      return this.repository.deleteAll(this.repository.byAuthorAndYear().equalTo(author));
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Inserts the entities: EntityExistsException if a primary key is taken. One transaction: all of them or none.
   */
  @Override
  public Book[] add(Book... books) {
    try {
      Objects.requireNonNull(books, "books");
      return atomically(inTransaction -> {
        Book[] stored = books.clone();
        for (int i = 0; i < stored.length; i++) {
          stored[i] = inTransaction.insert(stored[i]);
        }
        return stored;
      });
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Updates the entities: OptimisticLockingFailureException if one is not stored. One transaction: all of them or none.
   */
  @Override
  public void change(List<Book> books) {
    try {
      Objects.requireNonNull(books, "books");
      atomically(inTransaction -> {
        for (Book each : books) {
          inTransaction.update(each);
        }
        return null;
      });
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Finds the book records whose {@code author} equals {@code author} and {@code year} lies between {@code from} and {@code to}, through index {@code authorAndYear}.
   */
  @Override
  public List<Book> findByAuthorAndYearBetween(String author, int from, int to) {
    try {
      Query<Book> query = this.repository.byAuthorAndYear().equalTo(author).between(from, to);
      return query.list();
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Counts the book records whose {@code author} equals {@code author}, through index {@code authorAndYear}.
   */
  @Override
  public long countByAuthor(String author) {
    try {
      Query<Book> query = this.repository.byAuthorAndYear().equalTo(author);
      return query.count();
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Whether there are book records whose {@code author} is one of {@code authors}, through index {@code authorAndYear}.
   */
  @Override
  public boolean existsByAuthorIn(List<String> authors) {
    try {
      Query<Book> query = this.repository.byAuthorAndYear().in(authors);
      return query.exists();
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * The key store this repository reads and writes; it does not close it.
   */
  @Override
  public KvStore store() {
    return this.store;
  }

  /**
   * Inserts the entity: EntityExistsException if a primary key is taken.
   */
  @Override
  @SuppressWarnings("unchecked")
  public <S extends Book> S insert(S entity) {
    try {
      Objects.requireNonNull(entity, "entity");
      return (S) this.repository.insert(entity);
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Inserts the entities: EntityExistsException if a primary key is taken. One transaction: all of them or none.
   */
  @Override
  @SuppressWarnings("unchecked")
  public <S extends Book> List<S> insertAll(List<S> entities) {
    try {
      Objects.requireNonNull(entities, "entities");
      return atomically(inTransaction -> {
        List<S> stored = new ArrayList<>(entities.size());
        for (S each : entities) {
          stored.add((S) inTransaction.insert(each));
        }
        return stored;
      });
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Updates the entity: OptimisticLockingFailureException if it is not stored.
   */
  @Override
  @SuppressWarnings("unchecked")
  public <S extends Book> S update(S entity) {
    try {
      Objects.requireNonNull(entity, "entity");
      return (S) this.repository.update(entity);
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Updates the entities: OptimisticLockingFailureException if one is not stored. One transaction: all of them or none.
   */
  @Override
  @SuppressWarnings("unchecked")
  public <S extends Book> List<S> updateAll(List<S> entities) {
    try {
      Objects.requireNonNull(entities, "entities");
      return atomically(inTransaction -> {
        List<S> stored = new ArrayList<>(entities.size());
        for (S each : entities) {
          stored.add((S) inTransaction.update(each));
        }
        return stored;
      });
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Inserts or updates the entity.
   */
  @Override
  @SuppressWarnings("unchecked")
  public <S extends Book> S save(S entity) {
    try {
      Objects.requireNonNull(entity, "entity");
      return (S) this.repository.save(entity);
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Inserts or updates the entities. One transaction: all of them or none.
   */
  @Override
  @SuppressWarnings("unchecked")
  public <S extends Book> List<S> saveAll(List<S> entities) {
    try {
      Objects.requireNonNull(entities, "entities");
      return atomically(inTransaction -> {
        List<S> stored = new ArrayList<>(entities.size());
        for (S each : entities) {
          stored.add((S) inTransaction.save(each));
        }
        return stored;
      });
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Finds the book records whose {@code isbn} equals {@code id}, by primary key.
   */
  @Override
  public Optional<Book> findById(String id) {
    try {
      return this.repository.findById(id);
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Finds the book records, by primary key.
   */
  @Override
  public Stream<Book> findAll() {
    try {
      Query<Book> query = this.repository.byId();
      return query.stream();
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Finds the book records, by primary key.
   */
  @Override
  public Page<Book> findAll(PageRequest pageRequest, Order<Book> sortBy) {
    try {
      Query<Book> query = this.repository.byId();
      List<Sort<?>> sorts = new ArrayList<>();
      sorts.addAll(sortBy.sorts());
      query = JakartaDataAdapter.ordered(query, sorts, List.of("isbn"), List.of(), "the primary key isbn", "Book");
      return JakartaDataAdapter.page(query, pageRequest);
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Deletes the book records whose {@code isbn} equals {@code id}, by primary key.
   */
  @Override
  public void deleteById(String id) {
    try {
      this.repository.delete(id);
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Deletes the entity: OptimisticLockingFailureException if it is not stored.
   */
  @Override
  public void delete(Book entity) {
    try {
      Objects.requireNonNull(entity, "entity");
      if (!this.repository.delete(entity.isbn())) {
        throw JakartaDataAdapter.notDeleted(BookRepository.ENTITY_NAME, entity.isbn());
      }
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }

  /**
   * Deletes the entities: OptimisticLockingFailureException if one is not stored. One transaction: all of them or none.
   */
  @Override
  public void deleteAll(List<? extends Book> entities) {
    try {
      Objects.requireNonNull(entities, "entities");
      atomically(inTransaction -> {
        for (Book each : entities) {
          if (!inTransaction.delete(each.isbn())) {
            throw JakartaDataAdapter.notDeleted(BookRepository.ENTITY_NAME, each.isbn());
          }
        }
        return null;
      });
    } catch (TesseraException failure) {
      throw JakartaDataAdapter.translated(failure);
    }
  }
}
