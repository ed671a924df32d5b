package dev.tessera.benchmarks.jmh;

import dev.tessera.benchmarks.model.User;
import dev.tessera.benchmarks.model.UserData;
import dev.tessera.benchmarks.store.Contender;
import dev.tessera.benchmarks.store.Durability;
import dev.tessera.benchmarks.store.UserStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A contender's store in a fresh directory, loaded with the data set (outside any measurement, or
 * copied from the run's loaded template: see {@link LoadedStores}) and checked once for plausible
 * answers; deleted at the end of the trial. Subclasses declare which
 * stores their benchmarks run against.
 *
 * <p>Shared by all benchmark threads: the store is thread-safe and the counters are atomic.
 */
public abstract class StoreFixture {
  /** Records loaded per commit while filling the store. */
  static final int LOAD_BATCH = 10_000;

  /** The data set, fixed for the trial. */
  UserData data;
  /** The open store. */
  UserStore users;

  private Path directory;
  private final AtomicLong nextFreshUser = new AtomicLong();
  private final AtomicLong nextVersion = new AtomicLong(1);

  /** The store parameter, {@code contender:durability}. */
  abstract String storeSpec();

  /** The number of records the store is loaded with. */
  abstract long records();

  /** Creates, fills and checks the store. */
  void open() throws IOException {
    StoreSpec spec = StoreSpec.parse(storeSpec());
    Contender contender = spec.contender();
    data = new UserData(records());
    directory = Files.createTempDirectory(
        LoadedStores.storesDirectory(), "tessera-bench-" + contender.label());
    // Loaded without syncs where the contender allows it (the files are the same either way);
    // the copy a trial opens is flushed first (see LoadedStores).
    Durability loading =
        contender.supports(Durability.NO_SYNC) ? Durability.NO_SYNC : Durability.DURABLE;
    LoadedStores.fill(directory, contender.label() + "-" + records(), dir -> {
      try (UserStore store = contender.open(dir, loading, records())) {
        for (long from = 0; from < records(); from += LOAD_BATCH) {
          store.insertAll(data.users(from, Math.min(records(), from + LOAD_BATCH)));
        }
      }
    });
    users = contender.open(directory, spec.durability(), records());
    nextFreshUser.set(records());
    checkAnswers();
  }

  // A benchmark of wrong answers is worthless: check one answer of each kind before measuring.
  private void checkAnswers() {
    long last = records() - 1;
    User expected = data.user(last);
    require(users.findById(expected.id()).equals(java.util.Optional.of(expected)), "findById");
    require(users.findByEmail(expected.email()).equals(java.util.Optional.of(expected)),
        "findByEmail");
    List<User> sameColour = users.findByFavoriteColor(expected.favoriteColor());
    require(sameColour.contains(expected), "findByFavoriteColor");
    if (!users.supportsAgeRange()) {
      return;
    }
    List<User> sameAge = users.findByAgeBetween(expected.age(), expected.age());
    require(sameAge.contains(expected) && sameAge.stream().allMatch(u -> u.age() == expected.age()),
        "findByAgeBetween");
  }

  private void require(boolean ok, String what) {
    if (!ok) {
      throw new IllegalStateException(storeSpec() + " gave a wrong answer to " + what
          + " after loading " + records() + " records");
    }
  }

  /** Closes the store and deletes its files. */
  void close() throws IOException {
    if (users != null) {
      users.close();
      users = null;
    }
    if (directory != null) {
      LoadedStores.delete(directory);
      directory = null;
    }
  }

  /** A user of the data set, picked at random. */
  long randomUser() {
    return ThreadLocalRandom.current().nextLong(records());
  }

  /** A user number never used before in this trial (fresh id and email). */
  long freshUser() {
    return nextFreshUser.getAndIncrement();
  }

  /** The first of {@code count} consecutive user numbers never used before in this trial. */
  long freshUsers(int count) {
    return nextFreshUser.getAndAdd(count);
  }

  /** A version number never used before in this trial, for new emails and names. */
  long nextVersion() {
    return nextVersion.getAndIncrement();
  }
}
