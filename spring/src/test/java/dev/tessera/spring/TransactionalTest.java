package dev.tessera.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.repository.ReadOnlyTransactionException;
import dev.tessera.repository.TransactionConflictException;
import dev.tessera.repository.Transactions;
import dev.tessera.kv.KvStore;
import dev.tessera.spring.tickets.BoxOffice;
import dev.tessera.spring.tickets.Event;
import dev.tessera.spring.tickets.Events;
import dev.tessera.spring.tickets.SoldOutException;
import dev.tessera.spring.tickets.Ticket;
import dev.tessera.spring.tickets.TicketRepository;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.UnexpectedRollbackException;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * {@code @Transactional} through Spring injection on real LMDB: a service over an injected Jakarta
 * Data interface and a generated repository bean runs in one Tessera transaction.
 */
class TransactionalTest {
  @TempDir Path dir;

  private ApplicationContextRunner runner() {
    return new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(TesseraAutoConfiguration.class))
        .withBean(BoxOffice.class)
        .withPropertyValues("tessera.path=" + dir, "tessera.durability=NO_SYNC");
  }

  @Test
  void theStarterRegistersTheTransactionManager() {
    runner().run(context -> {
      assertThat(context).hasNotFailed().hasSingleBean(PlatformTransactionManager.class);
      assertThat(context.getBean(PlatformTransactionManager.class))
          .isInstanceOfSatisfying(TesseraTransactionManager.class,
              manager -> assertThat(manager.store()).isSameAs(context.getBean(KvStore.class)));
    });
  }

  @Test
  void anApplicationsOwnTransactionManagerWins() {
    runner().withBean("mine", PlatformTransactionManager.class, OtherTransactionManager::new)
        .run(context -> assertThat(context).hasNotFailed()
            .hasSingleBean(PlatformTransactionManager.class).hasBean("mine"));
  }

  @Test
  void aTransactionalMethodReadsThenWritesTwoRepositoriesInOneCommit() {
    runner().run(context -> {
      Events events = context.getBean(Events.class);
      TicketRepository tickets = context.getBean(TicketRepository.class);
      BoxOffice office = context.getBean(BoxOffice.class);
      events.insert(new Event("e1", 2));
      long before = tickets.count();

      Ticket ticket = office.buy("e1", "t1", () -> {
        KvStore store = context.getBean(KvStore.class);
        assertThat(Transactions.current(store)).as("the method runs in a Tessera transaction").isPresent();
      });

      assertThat(ticket).isEqualTo(new Ticket("t1", "e1"));
      assertThat(events.findById("e1")).contains(new Event("e1", 1));
      assertThat(tickets.count()).isEqualTo(before + 1);
      assertThat(office.ticketsOf("e1")).containsExactly(ticket);
    });
  }

  @Test
  void writesAreInvisibleOutsideUntilTheMethodReturns() {
    runner().run(context -> {
      Events events = context.getBean(Events.class);
      TicketRepository tickets = context.getBean(TicketRepository.class);
      events.insert(new Event("e1", 2));
      context.getBean(BoxOffice.class).buy("e1", "t1", () -> {});
      context.getBean(BoxOffice.class).buy("e1", "t2", () ->
          assertThat(Transactions.outside(() -> tickets.findById("t1"))).isPresent());
      assertThat(tickets.findByEventId("e1")).extracting(Ticket::id).containsExactly("t1", "t2");
    });
  }

  @Test
  void anExceptionInTheMethodWritesNothing() {
    runner().run(context -> {
      Events events = context.getBean(Events.class);
      TicketRepository tickets = context.getBean(TicketRepository.class);
      events.insert(new Event("e1", 2));

      assertThatThrownBy(() -> context.getBean(BoxOffice.class).buyThenFail("e1", "t1"))
          .isInstanceOf(IllegalStateException.class).hasMessage("payment refused");

      assertThat(events.findById("e1")).contains(new Event("e1", 2));
      assertThat(tickets.findById("t1")).isEmpty();
      assertThat(tickets.count()).isZero();
    });
  }

  @Test
  void aReadOnlyTransactionRefusesWritesAndWritesNothing() {
    runner().run(context -> {
      assertThatThrownBy(() -> context.getBean(BoxOffice.class).writeInReadOnly("e1", "t1"))
          .isInstanceOf(ReadOnlyTransactionException.class).hasMessageContaining("ticket");
      assertThat(context.getBean(TicketRepository.class).count()).isZero();
    });
  }

  @Test
  void anInnerMethodThatFailsRollsBackTheOuterOneThatCaughtIt() {
    runner().run(context -> {
      Events events = context.getBean(Events.class);
      BoxOffice office = context.getBean(BoxOffice.class);
      events.insert(new Event("e1", 2));
      TransactionTemplate outer = new TransactionTemplate(context.getBean(PlatformTransactionManager.class));

      assertThatThrownBy(() -> outer.executeWithoutResult(status -> {
        office.buy("e1", "t1", () -> {});
        try {
          office.buyThenFail("e1", "t2");
        } catch (IllegalStateException expected) {
          // the inner scope failed: the transaction is rollback-only now
        }
      })).isInstanceOf(UnexpectedRollbackException.class);

      assertThat(events.findById("e1")).contains(new Event("e1", 2));
      assertThat(context.getBean(TicketRepository.class).count()).isZero();
    });
  }

  @Test
  void twoConcurrentConflictingMethodsOneCommitsTheOtherGetsAConcurrencyFailure() {
    runner().run(context -> {
      Events events = context.getBean(Events.class);
      TicketRepository tickets = context.getBean(TicketRepository.class);
      BoxOffice office = context.getBean(BoxOffice.class);
      events.insert(new Event("e1", 1));
      // Both read the last seat before either writes: whichever commits second lost.
      CyclicBarrier bothRead = new CyclicBarrier(2);
      Runnable waitForTheOther = () -> {
        try {
          bothRead.await(30, TimeUnit.SECONDS);
        } catch (Exception e) {
          throw new AssertionError("the other buyer did not read in time", e);
        }
      };
      ExecutorService buyers = Executors.newFixedThreadPool(2);
      try {
        List<Future<Ticket>> bought = new ArrayList<>();
        for (String id : List.of("t1", "t2")) {
          bought.add(buyers.submit(() -> office.buy("e1", id, waitForTheOther)));
        }
        List<Ticket> sold = new ArrayList<>();
        List<Throwable> failed = new ArrayList<>();
        for (Future<Ticket> buy : bought) {
          try {
            sold.add(buy.get(60, TimeUnit.SECONDS));
          } catch (java.util.concurrent.ExecutionException e) {
            failed.add(e.getCause());
          }
        }
        assertThat(sold).hasSize(1);
        assertThat(failed).singleElement()
            .isInstanceOf(ConcurrencyFailureException.class)
            .satisfies(e -> assertThat(e.getCause()).isInstanceOf(TransactionConflictException.class));
        assertThat(events.findById("e1")).contains(new Event("e1", 0));
        assertThat(tickets.findByEventId("e1")).containsExactlyElementsOf(sold);

        // Running it again, as the documented retry does, finds the event sold out.
        assertThatThrownBy(() -> office.buy("e1", "t3", () -> {}))
            .isInstanceOf(SoldOutException.class);
        assertThat(tickets.count()).isEqualTo(1);
      } finally {
        buyers.shutdownNow();
      }
    });
  }

  @Test
  void aTransactionalMethodCalledInsideTransactionsRunJoinsIt() {
    runner().run(context -> {
      Events events = context.getBean(Events.class);
      KvStore store = context.getBean(KvStore.class);
      events.insert(new Event("e1", 2));
      assertThatThrownBy(() -> Transactions.run(store, tx -> {
        context.getBean(BoxOffice.class).buy("e1", "t1", () -> {});
        throw new IllegalStateException("the outer function fails");
      })).hasMessage("the outer function fails");
      assertThat(context.getBean(TicketRepository.class).count()).isZero();
      assertThat(events.findById("e1")).contains(new Event("e1", 2));
    });
  }

  /** The application's own transaction manager (for another resource): never used here. */
  static final class OtherTransactionManager implements PlatformTransactionManager {
    @Override
    public TransactionStatus getTransaction(TransactionDefinition definition) {
      throw new UnsupportedOperationException("not used");
    }

    @Override
    public void commit(TransactionStatus status) {
      throw new UnsupportedOperationException("not used");
    }

    @Override
    public void rollback(TransactionStatus status) {
      throw new UnsupportedOperationException("not used");
    }
  }
}
