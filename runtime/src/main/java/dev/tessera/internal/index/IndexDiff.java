package dev.tessera.internal.index;

import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The index entries an update must delete and write: entries whose key is in both the old and the
 * new set are left alone, so an update of a non-indexed field touches no index key. Immutable.
 *
 * @param removed entries of the old record that the new record does not have
 * @param added entries of the new record that the old record does not have
 * @param after every entry of the new record: {@code added} and the ones the old record has too
 */
public record IndexDiff<T>(List<IndexEntry<T>> removed, List<IndexEntry<T>> added, List<IndexEntry<T>> after) {

  /** The difference from {@code before} to {@code after}. */
  public static <T> IndexDiff<T> between(List<IndexEntry<T>> before, List<IndexEntry<T>> after) {
    if (sameKeys(before, after)) {
      // no indexed value changed (the common update), or an entity without index entries
      return new IndexDiff<>(List.of(), List.of(), after);
    }
    Set<Tuple> beforeKeys = keys(before);
    Set<Tuple> afterKeys = keys(after);
    List<IndexEntry<T>> removed = new ArrayList<>();
    for (IndexEntry<T> entry : before) {
      if (!afterKeys.contains(entry.key())) {
        removed.add(entry);
      }
    }
    List<IndexEntry<T>> added = new ArrayList<>();
    for (IndexEntry<T> entry : after) {
      if (!beforeKeys.contains(entry.key())) {
        added.add(entry);
      }
    }
    return new IndexDiff<>(removed, added, after);
  }

  /** True if both lists hold entries with equal keys in the same order (no key sets needed). */
  private static <T> boolean sameKeys(List<IndexEntry<T>> before, List<IndexEntry<T>> after) {
    if (before.size() != after.size()) {
      return false;
    }
    for (int i = 0; i < before.size(); i++) {
      if (!before.get(i).key().equals(after.get(i).key())) {
        return false;
      }
    }
    return true;
  }

  private static <T> Set<Tuple> keys(List<IndexEntry<T>> entries) {
    Set<Tuple> keys = new HashSet<>();
    for (IndexEntry<T> entry : entries) {
      keys.add(entry.key());
    }
    return keys;
  }
}
