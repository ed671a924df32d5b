package dev.tessera.kv.lmdb;

import java.time.Duration;
import java.util.Objects;

/**
 * Settings of an {@link LmdbKvStore}. Immutable and thread-safe; build with {@link #builder()}:
 *
 * <pre>{@code
 * LmdbOptions options = LmdbOptions.builder()
 *     .initialMapSize(256L << 20)
 *     .maxMapSize(8L << 30)
 *     .durability(Durability.NO_SYNC)
 *     .build();
 * }</pre>
 *
 * <p><b>Map size.</b> LMDB maps the database file into memory with a fixed size; a commit that
 * needs more space fails inside LMDB with {@code MDB_MAP_FULL}. The store then grows the map and
 * retries the commit: the new size is twice the current one, but grows by at most {@link
 * Builder#maxGrowthStep(long)} at once, by at least twice the bytes the commit writes, rounded up to
 * 64 KiB and never beyond {@link Builder#maxMapSize(long)}. The map size is virtual address space; the file only takes the space
 * its pages use.
 *
 * <p><b>File permissions.</b> A new store's directory and files are readable by their owner only
 * ({@code 0700}, {@code 0600}) unless {@link Builder#fileAccess(FileAccess)} says otherwise: the
 * files hold every record in clear.
 */
public final class LmdbOptions {
  /** Default initial map size: 64 MiB. */
  public static final long DEFAULT_INITIAL_MAP_SIZE = 64L << 20;
  /** Default largest single growth step: 1 GiB. */
  public static final long DEFAULT_MAX_GROWTH_STEP = 1L << 30;
  /** Default maximum map size: no cap beyond the address space (1 TiB). */
  public static final long DEFAULT_MAX_MAP_SIZE = 1L << 40;
  /** Default number of LMDB reader slots (open snapshots, iterators and reads at once). */
  public static final int DEFAULT_MAX_READERS = 1024;
  /**
   * Default wait for open snapshots and iterators before a map growth gives up: 10 seconds. Every
   * new read and commit of the process waits meanwhile, so this bounds a freeze.
   */
  public static final Duration DEFAULT_GROWTH_WAIT = Duration.ofSeconds(10);
  /** The smallest map size accepted: 64 KiB. */
  public static final long MIN_MAP_SIZE = 64L << 10;

  private final long initialMapSize;
  private final long maxGrowthStep;
  private final long maxMapSize;
  private final Durability durability;
  private final int maxReaders;
  private final Duration growthWait;
  private final FileAccess fileAccess;
  private final boolean recordOpenSites;

  private LmdbOptions(Builder builder) {
    this.initialMapSize = builder.initialMapSize;
    this.maxGrowthStep = builder.maxGrowthStep;
    this.maxMapSize = builder.maxMapSize;
    this.durability = builder.durability;
    this.maxReaders = builder.maxReaders;
    this.growthWait = builder.growthWait;
    this.fileAccess = builder.fileAccess;
    this.recordOpenSites = builder.recordOpenSites;
  }

  /**
   * {@return the defaults: 64 MiB initial map, doubling by at most 1 GiB, durable, 1024 readers}
   */
  public static LmdbOptions defaults() {
    return builder().build();
  }

  /** {@return a builder starting from the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return the map size a new store starts with, in bytes} */
  public long initialMapSize() {
    return initialMapSize;
  }

  /** {@return the largest single growth of the map, in bytes} */
  public long maxGrowthStep() {
    return maxGrowthStep;
  }

  /** {@return the largest map size, in bytes: a commit that needs more fails} */
  public long maxMapSize() {
    return maxMapSize;
  }

  /** {@return what a commit promises about crashes} */
  public Durability durability() {
    return durability;
  }

  /** {@return the number of LMDB reader slots} */
  public int maxReaders() {
    return maxReaders;
  }

  /**
   * {@return how long a map growth waits for open snapshots and iterators of this process to close}
   */
  public Duration growthWait() {
    return growthWait;
  }

  /**
   * Who may read a new store's directory and files; see {@link FileAccess}.
   *
   * @return who may read a new store's directory and files
   */
  public FileAccess fileAccess() {
    return fileAccess;
  }

  /**
   * {@return true if each snapshot and iterator records the stack where it was opened, so that a
   * map growth they hold up names the code that opened them}
   */
  public boolean recordOpenSites() {
    return recordOpenSites;
  }

  /** Builds {@link LmdbOptions}. Not thread-safe. */
  public static final class Builder {
    private long initialMapSize = DEFAULT_INITIAL_MAP_SIZE;
    private long maxGrowthStep = DEFAULT_MAX_GROWTH_STEP;
    private long maxMapSize = DEFAULT_MAX_MAP_SIZE;
    private Durability durability = Durability.DURABLE;
    private int maxReaders = DEFAULT_MAX_READERS;
    private Duration growthWait = DEFAULT_GROWTH_WAIT;
    private FileAccess fileAccess = FileAccess.OWNER_ONLY;
    private boolean recordOpenSites;

    private Builder() {}

    /**
     * The map size a new store starts with (at least 64 KiB).
     *
     * @param bytes the size, in bytes
     * @return this builder
     */
    public Builder initialMapSize(long bytes) {
      this.initialMapSize = requireAtLeast("initialMapSize", bytes, MIN_MAP_SIZE);
      return this;
    }

    /**
     * The largest single growth of the map (at least 64 KiB).
     *
     * @param bytes the size, in bytes
     * @return this builder
     */
    public Builder maxGrowthStep(long bytes) {
      this.maxGrowthStep = requireAtLeast("maxGrowthStep", bytes, MIN_MAP_SIZE);
      return this;
    }

    /**
     * Caps the map size; a commit that would need more fails with {@link MapSizeLimitException}.
     *
     * @param bytes the largest map size, in bytes
     * @return this builder
     */
    public Builder maxMapSize(long bytes) {
      this.maxMapSize = requireAtLeast("maxMapSize", bytes, MIN_MAP_SIZE);
      return this;
    }

    /**
     * What a commit promises about crashes; see {@link Durability}.
     *
     * @param durability the durability
     * @return this builder
     */
    public Builder durability(Durability durability) {
      this.durability = Objects.requireNonNull(durability, "durability");
      return this;
    }

    /**
     * The number of LMDB reader slots: snapshots, iterators and reads open at once.
     *
     * @param maxReaders the number of slots
     * @return this builder
     */
    public Builder maxReaders(int maxReaders) {
      this.maxReaders = (int) requireAtLeast("maxReaders", maxReaders, 1);
      return this;
    }

    /**
     * How long a map growth waits for this process's open snapshots and iterators to close (default
     * 10 s); every new read and commit of the process waits meanwhile. After a second (or this
     * wait, if shorter) a warning names what it waits for; at the end the commit fails with {@link
     * MapGrowthBlockedException}.
     *
     * @param wait how long to wait
     * @return this builder
     */
    public Builder growthWait(Duration wait) {
      if (wait.isNegative()) {
        throw new IllegalArgumentException("growthWait must not be negative, was " + wait);
      }
      this.growthWait = wait;
      return this;
    }

    /**
     * Who may read the directory and files of a store this creates (default {@link
     * FileAccess#OWNER_ONLY}); an existing store keeps its permissions.
     *
     * @param access who may read
     * @return this builder
     */
    public Builder fileAccess(FileAccess access) {
      this.fileAccess = Objects.requireNonNull(access, "access");
      return this;
    }

    /**
     * Records the stack where each snapshot and iterator is opened (default off: it costs a stack
     * trace per snapshot and iterator), so that the warning and the {@link
     * MapGrowthBlockedException} of a map growth they hold up name the code that opened them and
     * did not close them. Without it they name the thread and the age only.
     *
     * @param record true to record the stacks
     * @return this builder
     */
    public Builder recordOpenSites(boolean record) {
      this.recordOpenSites = record;
      return this;
    }

    /** {@return the options; fails if the initial map size exceeds the maximum} */
    public LmdbOptions build() {
      if (initialMapSize > maxMapSize) {
        throw new IllegalArgumentException("initialMapSize " + initialMapSize
            + " exceeds maxMapSize " + maxMapSize);
      }
      return new LmdbOptions(this);
    }

    private static long requireAtLeast(String name, long value, long min) {
      if (value < min) {
        throw new IllegalArgumentException(name + " must be at least " + min + ", was " + value);
      }
      return value;
    }
  }
}
