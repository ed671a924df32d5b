package dev.tessera.testkit.bank;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.SpatialIndex;

/**
 * A place of the simulation: a point on a small grid around the origin, so that random boxes hold
 * points often and straddle the sign change of both coordinates.
 *
 * @param id the primary key
 * @param x the first coordinate of the spatial index {@code xY}
 * @param y the second coordinate
 */
@Entity(name = "sim_place")
@SpatialIndex(fields = {"x", "y"})
public record Place(@PrimaryKey String id, int x, int y) {}
