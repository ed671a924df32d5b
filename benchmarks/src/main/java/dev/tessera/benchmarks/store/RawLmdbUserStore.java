package dev.tessera.benchmarks.store;

import dev.tessera.benchmarks.model.User;
import dev.tessera.tuple.Tuple;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
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
 * second DBI, the entity's record count updated by inserts and deletes), same values (10-byte versionstamp, then the packed record or pointer), same checks
 * (id and lower-cased email absent on insert; old index entries removed on update and delete), one
 * LMDB write transaction per call. Unlike Tessera it reads inside the write transaction instead of
 * reading first and checking versionstamps at commit: the cheapest correct way LMDB allows.
 *
 * <p>Durability: {@link Durability#DURABLE} is LMDB's default (fsync per commit);
 * {@link Durability#NO_SYNC} adds {@code MDB_NOSYNC}, as Tessera's {@code NO_SYNC} does.
 *
 * <p>Thread-safe: LMDB serialises write transactions; reads use {@code MDB_NOTLS} read
 * transactions; each thread has its own off-heap scratch buffers.
 */
public final class RawLmdbUserStore implements UserStore {
  private static final String NAME = "raw-lmdbjava";
  // The schema id Tessera's processor derives for User (FNV-1a of its schema descriptor), so that
  // stored values are byte for byte the same.
  private static final long SCHEMA_ID = 0xe53f3a2afc79154aL;
  /** The name of the DBI holding records and indexes, as in Tessera's stores. */
  public static final String DATA_DBI = "tessera.data";
  private static final int VERSIONSTAMP_BYTES = 10;
  private static final String RECORDS = "user";
  private static final String BY_EMAIL = "user_by_email";
  private static final String BY_COLOUR = "user_by_favoriteColor";
  private static final String BY_AGE = "user_by_age";
  // Tessera's per-entity record count, kept in the data DBI: versionstamp + 8-byte big-endian sum.
  private static final byte[] COUNT_KEY = Tuple.of("\u0000tessera", "count", RECORDS).pack();
  private static final byte[] COUNTER_KEY = "commit-counter".getBytes(StandardCharsets.US_ASCII);

  private final Env<DirectBuffer> env;
  private final Dbi<DirectBuffer> data;
  private final Dbi<DirectBuffer> meta;
  private final ThreadLocal<Scratch> scratch = ThreadLocal.withInitial(Scratch::new);

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
    DirectBuffer recordKey = s.key(0, Tuple.of(RECORDS, user.id()));
    DirectBuffer emailKey = s.key(1, Tuple.of(BY_EMAIL, normalized(user.email())));
    if (data.get(txn, recordKey) != null || data.get(txn, emailKey) != null) {
      throw new DuplicateUserException(NAME, user.id(), null);
    }
    putStamped(txn, s, recordKey, version, order, record(user));
    putStamped(txn, s, emailKey, version, order, Tuple.of(user.id()).pack());
    putStamped(txn, s, s.key(2, Tuple.of(BY_COLOUR, user.favoriteColor(), user.id())),
        version, order, null);
    putStamped(txn, s, s.key(3, Tuple.of(BY_AGE, user.age(), user.id())), version, order, null);
  }

  @Override
  public boolean update(User user) {
    Scratch s = scratch.get();
    try (Txn<DirectBuffer> txn = env.txnWrite()) {
      DirectBuffer recordKey = s.key(0, Tuple.of(RECORDS, user.id()));
      DirectBuffer current = data.get(txn, recordKey);
      if (current == null) {
        return false;
      }
      User old = decode(current);
      long version = nextVersion(txn, s);
      String oldEmail = normalized(old.email());
      String newEmail = normalized(user.email());
      if (!oldEmail.equals(newEmail)) {
        DirectBuffer newEmailKey = s.key(1, Tuple.of(BY_EMAIL, newEmail));
        if (data.get(txn, newEmailKey) != null) {
          throw new DuplicateUserException(NAME, user.id(), null);
        }
        putStamped(txn, s, newEmailKey, version, 0, Tuple.of(user.id()).pack());
        data.delete(txn, s.key(1, Tuple.of(BY_EMAIL, oldEmail)));
      }
      if (!old.favoriteColor().equals(user.favoriteColor())) {
        data.delete(txn, s.key(2, Tuple.of(BY_COLOUR, old.favoriteColor(), user.id())));
        putStamped(txn, s, s.key(2, Tuple.of(BY_COLOUR, user.favoriteColor(), user.id())),
            version, 0, null);
      }
      if (old.age() != user.age()) {
        data.delete(txn, s.key(3, Tuple.of(BY_AGE, old.age(), user.id())));
        putStamped(txn, s, s.key(3, Tuple.of(BY_AGE, user.age(), user.id())), version, 0, null);
      }
      putStamped(txn, s, s.key(0, Tuple.of(RECORDS, user.id())), version, 0, record(user));
      txn.commit();
      return true;
    }
  }

  @Override
  public boolean delete(String id) {
    Scratch s = scratch.get();
    try (Txn<DirectBuffer> txn = env.txnWrite()) {
      DirectBuffer recordKey = s.key(0, Tuple.of(RECORDS, id));
      DirectBuffer current = data.get(txn, recordKey);
      if (current == null) {
        return false;
      }
      User old = decode(current);
      long version = nextVersion(txn, s);
      data.delete(txn, recordKey);
      data.delete(txn, s.key(1, Tuple.of(BY_EMAIL, normalized(old.email()))));
      data.delete(txn, s.key(2, Tuple.of(BY_COLOUR, old.favoriteColor(), id)));
      data.delete(txn, s.key(3, Tuple.of(BY_AGE, old.age(), id)));
      addToCount(txn, s, version, -1);
      txn.commit();
      return true;
    }
  }

  @Override
  public Optional<User> findById(String id) {
    Scratch s = scratch.get();
    try (Txn<DirectBuffer> txn = env.txnRead()) {
      DirectBuffer value = data.get(txn, s.key(0, Tuple.of(RECORDS, id)));
      return value == null ? Optional.empty() : Optional.of(decode(value));
    }
  }

  @Override
  public Optional<User> findByEmail(String email) {
    Scratch s = scratch.get();
    try (Txn<DirectBuffer> txn = env.txnRead()) {
      DirectBuffer pointer = data.get(txn, s.key(1, Tuple.of(BY_EMAIL, normalized(email))));
      if (pointer == null) {
        return Optional.empty();
      }
      String id = unpackAfterStamp(pointer).getString(0);
      DirectBuffer value = data.get(txn, s.key(0, Tuple.of(RECORDS, id)));
      return value == null ? Optional.empty() : Optional.of(decode(value));
    }
  }

  @Override
  public List<User> findByFavoriteColor(String colour) {
    byte[] start = Tuple.of(BY_COLOUR, colour).pack();
    // The packed string ends with its 0x00 terminator; every (colour, id) key sorts below 0x01.
    byte[] end = start.clone();
    end[end.length - 1] = 0x01;
    return findByIndexRange(start, end);
  }

  @Override
  public List<User> findByAgeBetween(int lo, int hi) {
    return findByIndexRange(
        Tuple.of(BY_AGE, lo).pack(), Tuple.of(BY_AGE, (long) hi + 1).pack());
  }

  // Scans the index keys in [start, end) (unsigned byte order, as LMDB sorts them), collects the
  // ids at their ends, then reads the records, all in one read transaction.
  private List<User> findByIndexRange(byte[] start, byte[] end) {
    Scratch s = scratch.get();
    List<String> ids = new ArrayList<>();
    List<User> users = new ArrayList<>();
    try (Txn<DirectBuffer> txn = env.txnRead();
        Cursor<DirectBuffer> cursor = data.openCursor(txn)) {
      boolean found = cursor.get(s.key(2, start), GetOp.MDB_SET_RANGE);
      while (found && compareUnsigned(cursor.key(), end) < 0) {
        Tuple key = unpack(cursor.key(), 0);
        ids.add(key.getString(key.size() - 1));
        found = cursor.next();
      }
      for (String id : ids) {
        DirectBuffer value = data.get(txn, s.key(0, Tuple.of(RECORDS, id)));
        if (value != null) {
          users.add(decode(value));
        }
      }
    }
    return users;
  }

  private static int compareUnsigned(DirectBuffer key, byte[] bound) {
    int length = Math.min(key.capacity(), bound.length);
    for (int i = 0; i < length; i++) {
      int c = Integer.compare(key.getByte(i) & 0xFF, bound[i] & 0xFF);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(key.capacity(), bound.length);
  }

  @Override
  public void close() {
    env.close();
  }

  private long nextVersion(Txn<DirectBuffer> txn, Scratch s) {
    DirectBuffer counterKey = s.bytes(4, COUNTER_KEY);
    DirectBuffer current = meta.get(txn, counterKey);
    long next = (current == null ? 0 : current.getLong(0, ByteOrder.BIG_ENDIAN)) + 1;
    s.counter.putLong(0, next, ByteOrder.BIG_ENDIAN);
    meta.put(txn, counterKey, s.counter);
    return next;
  }

  private void addToCount(Txn<DirectBuffer> txn, Scratch s, long version, long delta) {
    DirectBuffer countKey = s.bytes(4, COUNT_KEY);
    DirectBuffer current = data.get(txn, countKey);
    long count = current == null ? 0 : current.getLong(VERSIONSTAMP_BYTES, ByteOrder.BIG_ENDIAN);
    byte[] sum = new byte[Long.BYTES];
    ByteBuffer.wrap(sum).putLong(count + delta);
    putStamped(txn, s, countKey, version, 0, sum);
  }

  private void putStamped(Txn<DirectBuffer> txn, Scratch s, DirectBuffer key, long version,
      int order, byte[] payload) {
    int length = VERSIONSTAMP_BYTES + (payload == null ? 0 : payload.length);
    MutableDirectBuffer value = s.value;
    value.putLong(0, version, ByteOrder.BIG_ENDIAN);
    value.putShort(8, (short) order, ByteOrder.BIG_ENDIAN);
    if (payload != null) {
      value.putBytes(VERSIONSTAMP_BYTES, payload);
    }
    s.valueView.wrap(value, 0, length);
    data.put(txn, key, s.valueView);
  }

  private static byte[] record(User user) {
    return Tuple.of(SCHEMA_ID, user.id(), user.name(), user.email(), user.favoriteColor(),
        user.age()).pack();
  }

  private static User decode(DirectBuffer value) {
    Tuple t = unpackAfterStamp(value);
    return new User(t.getString(1), t.getString(2), t.getString(3), t.getString(4),
        (int) t.getLong(5));
  }

  private static Tuple unpackAfterStamp(DirectBuffer value) {
    return unpack(value, VERSIONSTAMP_BYTES);
  }

  private static Tuple unpack(DirectBuffer buffer, int offset) {
    byte[] bytes = new byte[buffer.capacity() - offset];
    buffer.getBytes(offset, bytes);
    return Tuple.unpack(bytes);
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

    Scratch() {
      for (int i = 0; i < keys.length; i++) {
        keys[i] = new UnsafeBuffer(ByteBuffer.allocateDirect(MAX_KEY));
        keyViews[i] = new UnsafeBuffer(0, 0);
      }
    }

    DirectBuffer key(int slot, Tuple tuple) {
      return bytes(slot, tuple.pack());
    }

    DirectBuffer key(int slot, byte[] packed) {
      return bytes(slot, packed);
    }

    DirectBuffer bytes(int slot, byte[] bytes) {
      keys[slot].putBytes(0, bytes);
      keyViews[slot].wrap(keys[slot], 0, bytes.length);
      return keyViews[slot];
    }
  }
}
