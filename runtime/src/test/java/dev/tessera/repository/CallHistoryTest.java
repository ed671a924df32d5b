package dev.tessera.repository;

import static dev.tessera.repository.CallHistory.exists;
import static dev.tessera.repository.CallHistory.holdsEmail;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.repository.CallHistory.Call;
import dev.tessera.repository.CallHistory.Kind;
import dev.tessera.repository.CallHistory.Outcome;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The checker of {@link ConcurrentOutcomesTest} accepts what could happen and rejects what could not. */
class CallHistoryTest {
  private static Call change(Kind kind, String id, String email, long start, long end) {
    Call call = new Call(kind, id, new User(id, "n", email, null));
    call.start = start;
    call.end = end;
    call.outcome = Outcome.CHANGED;
    return call;
  }

  @Test
  void aValueProvablyGivenUpBeforeTheCallBeganCannotExplainAViolation() {
    CallHistory history = new CallHistory(List.of(
        change(Kind.INSERT, "p", "a@x", 10, 20),
        change(Kind.UPDATE, "p", "b@x", 30, 40)));

    assertThat(history.possibly("p", holdsEmail("a@x"), 50, 60)).isFalse();
    assertThat(history.possibly("p", holdsEmail("a@x"), 35, 60)).as("the update may end at 40").isTrue();
    assertThat(history.possibly("p", holdsEmail("a@x"), 0, 5)).as("not inserted yet").isFalse();
    assertThat(history.possibly("q", holdsEmail("a@x"), 0, 100)).as("never written").isFalse();
  }

  @Test
  void overlappingChangesMayTakeEffectInEitherOrder() {
    CallHistory history = new CallHistory(List.of(
        change(Kind.INSERT, "p", "a@x", 10, 40),
        change(Kind.DELETE, "p", null, 20, 30)));

    assertThat(history.possibly("p", holdsEmail("a@x"), 50, 60)).isTrue();
    assertThat(history.possibly("p", exists(false), 50, 60)).isTrue();
  }

  @Test
  void absenceBeforeTheFirstInsertEndsWhenTheInsertSurelyHappened() {
    CallHistory history = new CallHistory(List.of(change(Kind.INSERT, "p", "a@x", 10, 20)));

    assertThat(history.possibly("p", exists(false), 0, 15)).isTrue();
    assertThat(history.possibly("p", exists(false), 25, 30)).isFalse();
    assertThat(history.changedWithin("p", c -> c.written() == null, 0, 30)).as("no delete").isFalse();
    assertThat(history.changedWithin("p", c -> c.written() != null, 15, 30)).isTrue();
    assertThat(history.changedWithin("p", c -> c.written() != null, 20, 30)).as("ended at 20").isFalse();
  }
}
