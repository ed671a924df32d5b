/**
 * Internal to Tessera, not API: the write path. {@code RecordWriter} plans and commits inserts,
 * updates, deletes and saves with their index entries, unique checks and record count; {@code
 * RecordLayout} encodes records and keys; {@code BulkDelete} deletes in bounded batches;
 * {@code MonotonicUlidGenerator} generates ULID keys. Not exported by the runtime's
 * module, and may change in any release.
 */
package dev.tessera.internal.write;
