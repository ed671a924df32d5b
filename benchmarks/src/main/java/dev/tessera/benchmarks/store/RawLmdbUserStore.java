package dev.tessera.benchmarks.store;

import static dev.tessera.benchmarks.store.RawLmdbEnvironment.STAMP;
import static dev.tessera.benchmarks.store.RawLmdbEnvironment.compareUnsigned;
import static dev.tessera.benchmarks.store.RawTupleCodec.getLong;
import static dev.tessera.benchmarks.store.RawTupleCodec.getString;
import static dev.tessera.benchmarks.store.RawTupleCodec.putLong;
import static dev.tessera.benchmarks.store.RawTupleCodec.putString;
import static dev.tessera.benchmarks.store.RawTupleCodec.skip;

import dev.tessera.benchmarks.model.User;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.agrona.DirectBuffer;
import org.lmdbjava.Cursor;
import org.lmdbjava.Dbi;
import org.lmdbjava.GetOp;
import org.lmdbjava.Txn;

/**
 * Hand-written lmdbjava doing the work Tessera does, byte for byte, with nothing in between: the
 * floor of what any layer over LMDB can cost.
 *
 * <p>Same key space as Tessera (FoundationDB tuple keys in one data DBI, a commit counter in a
 * second DBI, the entity's record count updated by inserts and deletes), same values (10-byte
 * versionstamp, then the packed record or pointer), same checks (id and normalised email absent on
 * insert; old index entries removed on update and delete), one LMDB write transaction per call.
 * Unlike Tessera it reads inside the write transaction instead of reading first and checking
 * versionstamps at commit, and it encodes and decodes the tuples by hand ({@link RawTupleCodec})
 * straight in off-heap memory: the cheapest correct way LMDB allows.
 *
 * <p>Durability and threads as in {@link RawLmdbEnvironment}; each thread renews its own read
 * transaction for every read and has its own off-heap scratch buffers.
 */
public final class RawLmdbUserStore implements UserStore {
  /** The name of the DBI holding records and indexes, as in Tessera's stores. */
  public static final String DATA_DBI = RawLmdbEnvironment.DATA_DBI;

  private static final String NAME = "raw-lmdbjava";
  // The number Tessera's catalog gives the first schema of an entity in a new store, which every
  // stored value starts with, so that stored values are byte for byte the same.
  private static final long SCHEMA_NUMBER = 1;
  private static final String ENTITY = "user";
  // The subspace ids Tessera's catalog assigns in a new store, in the order the repository opens
  // them: the entity, then its indexes as declared. The record count stays keyed by name.
  private static final long RECORDS = 1; // "user"
  private static final long BY_EMAIL = 2; // "user_by_email"
  private static final long BY_COLOUR = 3; // "user_by_favoriteColor"
  private static final long BY_AGE = 4; // "user_by_age"

  private final RawLmdbEnvironment lmdb;
  private final Dbi<DirectBuffer> data;
  private final ThreadLocal<RawScratch> scratch = ThreadLocal.withInitial(RawScratch::new);

  private RawLmdbUserStore(RawLmdbEnvironment lmdb) {
    this.lmdb = lmdb;
    this.data = lmdb.data();
  }

  /**
   * Opens or creates a store in {@code directory}.
   *
   * @param directory an existing directory
   * @param durability the commit durability
   * @param mapSize the LMDB map size in bytes (fixed: this contender does not grow the map)
   */
  public static RawLmdbUserStore open(Path directory, Durability durability, long mapSize) {
    return new RawLmdbUserStore(RawLmdbEnvironment.open(directory, durability, mapSize));
  }

  @Override
  public void insert(User user) {
    RawScratch s = scratch.get();
    try (Txn<DirectBuffer> txn = lmdb.write()) {
      long version = lmdb.nextVersion(txn, s);
      insertIn(txn, s, user, version, 0);
      lmdb.addToCount(txn, s, ENTITY, version, 1);
      txn.commit();
    }
  }

  @Override
  public void insertAll(List<User> users) {
    RawScratch s = scratch.get();
    try (Txn<DirectBuffer> txn = lmdb.write()) {
      long version = lmdb.nextVersion(txn, s);
      int order = 0;
      for (User user : users) {
        insertIn(txn, s, user, version, order++);
      }
      lmdb.addToCount(txn, s, ENTITY, version, users.size());
      txn.commit();
    }
  }

  private void insertIn(Txn<DirectBuffer> txn, RawScratch s, User user, long version, int order) {
    DirectBuffer recordKey = recordKey(s, 0, user.id());
    DirectBuffer emailKey = s.key(1, BY_EMAIL, normalized(user.email()));
    if (data.get(txn, recordKey) != null || data.get(txn, emailKey) != null) {
      throw new DuplicateUserException(NAME, user.id(), null);
    }
    data.put(txn, recordKey, record(s, version, order, user));
    data.put(txn, emailKey, s.pointer(version, order, user.id()));
    data.put(txn, s.key(2, BY_COLOUR, user.favoriteColor(), user.id()), s.stamp(version, order));
    data.put(txn, s.key(3, BY_AGE, user.age(), user.id()), s.stamp(version, order));
  }

  @Override
  public boolean update(User user) {
    RawScratch s = scratch.get();
    try (Txn<DirectBuffer> txn = lmdb.write()) {
      DirectBuffer current = data.get(txn, recordKey(s, 0, user.id()));
      if (current == null) {
        return false;
      }
      User old = decode(current);
      long version = lmdb.nextVersion(txn, s);
      String oldEmail = normalized(old.email());
      String newEmail = normalized(user.email());
      if (!oldEmail.equals(newEmail)) {
        DirectBuffer newEmailKey = s.key(1, BY_EMAIL, newEmail);
        if (data.get(txn, newEmailKey) != null) {
          throw new DuplicateUserException(NAME, user.id(), null);
        }
        data.put(txn, newEmailKey, s.pointer(version, 0, user.id()));
        data.delete(txn, s.key(1, BY_EMAIL, oldEmail));
      }
      if (!old.favoriteColor().equals(user.favoriteColor())) {
        data.delete(txn, s.key(2, BY_COLOUR, old.favoriteColor(), user.id()));
        data.put(txn, s.key(2, BY_COLOUR, user.favoriteColor(), user.id()), s.stamp(version, 0));
      }
      if (old.age() != user.age()) {
        data.delete(txn, s.key(3, BY_AGE, old.age(), user.id()));
        data.put(txn, s.key(3, BY_AGE, user.age(), user.id()), s.stamp(version, 0));
      }
      data.put(txn, recordKey(s, 0, user.id()), record(s, version, 0, user));
      txn.commit();
      return true;
    }
  }

  @Override
  public boolean delete(String id) {
    RawScratch s = scratch.get();
    try (Txn<DirectBuffer> txn = lmdb.write()) {
      DirectBuffer recordKey = recordKey(s, 0, id);
      DirectBuffer current = data.get(txn, recordKey);
      if (current == null) {
        return false;
      }
      User old = decode(current);
      long version = lmdb.nextVersion(txn, s);
      data.delete(txn, recordKey);
      data.delete(txn, s.key(1, BY_EMAIL, normalized(old.email())));
      data.delete(txn, s.key(2, BY_COLOUR, old.favoriteColor(), id));
      data.delete(txn, s.key(3, BY_AGE, old.age(), id));
      lmdb.addToCount(txn, s, ENTITY, version, -1);
      txn.commit();
      return true;
    }
  }

  @Override
  public Optional<User> findById(String id) {
    RawScratch s = scratch.get();
    Txn<DirectBuffer> txn = lmdb.beginRead(s);
    try {
      DirectBuffer value = data.get(txn, recordKey(s, 0, id));
      return value == null ? Optional.empty() : Optional.of(decode(value));
    } finally {
      txn.reset();
    }
  }

  @Override
  public Optional<User> findByEmail(String email) {
    RawScratch s = scratch.get();
    Txn<DirectBuffer> txn = lmdb.beginRead(s);
    try {
      DirectBuffer pointer = data.get(txn, s.key(1, BY_EMAIL, normalized(email)));
      if (pointer == null) {
        return Optional.empty();
      }
      DirectBuffer value = data.get(txn, recordKey(s, 0, getString(pointer, STAMP)));
      return value == null ? Optional.empty() : Optional.of(decode(value));
    } finally {
      txn.reset();
    }
  }

  @Override
  public List<User> findByFavoriteColor(String colour) {
    RawScratch s = scratch.get();
    DirectBuffer start = s.key(2, BY_COLOUR, colour);
    // The packed colour ends with its 0x00 terminator; every (colour, id) key sorts below 0x01.
    DirectBuffer end = s.pastPrefix(3, s.key(3, BY_COLOUR, colour));
    return findByIndexRange(s, start, end);
  }

  @Override
  public List<User> findByAgeBetween(int lo, int hi) {
    RawScratch s = scratch.get();
    return findByIndexRange(s, s.key(2, BY_AGE, lo), s.key(3, BY_AGE, (long) hi + 1));
  }

  // Scans the index keys in [start, end) (unsigned byte order, as LMDB sorts them), collects the
  // ids at their ends, then reads the records, all in one read transaction.
  private List<User> findByIndexRange(RawScratch s, DirectBuffer start, DirectBuffer end) {
    List<String> ids = new ArrayList<>();
    List<User> users = new ArrayList<>();
    Txn<DirectBuffer> txn = lmdb.beginRead(s);
    try (Cursor<DirectBuffer> cursor = data.openCursor(txn)) {
      boolean found = cursor.get(start, GetOp.MDB_SET_RANGE);
      while (found && compareUnsigned(cursor.key(), end) < 0) {
        DirectBuffer key = cursor.key();
        ids.add(getString(key, skip(key, skip(key, 0))));
        found = cursor.next();
      }
      for (String id : ids) {
        DirectBuffer value = data.get(txn, recordKey(s, 0, id));
        if (value != null) {
          users.add(decode(value));
        }
      }
    } finally {
      txn.reset();
    }
    return users;
  }

  @Override
  public void close() {
    lmdb.close();
  }

  private static User decode(DirectBuffer value) {
    if (getLong(value, STAMP) != SCHEMA_NUMBER) {
      throw new IllegalStateException(NAME + ": stored user has another schema");
    }
    int pos = skip(value, STAMP);
    String id = getString(value, pos);
    pos = skip(value, pos);
    String name = getString(value, pos);
    pos = skip(value, pos);
    String email = getString(value, pos);
    pos = skip(value, pos);
    String colour = getString(value, pos);
    pos = skip(value, pos);
    return new User(id, name, email, colour, (int) getLong(value, pos));
  }

  // Tessera's CASE_INSENSITIVE normalisation: NFC, then case folding.
  private static String normalized(String email) {
    return Normalizer.normalize(email, Normalizer.Form.NFC).toUpperCase(Locale.ROOT)
        .toLowerCase(Locale.ROOT);
  }

  private static DirectBuffer recordKey(RawScratch s, int slot, String id) {
    return s.key(slot, RECORDS, id);
  }

  private static DirectBuffer record(RawScratch s, long version, int order, User user) {
    s.stamp(version, order);
    int pos = putLong(s.value, STAMP, SCHEMA_NUMBER);
    pos = putString(s.value, pos, user.id());
    pos = putString(s.value, pos, user.name());
    pos = putString(s.value, pos, user.email());
    pos = putString(s.value, pos, user.favoriteColor());
    return s.value(putLong(s.value, pos, user.age()));
  }
}
