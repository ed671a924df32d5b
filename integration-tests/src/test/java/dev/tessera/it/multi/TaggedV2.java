package dev.tessera.it.multi;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import java.util.List;

/**
 * Version 2 of the tagged entity ({@link TaggedV1} is version 1): indexes its tags, one entry per
 * distinct tag, so opening it over version 1's records builds the index.
 *
 * @param id the primary key
 * @param tags the tags, indexed
 */
@Entity(name = "tagged")
public record TaggedV2(@PrimaryKey String id, @Index List<Integer> tags) {}
