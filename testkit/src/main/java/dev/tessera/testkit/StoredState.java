package dev.tessera.testkit;

import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import java.util.Arrays;
import java.util.Collections;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * One committed state of a {@link SimulatedKvStore}: every entry, ordered by packed key (unsigned
 * bytes, as LMDB orders them), and the version of the commit that made it. Never changed once
 * published, so a snapshot is a reference to one. Immutable and thread-safe.
 */
final class StoredState {
  /** One stored entry: the key, the user's bytes (never handed out) and the versionstamp. */
  record Stored(Tuple key, byte[] value, Versionstamp stamp) {}

  static final StoredState EMPTY =
      new StoredState(new TreeMap<>(Arrays::compareUnsigned), 0);

  private final NavigableMap<byte[], Stored> entries;
  private final long version;

  private StoredState(NavigableMap<byte[], Stored> entries, long version) {
    this.entries = Collections.unmodifiableNavigableMap(entries);
    this.version = version;
  }

  /** The entries by packed key; unmodifiable. */
  NavigableMap<byte[], Stored> entries() {
    return entries;
  }

  /** The version of the last commit (0 for an empty store). */
  long version() {
    return version;
  }

  /** The entry under {@code packedKey}, or {@code null}. */
  Stored get(byte[] packedKey) {
    return entries.get(packedKey);
  }

  /** A copy of the entries, for a commit to change before it publishes them. */
  TreeMap<byte[], Stored> mutableCopy() {
    return new TreeMap<>(entries);
  }

  /** The state a commit of {@code version} leaves: {@code entries}, now owned by the state. */
  static StoredState of(TreeMap<byte[], Stored> entries, long version) {
    return new StoredState(entries, version);
  }
}
