package dev.tessera.examples.library;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;

/**
 * A book of the library, stored through the Jakarta Data repository {@link Catalog}.
 *
 * @param isbn the primary key
 * @param title the title
 * @param author the author; with the year, the fields of an index
 * @param year the year of publication
 * @param copiesAvailable copies on the shelf
 */
@Entity
@Index(fields = {"author", "year"})
public record Book(@PrimaryKey String isbn, String title, String author, int year, int copiesAvailable) {

  /** This book with {@code copiesAvailable}. */
  public Book withCopiesAvailable(int copiesAvailable) {
    return new Book(isbn, title, author, year, copiesAvailable);
  }
}
