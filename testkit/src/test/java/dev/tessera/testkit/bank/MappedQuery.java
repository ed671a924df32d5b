package dev.tessera.testkit.bank;

import dev.tessera.query.Page;
import dev.tessera.query.PageCursor;
import dev.tessera.query.Query;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A query of one record type seen as a query of another: each modifier and terminal is the
 * wrapped query's, its records mapped. Lets the checks query either version of the member
 * repository in terms of {@link Member}. Immutable as the wrapped query is.
 *
 * @param <S> the wrapped query's record type
 * @param <T> the record type returned
 */
record MappedQuery<S, T>(Query<S> query, Function<S, T> map) implements Query<T> {
  @Override
  public Query<T> reverse() {
    return new MappedQuery<>(query.reverse(), map);
  }

  @Override
  public Query<T> limit(int n) {
    return new MappedQuery<>(query.limit(n), map);
  }

  @Override
  public Query<T> after(PageCursor cursor) {
    return new MappedQuery<>(query.after(cursor), map);
  }

  @Override
  public List<T> list() {
    return query.list().stream().map(map).toList();
  }

  @Override
  public Stream<T> stream() {
    return query.stream().map(map);
  }

  @Override
  public Optional<T> first() {
    return query.first().map(map);
  }

  @Override
  public long count() {
    return query.count();
  }

  @Override
  public boolean exists() {
    return query.exists();
  }

  @Override
  public Page<T> page(int n) {
    Page<S> page = query.page(n);
    return new Page<>(page.items().stream().map(map).toList(), page.next());
  }
}
