package dev.tessera.it.query;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;

/**
 * A line of an order, keyed by order and line number, so an order's lines are one key prefix.
 *
 * @param key the order and line number
 * @param product what the line orders
 */
@Entity
public record OrderLine(@PrimaryKey OrderLineKey key, String product) {
  /**
   * The composite key.
   *
   * @param orderId the order
   * @param line the line within the order
   */
  public record OrderLineKey(long orderId, int line) {}
}
