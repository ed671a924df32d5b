package dev.tessera.it.decode;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The component types {@code Specimen} leaves out, for the decoding tests: the remaining boxed
 * primitives, {@code OffsetDateTime}, a {@code UUID} that is not the key, containers of them and
 * a primitive primary key.
 *
 * @param id a primitive primary key
 * @param small a boxed byte or null
 * @param shortValue a boxed short or null
 * @param letter a boxed char or null
 * @param weight a boxed float or null
 * @param at an offset date-time or null
 * @param reference a UUID or null
 * @param maybe an optional integer
 * @param tags a set of strings or null
 * @param counts a map of strings to longs or null
 * @param chunks a list of byte strings or null
 * @param name an indexed string or null
 */
@Entity
public record Assortment(
    @PrimaryKey long id,
    Byte small,
    Short shortValue,
    Character letter,
    Float weight,
    OffsetDateTime at,
    UUID reference,
    Optional<Integer> maybe,
    Set<String> tags,
    Map<String, Long> counts,
    List<byte[]> chunks,
    @Index String name) {}
