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
 * Brings stored record values of one entity into the layout of its current schema. A value stored
 * with the current schema passes through untouched (one comparison); a value stored with another
 * schema goes through that schema's {@link SchemaTranslation}, built once from the catalog and
 * cached.
 *
 * <p>{@link #open} registers the current schema in the catalog and proves, before anything is
 * written, that every schema the catalog holds can be read with it.
 *
 * <p>Thread-safe: the plan cache is a concurrent map of immutable plans.
 */
public final class RecordTranslator {
  private static final int MAX_ATTEMPTS = 100;
  private static final Retry ADDITIONS = Retry.commits(MAX_ATTEMPTS, Backoff.WRITES);

  private final KvStore store;
  private final RecordSchema current;
  private final Map<Long, SchemaTranslation> plans;

  private RecordTranslator(
      KvStore store, RecordSchema current, Map<Long, SchemaTranslation> plans) {
    this.store = store;
    this.current = current;
    this.plans = plans;
  }

  /**
   * Checks {@code current} against every schema the catalog holds for its entity, then adds it to
   * the catalog if it is not there yet. Idempotent, and safe with concurrent openers: the addition
   * commits only if no other schema was added since the check, else the check runs again.
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

  /** One attempt of {@link #open}: lost if another schema was added after the catalog was read. */
  private static Attempt<RecordTranslator> tryOpen(KvStore store, RecordSchema current) {
    SchemaCatalog.Entries entries = SchemaCatalog.read(store, current.entityName());
    entries.requireCompactKeys(current.entityName(), store); // an older Tessera may have added one
    Map<Long, SchemaTranslation> plans = new ConcurrentHashMap<>();
    for (RecordSchema stored : entries.schemas()) {
      SchemaTranslation plan = SchemaTranslation.between(stored, current); // throws if incompatible
      if (stored.id() != current.id()) {
        plans.put(stored.id(), plan);
      }
    }
    if (entries.schema(current.id()).isPresent()
        || SchemaCatalog.add(store, current, entries.latest())) {
      return Attempt.done(new RecordTranslator(store, current, plans));
    }
    return Attempt.lost("another schema of entity " + current.entityName() + " was added meanwhile");
  }

  /** The schema values are brought to. */
  public RecordSchema current() {
    return current;
  }

  /**
   * {@code record} (an unpacked stored value) in the current layout: itself if it was stored with
   * the current schema, else translated from the schema it names.
   *
   * @throws IllegalArgumentException if the value names no schema, or one the catalog does not
   *     hold, or does not have its schema's shape
   * @throws IncompatibleSchemaException if it names a schema added to the catalog after this
   *     repository was opened that the current one cannot read
   */
  public Tuple toCurrent(Tuple record) {
    if (current.isCurrent(record)) {
      return record;
    }
    if (record.size() == 0 || !(record.get(0) instanceof Long)) {
      throw new IllegalArgumentException(
          "stored value of entity '"
              + current.entityName()
              + "' does not start with a schema identifier but with "
              + (record.size() == 0
                  ? "nothing"
                  : record.get(0) == null ? "null" : record.get(0).getClass().getSimpleName()));
    }
    long id = (Long) record.get(0);
    SchemaTranslation plan = plans.get(id);
    if (plan == null) {
      plan = plans.computeIfAbsent(id, this::load);
    }
    return plan.apply(record);
  }

  /** The plan of a schema added to the catalog after {@link #open}, e.g. by another process. */
  private SchemaTranslation load(long id) {
    RecordSchema stored =
        SchemaCatalog.find(store, current.entityName(), id)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        String.format(
                            "stored value of entity '%s' has schema %016x, which the catalog does"
                                + " not hold",
                            current.entityName(), id)));
    return SchemaTranslation.between(stored, current);
  }
}
