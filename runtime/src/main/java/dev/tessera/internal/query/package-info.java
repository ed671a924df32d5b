/**
 * Internal to Tessera, not API: how queries read and page: {@code RecordQueries} (a repository's
 * reads by key and by unique index), batched reads over snapshots, page assembly. Used by the runtime and Tessera's own modules (the etcd store, the command line); not
 * exported by the runtime's module, and may change in any release.
 */
package dev.tessera.internal.query;
