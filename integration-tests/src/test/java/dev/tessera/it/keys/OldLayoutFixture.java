package dev.tessera.it.keys;

import dev.tessera.it.Place;
import dev.tessera.it.PlaceRepository;
import dev.tessera.kv.KvStore;
import dev.tessera.repository.UniqueConstraintViolationException;
import java.util.Random;

/**
 * The writes behind {@code old-layout-store.zip}, a store written by the Tessera version whose keys
 * started with entity and index names: exhibits (unique, non-unique, composite, normalised,
 * multi-value indexes, nulls) inserted, updated and deleted, and places in a spatial index. The
 * same writes on a current store give what a migrated copy of the fixture must hold.
 */
final class OldLayoutFixture {
  static final int EXHIBITS = 40;
  static final int PLACES = 30;

  private OldLayoutFixture() {}

  /** Makes the fixture's writes on {@code store}, deterministically. */
  static void write(KvStore store) {
    ExhibitRepository exhibits = new ExhibitRepository(store);
    Random random = new Random(2026);
    for (int id = 1; id <= EXHIBITS; id++) {
      try {
        exhibits.insert(Exhibits.random(id, random));
      } catch (UniqueConstraintViolationException taken) {
        // the draw repeats a unique value: the store keeps the first holder
      }
    }
    for (int id = 1; id <= EXHIBITS; id += 7) {
      if (exhibits.existsById((long) id)) {
        try {
          exhibits.update(Exhibits.random(id, random));
        } catch (UniqueConstraintViolationException taken) {
          // as above
        }
      }
    }
    for (int id = 3; id <= EXHIBITS; id += 11) {
      exhibits.delete((long) id);
    }
    PlaceRepository places = new PlaceRepository(store);
    for (int i = 0; i < PLACES; i++) {
      places.insert(new Place("p" + i, (i * 37) % 21 - 10, (i * 53) % 17 - 8,
          i % 4 == 0 ? null : "place " + i));
    }
  }
}
