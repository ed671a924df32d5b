package dev.tessera.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.StoreClosedException;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.IndexBuildPolicy;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.spring.lending.Book;
import dev.tessera.spring.lending.BookRepository;
import dev.tessera.spring.lending.Catalog;
import dev.tessera.spring.lending.Library;
import dev.tessera.spring.lending.Member;
import dev.tessera.spring.lending.MemberRepository;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** Real Spring contexts over real LMDB stores in temporary directories. */
class TesseraAutoConfigurationTest {
  private static final Book DUNE = new Book("978-0441013593", "Dune", "Frank Herbert");
  private static final Member ADA = new Member(1, "Ada", "ada@example.com");

  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(TesseraAutoConfiguration.class))
      .withBean(Library.class);

  @Test
  void injectsEveryGeneratedRepositoryOverTheStoreAtTesseraPathAndClosesItWithTheContext(
      @TempDir Path dir) {
    AtomicReference<KvStore> store = new AtomicReference<>();
    runner.withPropertyValues("tessera.path=" + dir, "tessera.durability=NO_SYNC")
        .run(context -> {
          assertThat(context).hasNotFailed().hasSingleBean(KvStore.class);
          assertThat(context.getBeansOfType(BookRepository.class)).containsOnlyKeys("bookRepository");
          assertThat(context.getBeansOfType(MemberRepository.class)).containsOnlyKeys("memberRepository");
          Library library = context.getBean(Library.class);
          library.books().insert(DUNE);
          library.members().insert(ADA);
          assertThat(library.books().findByAuthor("Frank Herbert")).containsExactly(DUNE);
          assertThat(library.members().findByEmail("ada@example.com")).contains(ADA);
          store.set(context.getBean(KvStore.class));
          assertThat(store.get()).isInstanceOf(LmdbKvStore.class);
        });

    assertThatThrownBy(() -> store.get().get(Tuple.of("Book")))
        .isInstanceOf(StoreClosedException.class);
    try (LmdbKvStore reopened = LmdbKvStore.open(dir)) {
      assertThat(new BookRepository(reopened).findById(DUNE.isbn())).contains(DUNE);
      assertThat(new MemberRepository(reopened).findById(ADA.id())).contains(ADA);
    }
  }

  @Test
  void injectsTheImplementationOfAJakartaDataRepositoryOverTheSameStore(@TempDir Path dir) {
    runner.withPropertyValues("tessera.path=" + dir, "tessera.durability=NO_SYNC")
        .run(context -> {
          assertThat(context).hasNotFailed();
          assertThat(context.getBeansOfType(Catalog.class)).containsOnlyKeys("catalog_");
          Catalog catalog = context.getBean(Catalog.class);
          catalog.insert(DUNE);
          assertThat(catalog.byAuthor("Frank Herbert")).containsExactly(DUNE);
          assertThat(context.getBean(BookRepository.class).findById(DUNE.isbn())).contains(DUNE);
        });
  }

  @Test
  void tesseraPropertiesBecomeTheStoresOptions() {
    TesseraProperties properties = new TesseraProperties(Path.of("unused"), Durability.NO_SYNC,
        org.springframework.util.unit.DataSize.ofMegabytes(1),
        org.springframework.util.unit.DataSize.ofGigabytes(2), 7);
    var options = properties.lmdbOptions();
    assertThat(options.durability()).isEqualTo(Durability.NO_SYNC);
    assertThat(options.initialMapSize()).isEqualTo(1L << 20);
    assertThat(options.maxMapSize()).isEqualTo(2L << 30);
    assertThat(options.maxReaders()).isEqualTo(7);
  }

  @Test
  void userDefinedKvStoreWinsAndNeedsNoTesseraPath(@TempDir Path dir) {
    try (LmdbKvStore own = LmdbKvStore.open(dir)) {
      runner.withBean("ownStore", KvStore.class, () -> own, definition -> definition.setDestroyMethodName(""))
          .run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(KvStore.class);
            assertThat(context.getBean(KvStore.class)).isSameAs(own);
            context.getBean(BookRepository.class).insert(DUNE);
          });
      assertThat(new BookRepository(own).findById(DUNE.isbn())).contains(DUNE);
    }
  }

  @Test
  void userDefinedRepositoryOptionsReachEveryRepository(@TempDir Path dir) {
    RepositoryOptions options =
        RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.BLOCKING).withBatchSize(10);
    runner.withPropertyValues("tessera.path=" + dir)
        .withBean("lendingOptions", RepositoryOptions.class, () -> options)
        .run(context -> {
          assertThat(context).hasNotFailed().hasSingleBean(RepositoryOptions.class);
          context.getBean(Library.class);
          var beans = context.getBeanFactory();
          assertThat(beans.getDependenciesForBean("bookRepository")).contains("lendingOptions");
          assertThat(beans.getDependenciesForBean("memberRepository")).contains("lendingOptions");
        });
  }

  @Test
  void userDefinedRepositoryBeanIsLeftAlone(@TempDir Path dir) {
    try (LmdbKvStore own = LmdbKvStore.open(dir.resolve("own"))) {
      runner.withPropertyValues("tessera.path=" + dir.resolve("store"))
          .withBean("myBooks", BookRepository.class, () -> new BookRepository(own))
          .run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBeansOfType(BookRepository.class)).containsOnlyKeys("myBooks");
            assertThat(context.getBean(Library.class).books()).isSameAs(context.getBean("myBooks"));
          });
    }
  }

  @Test
  void missingTesseraPathFailsNamingTheProperty() {
    runner.run(context -> assertThat(context).hasFailed()
        .getFailure().rootCause().hasMessageContaining("tessera.path is not set"));
  }

  @Test
  void springApplicationFindsTheAutoConfigurationOnTheClassPath(@TempDir Path dir) {
    KvStore store;
    try (ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
        .web(WebApplicationType.NONE)
        .properties("tessera.path=" + dir, "spring.main.banner-mode=off",
            "spring.main.log-startup-info=false")
        .run()) {
      context.getBean(Library.class).books().insert(DUNE);
      store = context.getBean(KvStore.class);
      assertThat(context.getBean(BookRepository.class).findById(DUNE.isbn())).contains(DUNE);
    }
    assertThatThrownBy(() -> store.get(Tuple.of("Book"))).isInstanceOf(StoreClosedException.class);
  }

  @Configuration(proxyBeanMethods = false)
  @EnableAutoConfiguration
  @Import(Library.class)
  static class Application {}
}
