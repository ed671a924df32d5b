/**
 * Internal to Tessera, not API: the store-contract rules every backend and the transaction view
 * share: the reserved key prefix, the listing cursor, the unsigned counter, key order. Used by the
 * runtime and Tessera's own modules (the etcd store, the command line); not exported by the
 * runtime's module, and may change in any release.
 */
package dev.tessera.internal.kv;
