package dev.tessera.testkit.bank;

import dev.tessera.query.Query;
import dev.tessera.repository.IndexAdmin;
import dev.tessera.repository.Transaction;
import dev.tessera.repository.Versioned;
import dev.tessera.tuple.Versionstamp;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What a member writer of the simulation does, on either version of the member repository, in
 * terms of {@link Member}: a process of the first version and one of the second run the same
 * clients. Thread-safety is the repository's.
 */
interface MemberWrites {
  void insert(Member member);

  void update(Member member);

  void update(Member member, Versionstamp expected);

  void save(Member member);

  boolean delete(String id);

  Optional<Versioned<Member>> findVersionedById(String id);

  long deleteAllInCity(String city);

  long deleteAllById(List<String> ids);

  IndexAdmin indexAdmin();

  /** The same repository bound to {@code tx}. */
  MemberWrites in(Transaction tx);

  Optional<Member> findById(String id);

  /** The members of {@code city} in index order (age, then id), or reversed. */
  List<Member> inCity(String city, boolean reverse);

  /** The members whose id starts with {@code prefix}, in key order or reversed. */
  List<Member> idsStartingWith(String prefix, boolean reverse);

  /** How a range query bounds its component, and which values it matches. */
  enum Bound {
    BETWEEN, GREATER_THAN, AT_LEAST, LESS_THAN, AT_MOST;

    /**
     * This range as a query of one stage, from its range methods ({@code to} is read by {@link
     * #BETWEEN} only).
     */
    <V, Q> Q of(V from, V to, BiFunction<V, V, Q> between, Function<V, Q> greaterThan,
        Function<V, Q> atLeast, Function<V, Q> lessThan, Function<V, Q> atMost) {
      return switch (this) {
        case BETWEEN -> between.apply(from, to);
        case GREATER_THAN -> greaterThan.apply(from);
        case AT_LEAST -> atLeast.apply(from);
        case LESS_THAN -> lessThan.apply(from);
        case AT_MOST -> atMost.apply(from);
      };
    }

    /** Whether {@code value} is in the range ({@code to} is read by {@link #BETWEEN} only). */
    <V extends Comparable<V>> boolean holds(V value, V from, V to) {
      int c = value.compareTo(from);
      return switch (this) {
        case BETWEEN -> c >= 0 && value.compareTo(to) <= 0;
        case GREATER_THAN -> c > 0;
        case AT_LEAST -> c >= 0;
        case LESS_THAN -> c < 0;
        case AT_MOST -> c <= 0;
      };
    }
  }

  /** {@code byId()} over the range {@code bound} says, in key order. */
  Query<Member> ids(Bound bound, String from, String to);

  /** {@code byCityAge().equalTo(city)} then the range {@code bound} says on age. */
  Query<Member> cityAges(String city, Bound bound, int from, int to);

  /** {@code byCityAge().equalTo(city).in(ages)}. */
  Query<Member> cityAgesIn(String city, int... ages);

  /** {@code byCityAge().in(cities)}. */
  Query<Member> citiesIn(String... cities);

  /** {@code byCityAge().startsWith(prefix)}. */
  Query<Member> citiesStartingWith(String prefix);

  /** {@code byCityAge().isNull()}: the members without a city. */
  Query<Member> withoutCity();

  /** {@code byEmail().startsWith(prefix)}. */
  Query<Member> emailsStartingWith(String prefix);

  /** {@code byTags().equalTo(tag)}. */
  Query<Member> tagged(String tag);

  /** {@code byAge()} over the range {@code bound} says; empty on the first version (no such index). */
  Optional<Query<Member>> ages(Bound bound, int from, int to);

  /** {@code byAge().in(ages)}; empty on the first version. */
  Optional<Query<Member>> agesIn(int... ages);

  /** The first version's repository. */
  static MemberWrites of(MemberRepository members) {
    return new MemberWrites() {
      @Override
      public void insert(Member member) {
        members.insert(member);
      }

      @Override
      public void update(Member member) {
        members.update(member);
      }

      @Override
      public void update(Member member, Versionstamp expected) {
        members.update(member, expected);
      }

      @Override
      public void save(Member member) {
        members.save(member);
      }

      @Override
      public boolean delete(String id) {
        return members.delete(id);
      }

      @Override
      public Optional<Versioned<Member>> findVersionedById(String id) {
        return members.findVersionedById(id);
      }

      @Override
      public long deleteAllInCity(String city) {
        return members.deleteAll(members.byCityAge().equalTo(city));
      }

      @Override
      public long deleteAllById(List<String> ids) {
        return members.deleteAllById(ids);
      }

      @Override
      public IndexAdmin indexAdmin() {
        return members.indexAdmin();
      }

      @Override
      public MemberWrites in(Transaction tx) {
        return of(members.in(tx));
      }

      @Override
      public Optional<Member> findById(String id) {
        return members.findById(id);
      }

      @Override
      public List<Member> inCity(String city, boolean reverse) {
        var query = members.byCityAge().equalTo(city);
        return (reverse ? query.reverse() : query).list();
      }

      @Override
      public List<Member> idsStartingWith(String prefix, boolean reverse) {
        var query = members.byId().startsWith(prefix);
        return (reverse ? query.reverse() : query).list();
      }
      @Override
      public Query<Member> ids(Bound bound, String from, String to) {
        var ids = members.byId();
        return bound.of(from, to, ids::between, ids::greaterThan, ids::atLeast, ids::lessThan,
            ids::atMost);
      }

      @Override
      public Query<Member> cityAges(String city, Bound bound, int from, int to) {
        var ages = members.byCityAge().equalTo(city);
        return bound.of(from, to, ages::between, ages::greaterThan, ages::atLeast, ages::lessThan,
            ages::atMost);
      }

      @Override
      public Query<Member> cityAgesIn(String city, int... ages) {
        return members.byCityAge().equalTo(city).in(ages);
      }

      @Override
      public Query<Member> citiesIn(String... cities) {
        return members.byCityAge().in(cities);
      }

      @Override
      public Query<Member> citiesStartingWith(String prefix) {
        return members.byCityAge().startsWith(prefix);
      }

      @Override
      public Query<Member> withoutCity() {
        return members.byCityAge().isNull();
      }

      @Override
      public Query<Member> emailsStartingWith(String prefix) {
        return members.byEmail().startsWith(prefix);
      }

      @Override
      public Query<Member> tagged(String tag) {
        return members.byTags().equalTo(tag);
      }

      @Override
      public Optional<Query<Member>> ages(Bound bound, int from, int to) {
        return Optional.empty();
      }

      @Override
      public Optional<Query<Member>> agesIn(int... ages) {
        return Optional.empty();
      }
    };
  }

  /** The second version's repository. */
  static MemberWrites of(MemberV2Repository members) {
    return new MemberWrites() {
      @Override
      public void insert(Member member) {
        members.insert(MemberV2.of(member));
      }

      @Override
      public void update(Member member) {
        members.update(MemberV2.of(member));
      }

      @Override
      public void update(Member member, Versionstamp expected) {
        members.update(MemberV2.of(member), expected);
      }

      @Override
      public void save(Member member) {
        members.save(MemberV2.of(member));
      }

      @Override
      public boolean delete(String id) {
        return members.delete(id);
      }

      @Override
      public Optional<Versioned<Member>> findVersionedById(String id) {
        return members.findVersionedById(id)
            .map(v -> new Versioned<>(v.value().asMember(), v.versionstamp()));
      }

      @Override
      public long deleteAllInCity(String city) {
        return members.deleteAll(members.byCityAge().equalTo(city));
      }

      @Override
      public long deleteAllById(List<String> ids) {
        return members.deleteAllById(ids);
      }

      @Override
      public IndexAdmin indexAdmin() {
        return members.indexAdmin();
      }

      @Override
      public MemberWrites in(Transaction tx) {
        return of(members.in(tx));
      }

      @Override
      public Optional<Member> findById(String id) {
        return members.findById(id).map(MemberV2::asMember);
      }

      @Override
      public List<Member> inCity(String city, boolean reverse) {
        var query = members.byCityAge().equalTo(city);
        return (reverse ? query.reverse() : query).list().stream().map(MemberV2::asMember).toList();
      }

      @Override
      public List<Member> idsStartingWith(String prefix, boolean reverse) {
        var query = members.byId().startsWith(prefix);
        return (reverse ? query.reverse() : query).list().stream().map(MemberV2::asMember).toList();
      }
      @Override
      public Query<Member> ids(Bound bound, String from, String to) {
        var ids = members.byId();
        return asMembers(bound.of(from, to, ids::between, ids::greaterThan, ids::atLeast,
            ids::lessThan, ids::atMost));
      }

      @Override
      public Query<Member> cityAges(String city, Bound bound, int from, int to) {
        var ages = members.byCityAge().equalTo(city);
        return asMembers(bound.of(from, to, ages::between, ages::greaterThan, ages::atLeast,
            ages::lessThan, ages::atMost));
      }

      @Override
      public Query<Member> cityAgesIn(String city, int... ages) {
        return asMembers(members.byCityAge().equalTo(city).in(ages));
      }

      @Override
      public Query<Member> citiesIn(String... cities) {
        return asMembers(members.byCityAge().in(cities));
      }

      @Override
      public Query<Member> citiesStartingWith(String prefix) {
        return asMembers(members.byCityAge().startsWith(prefix));
      }

      @Override
      public Query<Member> withoutCity() {
        return asMembers(members.byCityAge().isNull());
      }

      @Override
      public Query<Member> emailsStartingWith(String prefix) {
        return asMembers(members.byEmail().startsWith(prefix));
      }

      @Override
      public Query<Member> tagged(String tag) {
        return asMembers(members.byTags().equalTo(tag));
      }

      @Override
      public Optional<Query<Member>> ages(Bound bound, int from, int to) {
        var ages = members.byAge();
        return Optional.of(asMembers(bound.of(from, to, ages::between, ages::greaterThan, ages::atLeast,
            ages::lessThan, ages::atMost)));
      }

      @Override
      public Optional<Query<Member>> agesIn(int... ages) {
        return Optional.of(asMembers(members.byAge().in(ages)));
      }
    };
  }

  private static Query<Member> asMembers(Query<MemberV2> query) {
    return new MappedQuery<>(query, MemberV2::asMember);
  }
}
