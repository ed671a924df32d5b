package dev.tessera.it.tx;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.KeyGeneration;
import dev.tessera.annotations.PrimaryKey;

/**
 * An order of some units of a product.
 *
 * @param id generated
 * @param sku the product, indexed
 * @param quantity units ordered
 */
@Entity
public record Purchase(@PrimaryKey(generate = KeyGeneration.ULID) String id, @Index String sku, int quantity) {}
