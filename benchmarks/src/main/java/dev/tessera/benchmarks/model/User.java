package dev.tessera.benchmarks.model;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.Normalize;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;

/**
 * The one entity every contender stores: about 100 bytes of data, a unique case-insensitive email,
 * and two non-unique indexes. Tessera generates {@code UserRepository} from it; the other contenders
 * map it by hand to their own shapes.
 *
 * <p>Immutable, hence thread-safe.
 *
 * @param id the primary key
 * @param name a free-text name, in no index
 * @param email unique, compared without case
 * @param favoriteColor a non-unique index; the data set gives each colour about 50 users
 * @param age a non-unique index, queried by range
 */
@Entity
public record User(
    @PrimaryKey String id,
    String name,
    @UniqueIndex(normalize = Normalize.CASE_INSENSITIVE) String email,
    @Index String favoriteColor,
    @Index int age) {

  /** A copy with another email (moves the unique index entry). */
  public User withEmail(String newEmail) {
    return new User(id, name, newEmail, favoriteColor, age);
  }

  /** A copy with another name (touches no index). */
  public User withName(String newName) {
    return new User(id, newName, email, favoriteColor, age);
  }
}
