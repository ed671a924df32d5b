package dev.tessera.testkit.sim;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.Codecs;
import dev.tessera.mapping.GeneratedMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.repository.EntityRepository;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.repository.Transaction;
import dev.tessera.tuple.Tuple;
import java.util.List;
import java.util.Optional;

/**
 * Version 2 of the loan entity, as the next release of an application would compile it: the same
 * stored shape as {@link SimLoanRepository}, plus a unique index on the book. Written by hand
 * because the processor refuses two entities of one name in one compilation; it mirrors what the
 * processor generates.
 */
public final class SimLoanV2Repository extends EntityRepository<SimLoan, String> {
  /** The unique index version 2 adds: a book is lent once at a time. */
  public static final IndexDefinition<SimLoan> BY_BOOK = new IndexDefinition<>("book",
      "sim_loan_by_book", true, List.of("book"), loan -> Tuple.of(loan.book()),
      "unique(book:STRING)/NONE");

  /** Opens version 2 over {@code store}: the book index is built as {@code options} say. */
  public SimLoanV2Repository(KvStore store, RepositoryOptions options) {
    super(store, new Mapping(), options);
  }

  private SimLoanV2Repository(SimLoanV2Repository repository, Transaction tx) {
    super(repository, tx);
  }

  /** This repository bound to {@code tx}. */
  public SimLoanV2Repository in(Transaction tx) {
    return new SimLoanV2Repository(this, tx);
  }

  /** The loan of {@code book}, if any. */
  public Optional<SimLoan> findByBook(String book) {
    return findByUnique(BY_BOOK, Tuple.of(book));
  }

  /** The loans of {@code memberId}. */
  public List<SimLoan> findByMemberId(String memberId) {
    return findByIndex(SimLoanRepository.BY_MEMBER_ID, Tuple.of(memberId));
  }

  private static final class Mapping extends GeneratedMapping<SimLoan, String> {
    Mapping() {
      super(SimLoanRepository.ENTITY_NAME, SimLoan.class, "id", KeyGeneration.NONE,
          SimLoanRepository.SCHEMA, List.of(SimLoanRepository.BY_MEMBER_ID, BY_BOOK));
    }

    @Override
    public String idOf(SimLoan entity) {
      return entity.id();
    }

    @Override
    public SimLoan withId(SimLoan entity, String id) {
      return new SimLoan(id, entity.memberId(), entity.book());
    }

    @Override
    public Tuple keyParts(String id) {
      return Tuple.of(Codecs.STRING.encode(id));
    }

    @Override
    public String idFromKeyParts(Tuple parts) {
      return Codecs.STRING.decode(parts.get(0));
    }

    @Override
    public byte[] encode(SimLoan entity) {
      return Tuple.of(SimLoanRepository.SCHEMA_ID, Codecs.STRING.encode(entity.id()),
          Codecs.STRING.encode(entity.memberId()), Codecs.STRING.encode(entity.book())).pack();
    }

    @Override
    public SimLoan decode(Tuple record) {
      return new SimLoan(Codecs.STRING.decode(record.get(1)), Codecs.STRING.decode(record.get(2)),
          Codecs.STRING.decode(record.get(3)));
    }
  }
}
