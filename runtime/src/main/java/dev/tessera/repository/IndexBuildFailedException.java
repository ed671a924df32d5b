package dev.tessera.repository;

import dev.tessera.TesseraException;
import dev.tessera.tuple.Tuple;
import java.util.List;

/**
 * A unique index could not be built because stored records share a value. The index is left
 * FAILED with no entries (never half-enforced); fix the duplicates, then call {@link
 * IndexAdmin#buildIndexes()}. Immutable and thread-safe.
 */
public final class IndexBuildFailedException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The entity's name. */
  private final String entity;
  /** The index's name. */
  private final String index;
  /** How many duplicate values stopped the build. */
  private final long duplicates;
  private final transient List<Duplicate> samples;

  /**
   * Creates the exception.
   *
   * @param entity the entity name
   * @param index the unique index name
   * @param duplicates how many records hold a value another record holds too
   * @param samples some of them (at most 10)
   */
  public IndexBuildFailedException(
      String entity, String index, long duplicates, List<Duplicate> samples) {
    super(
        "unique index "
            + index
            + " of "
            + entity
            + " cannot be built: "
            + duplicates
            + " record(s) hold a value another record holds, e.g. "
            + samples);
    this.entity = entity;
    this.index = index;
    this.duplicates = duplicates;
    this.samples = List.copyOf(samples);
  }

  /** {@return the entity name} */
  public String entity() {
    return entity;
  }

  /** {@return the unique index name} */
  public String index() {
    return index;
  }

  /** {@return how many records hold a value that the index entry gives to another record} */
  public long duplicates() {
    return duplicates;
  }

  /**
   * {@return some duplicates, each with the value and the primary keys of two records holding it}
   */
  public List<Duplicate> samples() {
    return samples;
  }

  /**
   * One value held by two records.
   *
   * @param values the normalised index values
   * @param primaryKeys the primary keys of the records holding them
   */
  public record Duplicate(Tuple values, List<Object> primaryKeys) {
    /**
     * Copies the keys.
     *
     * @param values the normalised index values
     * @param primaryKeys the primary keys of the records holding them
     */
    public Duplicate {
      primaryKeys = List.copyOf(primaryKeys);
    }

    @Override
    public String toString() {
      return (values.size() == 1 ? String.valueOf(values.get(0)) : values.toString())
          + " held by " + primaryKeys;
    }
  }
}
