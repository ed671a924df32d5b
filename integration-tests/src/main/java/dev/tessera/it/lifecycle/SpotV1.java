package dev.tessera.it.lifecycle;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;

/**
 * Version 1 of the spot entity: points without any index. Compiled apart from version 2 ({@code
 * SpotV2} in the tests), which adds a component, a spatial index and an ordinary index.
 *
 * @param id the primary key
 * @param x the first coordinate
 * @param y the second coordinate
 */
@Entity(name = "spot")
public record SpotV1(@PrimaryKey String id, int x, int y) {}
