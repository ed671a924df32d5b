package dev.tessera.repository;

import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.internal.index.IndexLifecycle;
import dev.tessera.tuple.Tuple;
import java.time.Duration;
import java.util.List;

/**
 * Administration of one repository's indexes: their states, building them, waiting for them, and
 * verifying and repairing them. Obtained from {@link EntityRepository#indexAdmin()}.
 *
 * <pre>{@code
 * UserRepository users = new UserRepository(store);          // builds new indexes in the background
 * users.indexAdmin().awaitIndexes(Duration.ofMinutes(1));    // until every index is readable
 * IndexVerification check = users.indexAdmin().verifyIndexes();
 * if (!check.clean()) {
 *   users.indexAdmin().repairIndexes();
 * }
 * }</pre>
 *
 * <p>Thread-safe. Every method works on the store directly, so it sees builds done by other
 * repositories and processes too.
 */
public final class IndexAdmin {
  private final IndexLifecycle<?> lifecycle;

  IndexAdmin(IndexLifecycle<?> lifecycle) {
    this.lifecycle = lifecycle;
  }

  /**
   * {@return the catalog entries of the entity's indexes, declared ones and dropped ones still
   * being cleared: state, build phase, progress and the reason of a failed build}
   */
  public List<IndexCatalogEntry> indexStates() {
    return lifecycle.states();
  }

  /**
   * Does all pending index work in the calling thread: builds new and changed indexes, clears
   * dropped ones, and builds again unique indexes whose build failed. Returns when nothing is left
   * (or {@link #stopBuilding()} was called).
   *
   * @throws IndexBuildFailedException if a unique index cannot be built over duplicate values (the
   *     other indexes are still built; the failed one is left FAILED and empty)
   */
  public void buildIndexes() {
    lifecycle.build();
  }

  /**
   * Waits until every declared index is readable (built by this repository's background thread, a
   * {@link #buildIndexes()} call or another process).
   *
   * @param timeout how long to wait at most
   * @return true if they are, false if {@code timeout} passed first
   * @throws IndexNotReadyException if an index's build failed (it would never become readable)
   * @throws InterruptedException if the thread was interrupted while waiting
   */
  public boolean awaitIndexes(Duration timeout) throws InterruptedException {
    return lifecycle.await(timeout);
  }

  /**
   * Stops this repository's background build after its current batch and waits for its thread to
   * end. The work stays pending in the catalog; {@link #buildIndexes()} or the next open resumes it
   * from the persisted cursor.
   *
   * @throws InterruptedException if the thread was interrupted while waiting
   */
  public void stopBuilding() throws InterruptedException {
    lifecycle.stop();
  }

  /**
   * Scans the records, the record count and every readable index, batch by batch (memory bounded by
   * the batch size), and reports undecodable records and entries, a wrong record count, missing
   * entries, dangling entries and unique violations, with counts and up to ten samples of each kind.
   * Writes nothing. Damaged data is reported, not thrown: a stored entry that does not decode is a
   * {@link IndexProblem.Kind#UNDECODABLE} problem naming its key, and the scan goes on after it.
   *
   * @return what was found (and repaired)
   * @throws dev.tessera.kv.CorruptEntryException only if the store lists its keys out of order (its
   *     file is damaged beyond what a scan can step over)
   */
  public IndexVerification verifyIndexes() {
    return lifecycle.verify();
  }

  /**
   * Verifies as {@link #verifyIndexes()} and fixes what it finds, in batches, each one atomic
   * commit checked on the entries and records it read: moves undecodable records to the quarantine
   * (their bytes kept, see {@link #quarantined()}), rebuilds a wrong record count, deletes
   * undecodable and dangling entries, writes missing ones. Unique violations are reported, not fixed.
   * Safe while writes go on.
   *
   * @return what was found, with {@link IndexReport#repaired()}, {@link RecordReport#quarantined()}
   *     and {@link RecordReport#countRebuilt()} telling the fixes
   */
  public IndexVerification repairIndexes() {
    return lifecycle.repair();
  }

  /**
   * The records {@link #repairIndexes()} moved out of the entity because their stored bytes do not
   * decode, with those bytes: those whose key decodes in key order, then those whose key bytes are
   * not a packed tuple ({@link QuarantinedRecord#keyDecodes()} false). They are in the store's reserved metadata space, so no
   * query, count or index sees them.
   *
   * @return the quarantined records, possibly none
   */
  public List<QuarantinedRecord> quarantined() {
    return lifecycle.quarantined();
  }

  /**
   * Deletes the quarantined copy of the record once stored under {@code recordKey} (as {@link
   * QuarantinedRecord#recordKey()} gives it).
   *
   * @param recordKey the record key of the quarantined record
   * @return true if a copy was there and is deleted now
   */
  public boolean discardQuarantined(Tuple recordKey) {
    return lifecycle.discardQuarantined(recordKey);
  }

  /**
   * Deletes the quarantined copy {@code record}, as {@link #quarantined()} listed it: also one whose
   * key bytes were not a packed tuple.
   *
   * @param record the quarantined record, as {@link #quarantined()} listed it
   * @return true if the copy was there and is deleted now
   */
  public boolean discardQuarantined(QuarantinedRecord record) {
    return lifecycle.discardQuarantined(record);
  }
}
