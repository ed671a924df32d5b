package dev.tessera.it.jakarta;

import jakarta.data.Order;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.BasicRepository;
import jakarta.data.repository.Repository;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/** Queries by method name, each served by a key of {@link Novel}; Tessera generates {@code Novels_}. */
@Repository
public interface Novels extends BasicRepository<Novel, String> {

  List<Novel> findByAuthor(String author);

  List<Novel> findByAuthorAndYearBetween(String author, int from, int to);

  List<Novel> findByAuthorAndYearGreaterThan(String author, int year);

  List<Novel> findByAuthorAndYearLessThanEqual(String author, int year);

  List<Novel> findByAuthorIn(Set<String> authors);

  List<Novel> findByAuthorInAndYearGreaterThanEqual(String[] authors, int year);

  Stream<Novel> findByAuthorOrderByYearDesc(String author);

  Optional<Novel> findFirstByAuthorOrderByYearDesc(String author);

  List<Novel> findTop2ByAuthor(String author);

  Page<Novel> findByAuthor(String author, PageRequest pageRequest, Order<Novel> order);

  List<Novel> findByIsbnStartsWith(String prefix);

  List<Novel> findByIsbnGreaterThan(String isbn);

  Optional<Novel> findByCodeIgnoreCase(String code);

  List<Novel> findBySeriesNull();

  List<Novel> findBySeriesStartsWith(String prefix);

  long countByAuthor(String author);

  int countByAuthorAndYearLessThan(String author, int year);

  boolean existsByAuthorAndYear(String author, int year);

  long deleteByAuthorAndYearLessThan(String author, int year);

  void deleteBySeries(String series);
}
