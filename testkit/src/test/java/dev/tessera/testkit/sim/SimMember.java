package dev.tessera.testkit.sim;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;
import java.util.List;

/**
 * A member of the simulation: a unique index, a nullable plain index, a composite index and a
 * multi-value index.
 *
 * @param id the primary key
 * @param email unique
 * @param tier indexed, may be null
 * @param name the composite index's second part
 * @param tags one index entry per distinct tag
 */
@Entity(name = "sim_member")
@Index(fields = {"tier", "name"})
public record SimMember(
    @PrimaryKey String id,
    @UniqueIndex String email,
    @Index String tier,
    String name,
    @Index List<String> tags) {}
