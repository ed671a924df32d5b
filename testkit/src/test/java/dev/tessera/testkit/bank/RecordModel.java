package dev.tessera.testkit.bank;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * What the records of one entity must be, as far as the clients know: for each id, the states it
 * may be in (a record, or {@code null} for absent). One state when every write on it was acknowledged either way;
 * more after a write whose outcome is unknown, until a check sees which happened and keeps that
 * one. Each id is written by one client only, so the order of its writes is the order they were
 * acknowledged. Thread-safe: in the simulation only the running client or the driver touches it,
 * but on a real store ({@link BankSimulation#runOn}) the writers of one entity run at once, each on
 * ids of its own.
 *
 * @param <T> the record type
 */
final class RecordModel<T> {
  private final Map<String, List<T>> states = new LinkedHashMap<>();

  /** The states {@code id} may be in. */
  synchronized List<T> possible(String id) {
    return states.computeIfAbsent(id, k -> {
      List<T> absent = new ArrayList<>();
      absent.add(null);
      return absent;
    });
  }

  /** The ids seen so far. */
  synchronized Iterable<String> ids() {
    return new ArrayList<>(states.keySet());
  }

  /**
   * An acknowledged write: only the states where it could have done what it said remain ({@code
   * applicable}), each changed by {@code effect}.
   *
   * @throws AssertionError if no state allows what the store acknowledged
   */
  synchronized void acknowledged(String id, String what, Predicate<T> applicable, UnaryOperator<T> effect) {
    List<T> next = new ArrayList<>();
    for (T state : possible(id)) {
      if (applicable.test(state)) {
        add(next, effect.apply(state));
      }
    }
    if (next.isEmpty()) {
      throw new AssertionError(what + " on " + id + " was acknowledged, but no state it may have been in"
          + " allows that: " + possible(id));
    }
    states.put(id, next);
  }

  /** A write whose outcome is unknown: each state stays possible, and so does its changed form. */
  synchronized void unknown(String id, Predicate<T> applicable, UnaryOperator<T> effect) {
    List<T> next = new ArrayList<>(possible(id));
    for (T state : possible(id)) {
      if (applicable.test(state)) {
        add(next, effect.apply(state));
      }
    }
    states.put(id, next);
  }

  /**
   * What the store holds for {@code id} now: it must be one of the possible states, and becomes
   * the only one (an unknown outcome is resolved one way, for good).
   *
   * @throws AssertionError if the store holds a state no acknowledged write explains
   */
  synchronized void resolve(String id, T stored) {
    List<T> possible = possible(id);
    if (!possible.contains(stored)) {
      throw new AssertionError("record " + id + " is " + stored + " in the store, but the writes"
          + " acknowledged (and those of unknown outcome) allow only " + possible);
    }
    List<T> one = new ArrayList<>();
    one.add(stored);
    states.put(id, one);
  }

  /** The record {@code id} is known to be (null: absent), or fails if it is not resolved. */
  synchronized T resolved(String id) {
    List<T> possible = possible(id);
    if (possible.size() != 1) {
      throw new IllegalStateException(id + " is not resolved: " + possible);
    }
    return possible.get(0);
  }

  private void add(List<T> states, T state) {
    for (T s : states) {
      if (Objects.equals(s, state)) {
        return;
      }
    }
    states.add(state);
  }
}
