package dev.tessera.it.query;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;

/**
 * A manuscript with composite indexes that mix a nullable and a primitive component: each index
 * holds nulls (for its nullable field), but its primitive field is never null.
 *
 * @param id the primary key
 * @param genre the genre, or null
 * @param pages the page count, primitive
 * @param chapters the number of chapters, or null
 */
@Entity
@Index(fields = {"genre", "pages"})
@Index(fields = {"pages", "chapters"})
public record Manuscript(@PrimaryKey long id, Genre genre, int pages, Integer chapters) {}
