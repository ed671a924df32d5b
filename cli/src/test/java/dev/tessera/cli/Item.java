package dev.tessera.cli;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;

/**
 * The second shape of the entity "item": a quantity was added.
 *
 * @param sku the primary key
 * @param label a label
 * @param quantity added in this shape
 */
@Entity(name = "item")
public record Item(@PrimaryKey String sku, String label, int quantity) {}
