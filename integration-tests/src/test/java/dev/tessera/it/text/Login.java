package dev.tessera.it.text;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Normalize;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;

/**
 * A login with two unique names: one compared without regard to case, one without regard to case
 * and accents. Either may be null (then it is not indexed).
 *
 * @param id the primary key
 * @param name unique ignoring case
 * @param alias unique ignoring case and accents
 */
@Entity
public record Login(
    @PrimaryKey long id,
    @UniqueIndex(normalize = Normalize.CASE_INSENSITIVE) String name,
    @UniqueIndex(normalize = Normalize.CASE_AND_ACCENT_INSENSITIVE) String alias) {}
