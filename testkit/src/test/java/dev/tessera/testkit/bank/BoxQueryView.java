package dev.tessera.testkit.bank;

import dev.tessera.query.Page;
import dev.tessera.query.PageCursor;
import dev.tessera.query.Query;
import dev.tessera.query.spatial.BoxQuery;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A spatial box query seen as a {@link Query}, so that the checks run every terminal of it as of
 * any other query. A box query follows the Z-order curve forward only: {@link #reverse()} throws.
 * Immutable as the box query is.
 *
 * @param <T> the record type
 */
record BoxQueryView<T>(BoxQuery<T> box) implements Query<T> {
  @Override
  public Query<T> reverse() {
    throw new UnsupportedOperationException("a box query has one direction");
  }

  @Override
  public Query<T> limit(int n) {
    return new BoxQueryView<>(box.limit(n));
  }

  @Override
  public Query<T> after(PageCursor cursor) {
    return new BoxQueryView<>(box.after(cursor));
  }

  @Override
  public List<T> list() {
    return box.list();
  }

  @Override
  public Stream<T> stream() {
    return box.stream();
  }

  @Override
  public Optional<T> first() {
    return box.first();
  }

  @Override
  public long count() {
    return box.count();
  }

  @Override
  public boolean exists() {
    return box.exists();
  }

  @Override
  public Page<T> page(int n) {
    return box.page(n);
  }
}
