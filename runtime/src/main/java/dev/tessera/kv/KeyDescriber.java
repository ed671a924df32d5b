package dev.tessera.kv;

import dev.tessera.tuple.Tuple;
import java.util.List;

/**
 * How a message names a key. Keys start with the small integer id the store's catalog assigned to
 * an entity or index, so a key alone reads {@code (2, "a9@x.com")}; a describer that knows the
 * catalog names its subspace and labels its parts: {@code unique index 'email' of entity
 * 'ticket'} and {@code (email: "a9@x.com")}. The store layer knows no names and renders keys with
 * {@link #tuples()}; the repository layer, which reads the catalog, renames the store's exceptions
 * ({@link KeyedFailure#withNames}), so every message a user reads names entities and indexes.
 *
 * <p>Implementations are immutable and thread-safe.
 */
public interface KeyDescriber {
  /**
   * What the subspace of {@code key} holds, e.g. {@code entity 'ticket'}, {@code unique index
   * 'email' of entity 'ticket'} or {@code index 'status' of entity 'ticket'}; {@code null} when
   * the describer does not know it.
   *
   * @param key the key, or a prefix of one
   * @return the subspace's description, or {@code null}
   */
  String subspace(Tuple key);

  /**
   * The parts of {@code key} after its subspace, labelled with the fields they hold, e.g. {@code
   * (email: "a9@x.com")}; the whole key as a tuple when {@link #subspace} is {@code null}.
   *
   * @param key the key, or a prefix of one
   * @return the labelled parts
   */
  String parts(Tuple key);

  /**
   * {@return the entity whose record or index entry {@code key} (or a prefix of one) is, or {@code
   * null}}
   *
   * @param key the key, or a prefix of one
   */
  default String entity(Tuple key) {
    return null;
  }

  /**
   * {@return true if {@code key} (or a prefix of one) lies among an entity's records}
   *
   * @param key the key, or a prefix of one
   */
  default boolean isRecord(Tuple key) {
    return false;
  }

  /**
   * The lead of a message about {@code key}: {@code "unique index 'email' of entity 'ticket': "},
   * or nothing when the subspace is not known.
   *
   * @param key the key, or {@code null}
   * @return the lead, or the empty string
   */
  default String lead(Tuple key) {
    String subspace = key == null ? null : subspace(key);
    return subspace == null ? "" : subspace + ": ";
  }

  /**
   * {@code key} named in full, for lists of keys: {@code unique index 'email' of entity 'ticket'
   * (email: "a9@x.com")}, or the key as a tuple.
   *
   * @param key the key, or {@code null} (described as {@code "null"})
   * @return the key's description
   */
  default String describe(Tuple key) {
    if (key == null) {
      return "null";
    }
    String subspace = subspace(key);
    return subspace == null ? parts(key) : subspace + " " + parts(key);
  }

  /**
   * {@return the describer that knows no names: every key reads as its tuple, e.g. {@code (2,
   * "a9@x.com")}}
   */
  static KeyDescriber tuples() {
    return KeyPreview.TUPLES;
  }

  /**
   * The parts of {@code key} from {@code from} on, each led by its label while labels last, as
   * {@code (email: "a9@x.com", id: 42)}, cut after about 120 characters: the one rendering of key
   * parts in messages.
   *
   * @param key the key
   * @param from the index of the first part to render
   * @param labels the labels of the parts from {@code from} on, possibly fewer than the parts
   * @return the rendered parts
   */
  static String labelled(Tuple key, int from, List<String> labels) {
    return KeyPreview.of(key, from, labels);
  }
}
