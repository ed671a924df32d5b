package dev.tessera.it;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.SpatialIndex;

/**
 * A cell of a 3-D grid mixing widths (short, int and long coordinates share 64-bit dimensions):
 * {@code VoxelRepository.byXYZ()}.
 *
 * @param id the primary key
 * @param x the first coordinate
 * @param y the second coordinate
 * @param z the third coordinate
 */
@Entity
@SpatialIndex(fields = {"x", "y", "z"})
public record Voxel(@PrimaryKey int id, short x, int y, long z) {}
