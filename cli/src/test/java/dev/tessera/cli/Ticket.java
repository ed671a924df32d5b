package dev.tessera.cli;

import dev.tessera.annotations.DefaultValue;
import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.Normalize;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.Renamed;
import dev.tessera.annotations.SpatialIndex;
import dev.tessera.annotations.UniqueIndex;
import java.util.List;

/**
 * A ticket after its entity evolved from {@link TicketV1}: a currency added with a default and an
 * index, the e-mail renamed. Every kind of index the catalog derives: unique composite, enum,
 * spatial, multi-value, case-insensitive and one over a field added with a default.
 *
 * @param id the primary key
 * @param eventId with {@code seat}, unique
 * @param seat the seat
 * @param email the buyer's e-mail, indexed case-insensitively (stored as {@code mail} before)
 * @param status indexed by declaration order
 * @param tags one index entry per distinct tag
 * @param x with {@code y}, a spatial index
 * @param y the second coordinate
 * @param currency added later: records stored before read {@code "EUR"}
 */
@Entity(name = "ticket")
@UniqueIndex(fields = {"eventId", "seat"})
@SpatialIndex(fields = {"x", "y"})
public record Ticket(
    @PrimaryKey long id,
    String eventId,
    int seat,
    @Renamed(from = "mail") @Index(normalize = Normalize.CASE_INSENSITIVE) String email,
    @Index TicketStatus status,
    @Index List<String> tags,
    double x,
    double y,
    @DefaultValue("EUR") @Index String currency) {}
