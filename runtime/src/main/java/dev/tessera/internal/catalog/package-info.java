/**
 * Internal to Tessera, not API: the store's catalog: schemas, index entries, fences and duplicate
 * markers, and reading records without the application's classes. Used by the runtime and
 * Tessera's own modules (the etcd store, the command line); not exported by the runtime's module,
 * and may change in any release.
 */
package dev.tessera.internal.catalog;
