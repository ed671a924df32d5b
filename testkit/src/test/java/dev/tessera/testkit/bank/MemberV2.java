package dev.tessera.testkit.bank;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;
import java.util.List;

/**
 * The second version of {@link Member}: the same entity and components, and one index more (on
 * {@code age}), which a process opening it builds online while its writers go on.
 *
 * @param id the primary key
 * @param email unique; may be null
 * @param city the composite index's first part; may be null
 * @param age the composite index's second part, and an index of its own
 * @param tags a multi-value index
 */
@Entity(name = "sim_member")
@Index(name = "cityAge", fields = {"city", "age"})
public record MemberV2(
    @PrimaryKey String id, @UniqueIndex String email, String city, @Index int age,
    @Index List<String> tags) {

  /** This member as the first version's record. */
  Member asMember() {
    return new Member(id, email, city, age, tags);
  }

  /** {@code member} as this version's record. */
  static MemberV2 of(Member member) {
    return new MemberV2(member.id(), member.email(), member.city(), member.age(), member.tags());
  }
}
