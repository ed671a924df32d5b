package dev.tessera.it;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.SpatialIndex;

/**
 * docs/spatial.md's reading: a 3-D spatial index over a nullable depth, and an ordinary index on the
 * depth that finds the readings the spatial index leaves out.
 *
 * @param id the primary key
 * @param x the first coordinate
 * @param y the second coordinate
 * @param depth the third coordinate, {@code null} when not measured
 */
@Entity(name = "sounding")
@SpatialIndex(name = "space", fields = {"x", "y", "depth"})
public record Reading(@PrimaryKey long id, double x, double y, @Index Double depth) {}
