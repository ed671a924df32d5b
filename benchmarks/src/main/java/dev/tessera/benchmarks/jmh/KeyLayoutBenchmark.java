package dev.tessera.benchmarks.jmh;

import dev.tessera.tuple.Tuple;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.DirectBufferProxy;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.Stat;
import org.lmdbjava.Txn;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a key layout and a commit counter cost LMDB, measured with hand-written lmdbjava before
 * Tessera's own format changes: the same accounts (a record, an owner index entry each, a record
 * count) stored under keys that carry the entity and index names as text, as Tessera's keys do
 * today, or under small integer subspace ids, as the FoundationDB Record Layer keys record types;
 * and the commit counter that versionstamps every value kept in a second table (today), as a key in
 * the data table, or taken from LMDB's own transaction id.
 *
 * <p>One operation is a transfer: in one write transaction, read two random accounts, write both
 * back with a new balance and versionstamp, advance the counter, commit (no-sync). The set-up
 * prints each layout's page counts ({@code leaf pages}, {@code branch pages}, {@code depth}), which
 * decide how many pages a commit dirties; the tear-down prints the bytes LMDB wrote per transfer
 * (the process's {@code wchar} from {@code /proc/self/io}: without {@code MDB_WRITEMAP}, LMDB writes
 * each dirty page with {@code pwrite}), a count that does not depend on how busy the machine is.
 *
 * <pre>
 * benchmarks/run.sh KeyLayoutBenchmark -prof gc
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class KeyLayoutBenchmark {
  /** Versionstamp bytes in front of every value, as Tessera stores them. */
  static final int STAMP = 10;
  /** The schema id Tessera writes in front of every record today (a 64-bit FNV-1a hash). */
  static final long SCHEMA_ID = 0x5bd1e9955bd1e995L;
  /** The reserved first element of every catalog and counter key. */
  static final String RESERVED = "\u0000tessera";

  /** The accounts in one layout, with the counter placement under test. */
  @State(Scope.Benchmark)
  public static class Accounts {
    /**
     * {@code names}: {@code ("bench_account", id)}, {@code ("bench_account_by_owner", owner, id)},
     * values carry the 8-byte schema id; {@code integers}: {@code (10, id)}, {@code (11, owner,
     * id)}, values carry a one-byte schema number.
     */
    @Param({"names", "integers"})
    public String layout;

    /** {@code table}: a second DBI; {@code key}: a key in the data DBI; {@code txnid}: {@code Txn.getId()}. */
    @Param({"table", "key", "txnid"})
    public String counter;

    /** How many accounts. */
    @Param("100000")
    public int records;

    Path directory;
    Env<DirectBuffer> env;
    Dbi<DirectBuffer> data;
    Dbi<DirectBuffer> meta;
    byte[][] recordKeys;
    byte[] counterKey;
    boolean names;
    long transfers;
    long writtenAfterLoad;
    int pageSize;

    /** Creates the environment and loads the accounts in batches of 10,000. */
    @Setup(Level.Trial)
    public void load() throws IOException {
      names = switch (layout) {
        case "names" -> true;
        case "integers" -> false;
        default -> throw new IllegalArgumentException("layout must be names or integers, was " + layout);
      };
      if (!counter.equals("table") && !counter.equals("key") && !counter.equals("txnid")) {
        throw new IllegalArgumentException("counter must be table, key or txnid, was " + counter);
      }
      directory = Files.createTempDirectory(LoadedStores.storesDirectory(), "key-layout-");
      env = Env.create(DirectBufferProxy.PROXY_DB)
          .setMapSize(1L << 32)
          .setMaxDbs(2)
          .open(directory.toFile(), EnvFlags.MDB_NOTLS, EnvFlags.MDB_NOSYNC);
      data = env.openDbi("tessera.data", DbiFlags.MDB_CREATE);
      meta = env.openDbi("tessera.meta", DbiFlags.MDB_CREATE);
      counterKey = Tuple.of(RESERVED, "commit-counter").pack();
      recordKeys = new byte[records][];
      Scratch s = new Scratch();
      for (int from = 0; from < records; from += 10_000) {
        try (Txn<DirectBuffer> txn = env.txnWrite()) {
          long version = nextVersion(txn, s);
          int to = Math.min(records, from + 10_000);
          for (int n = from; n < to; n++) {
            String id = String.format("acct%09d", n);
            String owner = "owner" + (n % 1000);
            recordKeys[n] = names ? Tuple.of("bench_account", id).pack() : Tuple.of(10L, id).pack();
            byte[] ownerKey = names
                ? Tuple.of("bench_account_by_owner", owner, id).pack() : Tuple.of(11L, owner, id).pack();
            data.put(txn, s.key(recordKeys[n]), s.record(version, n - from, id, owner, 1_000_000L));
            data.put(txn, s.key(ownerKey), s.stamp(version, n - from));
          }
          byte[] countKey = names
              ? Tuple.of(RESERVED, "count", "bench_account", 0L).pack() : Tuple.of(0L, 10L, 0L).pack();
          UnsafeBuffer count = new UnsafeBuffer(ByteBuffer.allocateDirect(8));
          count.putLong(0, to, ByteOrder.BIG_ENDIAN);
          data.put(txn, s.key(countKey), count);
          txn.commit();
        }
      }
      Stat stat;
      try (Txn<DirectBuffer> txn = env.txnRead()) {
        stat = data.stat(txn);
      }
      System.out.printf("%nlayout=%s counter=%s: %d entries, %d leaf pages, %d branch pages, depth %d%n",
          layout, counter, stat.entries, stat.leafPages, stat.branchPages, stat.depth);
      pageSize = stat.pageSize;
      writtenAfterLoad = bytesWritten();
    }

    /** Closes the environment and deletes its files, after printing the bytes written per transfer. */
    @TearDown(Level.Trial)
    public void close() throws IOException {
      long written = bytesWritten() - writtenAfterLoad;
      System.out.printf("%nlayout=%s counter=%s: %d transfers, %.1f bytes written per transfer (%.2f pages of %d)%n",
          layout, counter, transfers, (double) written / transfers,
          (double) written / transfers / pageSize, pageSize);
      env.close();
      try (Stream<Path> files = Files.walk(directory)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }

    /** The bytes this process has written with write system calls ({@code wchar}), or -1 off Linux. */
    static long bytesWritten() throws IOException {
      Path io = Path.of("/proc/self/io");
      if (!Files.isReadable(io)) {
        return -1;
      }
      for (String line : Files.readAllLines(io)) {
        if (line.startsWith("wchar:")) {
          return Long.parseLong(line.substring("wchar:".length()).trim());
        }
      }
      return -1;
    }

    /** The commit counter's next value, advanced in {@code txn} where the layout keeps it. */
    long nextVersion(Txn<DirectBuffer> txn, Scratch s) {
      if (counter.equals("txnid")) {
        return txn.getId();
      }
      Dbi<DirectBuffer> table = counter.equals("table") ? meta : data;
      DirectBuffer key = s.key(counterKey);
      DirectBuffer current = table.get(txn, key);
      long next = current == null ? 1 : current.getLong(0, ByteOrder.BIG_ENDIAN) + 1;
      s.counter.putLong(0, next, ByteOrder.BIG_ENDIAN);
      table.put(txn, key, s.counter);
      return next;
    }

    /** Off-heap buffers one thread reuses. */
    final class Scratch {
      final UnsafeBuffer keyBuffer = new UnsafeBuffer(ByteBuffer.allocateDirect(511));
      final UnsafeBuffer value = new UnsafeBuffer(ByteBuffer.allocateDirect(256));
      final UnsafeBuffer counter = new UnsafeBuffer(ByteBuffer.allocateDirect(8));

      DirectBuffer key(byte[] packed) {
        keyBuffer.putBytes(0, packed);
        return new UnsafeBuffer(keyBuffer, 0, packed.length);
      }

      DirectBuffer stamp(long version, int order) {
        value.putLong(0, version, ByteOrder.BIG_ENDIAN);
        value.putShort(8, (short) order, ByteOrder.BIG_ENDIAN);
        return new UnsafeBuffer(value, 0, STAMP);
      }

      DirectBuffer record(long version, int order, String id, String owner, long balance) {
        stamp(version, order);
        int at = STAMP;
        if (names) {
          value.putLong(at, SCHEMA_ID, ByteOrder.BIG_ENDIAN);
          at += Long.BYTES;
        } else {
          value.putByte(at++, (byte) 1);
        }
        byte[] body = Tuple.of(id, owner, balance).pack();
        value.putBytes(at, body);
        return new UnsafeBuffer(value, 0, at + body.length);
      }
    }
  }

  /** One thread's scratch buffers. */
  @State(Scope.Thread)
  public static class ThreadScratch {
    Accounts.Scratch scratch;

    /** Allocates the buffers. */
    @Setup(Level.Trial)
    public void create(Accounts accounts) {
      scratch = accounts.new Scratch();
    }
  }

  /** Reads two random accounts and writes both back with a new balance, in one write transaction. */
  @Benchmark
  @Threads(1)
  public long transfer(Accounts a, ThreadScratch t) {
    Accounts.Scratch s = t.scratch;
    int from = ThreadLocalRandom.current().nextInt(a.records);
    int to = (from + 1 + ThreadLocalRandom.current().nextInt(a.records - 1)) % a.records;
    a.transfers++;
    try (Txn<DirectBuffer> txn = a.env.txnWrite()) {
      long version = a.nextVersion(txn, s);
      Tuple source = body(a, a.data.get(txn, s.key(a.recordKeys[from])));
      Tuple target = body(a, a.data.get(txn, s.key(a.recordKeys[to])));
      a.data.put(txn, s.key(a.recordKeys[from]),
          s.record(version, 0, source.getString(0), source.getString(1), source.getLong(2) - 1));
      a.data.put(txn, s.key(a.recordKeys[to]),
          s.record(version, 1, target.getString(0), target.getString(1), target.getLong(2) + 1));
      txn.commit();
      return version;
    }
  }

  private static Tuple body(Accounts a, DirectBuffer stored) {
    int at = STAMP + (a.names ? Long.BYTES : 1);
    byte[] body = new byte[stored.capacity() - at];
    stored.getBytes(at, body);
    return Tuple.unpack(body);
  }
}
