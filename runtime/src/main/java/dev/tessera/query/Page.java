package dev.tessera.query;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One page of a {@link Query}: its records, in query order, and the cursor that resumes after the
 * last of them.
 *
 * <pre>{@code
 * Page<User> page = users.byAge().atLeast(18).page(50);
 * while (true) {
 *   page.items().forEach(System.out::println);
 *   if (page.next().isEmpty()) break;
 *   page = users.byAge().atLeast(18).after(page.next().get()).page(50);
 * }
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 *
 * @param <T> the record type
 * @param items the records of this page, unmodifiable
 * @param next where the next page starts; present when more rows followed this page in the
 *     snapshot it was read in
 */
public record Page<T>(List<T> items, Optional<PageCursor> next) {

  /**
   * Copies the items.
   *
   * @param items the records of this page, unmodifiable
   * @param next where the next page starts; present when more rows followed this page in the
   *     snapshot it was read in
   */
  public Page {
    items = List.copyOf(items);
    Objects.requireNonNull(next, "next");
  }

  /** {@return true if more rows followed this page when it was read} */
  public boolean hasNext() {
    return next.isPresent();
  }
}
