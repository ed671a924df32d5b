package dev.tessera.benchmarks.store;

import dev.tessera.benchmarks.store.je.JeAccountStore;
import dev.tessera.benchmarks.store.je.JeLoanStore;
import dev.tessera.benchmarks.store.je.JeUserStore;
import dev.tessera.benchmarks.store.objectbox.ObjectBoxUserStore;
import java.nio.file.Path;

/**
 * The stores the benchmark compares, each opened with one explicit {@link Durability}.
 *
 * <p>Immutable, hence thread-safe.
 */
public enum Contender {
  /** Hand-written lmdbjava with Tessera's keys, values and checks. */
  RAW_LMDBJAVA("raw-lmdbjava", true, true) {
    @Override
    UserStore openSupported(Path directory, Durability durability, long records) {
      return RawLmdbUserStore.open(directory, durability, mapSize(records));
    }

    @Override
    AccountStore openAccountsSupported(Path directory, Durability durability) {
      return RawLmdbAccountStore.open(directory, durability, mapSize(MAX_ACCOUNTS));
    }

    @Override
    LoanStore openLoansSupported(Path directory, Durability durability) {
      return RawLmdbLoanStore.open(directory, durability, mapSize(MAX_LOANS));
    }
  },
  /** The repository Tessera generates for {@code User}, over {@code LmdbKvStore}. */
  TESSERA("tessera", true, true) {
    @Override
    UserStore openSupported(Path directory, Durability durability, long records) {
      return TesseraUserStore.open(directory, durability);
    }

    @Override
    AccountStore openAccountsSupported(Path directory, Durability durability) {
      return TesseraAccountStore.open(directory, durability);
    }

    @Override
    LoanStore openLoansSupported(Path directory, Durability durability) {
      return TesseraLoanStore.open(directory, durability);
    }
  },
  /** SQLite, WAL journal, prepared statements. */
  SQLITE("sqlite", true, true) {
    @Override
    UserStore openSupported(Path directory, Durability durability, long records) {
      return JdbcUserStore.sqlite(directory, durability);
    }

    @Override
    AccountStore openAccountsSupported(Path directory, Durability durability) {
      return JdbcAccountStore.sqlite(directory, durability);
    }

    @Override
    LoanStore openLoansSupported(Path directory, Durability durability) {
      return JdbcLoanStore.sqlite(directory, durability);
    }
  },
  /** H2 on MVStore, embedded; no per-commit sync. */
  H2("h2", false, true) {
    @Override
    UserStore openSupported(Path directory, Durability durability, long records) {
      return JdbcUserStore.h2(directory, durability);
    }

    @Override
    AccountStore openAccountsSupported(Path directory, Durability durability) {
      return JdbcAccountStore.h2(directory, durability);
    }

    @Override
    LoanStore openLoansSupported(Path directory, Durability durability) {
      return JdbcLoanStore.h2(directory, durability);
    }
  },
  /** Berkeley DB Java Edition, Direct Persistence Layer. */
  BDB_JE("bdb-je", true, true) {
    @Override
    UserStore openSupported(Path directory, Durability durability, long records) {
      return JeUserStore.open(directory, durability);
    }

    @Override
    AccountStore openAccountsSupported(Path directory, Durability durability) {
      return JeAccountStore.open(directory, durability);
    }

    @Override
    LoanStore openLoansSupported(Path directory, Durability durability) {
      return JeLoanStore.open(directory, durability);
    }
  },
  /** ObjectBox Java; durable commits only. */
  OBJECTBOX("objectbox", true, false) {
    @Override
    UserStore openSupported(Path directory, Durability durability, long records) {
      return ObjectBoxUserStore.open(directory, durability, mapSize(records) / 1024);
    }
  };

  private final String label;
  private final boolean durable;
  private final boolean noSync;

  Contender(String label, boolean durable, boolean noSync) {
    this.label = label;
    this.durable = durable;
    this.noSync = noSync;
  }

  /** The name used in benchmark parameters and results, e.g. {@code raw-lmdbjava}. */
  public String label() {
    return label;
  }

  /** True if this contender can commit with {@code durability}. */
  public boolean supports(Durability durability) {
    return durability == Durability.DURABLE ? durable : noSync;
  }

  /**
   * Opens or creates this contender's store in {@code directory}.
   *
   * @param records the size of the data set, to size fixed-size stores
   * @throws UnsupportedDurabilityException if it cannot commit with {@code durability}
   */
  public UserStore open(Path directory, Durability durability, long records) {
    if (!supports(durability)) {
      throw new UnsupportedDurabilityException(label, durability);
    }
    return openSupported(directory, durability, records);
  }

  abstract UserStore openSupported(Path directory, Durability durability, long records);

  /**
   * True if the transaction benchmarks (transfers, loans) run on this contender: all but ObjectBox,
   * for which they are not written.
   */
  public boolean supportsTransactions() {
    return this != OBJECTBOX;
  }

  /**
   * Opens or creates this contender's accounts for the transfer benchmark in {@code directory}.
   *
   * @throws UnsupportedOperationException if the benchmark does not run on this contender
   * @throws UnsupportedDurabilityException if it cannot commit with {@code durability}
   */
  public AccountStore openAccounts(Path directory, Durability durability) {
    checkTransactions(durability);
    return openAccountsSupported(directory, durability);
  }

  /**
   * Opens or creates this contender's loans for the loan benchmark in {@code directory}.
   *
   * @throws UnsupportedOperationException if the benchmark does not run on this contender
   * @throws UnsupportedDurabilityException if it cannot commit with {@code durability}
   */
  public LoanStore openLoans(Path directory, Durability durability) {
    checkTransactions(durability);
    return openLoansSupported(directory, durability);
  }

  private void checkTransactions(Durability durability) {
    if (!supportsTransactions()) {
      throw new UnsupportedOperationException("the transaction benchmarks do not run on " + label);
    }
    if (!supports(durability)) {
      throw new UnsupportedDurabilityException(label, durability);
    }
  }

  AccountStore openAccountsSupported(Path directory, Durability durability) {
    throw new UnsupportedOperationException("the transfer benchmark does not run on " + label);
  }

  LoanStore openLoansSupported(Path directory, Durability durability) {
    throw new UnsupportedOperationException("the loan benchmark does not run on " + label);
  }

  /** The contender with that label. */
  public static Contender ofLabel(String label) {
    for (Contender c : values()) {
      if (c.label.equals(label)) {
        return c;
      }
    }
    throw new IllegalArgumentException("unknown contender " + label);
  }

  // The most accounts and loans the raw contender's fixed map is sized for.
  private static final long MAX_ACCOUNTS = 2_000_000;
  private static final long MAX_LOANS = 1_000_000;

  // Room for the data set, three times over for inserts during the run and B-tree slack.
  static long mapSize(long records) {
    return (1L << 30) + records * 3 * 1024;
  }
}
