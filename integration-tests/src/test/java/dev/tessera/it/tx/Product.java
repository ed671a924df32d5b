package dev.tessera.it.tx;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;

/**
 * A product with a stock that must never be oversold.
 *
 * @param sku the primary key
 * @param stock units left, never negative
 */
@Entity(name = "stock_item")
public record Product(@PrimaryKey String sku, int stock) {}
