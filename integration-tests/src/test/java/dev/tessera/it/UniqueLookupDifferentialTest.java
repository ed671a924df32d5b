package dev.tessera.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.ibm.icu.text.Normalizer2;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.repository.TransactionConflictException;
import dev.tessera.repository.TransactionOptions;
import dev.tessera.repository.Transactions;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code findByEmail}, which reads a unique entry and the record it points to in one read of the
 * store, against an in-memory model and against the general index query ({@code
 * byEmail().equalTo}) on LMDB: random users with edge e-mails (case, compatibility and combining
 * forms, ignorable characters, the empty string, a 0x00 character, long values), outside and inside
 * transactions (which see their own writes, and whose commit validates both reads), and entries
 * that point to no record, to a record that no longer holds the value, or hold no packed key.
 */
class UniqueLookupDifferentialTest {
  /** The index's normalisation, from Unicode's own data (not the code under test). */
  private static final Normalizer2 FOLD = Normalizer2.getNFKCCasefoldInstance();
  private static final List<String> EMAILS = List.of(
      "ada@example.org", "ADA@Example.ORG", "", "straße@x.de", "STRASSE@x.de", "\uFF21\uFF22@x",
      "ab@x", "cafe\u0301@x", "caf\u00E9@x", "\u0131@x", "I@x", "\u0130@x", "a\u00ADb@x",
      "nul\u0000@x", "x".repeat(300), "\u03A9@x", "\u03C9@x", "\uD83D\uDE00@x", "Zoë@x", "ZOË@X");
  private static final int IDS = 30;

  @TempDir Path directory;
  private KvStore store;
  private UserRepository users;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
    users = new UserRepository(store);
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void findByEmailAgreesWithTheModelAndTheIndexQueryOutsideAndInsideTransactions() {
    Random random = new Random(25);
    Map<String, User> model = new LinkedHashMap<>();
    for (int round = 0; round < 40; round++) {
      for (int op = 0; op < 10; op++) {
        change(users, model, random, false);
      }
      probe(users, model, random);
      Map<String, User> inTransaction = new LinkedHashMap<>(model);
      Transactions.run(store, tx -> {
        inTransaction.clear();
        inTransaction.putAll(model); // a retried attempt starts again from the model
        UserRepository view = users.in(tx);
        for (int op = 0; op < 4; op++) {
          change(view, inTransaction, random, true);
          probe(view, inTransaction, random); // the transaction's own writes
        }
        return null;
      });
      model.clear();
      model.putAll(inTransaction);
      probe(users, model, random);
    }
  }

  @Test
  void entriesPointingToNoRecordOrToOneThatNoLongerHoldsTheValueFindNothing() {
    users.insert(new User("u1", "Ada", "ada@example.org", "red"));
    store.atomic()
        .set(StoredKeys.key(store, "user_by_email", "ghost@example.org"), Tuple.of("u9").pack())
        .set(StoredKeys.key(store, "user_by_email", "stale@example.org"), Tuple.of("u1").pack())
        .commit();
    for (String email : List.of("ghost@example.org", "STALE@example.org")) {
      assertThat(users.findByEmail(email)).as(email).isEmpty();
      assertThat(users.existsByEmail(email)).as(email).isFalse();
      assertThat(users.byEmail().equalTo(email).list()).as(email).isEmpty();
      Transactions.run(store, tx -> {
        assertThat(users.in(tx).findByEmail(email)).as(email).isEmpty();
        assertThat(users.in(tx).byEmail().equalTo(email).list()).as(email).isEmpty();
        return null;
      });
    }
    assertThat(users.findByEmail("Ada@Example.org")).contains(users.findById("u1").orElseThrow());
  }

  @Test
  void anEntryHoldingNoPackedKeyIsReportedWithItsKeyOutsideAndInsideTransactions() {
    Tuple key = StoredKeys.key(store, "user_by_email", "bad@example.org");
    store.atomic().set(key, new byte[] {0x02, 'u'}).commit(); // an unterminated string
    assertThatThrownBy(() -> users.findByEmail("bad@example.org"))
        .isInstanceOfSatisfying(CorruptRecordException.class,
            e -> assertThat((Object) e.key()).isEqualTo(key));
    assertThatThrownBy(() -> Transactions.run(store, tx -> users.in(tx).findByEmail("bad@example.org")))
        .isInstanceOfSatisfying(CorruptRecordException.class,
            e -> assertThat((Object) e.key()).isEqualTo(key));
  }

  @Test
  void aLookupInATransactionIsValidatedAtCommitByItsEntryAndItsRecord() {
    users.insert(new User("u1", "Ada", "ada@example.org", "red"));
    TransactionOptions once = TransactionOptions.defaults().withMaxAttempts(1);
    // The record found changes before the commit.
    assertThatThrownBy(() -> Transactions.run(store, once, tx -> {
      User found = users.in(tx).findByEmail("ADA@example.org").orElseThrow();
      Transactions.outside( // a concurrent writer
          () -> users.update(new User(found.id(), "Changed", found.email(), found.favoriteColor())));
      return users.in(tx).insert(new User("u2", "Bo", "bo@example.org", "red"));
    })).isInstanceOfSatisfying(TransactionConflictException.class,
        e -> assertThat(e.conflictingKeys()).contains(StoredKeys.key(store, "user", "u1")));
    // A value found free is taken before the commit.
    assertThatThrownBy(() -> Transactions.run(store, once, tx -> {
      assertThat(users.in(tx).findByEmail("cy@example.org")).isEmpty();
      Transactions.outside(() -> users.insert(new User("u3", "Cy", "CY@example.org", "blue")));
      return users.in(tx).insert(new User("u2", "Bo", "bo@example.org", "red"));
    })).isInstanceOfSatisfying(TransactionConflictException.class,
        e -> assertThat(e.conflictingKeys())
            .contains(StoredKeys.key(store, "user_by_email", "cy@example.org")));
    assertThat(users.findById("u2")).isEmpty();
  }

  /**
   * One random insert, e-mail change or delete through {@code repository}, applied to {@code model}
   * too; a write the model says must fail is expected to fail (outside a transaction) or not made
   * (inside one, where a failed write would end the transaction).
   */
  private static void change(
      UserRepository repository, Map<String, User> model, Random random, boolean onlyValid) {
    String id = "u" + random.nextInt(IDS);
    User current = model.get(id);
    if (current != null && random.nextInt(4) == 0) {
      assertThat(repository.delete(id)).isTrue();
      model.remove(id);
      return;
    }
    String email = email(random);
    Optional<User> holder = holderOf(model, email);
    boolean taken = holder.isPresent() && !holder.get().id().equals(id);
    if (taken && onlyValid) {
      return;
    }
    User user = new User(id, "name" + random.nextInt(100), email, "c" + random.nextInt(3));
    if (taken) {
      assertThatThrownBy(() -> write(repository, current, user)).as("%s takes %s", id, email)
          .isInstanceOf(dev.tessera.repository.UniqueConstraintViolationException.class);
      return;
    }
    write(repository, current, user);
    model.put(id, user);
  }

  private static void write(UserRepository repository, User current, User user) {
    if (current == null) {
      repository.insert(user);
    } else {
      repository.update(user);
    }
  }

  /** Every e-mail of the list and of the model, in its own and in another case, and a few unknown. */
  private static void probe(UserRepository repository, Map<String, User> model, Random random) {
    List<String> probes = new ArrayList<>(EMAILS);
    for (User user : model.values()) {
      probes.add(user.email());
      probes.add(user.email().toUpperCase(Locale.ROOT));
    }
    probes.add("nobody" + random.nextInt(1000) + "@example.org");
    for (String probe : probes) {
      Optional<User> expected = holderOf(model, probe);
      assertThat(repository.findByEmail(probe)).as("findByEmail(%s)", probe).isEqualTo(expected);
      assertThat(repository.existsByEmail(probe)).as("existsByEmail(%s)", probe)
          .isEqualTo(expected.isPresent());
      assertThat(repository.byEmail().equalTo(probe).list()).as("byEmail().equalTo(%s)", probe)
          .isEqualTo(expected.map(List::of).orElse(List.of()));
    }
  }

  private static Optional<User> holderOf(Map<String, User> model, String email) {
    String folded = FOLD.normalize(email);
    return model.values().stream().filter(u -> FOLD.normalize(u.email()).equals(folded)).findFirst();
  }

  /** An e-mail of the list, sometimes with one character's case flipped, or a fresh one. */
  private static String email(Random random) {
    if (random.nextInt(5) == 0) {
      return "new" + random.nextInt(50) + "@Example.org";
    }
    String email = EMAILS.get(random.nextInt(EMAILS.size()));
    if (email.isEmpty() || random.nextBoolean()) {
      return email;
    }
    int at = random.nextInt(email.length());
    char c = email.charAt(at);
    char flipped = Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c);
    return email.substring(0, at) + flipped + email.substring(at + 1);
  }
}
