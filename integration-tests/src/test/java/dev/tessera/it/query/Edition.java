package dev.tessera.it.query;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;
import java.time.LocalDate;

/**
 * A book edition whose indexed fields may be null: a title not yet known, a shelf not yet given,
 * a publication date not yet set, an ISBN not yet assigned (unique, so records without one are
 * left out of its index); and a primitive page count, which is never null.
 *
 * @param id the primary key
 * @param isbn unique when present
 * @param title the title, or null
 * @param shelf the shelf, or null
 * @param published the publication date, or null
 * @param pages the page count
 */
@Entity
@Index(fields = {"shelf", "published"})
public record Edition(
    @PrimaryKey long id,
    @UniqueIndex String isbn,
    @Index String title,
    Integer shelf,
    LocalDate published,
    @Index int pages) {}
