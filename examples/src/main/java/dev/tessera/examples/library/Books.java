package dev.tessera.examples.library;

import jakarta.data.Order;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.By;
import jakarta.data.repository.CrudRepository;
import jakarta.data.repository.Find;
import jakarta.data.repository.Insert;
import jakarta.data.repository.Repository;
import java.util.List;

/**
 * The library's books as a Jakarta Data repository: Tessera's processor implements it as {@code
 * Books_} and checks each query against {@link Book}'s indexes when it compiles.
 */
@Repository
public interface Books extends CrudRepository<Book, String> {

  /** The author's books, in the order asked for (by year or by year descending). */
  @Find
  List<Book> byAuthor(String author, Order<Book> order);

  /** The author's books a page at a time, from cursors. */
  @Find
  CursoredPage<Book> byAuthor(@By("author") String author, PageRequest request);

  /** The author's books published in {@code [from, to]}. */
  List<Book> findByAuthorAndYearBetween(String author, int from, int to);

  /** Books whose title starts with {@code prefix}. */
  List<Book> findByTitleStartsWith(String prefix);

  /** How many books the author has. */
  long countByAuthor(String author);

  /** Adds books to the catalogue. */
  @Insert
  void add(List<Book> books);
}
