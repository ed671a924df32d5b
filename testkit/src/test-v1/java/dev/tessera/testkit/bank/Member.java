package dev.tessera.testkit.bank;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;
import java.util.List;

/**
 * A member of the simulation, with an index of every shape: unique (nullable), composite, and
 * multi-value.
 *
 * @param id the primary key
 * @param email unique; may be null (then not indexed)
 * @param city the composite index's first part; may be null
 * @param age the composite index's second part
 * @param tags a multi-value index: one entry per distinct tag
 */
@Entity(name = "sim_member")
@Index(name = "cityAge", fields = {"city", "age"})
public record Member(
    @PrimaryKey String id, @UniqueIndex String email, String city, int age, @Index List<String> tags) {}
