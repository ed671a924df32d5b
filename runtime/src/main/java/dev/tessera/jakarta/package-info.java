/**
 * What code generated for Jakarta Data 1.0 {@code @Repository} interfaces calls: the translation
 * of Tessera's exceptions and query results into the contracts of {@code jakarta.data}. Only that
 * generated code uses this package, so {@code jakarta.data-api} is an optional dependency of the
 * runtime: applications without Jakarta Data never load it.
 */
package dev.tessera.jakarta;
