package dev.tessera.examples.library;

import jakarta.data.Order;
import jakarta.data.repository.CrudRepository;
import jakarta.data.repository.Find;
import jakarta.data.repository.Repository;
import java.util.List;

/**
 * The library's books as a Jakarta Data repository: Tessera generates {@code Catalog_}. Every
 * query here compiles because an index serves it; {@code List<Book> findByTitle(String title)}
 * would not (no index over {@code title}), and its compile error names the index to add.
 */
@Repository
public interface Catalog extends CrudRepository<Book, String> {

  /** The author's books, in the order {@code order} asks for (by year, either way). */
  @Find
  List<Book> byAuthor(String author, Order<Book> order);

  /** The author's books published between two years, both inclusive. */
  List<Book> findByAuthorAndYearBetween(String author, int from, int to);

  /** How many books of the author the catalog holds. */
  long countByAuthor(String author);
}
