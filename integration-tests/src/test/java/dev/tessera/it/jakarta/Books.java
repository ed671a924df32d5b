package dev.tessera.it.jakarta;

import dev.tessera.kv.KvStore;
import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.By;
import jakarta.data.repository.CrudRepository;
import jakarta.data.repository.Delete;
import jakarta.data.repository.Find;
import jakarta.data.repository.Insert;
import jakarta.data.repository.OrderBy;
import jakarta.data.repository.Repository;
import jakarta.data.repository.Save;
import jakarta.data.repository.Update;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** A Jakarta Data repository of {@link Book}s; Tessera generates {@code Books_}. */
@Repository
public interface Books extends CrudRepository<Book, String> {

  /** By the unique index on {@code code}. */
  @Find
  Optional<Book> byCode(String code);

  /** By primary key, as {@code @By(By.ID)}. */
  @Find
  Book withIsbn(@By(By.ID) String isbn);

  /** By the leading field of the {@code (author, year)} index, named by {@code @By} through the static metamodel. */
  @Find
  List<Book> byAuthor(@By(_Book.AUTHOR) String writer);

  /** Ordered at run time. */
  @Find
  List<Book> byAuthor(String author, Order<Book> order);

  /** Ordered at run time by one sort. */
  @Find
  List<Book> byAuthor(String author, Sort<Book> sort);

  /** Ordered statically, the reverse of the index. */
  @Find
  @OrderBy(value = _Book.YEAR, descending = true)
  Stream<Book> newestFirst(String author);

  /** Offset pages. */
  @Find
  Page<Book> byAuthor(String author, PageRequest pageRequest);

  /** Cursor-based pages, in the order {@code order} asks for. */
  @Find
  CursoredPage<Book> pagesByAuthor(String author, PageRequest pageRequest, Order<Book> order);

  /** Both fields of the index, limited. */
  @Find
  Book[] byAuthorAndYear(String author, int year, Limit limit);

  /** Exactly one result expected. */
  @Find
  Book onlyBookOf(String author);

  /** Deletes by the index. */
  @Delete
  long deleteByAuthor(String author);

  /** Deletes by the primary key. */
  @Delete
  int withdraw(@By(By.ID) String isbn);

  /** Inserts several, returning them. */
  @Insert
  Book[] add(Book... books);

  /** Inserts several. */
  @Insert
  void addAll(List<Book> books);

  /** Updates several. */
  @Update
  void change(List<Book> books);

  /** Saves one. */
  @Save
  Book keep(Book book);

  /** Deletes several. */
  @Delete
  void remove(Book[] books);

  /** The resource accessor. */
  KvStore store();
}
