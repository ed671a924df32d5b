package dev.tessera.it.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.annotations.Normalize;
import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexState;
import dev.tessera.internal.catalog.IndexCatalog;
import dev.tessera.internal.kv.ReservedKeys;
import dev.tessera.it.StoredKeys;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.repository.IndexBuildFailedException;
import dev.tessera.repository.IndexBuildPolicy;
import dev.tessera.repository.IndexNotReadyException;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store whose case- and accent-insensitive indexes were written under the folding rule Tessera
 * used before Unicode case folding (upper case, then lower case): opening it rebuilds those indexes
 * under the new rule, and a unique index that the new rule finds duplicates in fails its build.
 */
class OldFoldingRulesStoreTest {
  private static final Pattern MARKS = Pattern.compile("\\p{M}+");
  private static final RepositoryOptions BLOCKING =
      RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.BLOCKING);

  @TempDir Path directory;

  /** The folding rule before Unicode case folding, as the runtime applied it. */
  static String oldFold(String value, Normalize mode) {
    Function<String, String> upperThenLower = v -> v.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
    if (mode == Normalize.CASE_INSENSITIVE) {
      return upperThenLower.apply(Normalizer.normalize(value, Normalizer.Form.NFC));
    }
    String stripped = MARKS.matcher(Normalizer.normalize(value, Normalizer.Form.NFD)).replaceAll("");
    String folded = Normalizer.normalize(upperThenLower.apply(stripped), Normalizer.Form.NFD);
    return MARKS.matcher(folded).replaceAll("");
  }

  /** The descriptor the processor generated, before the runtime added the folding rules to it. */
  private static String oldDescriptor(IndexDefinition<?> index) {
    String descriptor = index.descriptor();
    int rules = descriptor.indexOf(";text=");
    return rules < 0 ? descriptor : descriptor.substring(0, rules);
  }

  private Path store() {
    return directory.resolve("store");
  }

  /**
   * Writes {@code logins} and {@code headings} through the key store as the old runtime did: the
   * records as today (the record encoding did not change: they are encoded by inserting each into a
   * scratch store), each index entry under the old rule, and the catalog entries a first open of
   * an empty store wrote, with the old descriptors.
   */
  private void writeWithOldRules(List<Login> logins, List<Heading> headings) {
    try (LmdbKvStore scratch = LmdbKvStore.open(directory.resolve("scratch"));
        LmdbKvStore store = LmdbKvStore.open(store())) {
      LoginRepository loginEncoder = new LoginRepository(scratch);
      HeadingRepository headingEncoder = new HeadingRepository(scratch);
      new LoginRepository(store); // a first open: the schema catalog and READABLE index entries
      new HeadingRepository(store);
      AtomicOperation op = store.atomic();
      for (Login login : logins) {
        loginEncoder.insert(login);
        op.set(StoredKeys.key(store, LoginRepository.ENTITY_NAME, login.id()),
                scratch.get(StoredKeys.key(scratch, LoginRepository.ENTITY_NAME, login.id())).value()).sum(ReservedKeys.recordCount(LoginRepository.ENTITY_NAME), 1);
        loginEncoder.delete(login.id());
        byte[] pointer = Tuple.of(login.id()).pack();
        if (login.name() != null) {
          op.set(StoredKeys.key(store, LoginRepository.BY_NAME.subspace(), oldFold(login.name(), Normalize.CASE_INSENSITIVE)),
              pointer);
        }
        if (login.alias() != null) {
          op.set(StoredKeys.key(store, LoginRepository.BY_ALIAS.subspace(),
              oldFold(login.alias(), Normalize.CASE_AND_ACCENT_INSENSITIVE)), pointer);
        }
      }
      for (Heading heading : headings) {
        headingEncoder.insert(heading);
        op.set(StoredKeys.key(store, HeadingRepository.ENTITY_NAME, heading.id()),
                scratch.get(StoredKeys.key(scratch, HeadingRepository.ENTITY_NAME, heading.id())).value()).sum(ReservedKeys.recordCount(HeadingRepository.ENTITY_NAME), 1);
        headingEncoder.delete(heading.id());
        op.set(StoredKeys.key(store, HeadingRepository.BY_TEXT.subspace(),
                oldFold(heading.text(), Normalize.CASE_INSENSITIVE), heading.id()), new byte[0])
            .set(StoredKeys.key(store, HeadingRepository.BY_PLAIN.subspace(),
                oldFold(heading.plain(), Normalize.CASE_AND_ACCENT_INSENSITIVE), heading.id()), new byte[0]);
      }
      oldCatalogEntry(op, LoginRepository.ENTITY_NAME, LoginRepository.BY_NAME);
      oldCatalogEntry(op, LoginRepository.ENTITY_NAME, LoginRepository.BY_ALIAS);
      oldCatalogEntry(op, HeadingRepository.ENTITY_NAME, HeadingRepository.BY_TEXT);
      oldCatalogEntry(op, HeadingRepository.ENTITY_NAME, HeadingRepository.BY_PLAIN);
      assertThat(op.commit().ok()).isTrue();
    }
  }

  private static void oldCatalogEntry(AtomicOperation op, String entity, IndexDefinition<?> index) {
    op.set(IndexCatalog.key(entity, index.name()), IndexCatalog.encode(IndexCatalogEntry.readable(
        entity, index.name(), oldDescriptor(index), index.subspace(), index.unique())));
  }

  private static List<Tuple> keysUnder(KvStore store, String subspace) {
    List<Tuple> keys = new ArrayList<>();
    try (KvIterator it = store.list(ListSelector.of(StoredKeys.range(store, subspace)))) {
      it.forEachRemaining(entry -> keys.add(entry.key()));
    }
    return keys;
  }

  private static IndexCatalogEntry entry(List<IndexCatalogEntry> entries, String index) {
    return entries.stream().filter(e -> e.indexName().equals(index)).findFirst().orElseThrow();
  }

  @Test
  void openingAStoreIndexedUnderTheOldRuleRebuildsItsFoldedIndexes() {
    String odysseus = "\u039f\u03b4\u03c5\u03c3\u03c3\u03ad\u03b1\u03c2"; // Οδυσσέας
    writeWithOldRules(
        List.of(new Login(1, "STRA\u1e9eE@x", "Stra\u1e9ee"), new Login(2, "k\u0131r", "k\u0131r"),
            new Login(3, "kir", "kir")),
        List.of(Heading.of(1, odysseus)));

    try (LmdbKvStore store = LmdbKvStore.open(store())) {
      // The old keys are there and differ from the new rule's.
      assertThat(keysUnder(store, "login_by_name")).contains(StoredKeys.key(store, "login_by_name", "stra\u00dfe@x"));

      LoginRepository onDemand = new LoginRepository(store,
          RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.ON_DEMAND));
      assertThatThrownBy(() -> onDemand.findByName("strasse@x")) // never a mix of old and new keys
          .isInstanceOfSatisfying(IndexNotReadyException.class, e -> {
            assertThat(e.index()).isEqualTo("name");
            assertThat(e.state()).isEqualTo(IndexState.BUILDING);
          });

      LoginRepository logins = new LoginRepository(store, BLOCKING);
      HeadingRepository headings = new HeadingRepository(store, BLOCKING);

      List<IndexCatalogEntry> states = logins.indexAdmin().indexStates();
      for (IndexDefinition<Login> index : List.of(LoginRepository.BY_NAME, LoginRepository.BY_ALIAS)) {
        IndexCatalogEntry entry = entry(states, index.name());
        assertThat(entry.state()).isEqualTo(IndexState.READABLE);
        assertThat(entry.descriptor()).isEqualTo(index.descriptor()).isNotEqualTo(oldDescriptor(index));
        assertThat(entry.generation()).isEqualTo(2);
      }
      assertThat(keysUnder(store, "login_by_name")).containsExactlyInAnyOrder(
          StoredKeys.key(store, "login_by_name", "strasse@x"), StoredKeys.key(store, "login_by_name", "k\u0131r"),
          StoredKeys.key(store, "login_by_name", "kir"));
      assertThat(keysUnder(store, "login_by_alias")).containsExactlyInAnyOrder(
          StoredKeys.key(store, "login_by_alias", "strasse"), StoredKeys.key(store, "login_by_alias", "k\u0131r"),
          StoredKeys.key(store, "login_by_alias", "kir"));
      assertThat(logins.findByName("stra\u00dfe@x")).map(Login::id).contains(1L);
      assertThat(logins.findByAlias("STRASSE")).map(Login::id).contains(1L);
      assertThat(logins.findByName("KIR")).map(Login::id).contains(3L);
      assertThat(logins.indexAdmin().verifyIndexes().clean()).isTrue();

      assertThat(entry(headings.indexAdmin().indexStates(), "text").generation()).isEqualTo(2);
      assertThat(headings.byText().startsWith("\u039f\u03b4\u03c5\u03c3").list()).extracting(Heading::id)
          .containsExactly(1L);
      assertThat(headings.byPlain().startsWith("\u039f\u0394\u03a5\u03a3\u03a3\u0395").list())
          .extracting(Heading::id).containsExactly(1L);
      assertThat(headings.indexAdmin().verifyIndexes().clean()).isTrue();
    }
  }

  @Test
  void uniqueIndexWithDuplicatesUnderTheNewRuleFailsItsRebuildWithTheirReport() {
    // Distinct under the old rule ("straße@x", "strasse@x"), one value under Unicode case folding.
    writeWithOldRules(
        List.of(new Login(1, "STRA\u1e9eE@x", null), new Login(2, "strasse@x", null),
            new Login(3, "other@x", null)),
        List.of());

    try (LmdbKvStore store = LmdbKvStore.open(store())) {
      assertThatThrownBy(() -> new LoginRepository(store, BLOCKING))
          .isInstanceOfSatisfying(IndexBuildFailedException.class, e -> {
            assertThat(e.entity()).isEqualTo("login");
            assertThat(e.index()).isEqualTo("name");
            assertThat(e.duplicates()).isEqualTo(1);
            assertThat(e.samples()).singleElement().satisfies(duplicate -> {
              assertThat((Object) duplicate.values()).isEqualTo(Tuple.of("strasse@x"));
              assertThat(duplicate.primaryKeys()).containsExactlyInAnyOrder(1L, 2L);
            });
          });

      LoginRepository logins = new LoginRepository(store, BLOCKING);
      IndexCatalogEntry failed = entry(logins.indexAdmin().indexStates(), "name");
      assertThat(failed.state()).isEqualTo(IndexState.FAILED);
      assertThat(failed.failure()).contains("strasse@x");
      assertThat(keysUnder(store, "login_by_name")).isEmpty(); // no old key is left to answer
      assertThatThrownBy(() -> logins.findByName("other@x")).isInstanceOf(IndexNotReadyException.class);

      logins.delete(2L);
      logins.indexAdmin().buildIndexes();
      assertThat(logins.findByName("STRASSE@x")).map(Login::id).contains(1L);
      assertThat(logins.findByName("other@x")).map(Login::id).contains(3L);
    }
  }
}
