package dev.tessera.benchmarks.model;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.SpatialIndex;

/**
 * A point of the spatial benchmark: two int coordinates under a Z-order index. Tessera generates
 * {@code PointRepository.byXY()} from it.
 *
 * <p>Immutable, hence thread-safe.
 *
 * @param id the primary key
 * @param x the first coordinate
 * @param y the second coordinate
 */
@Entity
@SpatialIndex(fields = {"x", "y"})
public record Point(@PrimaryKey long id, int x, int y) {}
