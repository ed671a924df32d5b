package dev.tessera.data;

import dev.tessera.query.PageCursor;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * A {@link CursoredPage} of a Tessera query (see {@link DataPages}). The cursor of a row is read
 * when asked for: the page itself knows only where it starts and ends.
 *
 * <p>Immutable; thread-safe if its records are.
 */
final class KeysetPage<T> implements CursoredPage<T> {
  private final List<T> content;
  private final PageRequest request;
  private final PageRequest next;
  private final PageRequest previous;
  private final IntFunction<Optional<PageCursor>> cursors;
  private final long total;

  KeysetPage(List<T> content, PageRequest request, PageRequest next, PageRequest previous,
      IntFunction<Optional<PageCursor>> cursors, long total) {
    this.content = List.copyOf(content);
    this.request = request;
    this.next = next;
    this.previous = previous;
    this.cursors = cursors;
    this.total = total;
  }

  @Override
  public List<T> content() {
    return content;
  }

  @Override
  public boolean hasContent() {
    return !content.isEmpty();
  }

  @Override
  public int numberOfElements() {
    return content.size();
  }

  @Override
  public Iterator<T> iterator() {
    return content.iterator();
  }

  @Override
  public PageRequest pageRequest() {
    return request;
  }

  @Override
  public boolean hasNext() {
    return next != null;
  }

  @Override
  public boolean hasPrevious() {
    return previous != null;
  }

  @Override
  public PageRequest nextPageRequest() {
    if (next == null) {
      throw new NoSuchElementException("No page follows this one");
    }
    return next;
  }

  @Override
  public PageRequest previousPageRequest() {
    if (previous == null) {
      throw new NoSuchElementException("No page precedes this one");
    }
    return previous;
  }

  /**
   * The cursor of the row at {@code index}, read from the store.
   *
   * @throws UnsupportedOperationException when the query holds this row alone: a Tessera page
   *     cursor is taken from a page that more rows follow, and none does
   */
  @Override
  public PageRequest.Cursor cursor(int index) {
    if (index < 0 || index >= content.size()) {
      throw new IndexOutOfBoundsException(
          "Row " + index + " of a page of " + content.size() + " rows");
    }
    return cursors.apply(index).map(DataPages::cursor).orElseThrow(
        () -> new UnsupportedOperationException("The query holds only this row: it has no cursor"));
  }

  @Override
  public boolean hasTotals() {
    return total >= 0;
  }

  @Override
  public long totalElements() {
    if (total < 0) {
      throw new IllegalStateException("The page request asked for no totals");
    }
    return total;
  }

  @Override
  public long totalPages() {
    long elements = totalElements();
    return (elements + request.size() - 1) / request.size();
  }

  @Override
  public String toString() {
    return "CursoredPage " + request.page() + " of " + content.size() + " rows";
  }
}
