package dev.tessera.it.query;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.SpatialIndex;
import java.util.List;

/**
 * A stocked item with one index of every query kind a transaction's view serves: a composite
 * (shelf, price) index, a string index (ranges, prefixes), a nullable number ({@code isNull}), a
 * multi-value index on tags, and a spatial index on (x, y).
 *
 * @param id the primary key, negative ones too
 * @param shelf the first component of the composite index
 * @param price the second component of the composite index
 * @param name a string index
 * @param grade a nullable index
 * @param tags a multi-value index
 * @param x the first coordinate
 * @param y the second coordinate
 */
@Entity
@Index(fields = {"shelf", "price"})
@SpatialIndex(fields = {"x", "y"})
public record Stock(
    @PrimaryKey long id,
    int shelf,
    int price,
    @Index String name,
    @Index Integer grade,
    @Index List<String> tags,
    int x,
    int y) {}
