package dev.tessera.it;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.SpatialIndex;

/**
 * A measurement at a point of real space: a 2-D spatial index over doubles ({@code byXY()}) and a
 * 3-D one ({@code bySpace()}) that only holds samples with a depth.
 *
 * @param id the primary key
 * @param x the first coordinate
 * @param y the second coordinate
 * @param depth the third coordinate, {@code null} when unknown (then not in {@code space})
 */
@Entity
@SpatialIndex(fields = {"x", "y"})
@SpatialIndex(name = "space", fields = {"x", "y", "depth"})
public record Sample(@PrimaryKey long id, double x, double y, Double depth) {}
