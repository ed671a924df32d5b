package dev.tessera.internal.catalog;

import dev.tessera.internal.mapping.SchemaTranslation;
import dev.tessera.internal.retry.Attempt;
import dev.tessera.internal.retry.Backoff;
import dev.tessera.internal.retry.Retry;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.repository.IncompatibleSchemaException;
import dev.tessera.tuple.Tuple;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Brings stored record values of one entity into the layout of its current schema. A stored value
 * starts with the number the catalog gave its shape (or, if written before the entity was
 * numbered, with the shape's schema identifier; see {@link StoredShapes}); repositories write
 * values starting with the current shape's number ({@link #currentNumber}). A value stored with
 * the current shape passes through untouched (one comparison); a value stored with another shape
 * goes through that shape's {@link SchemaTranslation}, built once from the catalog and cached.
 *
 * <p>{@link #open} records the current schema in the catalog with its number and proves, before
 * anything is written, that every schema the catalog holds can be read with it.
 *
 * <p>Thread-safe: the plan cache is a concurrent map of immutable plans.
 */
public final class RecordTranslator {
  private static final int MAX_ATTEMPTS = 100;
  private static final Retry ADDITIONS = Retry.commits(MAX_ATTEMPTS, Backoff.WRITES);

  private final KvStore store;
  private final RecordSchema current;
  private final int width;
  private final long currentNumber;
  private final boolean currentIdentifierValues;
  private final Map<Long, SchemaTranslation> plans;

  private RecordTranslator(KvStore store, RecordSchema current, StoredShapes shapes) {
    this.store = store;
    this.current = current;
    this.width = current.components().size() + 1;
    this.currentNumber = shapes.number(current);
    this.currentIdentifierValues = shapes.shapeOf(current.id()).isPresent();
    this.plans = new ConcurrentHashMap<>();
    shapes.byFirstPart().forEach((firstPart, stored) -> {
      if (stored.id() != current.id()) {
        plans.put(firstPart, SchemaTranslation.between(stored, current));
      }
    });
  }

  /**
   * Checks {@code current} against every schema the catalog holds for its entity, then records it
   * and numbers the entity's shapes if the catalog does not hold them so yet (see {@link
   * SchemaCatalog#record}). Idempotent, and safe with concurrent openers: the commit is checked on
   * what was read, else the check runs again.
   *
   * @throws IncompatibleSchemaException if values of a stored schema cannot be read with {@code
   *     current}; nothing was written
   * @throws dev.tessera.repository.KeyLayoutMigrationRequiredException if the entity is stored in
   *     the name key layout of an older version; nothing was written
   * @throws dev.tessera.RetryLimitExceededException if other schemas of the entity kept being added
   *     while it checked, attempt after attempt
   */
  public static RecordTranslator open(KvStore store, RecordSchema current) {
    return ADDITIONS.run(
        current.entityName(), "open", null, () -> tryOpen(store, current));
  }

  /** One attempt of {@link #open}: lost if the catalog changed after it was read. */
  private static Attempt<RecordTranslator> tryOpen(KvStore store, RecordSchema current) {
    SchemaCatalog.Entries entries = SchemaCatalog.read(store, current.entityName());
    entries.requireCompactKeys(current.entityName(), store); // an older Tessera may have added one
    for (RecordSchema stored : entries.schemas()) {
      SchemaTranslation.between(stored, current); // throws if incompatible
    }
    if (!entries.numbered(current)) {
      if (!SchemaCatalog.record(store, current, entries)) {
        return Attempt.lost("the catalog of entity " + current.entityName() + " changed meanwhile");
      }
      entries = SchemaCatalog.read(store, current.entityName()); // numbers never change once given
    }
    return Attempt.done(
        new RecordTranslator(store, current, StoredShapes.of(current.entityName(), entries.entries())));
  }

  /** The schema values are brought to. */
  public RecordSchema current() {
    return current;
  }

  /** The number values written with the current schema start with. */
  public long currentNumber() {
    return currentNumber;
  }

  /**
   * True if a stored value whose first part is {@code firstPart} was written with the current
   * schema, so it is in the current layout if it has the current schema's number of parts.
   */
  public boolean isCurrent(long firstPart) {
    return firstPart == currentNumber || currentIdentifierValues && firstPart == current.id();
  }

  /**
   * {@code record} (an unpacked stored value) in the current layout: itself if it was stored with
   * the current schema (its first part then is the schema's number or identifier, which generated
   * decoders do not read), else translated from the schema its first part names.
   *
   * @throws IllegalArgumentException if the value names no schema, or one the catalog does not
   *     hold, or does not have its schema's shape
   * @throws IncompatibleSchemaException if it names a schema added to the catalog after this
   *     repository was opened that the current one cannot read
   */
  public Tuple toCurrent(Tuple record) {
    if (record.size() == 0 || !(record.get(0) instanceof Long)) {
      throw new IllegalArgumentException(
          "stored value of entity '"
              + current.entityName()
              + "' does not start with a schema number but with "
              + (record.size() == 0
                  ? "nothing"
                  : record.get(0) == null ? "null" : record.get(0).getClass().getSimpleName()));
    }
    long firstPart = (Long) record.get(0);
    if (record.size() == width && isCurrent(firstPart)) {
      return record;
    }
    SchemaTranslation plan = plans.get(firstPart);
    if (plan == null) {
      plan = plans.computeIfAbsent(firstPart, this::load);
    }
    return plan.apply(record);
  }

  /** The plan of a schema numbered after {@link #open}, e.g. by another process. */
  private SchemaTranslation load(long firstPart) {
    String entity = current.entityName();
    RecordSchema stored =
        StoredShapes.of(entity, SchemaCatalog.read(store, entity).entries())
            .shapeOf(firstPart)
            .orElseThrow(
                () -> new IllegalArgumentException(StoredShapes.unknown(entity, firstPart)));
    return SchemaTranslation.between(stored, current);
  }
}
