package dev.tessera.processor.data;

import dev.tessera.processor.model.IndexModel;
import java.util.List;

/**
 * How a query is served: by a scan of the primary key or of one index, narrowed by the conditions
 * in index component order.
 *
 * <p>Immutable and thread-safe.
 *
 * @param index the index scanned, or {@code null} for the primary key
 * @param conditions the conditions in the order the index applies them
 * @param order the fields the scan returns rows in, most significant first
 * @param reverse true if the static order is the reverse of the scan order
 * @param description what is scanned, for messages, e.g. {@code index 'author' of book}
 */
record AccessPath(
    IndexModel index, List<Condition> conditions, List<String> order, boolean reverse,
    String description) {

  /** Copies the lists. */
  AccessPath {
    conditions = List.copyOf(conditions);
    order = List.copyOf(order);
  }

  /** True if the primary key serves the query. */
  boolean primaryKey() {
    return index == null;
  }
}
