package dev.tessera.internal.kv;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.List;

/**
 * A store's atomic operation that also remembers the range checks added to it, in order, and counts
 * its mutations, so a test can look at how a scan was split before the store validates it, or give
 * a store a limit on what one commit holds. Not thread-safe.
 */
public class RecordingOperation implements AtomicOperation {
  /** One range check as it was added. */
  public record RangeCheck(TupleRange range, List<KvEntry> seen) {}

  private final AtomicOperation store;
  private final List<RangeCheck> checks = new ArrayList<>();
  private int mutations;

  public RecordingOperation(AtomicOperation store) {
    this.store = store;
  }

  /** The range checks added so far. */
  public List<RangeCheck> checks() {
    return checks;
  }

  /** How many mutations were added so far. */
  public int mutations() {
    return mutations;
  }

  @Override
  public AtomicOperation check(Tuple key, Versionstamp expected) {
    store.check(key, expected);
    return this;
  }

  @Override
  public AtomicOperation checkRange(TupleRange range, List<KvEntry> seen) {
    checks.add(new RangeCheck(range, List.copyOf(seen)));
    store.checkRange(range, seen);
    return this;
  }

  @Override
  public AtomicOperation set(Tuple key, byte[] value) {
    mutations++;
    store.set(key, value);
    return this;
  }

  @Override
  public AtomicOperation delete(Tuple key) {
    mutations++;
    store.delete(key);
    return this;
  }

  @Override
  public AtomicOperation sum(Tuple key, long operand) {
    mutations++;
    store.sum(key, operand);
    return this;
  }

  @Override
  public AtomicOperation min(Tuple key, long operand) {
    mutations++;
    store.min(key, operand);
    return this;
  }

  @Override
  public AtomicOperation max(Tuple key, long operand) {
    mutations++;
    store.max(key, operand);
    return this;
  }

  @Override
  public CommitResult commit() {
    return store.commit();
  }
}
