package dev.tessera.benchmarks.store;

import static dev.tessera.benchmarks.store.RawTupleCodec.getLong;
import static dev.tessera.benchmarks.store.RawTupleCodec.getString;
import static dev.tessera.benchmarks.store.RawTupleCodec.putLong;
import static dev.tessera.benchmarks.store.RawTupleCodec.putString;
import static dev.tessera.benchmarks.store.RawTupleCodec.skip;

import dev.tessera.benchmarks.model.User;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.lmdbjava.Cursor;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.DirectBufferProxy;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
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
 * <p>Durability: {@link Durability#DURABLE} is LMDB's default (fsync per commit);
 * {@link Durability#NO_SYNC} adds {@code MDB_NOSYNC}, as Tessera's {@code NO_SYNC} does.
 *
 * <p>Thread-safe: LMDB serialises write transactions; each thread has its own {@code MDB_NOTLS}
 * read transaction, renewed for every read, and its own off-heap scratch buffers.
 */
public final class RawLmdbUserStore implements UserStore {
  /** The name of the DBI holding records and indexes, as in Tessera's stores. */
  public static final String DATA_DBI = "tessera.data";

  private static final String NAME = "raw-lmdbjava";
  // The schema id Tessera's processor derives for User (FNV-1a of its schema descriptor), so that
  // stored values are byte for byte the same.
  private static final long SCHEMA_ID = 0xe53f3a2afc79154aL;
  private static final int STAMP = 10;
  private static final String ENTITY = "user";
  // The subspace ids Tessera's catalog assigns in a new store, in the order the repository opens
  // them: the entity, then its indexes as declared ("user", "user_by_email",
  // "user_by_favoriteColor", "user_by_age").
  private static final long RECORDS = 1;
  private static final long BY_EMAIL = 2;
  private static final long BY_COLOUR = 3;
  private static final long BY_AGE = 4;
  private static final String COUNTER = "commit-counter";

  private final Env<DirectBuffer> env;
  private final Dbi<DirectBuffer> data;
  private final Dbi<DirectBuffer> meta;
  private final ThreadLocal<Scratch> scratch = ThreadLocal.withInitial(Scratch::new);
  // Every thread's reusable read transaction, closed before the environment.
  private final Set<Txn<DirectBuffer>> readers = ConcurrentHashMap.newKeySet();

  private RawLmdbUserStore(Env<DirectBuffer> env, Dbi<DirectBuffer> data, Dbi<DirectBuffer> meta) {
    this.env = env;
    this.data = data;
    this.meta = meta;
  }

  /**
   * Opens or creates a store in {@code directory}.
   *
   * @param directory an existing directory
   * @param durability the commit durability
   * @param mapSize the LMDB map size in bytes (fixed: this contender does not grow the map)
   */
  public static RawLmdbUserStore open(Path directory, Durability durability, long mapSize) {
    EnvFlags[] flags = durability == Durability.NO_SYNC
        ? new EnvFlags[] {EnvFlags.MDB_NOTLS, EnvFlags.MDB_NOSYNC}
        : new EnvFlags[] {EnvFlags.MDB_NOTLS};
    Env<DirectBuffer> env = Env.create(DirectBufferProxy.PROXY_DB)
        .setMapSize(mapSize)
        .setMaxDbs(2)
        .setMaxReaders(256)
        .open(directory.toFile(), flags);
    Dbi<DirectBuffer> data = env.openDbi(DATA_DBI, DbiFlags.MDB_CREATE);
    Dbi<DirectBuffer> meta = env.openDbi("tessera.meta", DbiFlags.MDB_CREATE);
    return new RawLmdbUserStore(env, data, meta);
  }

  @Override
  public void insert(User user) {
    Scratch s = scratch.get();
    try (Txn<DirectBuffer> txn = env.txnWrite()) {
      long version = nextVersion(txn, s);
      insertIn(txn, s, user, version, 0);
      addToCount(txn, s, version, 1);
      txn.commit();
    }
  }

  @Override
  public void insertAll(List<User> users) {
    Scratch s = scratch.get();
    try (Txn<DirectBuffer> txn = env.txnWrite()) {
      long version = nextVersion(txn, s);
      int order = 0;
      for (User user : users) {
        insertIn(txn, s, user, version, order++);
      }
      addToCount(txn, s, version, users.size());
      txn.commit();
    }
  }

  private void insertIn(Txn<DirectBuffer> txn, Scratch s, User user, long version, int order) {
    DirectBuffer recordKey = s.recordKey(0, user.id());
    DirectBuffer emailKey = s.key(1, BY_EMAIL, normalized(user.email()));
    if (data.get(txn, recordKey) != null || data.get(txn, emailKey) != null) {
      throw new DuplicateUserException(NAME, user.id(), null);
    }
    data.put(txn, recordKey, s.record(version, order, user));
    data.put(txn, emailKey, s.pointer(version, order, user.id()));
    data.put(txn, s.key(2, BY_COLOUR, user.favoriteColor(), user.id()), s.stamp(version, order));
    data.put(txn, s.key(3, BY_AGE, user.age(), user.id()), s.stamp(version, order));
  }

  @Override
  public boolean update(User user) {
    Scratch s = scratch.get();
    try (Txn<DirectBuffer> txn = env.txnWrite()) {
      DirectBuffer current = data.get(txn, s.recordKey(0, user.id()));
      if (current == null) {
        return false;
      }
      User old = decode(current);
      long version = nextVersion(txn, s);
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
      data.put(txn, s.recordKey(0, user.id()), s.record(version, 0, user));
      txn.commit();
      return true;
    }
  }

  @Override
  public boolean delete(String id) {
    Scratch s = scratch.get();
    try (Txn<DirectBuffer> txn = env.txnWrite()) {
      DirectBuffer recordKey = s.recordKey(0, id);
      DirectBuffer current = data.get(txn, recordKey);
      if (current == null) {
        return false;
      }
      User old = decode(current);
      long version = nextVersion(txn, s);
      data.delete(txn, recordKey);
      data.delete(txn, s.key(1, BY_EMAIL, normalized(old.email())));
      data.delete(txn, s.key(2, BY_COLOUR, old.favoriteColor(), id));
      data.delete(txn, s.key(3, BY_AGE, old.age(), id));
      addToCount(txn, s, version, -1);
      txn.commit();
      return true;
    }
  }

  @Override
  public Optional<User> findById(String id) {
    Scratch s = scratch.get();
    Txn<DirectBuffer> txn = beginRead(s);
    try {
      DirectBuffer value = data.get(txn, s.recordKey(0, id));
      return value == null ? Optional.empty() : Optional.of(decode(value));
    } finally {
      txn.reset();
    }
  }

  @Override
  public Optional<User> findByEmail(String email) {
    Scratch s = scratch.get();
    Txn<DirectBuffer> txn = beginRead(s);
    try {
      DirectBuffer pointer = data.get(txn, s.key(1, BY_EMAIL, normalized(email)));
      if (pointer == null) {
        return Optional.empty();
      }
      DirectBuffer value = data.get(txn, s.recordKey(0, getString(pointer, STAMP)));
      return value == null ? Optional.empty() : Optional.of(decode(value));
    } finally {
      txn.reset();
    }
  }

  @Override
  public List<User> findByFavoriteColor(String colour) {
    Scratch s = scratch.get();
    DirectBuffer start = s.key(2, BY_COLOUR, colour);
    // The packed colour ends with its 0x00 terminator; every (colour, id) key sorts below 0x01.
    DirectBuffer end = s.key(3, BY_COLOUR, colour);
    s.keys[3].putByte(end.capacity() - 1, (byte) 0x01);
    return findByIndexRange(s, start, end);
  }

  @Override
  public List<User> findByAgeBetween(int lo, int hi) {
    Scratch s = scratch.get();
    return findByIndexRange(s, s.key(2, BY_AGE, lo), s.key(3, BY_AGE, (long) hi + 1));
  }

  // Scans the index keys in [start, end) (unsigned byte order, as LMDB sorts them), collects the
  // ids at their ends, then reads the records, all in one read transaction.
  private List<User> findByIndexRange(Scratch s, DirectBuffer start, DirectBuffer end) {
    List<String> ids = new ArrayList<>();
    List<User> users = new ArrayList<>();
    Txn<DirectBuffer> txn = beginRead(s);
    try (Cursor<DirectBuffer> cursor = data.openCursor(txn)) {
      boolean found = cursor.get(start, GetOp.MDB_SET_RANGE);
      while (found && compareUnsigned(cursor.key(), end) < 0) {
        DirectBuffer key = cursor.key();
        ids.add(getString(key, skip(key, skip(key, 0))));
        found = cursor.next();
      }
      for (String id : ids) {
        DirectBuffer value = data.get(txn, s.recordKey(0, id));
        if (value != null) {
          users.add(decode(value));
        }
      }
    } finally {
      txn.reset();
    }
    return users;
  }

  // Agrona's compareTo compares signed bytes; LMDB sorts unsigned.
  private static int compareUnsigned(DirectBuffer a, DirectBuffer b) {
    int length = Math.min(a.capacity(), b.capacity());
    for (int i = 0; i < length; i++) {
      int c = Integer.compare(a.getByte(i) & 0xFF, b.getByte(i) & 0xFF);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.capacity(), b.capacity());
  }

  // Each thread keeps one read transaction and renews it per read (MDB_NOTLS allows it): what a
  // hand-tuned LMDB application does, saving the allocation and setup of a transaction per read.
  private Txn<DirectBuffer> beginRead(Scratch s) {
    if (s.reader == null) {
      s.reader = env.txnRead();
      readers.add(s.reader);
    } else {
      s.reader.renew();
    }
    return s.reader;
  }

  @Override
  public void close() {
    for (Txn<DirectBuffer> reader : readers) {
      reader.close();
    }
    readers.clear();
    env.close();
  }

  private long nextVersion(Txn<DirectBuffer> txn, Scratch s) {
    DirectBuffer counterKey = s.key(4, COUNTER);
    DirectBuffer current = meta.get(txn, counterKey);
    long next = (current == null ? 0 : current.getLong(0, ByteOrder.BIG_ENDIAN)) + 1;
    s.counter.putLong(0, next, ByteOrder.BIG_ENDIAN);
    meta.put(txn, counterKey, s.counter);
    return next;
  }

  private void addToCount(Txn<DirectBuffer> txn, Scratch s, long version, long delta) {
    DirectBuffer countKey = s.key(4, "\u0000tessera", "count", ENTITY, 0); // shard 0, as on LMDB
    DirectBuffer current = data.get(txn, countKey);
    long count = current == null ? 0 : current.getLong(STAMP, ByteOrder.BIG_ENDIAN);
    data.put(txn, countKey, s.sum(version, count + delta));
  }

  private static User decode(DirectBuffer value) {
    if (getLong(value, STAMP) != SCHEMA_ID) {
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

  /** Off-heap buffers of one thread: LMDB needs keys and values at a native address. */
  private static final class Scratch {
    private static final int MAX_KEY = 511;
    private final UnsafeBuffer[] keys = new UnsafeBuffer[5];
    private final UnsafeBuffer[] keyViews = new UnsafeBuffer[5];
    private final UnsafeBuffer value = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));
    private final UnsafeBuffer valueView = new UnsafeBuffer(0, 0);
    private final UnsafeBuffer counter = new UnsafeBuffer(ByteBuffer.allocateDirect(8));
    private Txn<DirectBuffer> reader;

    Scratch() {
      for (int i = 0; i < keys.length; i++) {
        keys[i] = new UnsafeBuffer(ByteBuffer.allocateDirect(MAX_KEY));
        keyViews[i] = new UnsafeBuffer(0, 0);
      }
    }

    DirectBuffer recordKey(int slot, String id) {
      return key(slot, RECORDS, id);
    }

    DirectBuffer key(int slot, String a) {
      return view(slot, putString(keys[slot], 0, a));
    }

    DirectBuffer key(int slot, long a, String b) {
      return view(slot, putString(keys[slot], putLong(keys[slot], 0, a), b));
    }

    DirectBuffer key(int slot, long a, long b) {
      return view(slot, putLong(keys[slot], putLong(keys[slot], 0, a), b));
    }

    DirectBuffer key(int slot, long a, String b, String c) {
      UnsafeBuffer k = keys[slot];
      return view(slot, putString(k, putString(k, putLong(k, 0, a), b), c));
    }

    DirectBuffer key(int slot, String a, String b, String c, long d) {
      UnsafeBuffer k = keys[slot];
      return view(slot, putLong(k, putString(k, putString(k, putString(k, 0, a), b), c), d));
    }

    DirectBuffer key(int slot, long a, long b, String c) {
      UnsafeBuffer k = keys[slot];
      return view(slot, putString(k, putLong(k, putLong(k, 0, a), b), c));
    }

    private DirectBuffer view(int slot, int length) {
      keyViews[slot].wrap(keys[slot], 0, length);
      return keyViews[slot];
    }

    DirectBuffer stamp(long version, int order) {
      value.putLong(0, version, ByteOrder.BIG_ENDIAN);
      value.putShort(8, (short) order, ByteOrder.BIG_ENDIAN);
      return value(STAMP);
    }

    DirectBuffer record(long version, int order, User user) {
      stamp(version, order);
      int pos = putLong(value, STAMP, SCHEMA_ID);
      pos = putString(value, pos, user.id());
      pos = putString(value, pos, user.name());
      pos = putString(value, pos, user.email());
      pos = putString(value, pos, user.favoriteColor());
      return value(putLong(value, pos, user.age()));
    }

    DirectBuffer pointer(long version, int order, String id) {
      stamp(version, order);
      return value(putString(value, STAMP, id));
    }

    DirectBuffer sum(long version, long total) {
      stamp(version, 0);
      value.putLong(STAMP, total, ByteOrder.BIG_ENDIAN);
      return value(STAMP + Long.BYTES);
    }

    private DirectBuffer value(int length) {
      valueView.wrap(value, 0, length);
      return valueView;
    }
  }
}
