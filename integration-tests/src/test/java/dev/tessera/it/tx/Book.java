package dev.tessera.it.tx;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;

/**
 * A book of the lending example.
 *
 * @param isbn the primary key
 * @param title the title
 * @param copiesAvailable copies on the shelf, never negative
 */
@Entity
public record Book(@PrimaryKey String isbn, String title, int copiesAvailable) {
  /** This book with {@code copiesAvailable}. */
  public Book withCopiesAvailable(int copiesAvailable) {
    return new Book(isbn, title, copiesAvailable);
  }
}
