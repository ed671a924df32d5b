package dev.tessera.query.spatial;

/**
 * A contiguous run of Z-order codes, both ends inclusive: every point whose code lies between
 * {@code first} and {@code last} (unsigned byte order). The arrays are not copied; they belong to
 * the range.
 *
 * @param first the smallest code in the range
 * @param last the largest code in the range
 */
record ZRange(byte[] first, byte[] last) {}
