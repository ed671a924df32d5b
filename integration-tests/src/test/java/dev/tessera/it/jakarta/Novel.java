package dev.tessera.it.jakarta;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.Normalize;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;

/**
 * A novel, queried through the method names of {@link Novels}.
 *
 * @param isbn the primary key
 * @param title the title
 * @param author the author, with the year the second field of an index
 * @param year the year of publication
 * @param code a unique shelf code, compared ignoring case
 * @param series the series it belongs to, or null
 */
@Entity(name = "jd_novel")
@Index(fields = {"author", "year"})
public record Novel(
    @PrimaryKey String isbn,
    String title,
    String author,
    int year,
    @UniqueIndex(normalize = Normalize.CASE_INSENSITIVE) String code,
    @Index String series) {}
