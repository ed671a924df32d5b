/**
 * Internal to Tessera, not API: what a transaction across repositories runs on. {@code
 * TransactionView} is the store a transaction's repositories read and write through (its own
 * writes overlaid on one snapshot, every read recorded as a check); {@code ViewOperation} collects
 * the writes, {@code MergedIterator} lists the overlay and the snapshot together in either
 * direction, and {@code RangeRead} turns a listing into range checks that fit a commit. Not
 * exported by the runtime's module, and may change in any release.
 */
package dev.tessera.internal.transaction;
