package dev.tessera.cli;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A record with most kinds of component, so the command line's generic decoding meets them all.
 *
 * @param id the primary key
 * @param name a plain string
 * @param email unique
 * @param age non-unique
 * @param tags a list
 * @param joined an instant
 * @param address a nested record
 * @param nickname an optional
 */
@Entity
public record Person(
    @PrimaryKey long id,
    String name,
    @UniqueIndex String email,
    @Index int age,
    List<String> tags,
    Instant joined,
    Address address,
    Optional<String> nickname) {

  /**
   * A nested record.
   *
   * @param city the city
   * @param zip the postal code
   */
  public record Address(String city, String zip) {}
}
