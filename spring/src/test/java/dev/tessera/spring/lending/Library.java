package dev.tessera.spring.lending;

/** An application bean that needs both repositories, injected through its constructor. */
public final class Library {
  private final BookRepository books;
  private final MemberRepository members;

  public Library(BookRepository books, MemberRepository members) {
    this.books = books;
    this.members = members;
  }

  public BookRepository books() {
    return books;
  }

  public MemberRepository members() {
    return members;
  }
}
