package dev.tessera.it;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.SpatialIndex;

/**
 * A point on an int grid with a 2-D spatial index: the processor generates {@code
 * PlaceRepository.byXY()}.
 *
 * @param id the primary key
 * @param x the first coordinate, any int
 * @param y the second coordinate, any int
 * @param name not indexed
 */
@Entity
@SpatialIndex(fields = {"x", "y"})
public record Place(@PrimaryKey String id, int x, int y, String name) {}
