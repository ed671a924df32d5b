package dev.tessera.it.multi;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;
import java.util.List;

/**
 * Version 1 of the tagged entity: its tags are not indexed yet ({@code TaggedV2} indexes them).
 *
 * @param id the primary key
 * @param tags the tags
 */
@Entity(name = "tagged")
public record TaggedV1(@PrimaryKey String id, List<Integer> tags) {}
