package dev.tessera.it.query;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;

/**
 * A shelf place, keyed by three components: building, room and slot.
 *
 * @param key where the place is
 * @param label what is stored there
 */
@Entity
public record Shelf(@PrimaryKey ShelfKey key, String label) {
  /**
   * The composite key.
   *
   * @param building the building name
   * @param room the room number
   * @param slot the slot within the room
   */
  public record ShelfKey(String building, int room, long slot) {}
}
