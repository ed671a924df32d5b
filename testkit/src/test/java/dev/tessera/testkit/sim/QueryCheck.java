package dev.tessera.testkit.sim;

import dev.tessera.kv.KvStore;
import dev.tessera.query.IndexQuery;
import dev.tessera.query.Page;
import dev.tessera.repository.Transactions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Runs a random member query (kind x terminal x direction), outside and inside a transaction (there
 * also after a write of the transaction's own), and compares it with a brute-force evaluation over
 * every record.
 */
final class QueryCheck {
  private static final Comparator<String> NULLS_FIRST = Comparator.nullsFirst(Comparator.naturalOrder());
  private static final Comparator<SimMember> BY_ID = Comparator.comparing(SimMember::id);

  private final KvStore store;
  private final SimMemberRepository members;
  private final Random random;
  private final boolean reverseInTransactions;

  QueryCheck(KvStore store, SimMemberRepository members, Random random, boolean reverseInTransactions) {
    this.store = store;
    this.members = members;
    this.random = random;
    this.reverseInTransactions = reverseInTransactions;
  }

  /** One query of each kind, each with a random terminal and direction. */
  void check() {
    List<SimMember> all = members.findAll().toList();
    String tier = new String[] {"gold", "silver", "bulk", "none"}[random.nextInt(4)];
    String tag = new String[] {"a", "b", "c"}[random.nextInt(3)];
    String prefix = "e" + random.nextInt(8);
    compare("tier = " + tier, repo -> repo.byTier().equalTo(tier), all,
        m -> tier.equals(m.tier()), BY_ID);
    compare("tier is null", repo -> repo.byTier().isNull(), all, m -> m.tier() == null, BY_ID);
    compare("tags contain " + tag, repo -> repo.byTags().equalTo(tag), all,
        m -> m.tags().contains(tag), BY_ID);
    compare("email starts with " + prefix, repo -> repo.byEmail().startsWith(prefix), all,
        m -> m.email().startsWith(prefix), Comparator.comparing(SimMember::email));
    compare("tier and name, tier = " + tier, repo -> repo.byTierAndName().equalTo(tier).query(), all,
        m -> tier.equals(m.tier()), Comparator.comparing(SimMember::name).thenComparing(BY_ID));
    compare("every tier", repo -> repo.byTier().query(), all, m -> true,
        Comparator.comparing(SimMember::tier, NULLS_FIRST).thenComparing(BY_ID));
  }

  private void compare(String what, Function<SimMemberRepository, IndexQuery<SimMember>> query,
      List<SimMember> all, Predicate<SimMember> filter, Comparator<SimMember> order) {
    List<SimMember> expected = new ArrayList<>(all.stream().filter(filter).sorted(order).toList());
    boolean reverse = random.nextBoolean();
    if (reverse) {
      Collections.reverse(expected);
    }
    int terminal = random.nextInt(6);
    Object want = terminal(expected, terminal);
    Object got = run(query.apply(members), reverse, terminal);
    require(what, reverse, terminal, "outside a transaction", want, got);
    if (reverse && !reverseInTransactions) {
      return;
    }
    Object inTx = Transactions.run(store, tx -> run(query.apply(members.in(tx)), reverse, terminal));
    require(what, reverse, terminal, "inside a transaction", want, inTx);
    // A transaction's own write shows in its queries; the rollback leaves nothing behind.
    SimMember own = new SimMember("q-own", "q-own@sim", "gold", "n0", List.of("a", "b", "c"));
    List<SimMember> withOwn = new ArrayList<>(all);
    withOwn.add(own);
    List<SimMember> expectedOwn = new ArrayList<>(withOwn.stream().filter(filter).sorted(order).toList());
    if (reverse) {
      Collections.reverse(expectedOwn);
    }
    Object wantOwn = terminal(expectedOwn, terminal);
    try {
      Transactions.run(store, tx -> {
        members.in(tx).insert(own);
        Object gotOwn = run(query.apply(members.in(tx)), reverse, terminal);
        require(what, reverse, terminal, "after a write of the transaction", wantOwn, gotOwn);
        throw new RolledBack();
      });
    } catch (RolledBack expectedRollback) {
      // nothing committed
    }
  }

  private static final class RolledBack extends RuntimeException {
    private static final long serialVersionUID = 1L;
  }

  private static void require(String what, boolean reverse, int terminal, String where, Object want,
      Object got) {
    if (!Objects.equals(want, got)) {
      throw new Simulation.Violation("query " + what + (reverse ? " reversed" : "") + ", terminal "
          + terminal + ", " + where + ": expected " + want + " but got " + got);
    }
  }

  /** Runs {@code query} with terminal {@code terminal}: what {@link #terminal(List, int)} expects. */
  private static Object run(IndexQuery<SimMember> query, boolean reverse, int terminal) {
    IndexQuery<SimMember> q = reverse ? query.reverse() : query;
    return switch (terminal) {
      case 0 -> q.list();
      case 1 -> q.stream().toList();
      case 2 -> q.count();
      case 3 -> q.first();
      case 4 -> q.exists();
      default -> pages(q);
    };
  }

  private static List<SimMember> pages(IndexQuery<SimMember> q) {
    List<SimMember> all = new ArrayList<>();
    Page<SimMember> page = q.page(2);
    all.addAll(page.items());
    while (page.next().isPresent()) {
      page = q.after(page.next().get()).page(2);
      all.addAll(page.items());
    }
    return all;
  }

  private static Object terminal(List<SimMember> expected, int terminal) {
    return switch (terminal) {
      case 2 -> (long) expected.size();
      case 3 -> expected.isEmpty() ? Optional.empty() : Optional.of(expected.get(0));
      case 4 -> !expected.isEmpty();
      default -> expected;
    };
  }
}
