package dev.tessera.examples.library;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.Transactions;
import jakarta.data.Order;
import jakarta.data.exceptions.EntityExistsException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A lending library on an embedded LMDB store: books through a Jakarta Data repository ({@link
 * Catalog}, implemented by the generated {@code Catalog_}), members and loans through the classic
 * generated repositories, and a loan that updates a book and records the loan in one transaction.
 *
 * <p>Run it with {@code mvn -q -DskipTests -Pexample verify
 * -Dexample.main=dev.tessera.examples.library.LibraryExample}.
 */
public final class LibraryExample {
  private LibraryExample() {}

  /**
   * Runs the example on a temporary store, removed at the end.
   *
   * @param args none
   */
  public static void main(String[] args) throws IOException {
    Path directory = Files.createTempDirectory("tessera-library");
    try (KvStore store = LmdbKvStore.open(directory)) {
      run(store, System.out);
    } finally {
      try (Stream<Path> paths = Files.walk(directory)) {
        for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(path);
        }
      }
    }
  }

  /** The walk-through on {@code store}, reporting each step to {@code out}. */
  public static void run(KvStore store, PrintStream out) {
    Catalog_ catalog = new Catalog_(store);
    MemberRepository members = new MemberRepository(store);
    LoanRepository loans = new LoanRepository(store);

    catalog.insertAll(
        List.of(
            new Book("978-0441013593", "Dune", "Frank Herbert", 1965, 2),
            new Book("978-0441172696", "Dune Messiah", "Frank Herbert", 1969, 1),
            new Book("978-0441104024", "Children of Dune", "Frank Herbert", 1976, 1),
            new Book("978-0547773742", "A Wizard of Earthsea", "Ursula K. Le Guin", 1968, 3)));
    members.insert(new Member("m1", "Ada", "ada@example.com"));

    try {
      catalog.insert(new Book("978-0441013593", "Dune (again)", "Frank Herbert", 1965, 1));
    } catch (EntityExistsException e) {
      out.println("insert refused: " + e.getMessage());
    }

    out.println("newest Herbert first: "
        + titles(catalog.byAuthor("Frank Herbert", Order.by(_Book.year.desc()))));
    out.println("Herbert 1965-1970: "
        + titles(catalog.findByAuthorAndYearBetween("Frank Herbert", 1965, 1970)));
    out.println("Herbert books: " + catalog.countByAuthor("Frank Herbert"));

    Loan loan = lend(store, catalog, loans, "978-0441172696", "m1");
    out.println("lent " + loan.isbn() + " to " + loan.memberId() + ", loan id generated: "
        + (loan.id() != null));
    out.println("copies left: " + catalog.findById("978-0441172696").orElseThrow().copiesAvailable());
    try {
      lend(store, catalog, loans, "978-0441172696", "m1");
    } catch (IllegalStateException e) {
      out.println("second loan refused: " + e.getMessage() + "; loans stored: "
          + loans.findByMemberId("m1").size());
    }
  }

  /**
   * Lends a copy of book {@code isbn} to member {@code memberId}: the book's copy count and the new
   * loan are written in one commit, or not at all.
   */
  static Loan lend(KvStore store, Catalog_ catalog, LoanRepository loans, String isbn, String memberId) {
    return Transactions.run(store, tx -> {
      Book book = catalog.in(tx).findById(isbn).orElseThrow();
      if (book.copiesAvailable() == 0) {
        throw new IllegalStateException("no copy of " + isbn + " left");
      }
      catalog.in(tx).update(book.withCopiesAvailable(book.copiesAvailable() - 1));
      return loans.in(tx).insert(new Loan(null, isbn, memberId));
    });
  }

  private static List<String> titles(List<Book> books) {
    return books.stream().map(Book::title).toList();
  }
}
