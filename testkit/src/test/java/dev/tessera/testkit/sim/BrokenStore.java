package dev.tessera.testkit.sim;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.ReservedKeys;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A store that drops some mutations on purpose: each puts a known defect back into the runtime
 * without changing it, so a test can show that the simulation finds the defect.
 */
final class BrokenStore implements KvStore {
  /** Which mutations a broken store drops. */
  enum Defect {
    /**
     * A write to a unique index being built records no duplicate marker: the unique check is
     * skipped while the index is BUILDING.
     */
    UNIQUE_CHECK_SKIPPED_WHILE_BUILDING,
    /** A commit that deletes several records leaves the record count alone (bulk deletes). */
    COUNT_NOT_UPDATED_BY_BULK_DELETE
  }

  private final KvStore store;
  private final Defect defect;

  BrokenStore(KvStore store, Defect defect) {
    this.store = store;
    this.defect = defect;
  }

  @Override
  public KvEntry get(Tuple key) {
    return store.get(key);
  }

  @Override
  public List<KvEntry> getMany(List<Tuple> keys) {
    return store.getMany(keys);
  }

  @Override
  public KvIterator list(ListSelector selector) {
    return store.list(selector);
  }

  @Override
  public KvSnapshot snapshot() {
    return store.snapshot();
  }

  @Override
  public int counterShards() {
    return store.counterShards();
  }

  @Override
  public void close() {
    store.close();
  }

  @Override
  public AtomicOperation atomic() {
    return new Operation();
  }

  /** Buffers the operation's calls, then replays on the real one what the defect lets through. */
  private final class Operation implements AtomicOperation {
    private final List<Consumer<AtomicOperation>> calls = new ArrayList<>();
    private final List<Tuple> counterKeys = new ArrayList<>();
    private int recordDeletes;

    @Override
    public AtomicOperation check(Tuple key, Versionstamp expected) {
      calls.add(op -> op.check(key, expected));
      return this;
    }

    @Override
    public AtomicOperation checkRange(TupleRange range, List<KvEntry> seen) {
      calls.add(op -> op.checkRange(range, seen));
      return this;
    }

    @Override
    public AtomicOperation set(Tuple key, byte[] value) {
      if (defect == Defect.UNIQUE_CHECK_SKIPPED_WHILE_BUILDING && isDuplicateMarker(key)) {
        return this;
      }
      byte[] copy = value.clone();
      calls.add(op -> op.set(key, copy));
      return this;
    }

    @Override
    public AtomicOperation delete(Tuple key) {
      if (!ReservedKeys.isReserved(key) && key.size() > 0 && key.get(0) instanceof String s
          && !s.contains("_by_")) {
        recordDeletes++;
      }
      calls.add(op -> op.delete(key));
      return this;
    }

    @Override
    public AtomicOperation sum(Tuple key, long operand) {
      if (isCount(key) && operand < 0) {
        counterKeys.add(key);
        calls.add(op -> {
          if (defect != Defect.COUNT_NOT_UPDATED_BY_BULK_DELETE || recordDeletes < 2) {
            op.sum(key, operand);
          }
        });
        return this;
      }
      calls.add(op -> op.sum(key, operand));
      return this;
    }

    @Override
    public AtomicOperation min(Tuple key, long operand) {
      calls.add(op -> op.min(key, operand));
      return this;
    }

    @Override
    public AtomicOperation max(Tuple key, long operand) {
      calls.add(op -> op.max(key, operand));
      return this;
    }

    @Override
    public CommitResult commit() {
      AtomicOperation real = store.atomic();
      calls.forEach(call -> call.accept(real));
      return real.commit();
    }
  }

  private static boolean isCount(Tuple key) {
    return ReservedKeys.isReserved(key) && key.size() > 1 && "count".equals(key.get(1));
  }

  /** ("\u0000tessera", "index-build", entity, index, generation, (value...), (pk...)). */
  private static boolean isDuplicateMarker(Tuple key) {
    return ReservedKeys.isReserved(key) && key.size() == 7 && "index-build".equals(key.get(1));
  }
}
