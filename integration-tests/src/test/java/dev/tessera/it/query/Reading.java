package dev.tessera.it.query;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;
import java.math.BigInteger;
import java.time.Instant;

/**
 * One index per orderable kind the query tests cover: numbers (both sides of zero), a big
 * integer, a time, an enum, and a unique number.
 *
 * @param id the primary key
 * @param small an int
 * @param large a long
 * @param ratio a double
 * @param huge a big integer
 * @param at an instant
 * @param level an enum
 * @param serial unique
 */
@Entity
public record Reading(
    @PrimaryKey long id,
    @Index int small,
    @Index long large,
    @Index double ratio,
    @Index BigInteger huge,
    @Index Instant at,
    @Index Level level,
    @UniqueIndex long serial) {}
