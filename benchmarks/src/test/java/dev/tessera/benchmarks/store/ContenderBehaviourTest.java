package dev.tessera.benchmarks.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.benchmarks.model.Account;
import dev.tessera.benchmarks.model.Loan;
import dev.tessera.benchmarks.model.User;
import dev.tessera.benchmarks.model.UserData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every contender does the same work with the same rules, so the benchmark compares like with like:
 * same results for every query, same refusals of duplicates, same index maintenance.
 */
class ContenderBehaviourTest {
  private static final int RECORDS = 2_000;
  private static final UserData DATA = new UserData(RECORDS);

  @TempDir Path dir;

  static Stream<Arguments> contenders() {
    List<Arguments> all = new ArrayList<>();
    for (Contender c : Contender.values()) {
      for (Durability d : Durability.values()) {
        if (c.supports(d)) {
          all.add(Arguments.of(c, d));
        }
      }
    }
    return all.stream();
  }

  private UserStore loaded(Contender contender, Durability durability) {
    UserStore store = contender.open(dir, durability, RECORDS);
    for (int from = 0; from < RECORDS; from += 500) {
      store.insertAll(DATA.users(from, from + 500));
    }
    return store;
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("contenders")
  void findsByIdEmailColourAndAgeExactlyTheMatchingUsers(Contender contender, Durability durability) {
    try (UserStore store = loaded(contender, durability)) {
      assertThat(store.findById(UserData.idOf(42))).contains(DATA.user(42));
      assertThat(store.findById(UserData.idOf(RECORDS))).isEmpty();
      assertThat(store.findByEmail(UserData.emailOf(7, 0).toUpperCase(Locale.ROOT)))
          .contains(DATA.user(7));

      String colour = DATA.colourOf(3);
      assertThat(store.findByFavoriteColor(colour))
          .containsExactlyInAnyOrderElementsOf(matching(u -> u.favoriteColor().equals(colour)));

      int lo = 100;
      int hi = lo + DATA.ageRange() - 1;
      if (!store.supportsAgeRange()) {
        assertThatThrownBy(() -> store.findByAgeBetween(lo, hi))
            .isInstanceOf(UnsupportedOperationException.class);
        return;
      }
      List<User> inRange = store.findByAgeBetween(lo, hi);
      assertThat(inRange)
          .containsExactlyInAnyOrderElementsOf(matching(u -> u.age() >= lo && u.age() <= hi));
      assertThat(inRange.size()).isBetween(700, 1_300);
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("contenders")
  void refusesDuplicateIdOrEmailAndWritesNothing(Contender contender, Durability durability) {
    try (UserStore store = loaded(contender, durability)) {
      User fresh = DATA.user(RECORDS);
      User sameId = fresh.withEmail("someone.new@example.org").withName("x");
      User sameId2 = new User(UserData.idOf(5), "n", "other@example.org", "c", 1);
      assertThatThrownBy(() -> store.insert(sameId2)).isInstanceOf(DuplicateUserException.class);
      User takenEmail = new User(fresh.id(), "n", UserData.emailOf(9, 0).toUpperCase(Locale.ROOT),
          "colour-x", 1);
      assertThatThrownBy(() -> store.insert(takenEmail))
          .isInstanceOf(DuplicateUserException.class);
      assertThat(store.findById(fresh.id())).isEmpty();
      assertThat(store.findByFavoriteColor("colour-x")).isEmpty();
      assertThat(store.findByEmail("other@example.org")).isEmpty();

      store.insert(sameId);
      assertThat(store.findByEmail("someone.new@example.org")).contains(sameId);
      assertThatThrownBy(() -> store.update(DATA.user(10).withEmail("Someone.New@example.org")))
          .isInstanceOf(DuplicateUserException.class);
      assertThat(store.findById(UserData.idOf(10))).contains(DATA.user(10));
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("contenders")
  void updateAndDeleteKeepEveryIndexInStep(Contender contender, Durability durability) {
    try (UserStore store = loaded(contender, durability)) {
      User moved = DATA.user(11).withEmail(UserData.emailOf(11, 1));
      assertThat(store.update(moved)).isTrue();
      assertThat(store.findByEmail(UserData.emailOf(11, 0))).isEmpty();
      assertThat(store.findByEmail(UserData.emailOf(11, 1))).contains(moved);

      User renamed = DATA.user(12).withName(UserData.nameOf(12, 1));
      assertThat(store.update(renamed)).isTrue();
      assertThat(store.findById(renamed.id())).contains(renamed);
      assertThat(store.findByFavoriteColor(renamed.favoriteColor())).contains(renamed);

      User recoloured = new User(renamed.id(), renamed.name(), renamed.email(), "colour-new", 999);
      assertThat(store.update(recoloured)).isTrue();
      assertThat(store.findByFavoriteColor(renamed.favoriteColor())).doesNotContain(renamed);
      assertThat(store.findByFavoriteColor("colour-new")).containsExactly(recoloured);
      if (store.supportsAgeRange()) {
        assertThat(store.findByAgeBetween(999, 999)).contains(recoloured);
      }

      assertThat(store.delete(moved.id())).isTrue();
      assertThat(store.delete(moved.id())).isFalse();
      assertThat(store.findById(moved.id())).isEmpty();
      assertThat(store.findByEmail(moved.email())).isEmpty();
      assertThat(store.findByFavoriteColor(moved.favoriteColor())).doesNotContain(moved);
      if (store.supportsAgeRange()) {
        assertThat(store.findByAgeBetween(moved.age(), moved.age())).doesNotContain(moved);
      }
      assertThat(store.update(DATA.user(RECORDS + 1))).isFalse();
      store.insert(moved);
      assertThat(store.findByEmail(moved.email())).contains(moved);
    }
  }

  static Stream<Arguments> transferContenders() {
    return contenders().filter(a -> ((Contender) a.get()[0]).supportsTransactions());
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("transferContenders")
  void transfersMoveMoneyExactlyAndConserveItUnderEightThreads(Contender contender, Durability durability)
      throws Exception {
    int count = 20;
    long opening = 1_000;
    try (AccountStore store = contender.openAccounts(dir, durability)) {
      store.createAccounts(0, count / 2, opening);
      store.createAccounts(count / 2, count, opening);
      String a = Account.idOf(0);
      String b = Account.idOf(1);
      assertThat(store.transfer(a, b, 300)).isTrue();
      assertThat(store.balance(a)).isEqualTo(opening - 300);
      assertThat(store.balance(b)).isEqualTo(opening + 300);
      assertThat(store.transfer(a, b, opening)).as("more than the balance: nothing moves").isFalse();
      assertThat(store.balance(a)).isEqualTo(opening - 300);
      assertThat(store.balance(b)).isEqualTo(opening + 300);
      assertThat(store.balance(Account.idOf(count))).isEqualTo(-1);

      ExecutorService pool = Executors.newFixedThreadPool(8);
      try {
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
          done.add(pool.submit(() -> {
            ThreadLocalRandom random = ThreadLocalRandom.current();
            for (int i = 0; i < 100; i++) {
              int from = random.nextInt(count);
              int to = (from + 1 + random.nextInt(count - 1)) % count;
              store.transfer(Account.idOf(from), Account.idOf(to), 1 + random.nextInt(50));
            }
          }));
        }
        for (Future<?> f : done) {
          f.get(2, TimeUnit.MINUTES);
        }
      } finally {
        pool.shutdownNow();
      }
      long total = 0;
      for (int n = 0; n < count; n++) {
        long balance = store.balance(Account.idOf(n));
        assertThat(balance).as("account %s", n).isNotNegative();
        total += balance;
      }
      assertThat(total).as("money is conserved").isEqualTo(count * opening);
    }
  }

  static Stream<Arguments> loanContenders() {
    return transferContenders();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("loanContenders")
  void countThenLendMatchesAModelOfEachMembersLoans(Contender contender, Durability durability) {
    int members = 4;
    int perMember = 5;
    Map<String, TreeSet<Long>> model = new TreeMap<>();
    long nextId = 0;
    try (LoanStore store = contender.openLoans(dir, durability)) {
      List<Loan> opening = new ArrayList<>();
      for (int m = 0; m < members; m++) {
        for (int i = 0; i < perMember; i++) {
          Loan loan = new Loan(nextId++, "member" + m, i);
          opening.add(loan);
          model.computeIfAbsent(loan.member(), k -> new TreeSet<>()).add(loan.id());
        }
      }
      store.lend(opening.subList(0, 7));
      store.lend(opening.subList(7, opening.size()));

      Random random = new Random(42);
      for (int op = 0; op < 200; op++) {
        String member = "member" + random.nextInt(members);
        TreeSet<Long> held = model.get(member);
        long returned = held.isEmpty() ? -1 : held.first();
        int limit = 3 + random.nextInt(5);
        Loan lent = new Loan(nextId++, member, random.nextInt(1_000_000));
        assertThat(store.countThenLend(member, lent, returned, limit))
            .as("count before operation %s", op).isEqualTo(held.size());
        if (held.size() >= limit) {
          held.remove(returned);
        }
        held.add(lent.id());
      }
      for (Map.Entry<String, TreeSet<Long>> member : model.entrySet()) {
        assertThat(store.countLoans(member.getKey())).isEqualTo(member.getValue().size());
        assertThat(store.loansOf(member.getKey()))
            .as("%s's loans, found through the member index", member.getKey())
            .allSatisfy(loan -> assertThat(loan.member()).isEqualTo(member.getKey()))
            .extracting(Loan::id).containsExactlyElementsOf(member.getValue());
      }
      assertThat(store.countLoans("nobody")).isZero();
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("loanContenders")
  void concurrentCountThenLendNeverLetsAMemberExceedTheLimit(Contender contender, Durability durability)
      throws Exception {
    // Each member starts one below the limit; eight racing transactions each count, return one of
    // the opening loans (its own) if the member is at the limit, and lend one. Serialisable: one
    // finds room, the others find the limit, so the member ends exactly at it. Two that both found
    // room would leave it above.
    int threads = 8;
    int limit = threads + 2;
    int members = 6;
    try (LoanStore store = contender.openLoans(dir, durability)) {
      List<Loan> opening = new ArrayList<>();
      for (int m = 0; m < members; m++) {
        for (int i = 0; i < limit - 1; i++) {
          opening.add(new Loan(m * 100L + i, "member" + m, i));
        }
      }
      store.lend(opening);
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      try {
        for (int m = 0; m < members; m++) {
          String member = "member" + m;
          long base = m * 100L;
          CountDownLatch start = new CountDownLatch(1);
          List<Future<Long>> done = new ArrayList<>();
          for (int t = 0; t < threads; t++) {
            long lent = base + 50 + t;
            long returned = base + t;
            done.add(pool.submit(() -> {
              start.await();
              return store.countThenLend(member, new Loan(lent, member, lent), returned, limit);
            }));
          }
          start.countDown();
          List<Long> counts = new ArrayList<>();
          for (Future<Long> f : done) {
            counts.add(f.get(2, TimeUnit.MINUTES));
          }
          assertThat(counts).as("counts seen by %s's transactions", member)
              .containsOnlyOnce((long) limit - 1).containsOnly((long) limit - 1, (long) limit);
          assertThat(store.countLoans(member)).as("%s's loans", member).isEqualTo(limit);
          assertThat(store.loansOf(member)).hasSize(limit);
        }
      } finally {
        pool.shutdownNow();
      }
    }
  }

  private static List<User> matching(java.util.function.Predicate<User> filter) {
    return DATA.users(0, RECORDS).stream().filter(filter).toList();
  }
}
