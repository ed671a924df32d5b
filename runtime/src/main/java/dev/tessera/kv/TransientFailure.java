package dev.tessera.kv;

/**
 * Marks a store failure that may pass: the same work, begun again from a fresh snapshot, may
 * succeed (a snapshot the store compacted away, a member that did not answer, a commit whose outcome
 * is unknown: beginning again reads what the commit did). Background work waits after such a
 * failure and goes on (an online index build resumes from its cursor); other failures stop it. A
 * backend's exceptions implement it where that holds; the etcd store's {@code
 * SnapshotCompactedException}, {@code EtcdUnavailableException} and {@code
 * CommitOutcomeUnknownException} do.
 */
public interface TransientFailure {}
