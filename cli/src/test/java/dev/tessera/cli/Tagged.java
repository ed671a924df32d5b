package dev.tessera.cli;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import java.util.List;

/**
 * An entity with a multi-value index: one entry per distinct tag.
 *
 * @param id the primary key
 * @param tags one index entry per tag
 */
@Entity
public record Tagged(@PrimaryKey int id, @Index List<String> tags) {}
