package dev.tessera.cli.ticketing;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * An event at a venue, with a fixed number of seats.
 *
 * @param id the primary key
 * @param venueId the venue; with {@code startsAt}, a composite index
 * @param startsAt when the event starts
 * @param title the title
 * @param tags one index entry per distinct tag
 * @param price the price of a seat
 * @param seats how many seats there are to sell
 */
@Entity(name = "event")
@Index(fields = {"venueId", "startsAt"})
public record Event(
    @PrimaryKey String id,
    String venueId,
    Instant startsAt,
    String title,
    @Index List<String> tags,
    BigDecimal price,
    int seats) {}
