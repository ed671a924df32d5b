package dev.tessera.it.multi;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;
import java.util.List;

/**
 * Version 1 of the handle entity: its handles are not indexed yet (version 2 makes them unique,
 * element by element).
 *
 * @param id the primary key
 * @param handles the handles, possibly repeated
 */
@Entity(name = "handle")
public record HandleV1(@PrimaryKey String id, List<String> handles) {}
