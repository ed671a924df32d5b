package dev.tessera.query;

import dev.tessera.annotations.Normalize;
import dev.tessera.mapping.TextNormalizer;
import java.util.Objects;
import java.util.function.Function;

/**
 * A {@link LastComponentStage} of a {@code String} component, which adds {@link #startsWith}
 * (autocomplete) on the values as the index normalises them.
 *
 * <pre>{@code
 * List<User> smiths = users.byName().startsWith("Smi").limit(10).list();
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 *
 * @param <T> the record type
 */
public abstract class LastTextComponentStage<T> extends LastComponentStage<T, String> {
  private final Normalize normalize;

  /**
   * A stage over {@code query} for the {@code String} component {@code component}.
   *
   * @param query the query of every record with this stage's leading values
   * @param component the component's name, for the messages of null arguments
   * @param indexKey a value's index key: normalised and encoded as the index stores it
   * @param normalize the index's normalisation, which {@link #startsWith} applies to the prefix
   */
  protected LastTextComponentStage(
      IndexQuery<T> query,
      String component,
      Function<? super String, ?> indexKey,
      Normalize normalize) {
    super(query, component, indexKey);
    this.normalize = Objects.requireNonNull(normalize, "normalize");
  }

  /**
   * The records whose component starts with {@code prefix} (after the index's normalisation), in
   * index order.
   *
   * @param prefix the start of the values (empty: every value), not null
   * @return the query
   */
  public final IndexQuery<T> startsWith(String prefix) {
    Objects.requireNonNull(prefix, component() + "Prefix");
    return prefixed(TextNormalizer.normalize(prefix, normalize));
  }
}
