package dev.tessera.repository;

import static dev.tessera.repository.CallHistory.exists;
import static dev.tessera.repository.CallHistory.holdsEmail;
import static dev.tessera.repository.CallHistory.is;
import static dev.tessera.repository.CallHistory.normalise;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.CallHistory.Call;
import dev.tessera.repository.CallHistory.Kind;
import dev.tessera.repository.CallHistory.Outcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many threads insert, update, delete and update or delete with a versionstamp over six records and
 * four e-mails for a bounded time, recording every call with its real-time bounds and what each
 * exception named. Afterwards the raw key space must be consistent ({@link UserInvariants}), and
 * every outcome must be explained by the history ({@link CallHistory}): a unique violation names a
 * record that may have held the value while the call ran (and not the caller's own record), "exists"
 * and "not found" and "absent" match a possible state, a concurrent modification names the
 * versionstamp read, a later one (or none, when a delete may have happened in between), and the
 * final state of each record is one that a change may have left.
 */
class ConcurrentOutcomesTest {
  private static final int THREADS = 8;
  private static final long RUN_MILLIS = 2_500;
  private static final int IDS = 6;
  private static final int EMAILS = 4;

  @TempDir Path dir;

  @Test
  void everyExceptionIsExplainedByTheHistoryAndTheKeySpaceStaysConsistent() throws Exception {
    ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();
    ConcurrentLinkedQueue<Throwable> unexpected = new ConcurrentLinkedQueue<>();
    Map<String, User> finalRecords;
    long finished;
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      UserRepository users = new UserRepository(store);
      long deadline = System.nanoTime() + RUN_MILLIS * 1_000_000;
      List<Thread> workers = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        Random random = new Random(t);
        Thread worker = new Thread(() -> {
          try {
            while (System.nanoTime() < deadline) {
              calls.add(call(users, random));
            }
          } catch (Throwable e) {
            unexpected.add(e);
          }
        });
        workers.add(worker);
        worker.start();
      }
      for (Thread worker : workers) {
        worker.join();
      }
      finished = System.nanoTime();
      assertThat(unexpected).isEmpty();
      finalRecords = UserInvariants.assertConsistent(store, users);
    }

    CallHistory history = new CallHistory(List.copyOf(calls));
    Map<Outcome, Integer> seen = new EnumMap<>(Outcome.class);
    for (Call call : calls) {
      seen.merge(call.outcome, 1, Integer::sum);
      assertExplained(history, call);
    }
    for (int i = 0; i < IDS; i++) {
      String id = "u" + i;
      User last = finalRecords.get(id);
      assertThat(history.possibly(id, is(last), finished, finished))
          .as("final state of %s (%s) was left by some change", id, last).isTrue();
    }
    assertThat(seen).as("the run produced every outcome")
        .containsOnlyKeys(Outcome.values())
        .allSatisfy((outcome, count) -> assertThat(count).isPositive());
  }

  private static void assertExplained(CallHistory history, Call call) {
    switch (call.outcome) {
      case CHANGED -> { }
      case EXISTS -> assertThat(history.possibly(call.id, exists(true), call.start, call.end))
          .as("%s: the record may have existed", call).isTrue();
      case NOT_FOUND -> assertThat(history.possibly(call.id, exists(false), call.start, call.end))
          .as("%s: the record may have been absent", call).isTrue();
      case ABSENT -> assertThat(history.possibly(call.id, exists(false), call.readStart, call.readEnd))
          .as("%s: the record may have been absent", call).isTrue();
      case UNIQUE -> {
        String email = normalise(call.attempted.email());
        assertThat(call.value).as("%s names the value written", call).isEqualTo(email);
        assertThat(call.holder).as("%s names another record", call).isNotEqualTo(call.id);
        assertThat(history.possibly((String) call.holder, holdsEmail(email), call.start, call.end))
            .as("%s: the holder may have held the value while the call ran", call).isTrue();
      }
      case CONCURRENT_MODIFICATION -> {
        assertThat(call.expected).as("%s names the versionstamp read", call).isEqualTo(call.read);
        boolean gone = call.actual == null;
        if (!gone) {
          assertThat(call.actual).as("%s names a later versionstamp", call).isGreaterThan(call.expected);
        }
        assertThat(history.changedWithin(
                call.id, change -> (change.written() == null) == gone, call.readStart, call.end))
            .as("%s: a %s may have taken effect after the read", call, gone ? "delete" : "write")
            .isTrue();
      }
    }
  }

  /** Runs one random call and records it. */
  private static Call call(UserRepository users, Random random) {
    String id = "u" + random.nextInt(IDS);
    String email = random.nextInt(6) == 0 ? null : (random.nextBoolean() ? "E" : "e") + random.nextInt(EMAILS) + "@x";
    User user = new User(id, "n" + random.nextLong(), email, random.nextBoolean() ? "red" : null);
    Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
    Call call = new Call(kind, id, user);
    try {
      if (kind == Kind.VERSIONED_UPDATE || kind == Kind.VERSIONED_DELETE) {
        call.readStart = System.nanoTime();
        Optional<Versioned<User>> read = users.findVersionedById(id);
        call.readEnd = System.nanoTime();
        if (read.isEmpty()) {
          call.outcome = Outcome.ABSENT;
          return call;
        }
        call.read = read.get().versionstamp();
      }
      call.start = System.nanoTime();
      call.outcome = switch (kind) {
        case INSERT -> {
          users.insert(user);
          yield Outcome.CHANGED;
        }
        case UPDATE -> {
          users.update(user);
          yield Outcome.CHANGED;
        }
        case VERSIONED_UPDATE -> {
          users.update(user, call.read);
          yield Outcome.CHANGED;
        }
        case DELETE -> users.delete(id) ? Outcome.CHANGED : Outcome.ABSENT;
        case VERSIONED_DELETE -> users.delete(id, call.read) ? Outcome.CHANGED : Outcome.ABSENT;
      };
      if (call.outcome == Outcome.ABSENT) {
        call.readStart = call.start;
      }
    } catch (EntityExistsException e) {
      call.outcome = Outcome.EXISTS;
    } catch (EntityNotFoundException e) {
      call.outcome = Outcome.NOT_FOUND;
    } catch (UniqueConstraintViolationException e) {
      call.outcome = Outcome.UNIQUE;
      call.holder = e.primaryKey();
      call.value = e.value();
    } catch (ConcurrentModificationException e) {
      call.outcome = Outcome.CONCURRENT_MODIFICATION;
      call.expected = e.expected();
      call.actual = e.actual();
    }
    call.end = System.nanoTime();
    if (call.outcome == Outcome.ABSENT) {
      call.readEnd = call.end;
    }
    return call;
  }
}
