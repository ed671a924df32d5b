package dev.tessera.kv.lmdb;

import dev.tessera.tuple.Versionstamp;

/**
 * A picture of an {@link LmdbKvStore}'s file and B-tree at one moment, for operators: what the
 * {@code tessera info} and {@code tessera stats} commands print. Immutable and thread-safe.
 *
 * @param fileBytes the size of {@code data.mdb} on disk
 * @param mapSize the LMDB map size of this process
 * @param usedBytes the bytes of the pages in use up to the last one written (page size times pages)
 * @param pageSize the LMDB page size
 * @param depth the depth of the B-tree holding the user entries
 * @param branchPages its branch (internal) pages
 * @param leafPages its leaf pages
 * @param overflowPages its overflow pages (values larger than a page share)
 * @param entries the number of entries in it (records, index entries and catalog entries)
 * @param readersInUse the reader slots in use by every process that has the store open
 * @param maxReaders the reader slots of the store
 * @param lastVersionstamp the versionstamp of the last commit ({@code null} for a store never written)
 */
public record StoreStatistics(
    long fileBytes,
    long mapSize,
    long usedBytes,
    int pageSize,
    int depth,
    long branchPages,
    long leafPages,
    long overflowPages,
    long entries,
    int readersInUse,
    int maxReaders,
    Versionstamp lastVersionstamp) {}
