/**
 * Internal to Tessera, not API: the index life cycle. {@code IndexLifecycle} reconciles declared
 * indexes with the catalog and runs background work; {@code IndexBuilder} builds and clears indexes
 * online; {@code IndexVerifier} verifies and repairs them (quarantining records that do not
 * decode); {@code IndexModes} says which indexes a write maintains and which a query may read;
 * {@code IndexWrite}, {@code IndexEntry}, {@code IndexDiff} and {@code UniqueClaim} derive and write
 * the entries of one record, and {@code IndexInputs} tells from the bytes when an update keeps
 * them all. Not exported by the runtime's module, and may change in any release.
 */
package dev.tessera.internal.index;
