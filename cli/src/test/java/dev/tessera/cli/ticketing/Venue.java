package dev.tessera.cli.ticketing;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.SpatialIndex;

/**
 * A venue of the ticketing application, found by where it is.
 *
 * @param id the primary key
 * @param name the venue's name
 * @param city the city, indexed
 * @param x the first map coordinate
 * @param y the second map coordinate
 */
@Entity(name = "venue")
@SpatialIndex(fields = {"x", "y"})
public record Venue(@PrimaryKey String id, String name, @Index String city, int x, int y) {}
