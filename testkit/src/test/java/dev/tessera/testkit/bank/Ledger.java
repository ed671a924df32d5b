package dev.tessera.testkit.bank;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the ledger tallies must hold: each effect (a unique id one operation appends) is acknowledged
 * (it must be there, once, from then on), refused (it must never be there), or of unknown outcome
 * (there at most once; the check after a round settles it one way for good). An effect is unknown
 * from before its operation starts until the operation ends, so a check in between allows it.
 * Thread-safe: on a real store the clients run at once.
 */
final class Ledger {
  /** The tally each effect is appended to, by effect, in each state. */
  private final Map<String, String> acknowledged = new TreeMap<>();
  private final Map<String, String> unknown = new TreeMap<>();
  /** The refused effects, with why. */
  private final Map<String, String> refused = new TreeMap<>();

  /** An operation appending {@code effect} to {@code tally} begins: its outcome is unknown. */
  synchronized void begins(String effect, String tally) {
    unknown.put(effect, tally);
  }

  /**
   * The operation appending {@code effect} ended with {@code outcome}: "ok" (acknowledged),
   * "unknown" or "crashed" (stays unknown), or the simple name of a refusal (nothing written).
   */
  synchronized void ended(String effect, String outcome) {
    if (outcome.equals("ok")) {
      acknowledged.put(effect, unknown.remove(effect));
    } else if (!outcome.equals("unknown") && !outcome.startsWith("crashed")) {
      unknown.remove(effect);
      refused.put(effect, outcome);
    }
  }

  /**
   * Checks the ledger tallies as stored ({@code effects} by tally id; absent ones left out):
   * no effect twice, none that was refused or never appended there, every acknowledged one present.
   * With {@code settle}, every effect of unknown outcome becomes acknowledged if present, refused
   * if not: no operation is in flight, and none that ended can still land.
   *
   * @throws AssertionError naming the effect and the tally
   */
  synchronized void check(Map<String, List<String>> effects, boolean settle) {
    Set<String> present = new HashSet<>();
    for (Map.Entry<String, List<String>> tally : effects.entrySet()) {
      String id = tally.getKey();
      for (String effect : tally.getValue()) {
        if (!present.add(effect)) {
          throw new AssertionError("effect " + effect + " appears twice in tally " + id
              + " (an operation applied twice): " + tally.getValue());
        }
        if (refused.containsKey(effect)) {
          throw new AssertionError("effect " + effect + " is in tally " + id + ", but its operation was refused ("
              + refused.get(effect) + "): " + tally.getValue());
        }
        String target = acknowledged.containsKey(effect) ? acknowledged.get(effect) : unknown.get(effect);
        if (!id.equals(target)) {
          throw new AssertionError("effect " + effect + " is in tally " + id + ", but no operation appended it"
              + " there: " + tally.getValue());
        }
      }
    }
    for (Map.Entry<String, String> effect : acknowledged.entrySet()) {
      if (!present.contains(effect.getKey())) {
        throw new AssertionError("acknowledged effect " + effect.getKey() + " is missing from tally "
            + effect.getValue() + " (a lost update): " + effects.get(effect.getValue()));
      }
    }
    if (settle) {
      for (Map.Entry<String, String> effect : unknown.entrySet()) {
        if (present.contains(effect.getKey())) {
          acknowledged.put(effect.getKey(), effect.getValue());
        } else {
          refused.put(effect.getKey(), "of unknown outcome, and not applied");
        }
      }
      unknown.clear();
    }
  }
}
