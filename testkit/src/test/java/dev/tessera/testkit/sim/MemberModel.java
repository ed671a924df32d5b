package dev.tessera.testkit.sim;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the simulation knows about the members its clients own (each id is written by one client
 * only): the value the last acknowledged write left, or, after a write whose outcome is unknown (or
 * one in flight), the values it may have left. The driver resolves an unknown outcome once against
 * the data, and from then on holds the data to it. Thread-safe (synchronized): real-thread runs share it.
 */
final class MemberModel {
  private static final class Slot {
    Set<Optional<SimMember>> candidates = new HashSet<>(Set.of(Optional.empty()));
    boolean inFlight;
  }

  private final Map<String, Slot> slots = new LinkedHashMap<>();

  private Slot slot(String id) {
    return slots.computeIfAbsent(id, k -> new Slot());
  }

  /**
   * A write of {@code id} that may leave {@code after} starts.
   *
   * @return what {@code id} may hold before it
   */
  synchronized Set<Optional<SimMember>> begin(String id, Optional<SimMember> after) {
    Slot slot = slot(id);
    Set<Optional<SimMember>> before = Set.copyOf(slot.candidates);
    slot.inFlight = true;
    slot.candidates.add(after);
    return before;
  }

  /** The write was acknowledged: {@code id} now holds {@code after}. */
  synchronized void acknowledged(String id, Optional<SimMember> after) {
    Slot slot = slot(id);
    slot.inFlight = false;
    slot.candidates = new HashSet<>(Set.of(after));
  }

  /** The write failed without writing anything: back to what it was before. */
  synchronized void refused(String id, Set<Optional<SimMember>> before) {
    Slot slot = slot(id);
    slot.inFlight = false;
    slot.candidates = new HashSet<>(before);
  }

  /** The write's outcome is unknown: it applied entirely or not at all. */
  synchronized void unknown(String id) {
    slot(id).inFlight = false;
  }

  /** What {@code id} may hold now. */
  synchronized Set<Optional<SimMember>> candidates(String id) {
    return Set.copyOf(slot(id).candidates);
  }

  /**
   * Checks the data against the model: every id holds one of its candidates; an id not in flight
   * is resolved to what it holds.
   *
   * @return a description of the first mismatch, or {@code null}
   */
  synchronized String check(Map<String, SimMember> actual) {
    for (Map.Entry<String, Slot> e : slots.entrySet()) {
      Optional<SimMember> found = Optional.ofNullable(actual.get(e.getKey()));
      Slot slot = e.getValue();
      if (!slot.candidates.contains(found)) {
        return "member " + e.getKey() + " holds " + found + " but the model allows only "
            + slot.candidates + (slot.inFlight ? " (a write is in flight)" : "");
      }
      if (!slot.inFlight) {
        slot.candidates = new HashSet<>(Set.of(found));
      }
    }
    return null;
  }
}
