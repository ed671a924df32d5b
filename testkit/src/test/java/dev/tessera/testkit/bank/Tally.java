package dev.tessera.testkit.bank;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;
import java.util.ArrayList;
import java.util.List;

/**
 * A record of the simulation that several clients write at once: a ledger of effects, each a
 * unique id appended by one operation, so an operation applied twice or lost shows.
 *
 * @param id the primary key
 * @param holder a unique index that clients move between records; may be null
 * @param size a plain index: the number of effects
 * @param effects the effects appended, in order
 */
@Entity(name = "sim_tally")
public record Tally(@PrimaryKey String id, @UniqueIndex String holder, @Index long size, List<String> effects) {
  /** This tally with {@code effect} appended and its holder moved to {@code holder}. */
  public Tally append(String effect, String holder) {
    List<String> more = new ArrayList<>(effects);
    more.add(effect);
    return new Tally(id, holder, more.size(), more);
  }
}
