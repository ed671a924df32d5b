package dev.tessera.it.lifecycle;

import dev.tessera.annotations.DefaultValue;
import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;

/**
 * Version 2 of the member entity ({@link MemberV1} is version 1): the indexed points widened from
 * {@code int} to {@code double}, and an added, indexed tier that records of version 1 read as
 * {@code "basic"}.
 *
 * @param id the primary key
 * @param name not indexed
 * @param points indexed, widened to a floating-point type
 * @param tier added in this version, indexed
 */
@Entity(name = "club_member")
public record MemberV2(
    @PrimaryKey String id, String name, @Index double points, @Index @DefaultValue("basic") String tier) {}
