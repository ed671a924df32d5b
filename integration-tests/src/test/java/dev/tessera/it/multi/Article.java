package dev.tessera.it.multi;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.Normalize;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;
import java.util.List;

/**
 * An article with multi-value indexes: one entry per tag (case-insensitive), and one unique entry
 * per slug (no two articles share a slug).
 *
 * @param id the primary key
 * @param title not indexed
 * @param tags indexed element by element; may repeat a tag
 * @param slugs each slug unique across articles; one article may list a slug twice
 */
@Entity
public record Article(
    @PrimaryKey String id,
    String title,
    @Index(normalize = Normalize.CASE_INSENSITIVE) List<String> tags,
    @UniqueIndex List<String> slugs) {}
