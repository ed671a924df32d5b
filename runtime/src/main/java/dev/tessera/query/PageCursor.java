package dev.tessera.query;

import dev.tessera.internal.kv.KeyOrder;
import dev.tessera.internal.kv.ListCursor;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.kv.ListSelector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Where a {@link Page} ended: the packed index key of its last row. A query resumed {@link
 * Query#after(PageCursor) after} it starts strictly after that key (before it when reversed), so
 * rows inserted or deleted meanwhile do not shift the following pages.
 *
 * <p>Its string form ({@link #toString()}) is URL-safe (base64url without padding, the form of every
 * {@link ListCursor}) and {@link
 * #parse(String)} reads it back, so a cursor can travel through a web page or an API. It is opaque
 * but not secret: it holds the index values of the last row, as the key does.
 *
 * <p>Immutable and thread-safe.
 */
public final class PageCursor {
  /** LMDB's largest key; no index key is longer. */
  private static final int MAX_KEY_SIZE = 511;

  private final byte[] key;

  private PageCursor(byte[] key) {
    this.key = key;
  }

  /**
   * The cursor of a row whose packed index key is {@code packedKey}; the array is copied. For
   * query implementations (spatial queries page with it too); users get cursors from {@link
   * Page#next()} and {@link #parse(String)}.
   *
   * @param packedKey the packed key of the last row of a page
   * @return the cursor
   */
  public static PageCursor ofKey(byte[] packedKey) {
    return new PageCursor(packedKey.clone());
  }

  /**
   * Reads a cursor from its {@link #toString()} form.
   *
   * @param text the cursor's string form
   * @return the cursor
   * @throws IllegalArgumentException if {@code text} is not a cursor's string form
   */
  public static PageCursor parse(String text) {
    Objects.requireNonNull(text, "text");
    return new PageCursor(ListCursor.decode(text, "page cursor", MAX_KEY_SIZE));
  }

  /** The packed index key; a new array on every call. */
  byte[] key() {
    return key.clone();
  }

  /**
   * This cursor's packed key, checked to be a row key of the query that takes it: a packed tuple
   * of at least {@code minimumParts} parts whose first part is {@code firstPart} (an index
   * subspace or an entity name). For query implementations' {@code after(cursor)}.
   *
   * @param firstPart the first part every row key of the query has
   * @param minimumParts the fewest parts a row key has
   * @param owner what the query reads, for the message, e.g. {@code "index 'age' of entity 'user'"}
   * @return the packed key
   * @throws IllegalArgumentException if the key is not such a key (a cursor of another query)
   */
  public byte[] keyFor(Object firstPart, int minimumParts, String owner) {
    Tuple parsed;
    try {
      parsed = Tuple.unpack(key);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "Page cursor '" + this + "' does not belong to " + owner + ": it is not a packed key", e);
    }
    if (parsed.size() < minimumParts || !firstPart.equals(parsed.get(0))) {
      throw new IllegalArgumentException("Page cursor '" + this + "' does not belong to " + owner
          + ": it is a key of another index or entity");
    }
    return key.clone();
  }

  /**
   * What is left of the key range {@code [begin, end)} for a query resumed after the row at packed
   * key {@code after} ({@code null}: not resumed): the keys above it, or below it when {@code
   * reverse}; {@code null} when nothing is left.
   */
  static TupleRange remainder(byte[] begin, byte[] end, byte[] after, boolean reverse) {
    TupleRange left = KeyOrder.remainder(TupleRange.ofPacked(begin, end), after, reverse);
    return left.isEmpty() ? null : left;
  }

  /**
   * The key listings of a query reading the disjoint {@code ranges} (in ascending key order) in
   * its direction: each range narrowed by the cursor key {@code after} ({@code null}: none), the
   * ranges left empty dropped, in reading order.
   */
  static List<ListSelector> selectors(List<TupleRange> ranges, byte[] after, boolean reverse) {
    List<ListSelector> selectors = new ArrayList<>(ranges.size());
    for (TupleRange range : ranges) {
      TupleRange left = remainder(range.begin(), range.end(), after, reverse);
      if (left != null) {
        selectors.add(ListSelector.of(left).reverse(reverse));
      }
    }
    if (reverse) {
      Collections.reverse(selectors);
    }
    return selectors;
  }

  /** A query description's modifiers, e.g. {@code ", reverse, limit 10, after AAE"}. */
  static String describeModifiers(boolean reverse, int limit, byte[] after) {
    StringBuilder text = new StringBuilder();
    if (reverse) {
      text.append(", reverse");
    }
    if (limit != Integer.MAX_VALUE) {
      text.append(", limit ").append(limit);
    }
    if (after != null) {
      text.append(", after ").append(ofKey(after));
    }
    return text.toString();
  }

  /** The URL-safe string form, read back by {@link #parse(String)}. */
  @Override
  public String toString() {
    return ListCursor.encode(key);
  }

  /** Equal when both cursors hold the same key. */
  @Override
  public boolean equals(Object o) {
    return o instanceof PageCursor && Arrays.equals(key, ((PageCursor) o).key);
  }

  /** A hash of the key, consistent with {@link #equals}. */
  @Override
  public int hashCode() {
    return Arrays.hashCode(key);
  }
}
