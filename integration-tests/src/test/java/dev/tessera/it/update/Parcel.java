package dev.tessera.it.update;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.Normalize;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.SpatialIndex;
import dev.tessera.annotations.UniqueIndex;
import java.util.List;

/**
 * A record with every kind of index an update may keep or change: a unique case-insensitive one
 * ({@code code}), a composite one over a nullable component ({@code region, rank}), a
 * case-insensitive multi-value one ({@code tags}), a spatial one with a nullable coordinate
 * ({@code x, y}), and components no index reads ({@code note}, {@code amount}).
 *
 * @param id the primary key
 * @param code a unique code, compared without case; {@code null} leaves the record out of its index
 * @param region the first part of the composite index
 * @param rank the second part of the composite index, possibly {@code null}
 * @param tags labels, compared without case, one entry each
 * @param x the first coordinate
 * @param y the second coordinate, {@code null} when unknown (then not in the spatial index)
 * @param note free text no index reads
 * @param amount a number no index reads
 */
@Entity
@Index(fields = {"region", "rank"})
@SpatialIndex(fields = {"x", "y"})
public record Parcel(
    @PrimaryKey String id,
    @UniqueIndex(normalize = Normalize.CASE_INSENSITIVE) String code,
    String region,
    Integer rank,
    @Index(normalize = Normalize.CASE_INSENSITIVE) List<String> tags,
    int x,
    Integer y,
    String note,
    long amount) {}
