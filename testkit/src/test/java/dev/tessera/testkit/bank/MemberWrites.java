package dev.tessera.testkit.bank;

import dev.tessera.repository.IndexAdmin;
import dev.tessera.repository.Transaction;
import dev.tessera.repository.Versioned;
import dev.tessera.tuple.Versionstamp;
import java.util.List;
import java.util.Optional;

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
    };
  }
}
