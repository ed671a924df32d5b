package dev.tessera.examples.library;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.Transactions;
import jakarta.data.Order;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A small library on an embedded LMDB store: books through a Jakarta Data repository ({@link
 * Books}, implemented as {@code Books_}), members and loans through the classic generated
 * repositories, and a loan written in one transaction across both kinds.
 *
 * <p>Run it with {@code mvn -q -DskipTests -Pexample verify
 * -Dexample.main=dev.tessera.examples.library.LibraryExample}.
 */
public final class LibraryExample {
  private LibraryExample() {}

  /**
   * Runs the walk-through on a temporary store.
   *
   * @param args unused
   */
  public static void main(String[] args) throws IOException {
    Path directory = Files.createTempDirectory("tessera-library");
    try (KvStore store = LmdbKvStore.open(directory)) {
      run(store, System.out);
    }
  }

  static void run(KvStore store, PrintStream out) {
    Books_ books = new Books_(store);
    MemberRepository members = new MemberRepository(store);
    LoanRepository loans = new LoanRepository(store);

    books.add(List.of(
        new Book("111", "Dune", "Herbert", 1965),
        new Book("222", "Dune Messiah", "Herbert", 1969),
        new Book("333", "Children of Dune", "Herbert", 1976),
        new Book("444", "A Wizard of Earthsea", "Le Guin", 1968)));
    members.insert(new Member("m1", "Ada", "ada@example.com"));

    out.println("countByAuthor(Herbert) = " + books.countByAuthor("Herbert"));
    out.println("newest first = " + titles(books.byAuthor("Herbert", Order.by(_Book.year.desc()))));
    out.println("1966..1980 = " + titles(books.findByAuthorAndYearBetween("Herbert", 1966, 1980)));
    out.println("titles starting with Dune = " + titles(books.findByTitleStartsWith("Dune")));

    CursoredPage<Book> page = books.byAuthor("Herbert", PageRequest.ofSize(2));
    out.println("page 1 = " + titles(page.content()));
    page = books.byAuthor("Herbert", page.nextPageRequest());
    out.println("page 2 = " + titles(page.content()));

    out.println("sort by title: " + refusal(() -> books.byAuthor("Herbert", Order.by(_Book.title.asc()))));

    // One commit: the loan (classic repository) and the book's update (Jakarta Data).
    Transactions.run(store, tx -> {
      loans.in(tx).insert(new Loan("l1", "111", "m1"));
      books.in(tx).update(new Book("111", "Dune (lent)", "Herbert", 1965));
      return null;
    });
    out.println("after lending: " + books.findById("111").orElseThrow().title()
        + ", loans of m1 = " + loans.countByMemberId("m1"));
    out.println("second loan of 111: " + refusal(() -> Transactions.run(store, tx -> {
      loans.in(tx).insert(new Loan("l2", "111", "m1"));
      return null;
    })));
  }

  /** What {@code action} threw (a Jakarta Data or Tessera exception), or "accepted". */
  private static String refusal(Runnable action) {
    try {
      action.run();
      return "accepted";
    } catch (RuntimeException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  private static List<String> titles(List<Book> books) {
    return books.stream().map(Book::title).toList();
  }
}
