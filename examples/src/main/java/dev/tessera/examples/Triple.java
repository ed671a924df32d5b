package dev.tessera.examples;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.KeyGeneration;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;

/**
 * One edge of a graph, {@code subject predicate object} ("antirez is-friend-of matteocollina"),
 * stored as a hexastore: the same triple under composite indexes in the orders the graph
 * questions need, each question one prefix scan.
 *
 * <ul>
 *   <li>{@code spo} (unique: a triple is stored once): what does S relate to by P ("all friends of
 *       antirez")?
 *   <li>{@code sop}: how is S related to O ("relations between antirez and matteocollina")?
 *   <li>{@code ops}: who relates to O by P ("who considers matteocollina a friend")?
 *   <li>{@code pos}: who has P to O ("who likes beer")?
 * </ul>
 *
 * @param id a generated ULID
 * @param subject the subject
 * @param predicate the relation
 * @param object the object
 */
@Entity
@UniqueIndex(name = "spo", fields = {"subject", "predicate", "object"})
@Index(name = "sop", fields = {"subject", "object", "predicate"})
@Index(name = "ops", fields = {"object", "predicate", "subject"})
@Index(name = "pos", fields = {"predicate", "object", "subject"})
public record Triple(
    @PrimaryKey(generate = KeyGeneration.ULID) String id,
    String subject,
    String predicate,
    String object) {

  /** A new triple; its id is generated on insert. */
  public static Triple of(String subject, String predicate, String object) {
    return new Triple(null, subject, predicate, object);
  }
}
