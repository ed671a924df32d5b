/**
 * Internal to Tessera, not API: primitives over the store that the write path and the index life
 * cycle share. {@code BatchWalk} walks a key range in batches that each fit one commit, halving a
 * batch the store refuses as too large ({@code BatchSize}); {@code RangeScan} reads a range in
 * bounded batches; {@code RecordCount} is an entity's sharded record count. Not exported by the
 * runtime's module, and may change in any release.
 */
package dev.tessera.internal.store;
