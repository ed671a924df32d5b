/**
 * Internal to Tessera, not API: reading stored values without the application's classes, and
 * translating older stored shapes. Used by the runtime and Tessera's own modules (the etcd store,
 * the command line); not exported by the runtime's module, and may change in any release.
 */
package dev.tessera.internal.mapping;
