package dev.tessera.it.jakarta;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;

/**
 * A book, stored through the Jakarta Data repository {@link Books}.
 *
 * @param isbn the primary key
 * @param title the title
 * @param author the author, with the year the second field of an index
 * @param year the year of publication
 * @param code a unique shelf code
 */
@Entity(name = "jd_book")
@Index(fields = {"author", "year"})
public record Book(
    @PrimaryKey String isbn, String title, String author, int year, @UniqueIndex String code) {

  /** This book with {@code title}. */
  public Book withTitle(String title) {
    return new Book(isbn, title, author, year, code);
  }
}
