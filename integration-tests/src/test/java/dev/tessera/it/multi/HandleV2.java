package dev.tessera.it.multi;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;
import java.util.List;

/**
 * Version 2 of the handle entity ({@link HandleV1} is version 1): each handle is unique across
 * records, so opening it over version 1's records builds a unique multi-value index.
 *
 * @param id the primary key
 * @param handles the handles, each unique across records
 */
@Entity(name = "handle")
public record HandleV2(@PrimaryKey String id, @UniqueIndex List<String> handles) {}
