package dev.tessera.it.jakarta;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.Normalize;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;
import java.time.Instant;
import java.util.List;

/**
 * A pass to an event, with one index of every kind a Jakarta Data interface ({@link Passes}) must
 * reach as the generated {@code PassRepository} does.
 *
 * @param id the primary key, a primitive {@code long}
 * @param eventId the event, leading field of the unique {@code (eventId, seat)} index
 * @param seat the seat within the event (primitive, so the unique index holds every pass)
 * @param venue the venue, leading field of the non-unique {@code (venue, startsAt)} index
 * @param startsAt when the event starts, possibly null (a non-unique index holds nulls)
 * @param tags labels, each element indexed (a multi-value index)
 * @param status the state, an enum index in declaration order
 * @param email the holder's address, a case-insensitive index
 */
@Entity(name = "jd_pass")
@UniqueIndex(fields = {"eventId", "seat"})
@Index(fields = {"venue", "startsAt"})
public record Pass(
    @PrimaryKey long id,
    String eventId,
    int seat,
    long venue,
    Instant startsAt,
    @Index List<String> tags,
    @Index PassStatus status,
    @Index(normalize = Normalize.CASE_INSENSITIVE) String email) {}
