package dev.tessera.internal.index;

import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexPhase;
import dev.tessera.catalog.IndexState;
import dev.tessera.internal.catalog.IndexCatalog;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.tuple.Versionstamp;
import java.util.HashMap;
import java.util.Map;

/**
 * How writes treat each index of an entity, from one reading of the catalog. Immutable.
 *
 * <ul>
 *   <li>READABLE (or unknown to the catalog): maintained; a unique index is enforced.
 *   <li>BUILDING, non-unique: maintained exactly like a readable one.
 *   <li>BUILDING, unique: <em>guarded</em>: maintained but not enforced. A writer reads the entry
 *       first; a value taken by another record gets a duplicate marker instead of a rejection, and
 *       the commit checks the index's fence, so the switch to READABLE (or FAILED) makes it retry.
 *   <li>FAILED (unique only): not maintained, but guarded, so a new build makes writers retry.
 * </ul>
 *
 * <p>While an index is cleared and backfilled, an update writes all of the new record's entries
 * in it, unchanged ones too ({@link #rewritesKept}).
 *
 * @param entries the catalog entries of the entity, by index name
 * @param statesStamp the versionstamp of the entity's {@linkplain IndexCatalog#statesKey states
 *     generation} read with them ({@code null}: absent); every write checks it
 */
public record IndexModes(Map<String, IndexCatalogEntry> entries, Versionstamp statesStamp) {

  public IndexModes {
    entries = Map.copyOf(entries);
  }

  /** Reads the states of {@code entityName}'s indexes and their generation from {@code snapshot}. */
  static IndexModes read(KvSnapshot snapshot, String entityName) {
    KvEntry states = snapshot.get(IndexCatalog.statesKey(entityName));
    Map<String, IndexCatalogEntry> entries = new HashMap<>();
    IndexCatalog.read(snapshot, entityName).forEach((name, stored) -> entries.put(name, stored.entry()));
    return new IndexModes(entries, states.versionstamp());
  }

  /** The catalog entry of {@code index}, or {@code null} if the catalog does not know it. */
  IndexCatalogEntry entry(IndexDefinition<?> index) {
    return entries.get(index.name());
  }

  /** The state of {@code index}; READABLE when the catalog does not know it. */
  IndexState state(IndexDefinition<?> index) {
    IndexCatalogEntry entry = entries.get(index.name());
    return entry == null ? IndexState.READABLE : entry.state();
  }

  /** Whether writes keep {@code index}'s entries. */
  boolean maintained(IndexDefinition<?> index) {
    return state(index) != IndexState.FAILED;
  }

  /** Whether writes reject a value of {@code index} that another record holds. */
 public boolean enforced(IndexDefinition<?> index) {
    return index.unique() && state(index) == IndexState.READABLE;
  }

  /** Whether writes read the entries of {@code index} first and check its fence. */
  boolean guarded(IndexDefinition<?> index) {
    return index.unique() && state(index) != IndexState.READABLE;
  }

  /**
   * Whether an update writes every entry of the new record in {@code index}, not only the changed
   * ones: while the index is cleared and backfilled, so the backfill finds an updated record whole
   * and skips it instead of racing its writers (see {@link IndexBuilder}).
   */
  boolean rewritesKept(IndexDefinition<?> index) {
    IndexCatalogEntry entry = entries.get(index.name());
    return entry != null
        && entry.state() == IndexState.BUILDING
        && (entry.phase() == IndexPhase.CLEARING || entry.phase() == IndexPhase.BACKFILLING);
  }

  /** The build generation of {@code index} (its duplicate markers carry it). */
  long generation(IndexDefinition<?> index) {
    IndexCatalogEntry entry = entries.get(index.name());
    return entry == null ? 0 : entry.generation();
  }
}
