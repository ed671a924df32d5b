/**
 * Typed queries over secondary indexes: exact values, ranges and string prefixes on an index's
 * components, in key order or reverse, with limits and page cursors. Every query is an index key
 * range scan followed by one multi-get of the records in the same snapshot.
 *
 * <p>Users meet {@link dev.tessera.query.Query} through a generated repository's {@code byX()}
 * methods; {@link dev.tessera.query.IndexQuery} builds the key ranges, {@link
 * dev.tessera.query.IndexQueryStage} is the base of the generated typed stages.
 */
package dev.tessera.query;
