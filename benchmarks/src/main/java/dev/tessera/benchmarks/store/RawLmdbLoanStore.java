package dev.tessera.benchmarks.store;

import static dev.tessera.benchmarks.store.RawLmdbEnvironment.STAMP;
import static dev.tessera.benchmarks.store.RawLmdbEnvironment.startsWith;
import static dev.tessera.benchmarks.store.RawTupleCodec.getLong;
import static dev.tessera.benchmarks.store.RawTupleCodec.getString;
import static dev.tessera.benchmarks.store.RawTupleCodec.putLong;
import static dev.tessera.benchmarks.store.RawTupleCodec.putString;
import static dev.tessera.benchmarks.store.RawTupleCodec.skip;

import dev.tessera.benchmarks.model.Loan;
import dev.tessera.benchmarks.model.LoanRepository;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.agrona.DirectBuffer;
import org.lmdbjava.Cursor;
import org.lmdbjava.Dbi;
import org.lmdbjava.GetOp;
import org.lmdbjava.PutFlags;
import org.lmdbjava.Txn;

/**
 * Hand-written lmdbjava keeping loans as Tessera does, byte for byte: record {@code (1, id)} →
 * versionstamp + packed {@code (schemaId, id, member, book)}, member index {@code (2, member, id)} →
 * versionstamp (1 and 2: the subspace ids of {@code "bench_loan"} and {@code
 * "bench_loan_by_member"} in a new store), the record count, and the commit counter in
 * a second DBI ({@link RawLmdbEnvironment}). A count walks an LMDB cursor over the member's prefix
 * of the index without copying a key; count-then-lend does it inside the one write transaction that
 * then deletes and inserts (LMDB runs one write transaction at a time: serialisable). A count alone
 * reads in the thread's renewed read transaction, a consistent snapshot.
 *
 * <p>Thread-safe: write transactions are serialised by LMDB; each thread has its own buffers.
 */
public final class RawLmdbLoanStore implements LoanStore {
  private static final String ENTITY = LoanRepository.ENTITY_NAME;
  // The number Tessera's catalog gives the first schema of an entity in a new store, which every
  // stored value starts with.
  private static final long SCHEMA_NUMBER = 1;
  // The subspace ids Tessera's catalog assigns in a new store, in the order the repository opens
  // them: the entity, then its indexes as declared. The record count stays keyed by name.
  private static final long RECORDS = 1; // "bench_loan"
  private static final long BY_MEMBER = 2; // "bench_loan_by_member"

  private final RawLmdbEnvironment lmdb;
  private final Dbi<DirectBuffer> data;
  private final ThreadLocal<RawScratch> scratch = ThreadLocal.withInitial(RawScratch::new);

  private RawLmdbLoanStore(RawLmdbEnvironment lmdb) {
    this.lmdb = lmdb;
    this.data = lmdb.data();
  }

  /** Opens or creates a store in {@code directory} with room for {@code mapSize} bytes. */
  public static RawLmdbLoanStore open(Path directory, Durability durability, long mapSize) {
    return new RawLmdbLoanStore(RawLmdbEnvironment.open(directory, durability, mapSize));
  }

  @Override
  public void lend(List<Loan> loans) {
    RawScratch s = scratch.get();
    try (Txn<DirectBuffer> txn = lmdb.write()) {
      long version = lmdb.nextVersion(txn, s);
      int order = 0;
      for (Loan loan : loans) {
        insert(txn, s, loan, version, order++);
      }
      lmdb.addToCount(txn, s, ENTITY, version, loans.size());
      txn.commit();
    }
  }

  @Override
  public long countLoans(String member) {
    RawScratch s = scratch.get();
    Txn<DirectBuffer> txn = lmdb.beginRead(s);
    try {
      return count(txn, s, member);
    } finally {
      txn.reset();
    }
  }

  @Override
  public long countThenLend(String member, Loan lent, long returned, int limit) {
    RawScratch s = scratch.get();
    try (Txn<DirectBuffer> txn = lmdb.write()) {
      long count = count(txn, s, member);
      long version = lmdb.nextVersion(txn, s);
      long delta = 1;
      if (count >= limit && delete(txn, s, returned)) {
        delta--;
      }
      insert(txn, s, lent, version, 0);
      lmdb.addToCount(txn, s, ENTITY, version, delta);
      txn.commit();
      return count;
    }
  }

  @Override
  public List<Loan> loansOf(String member) {
    RawScratch s = scratch.get();
    List<Long> ids = new ArrayList<>();
    List<Loan> loans = new ArrayList<>();
    Txn<DirectBuffer> txn = lmdb.beginRead(s);
    try (Cursor<DirectBuffer> cursor = data.openCursor(txn)) {
      DirectBuffer prefix = s.key(2, BY_MEMBER, member);
      boolean found = cursor.get(prefix, GetOp.MDB_SET_RANGE);
      while (found && startsWith(cursor.key(), prefix, prefix.capacity())) {
        DirectBuffer key = cursor.key();
        ids.add(getLong(key, prefix.capacity()));
        found = cursor.next();
      }
      for (long id : ids) {
        DirectBuffer value = data.get(txn, s.key(0, RECORDS, id));
        if (value == null) {
          throw new IllegalStateException("raw-lmdbjava: index entry of loan " + id + " without a record");
        }
        loans.add(decode(value));
      }
    } finally {
      txn.reset();
    }
    return loans;
  }

  @Override
  public void close() {
    lmdb.close();
  }

  // The member's index entries: the keys starting with (BY_MEMBER, member), walked in
  // place. Uses key slot 2.
  private long count(Txn<DirectBuffer> txn, RawScratch s, String member) {
    DirectBuffer prefix = s.key(2, BY_MEMBER, member);
    int length = prefix.capacity();
    long count = 0;
    try (Cursor<DirectBuffer> cursor = data.openCursor(txn)) {
      boolean found = cursor.get(prefix, GetOp.MDB_SET_RANGE);
      while (found && startsWith(cursor.key(), prefix, length)) {
        count++;
        found = cursor.next();
      }
    }
    return count;
  }

  private void insert(Txn<DirectBuffer> txn, RawScratch s, Loan loan, long version, int order) {
    if (!data.put(txn, s.key(0, RECORDS, loan.id()), record(s, version, order, loan),
        PutFlags.MDB_NOOVERWRITE)) {
      throw new IllegalStateException("raw-lmdbjava: loan " + loan.id() + " exists");
    }
    data.put(txn, s.key(1, BY_MEMBER, loan.member(), loan.id()), s.stamp(version, order));
  }

  // Deletes the loan and its index entry; false if there is none.
  private boolean delete(Txn<DirectBuffer> txn, RawScratch s, long id) {
    DirectBuffer key = s.key(0, RECORDS, id);
    DirectBuffer stored = data.get(txn, key);
    if (stored == null) {
      return false;
    }
    int memberAt = skip(stored, skip(stored, STAMP));
    // The index key takes the member's bytes as stored, before the first delete invalidates them.
    DirectBuffer indexKey = s.key(1, BY_MEMBER, stored, memberAt, skip(stored, memberAt), id);
    data.delete(txn, key);
    data.delete(txn, indexKey);
    return true;
  }

  private static Loan decode(DirectBuffer value) {
    if (getLong(value, STAMP) != SCHEMA_NUMBER) {
      throw new IllegalStateException("raw-lmdbjava: stored loan has another schema");
    }
    int pos = skip(value, STAMP);
    long id = getLong(value, pos);
    pos = skip(value, pos);
    String member = getString(value, pos);
    pos = skip(value, pos);
    return new Loan(id, member, getLong(value, pos));
  }

  private static DirectBuffer record(RawScratch s, long version, int order, Loan loan) {
    s.stamp(version, order);
    int pos = putLong(s.value, STAMP, SCHEMA_NUMBER);
    pos = putLong(s.value, pos, loan.id());
    pos = putString(s.value, pos, loan.member());
    return s.value(putLong(s.value, pos, loan.book()));
  }
}
