package dev.tessera.it.data;

import dev.tessera.kv.KvStore;
import jakarta.data.Limit;
import jakarta.data.Order;
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
import java.util.Set;
import java.util.stream.Stream;

/** The Jakarta Data repository of {@link Book} the behaviour suite runs. */
@Repository
public interface Books extends CrudRepository<Book, String> {

  @Find
  Book byIsbn(@By(By.ID) String isbn);

  @Find
  Optional<Book> bySlug(String slug);

  @Find
  Optional<Book> byTitle(String title);

  @Find
  List<Book> byAuthor(String author);

  @Find
  @OrderBy(value = "year", descending = true)
  Book[] newestFirst(@By("author") String author);

  @Find
  Stream<Book> streamByAuthorAndYear(String author, int year);

  @Find
  List<Book> byAuthor(@By("author") String author, Order<Book> order);

  @Find
  List<Book> byAuthor(@By("author") String author, Limit limit);

  @Find
  Page<Book> byAuthor(@By("author") String author, PageRequest request);

  @Find
  CursoredPage<Book> pagesByAuthor(@By("author") String author, PageRequest request);

  @Insert
  void add(Book book);

  @Insert
  Book[] addAll(Book... books);

  @Update
  Book change(Book book);

  @Save
  List<Book> store(List<Book> books);

  @Delete
  void remove(Book book);

  @Delete
  long removeByAuthor(@By("author") String author);

  List<Book> findByAuthorAndYearBetween(String author, int from, int to);

  List<Book> findByAuthorAndYearGreaterThanEqual(String author, int year);

  List<Book> findByAuthorAndYearLessThan(String author, int year);

  List<Book> findByAuthorOrderByYearDesc(String author);

  List<Book> findFirst2ByAuthorOrderByYear(String author);

  List<Book> findByAuthorIn(Set<String> authors);

  List<Book> findByTitleStartsWith(String prefix);

  List<Book> findByIsbnBetween(String from, String to);

  long countByAuthor(String author);

  boolean existsByTitle(String title);

  long deleteByAuthorAndYearLessThan(String author, int year);

  KvStore kvStore();
}
