package dev.tessera.spring.lending;

import jakarta.data.repository.CrudRepository;
import jakarta.data.repository.Find;
import jakarta.data.repository.Repository;
import java.util.List;

/** A Jakarta Data repository of the same books; Tessera generates {@code Catalog_}. */
@Repository
public interface Catalog extends CrudRepository<Book, String> {

  /** The author's books. */
  @Find
  List<Book> byAuthor(String author);
}
