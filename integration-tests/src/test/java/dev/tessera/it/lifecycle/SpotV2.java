package dev.tessera.it.lifecycle;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.SpatialIndex;

/**
 * Version 2 of the spot entity ({@link SpotV1} is version 1): adds a {@code label} component, a
 * Z-order index over (x, y) and an ordinary index on x.
 *
 * @param id the primary key
 * @param x the first coordinate, indexed
 * @param y the second coordinate
 * @param label added in this version: records of version 1 read it as null
 */
@Entity(name = "spot")
@SpatialIndex(fields = {"x", "y"})
public record SpotV2(@PrimaryKey String id, @Index int x, int y, String label) {}
