package dev.tessera.testkit.bank;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvStore;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A store that puts a bug back on purpose: it passes every call through, except that a commit
 * leaves out the calls its {@link Bug} names, as a repository that forgot them would. Used only
 * to prove that the simulation finds such bugs. Thread-safe as the store it wraps; its operations
 * are not.
 */
final class BreakingStore extends ForwardingKvStore {
  /** One call an atomic operation received, to be forwarded or left out. */
  sealed interface Call {
    /** The key the call is about. */
    Tuple key();
  }

  /** {@code check(key, expected)}. */
  record Check(Tuple key, Versionstamp expected) implements Call {}

  /** {@code set(key, value)}. */
  record Set(Tuple key, byte[] value) implements Call {}

  /** {@code delete(key)}. */
  record Delete(Tuple key) implements Call {}

  /** {@code sum(key, operand)}. */
  record Sum(Tuple key, long operand) implements Call {}

  /** {@code checkRangeCount(range, count, readVersion)}; its key is the empty tuple. */
  record CheckRangeCount(TupleRange range, long count, Versionstamp readVersion) implements Call {
    @Override
    public Tuple key() {
      return Tuple.of();
    }
  }

  /** {@code checkRange(range, seen)}; its key is the empty tuple. */
  record CheckRange(TupleRange range, List<KvEntry> seen) implements Call {
    @Override
    public Tuple key() {
      return Tuple.of();
    }
  }

  /**
   * Which calls of a commit a bug leaves out.
   *
   * @param name what the bug is
   * @param dropped given all calls of the commit, says whether to leave out one of them
   */
  record Bug(String name, Dropped dropped) {
    @Override
    public String toString() {
      return name;
    }
  }

  /** An update of a member does not write its new tag entries. */
  static final Bug TAG_ENTRY_NOT_WRITTEN_ON_UPDATE = new Bug("tag entry not written on update",
      (calls, call, subspace) -> call instanceof Set set
          && isIn(set.key(), subspace.apply("sim_member_by_tags"))
          && calls.stream().anyMatch(c -> c instanceof Check check
              && isIn(check.key(), subspace.apply("sim_member")) && check.expected() != null));

  /** A place moved by an update keeps its old spatial entry and gets no new one. */
  static final Bug SPATIAL_ENTRY_NOT_WRITTEN_ON_MOVE = new Bug("spatial entry not written on move",
      (calls, call, subspace) -> (call instanceof Set || call instanceof Delete)
          && isIn(call.key(), subspace.apply("sim_place_by_xY"))
          && calls.stream().anyMatch(c -> c instanceof Check check
              && isIn(check.key(), subspace.apply("sim_place")) && check.expected() != null));

  /** A commit that deletes several members (a bulk delete) does not update the record count. */
  static final Bug COUNT_NOT_UPDATED_BY_BULK_DELETE = new Bug("count not updated by bulk delete",
      (calls, call, subspace) -> call instanceof Sum sum && sum.key().size() > 2
          && "count".equals(sum.key().get(1))
          && calls.stream().filter(c -> c instanceof Delete d
              && isIn(d.key(), subspace.apply("sim_member"))).count() >= 2);

  /** An insert does not check that its e-mail is free: a unique check skipped. */
  static final Bug UNIQUE_CHECK_SKIPPED = new Bug("unique e-mail check skipped",
      (calls, call, subspace) -> call instanceof Check check && check.expected() == null
          && isIn(check.key(), subspace.apply("sim_member_by_email")));

  /**
   * A transaction's reads of a borrower's loans (its count, its limited listing) are not validated
   * at commit: the phantom a concurrent lender adds goes unnoticed.
   */
  static final Bug LOAN_RANGE_NOT_VALIDATED = new Bug("range read of loans not validated",
      (calls, call, subspace) -> (call instanceof CheckRange check
          && startsWith(check.range().begin(), subspace.apply("sim_loan_by_borrower").pack()))
          || (call instanceof CheckRangeCount count
          && startsWith(count.range().begin(), subspace.apply("sim_loan_by_borrower").pack())));

  /** No subspace: the key part of a name the catalog assigned no id yet (ids start at 1). */
  private static final Tuple NO_SUBSPACE = Tuple.of(0L);

  private final Bug bug;
  /** The subspaces the catalog assigned, by name: ids never change once assigned. */
  private final Map<String, Tuple> subspaces = new ConcurrentHashMap<>();

  BreakingStore(KvStore store, Bug bug) {
    super(store);
    this.bug = bug;
  }

  private static boolean startsWith(byte[] bytes, byte[] prefix) {
    return bytes.length >= prefix.length
        && java.util.Arrays.equals(bytes, 0, prefix.length, prefix, 0, prefix.length);
  }

  /** Whether {@code key} lies in {@code subspace} (a one-part key: a subspace id). */
  private static boolean isIn(Tuple key, Tuple subspace) {
    return key.size() > 0 && subspace.get(0).equals(key.get(0));
  }

  /** Says whether a bug leaves out one call of a commit. */
  interface Dropped {
    /**
     * @param calls every call of the commit
     * @param call the call in question
     * @param subspace the first key part, {@code (id)}, of the entity or index subspace named so
     */
    boolean test(List<Call> calls, Call call, Function<String, Tuple> subspace);
  }

  private Tuple subspace(String name) {
    Tuple known = subspaces.get(name);
    if (known != null) {
      return known;
    }
    OptionalLong id = StoreCatalog.of(store).subspaceId(name);
    if (id.isEmpty()) {
      return NO_SUBSPACE;
    }
    return subspaces.computeIfAbsent(name, n -> Tuple.of(id.getAsLong()));
  }

  @Override
  public AtomicOperation atomic() {
    AtomicOperation target = store.atomic();
    List<Call> calls = new ArrayList<>();
    return new AtomicOperation() {
      @Override
      public AtomicOperation check(Tuple key, Versionstamp expected) {
        calls.add(new Check(key, expected));
        return this;
      }

      @Override
      public AtomicOperation checkRange(TupleRange range, List<KvEntry> seen) {
        calls.add(new CheckRange(range, seen));
        return this;
      }

      @Override
      public AtomicOperation checkRangeCount(TupleRange range, long count, Versionstamp readVersion) {
        calls.add(new CheckRangeCount(range, count, readVersion));
        return this;
      }

      @Override
      public boolean checksRangeCounts() {
        return target.checksRangeCounts();
      }

      @Override
      public AtomicOperation set(Tuple key, byte[] value) {
        calls.add(new Set(key, value));
        return this;
      }

      @Override
      public AtomicOperation delete(Tuple key) {
        calls.add(new Delete(key));
        return this;
      }

      @Override
      public AtomicOperation sum(Tuple key, long operand) {
        calls.add(new Sum(key, operand));
        return this;
      }

      @Override
      public AtomicOperation min(Tuple key, long operand) {
        target.min(key, operand);
        return this;
      }

      @Override
      public AtomicOperation max(Tuple key, long operand) {
        target.max(key, operand);
        return this;
      }

      @Override
      public CommitResult commit() {
        Predicate<Call> kept = call -> !bug.dropped().test(calls, call, BreakingStore.this::subspace);
        for (Call call : calls) {
          if (!kept.test(call)) {
            continue;
          }
          if (call instanceof Check c) {
            target.check(c.key(), c.expected());
          } else if (call instanceof Set s) {
            target.set(s.key(), s.value());
          } else if (call instanceof Delete d) {
            target.delete(d.key());
          } else if (call instanceof Sum s) {
            target.sum(s.key(), s.operand());
          } else if (call instanceof CheckRange r) {
            target.checkRange(r.range(), r.seen());
          } else if (call instanceof CheckRangeCount c) {
            target.checkRangeCount(c.range(), c.count(), c.readVersion());
          }
        }
        return target.commit();
      }
    };
  }
}
