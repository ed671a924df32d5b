package dev.tessera.repository;

import static dev.tessera.repository.IndexedUserMapping.COLOR;
import static dev.tessera.repository.IndexedUserMapping.EMAIL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.catalog.UnknownEntityException;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Verification from the catalog alone finds what the application's own verification finds, on the
 * same hand-corrupted key space, and its repairs leave the application's verification clean.
 */
class CatalogIndexVerifierTest {
  @TempDir Path dir;
  LmdbKvStore store;
  IndexedUserRepository users;
  final UserMapping mapping = new UserMapping(dev.tessera.annotations.KeyGeneration.NONE);

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir);
    users = new IndexedUserRepository(
        store, List.of(EMAIL, COLOR), RepositoryOptions.defaults().withBatchSize(7));
    for (int i = 0; i < 40; i++) {
      users.insert(new User("u" + i, "N", "User" + i + "@Example.com", i % 5 == 0 ? null : "c" + (i % 4)));
    }
  }

  @AfterEach
  void close() {
    store.close();
  }

  void raw(Tuple key, byte[] value) {
    assertThat(store.atomic().set(key, value).commit().ok()).isTrue();
  }

  void rawDelete(Tuple key) {
    assertThat(store.atomic().delete(key).commit().ok()).isTrue();
  }

  @Test
  void aConsistentStoreVerifiesCleanWithNormalisedAndNullValues() {
    CatalogIndexVerifier.Result result = CatalogIndexVerifier.verify(store, "user", false, i -> {});
    assertThat(result.skipped()).isEmpty();
    assertThat(result.verification().indexes()).extracting(IndexReport::index)
        .containsExactly("email", "favoriteColor");
    assertThat(result.verification().clean()).isTrue();
  }

  @Test
  void aStoreOpenedReadOnlyIsVerifiedAndARepairOfItCommitsNothing() {
    rawDelete(StoredKeys.key(store, "user_by_email", "user6@example.com"));
    raw(StoredKeys.key(store, "user_by_favoriteColor", "c9", "ghost"), new byte[0]);
    users = null;
    store.close();
    try (LmdbKvStore readOnly = LmdbKvStore.openReadOnly(dir)) {
      IndexVerification found = CatalogIndexVerifier.verify(readOnly, "user", false, i -> {})
          .verification();
      assertThat(found.index("email").missing()).isEqualTo(1);
      assertThat(found.index("favoriteColor").dangling()).isEqualTo(1);

      assertThatThrownBy(() -> CatalogIndexVerifier.verify(readOnly, "user", true, i -> {}))
          .isInstanceOf(UnsupportedOperationException.class)
          .hasMessageContaining("read-only");
      assertThat(CatalogIndexVerifier.verify(readOnly, "user", false, i -> {})
          .verification().index("email").missing()).isEqualTo(1);
    }
    store = LmdbKvStore.open(dir);
  }

  @Test
  void findsAndRepairsWhatTheApplicationsVerifierFinds() {
    rawDelete(StoredKeys.key(store, "user_by_favoriteColor", "c2", "u6"));
    rawDelete(StoredKeys.key(store, "user_by_email", "user6@example.com"));
    raw(StoredKeys.key(store, "user_by_favoriteColor", "c9", "ghost"), new byte[0]);
    raw(StoredKeys.key(store, "user_by_favoriteColor", "c3", "u1"), new byte[0]); // u1 has c1
    raw(StoredKeys.key(store, "user_by_email", "ghost@example.com"), Tuple.of("ghost").pack());
    raw(StoredKeys.key(store, "user_by_email", "other@example.com"), Tuple.of("u1").pack());
    raw(StoredKeys.key(store, "user", "twin"), StoredKeys.value(store, mapping, new User("twin", "T", "USER2@example.com", null)));
    IndexVerification application = users.indexAdmin().verifyIndexes();
    List<String> visited = new ArrayList<>();

    CatalogIndexVerifier.Result found = CatalogIndexVerifier.verify(store, "user", false, visited::add);

    assertThat(visited).containsExactly("email", "favoriteColor");
    for (IndexReport expected : application.indexes()) {
      IndexReport actual = found.verification().index(expected.index());
      assertThat(actual.missing()).isEqualTo(expected.missing());
      assertThat(actual.dangling()).isEqualTo(expected.dangling());
      assertThat(actual.uniqueViolations()).isEqualTo(expected.uniqueViolations());
      assertThat(actual.samples()).extracting(IndexProblem::kind, IndexProblem::key)
          .containsExactlyElementsOf(expected.samples().stream()
              .map(p -> org.assertj.core.groups.Tuple.tuple(p.kind(), p.key())).toList());
    }
    assertThat(found.verification().index("email").samples())
        .filteredOn(p -> p.kind() == IndexProblem.Kind.MISSING)
        .extracting(IndexProblem::primaryKey).containsExactly(Tuple.of("u6"));
    assertThat(found.verification().index("email").missing()).isEqualTo(1);
    assertThat(found.verification().index("favoriteColor").dangling()).isEqualTo(2);

    CatalogIndexVerifier.Result repaired = CatalogIndexVerifier.verify(store, "user", true, i -> {});

    assertThat(repaired.verification().index("email").repaired()).isEqualTo(3);
    assertThat(repaired.verification().index("favoriteColor").repaired()).isEqualTo(3);
    IndexVerification after = users.indexAdmin().verifyIndexes();
    assertThat(after.index("favoriteColor").clean()).isTrue();
    assertThat(after.index("email").missing() + after.index("email").dangling()).isZero();
    assertThat(after.index("email").uniqueViolations()).isEqualTo(1);
  }

  @Test
  void anIndexItCannotDeriveIsSkippedWithTheReason() {
    raw(dev.tessera.internal.catalog.IndexCatalog.key("user", "location"),
        dev.tessera.internal.catalog.IndexCatalog.encode(dev.tessera.catalog.IndexCatalogEntry.readable(
            "user", "location", "spatial(x:INT,y:INT)/z16", "user_by_location", false)));
    CatalogIndexVerifier.Result result = CatalogIndexVerifier.verify(store, "user", false, i -> {});
    assertThat(result.skipped()).containsExactly("user.location: its definition"
        + " spatial(x:INT,y:INT)/z16 is not what a spatial index of these fields writes"
        + " (spatial(x:INT,y:INT)/z32)");
    assertThat(result.verification().indexes()).hasSize(2);
  }

  @Test
  void anIndexFoldedUnderOtherRulesOrOverAnEnumWithoutItsOrderIsSkippedWithTheReason() {
    raw(dev.tessera.internal.catalog.IndexCatalog.key("user", "nick"),
        dev.tessera.internal.catalog.IndexCatalog.encode(dev.tessera.catalog.IndexCatalogEntry.readable(
            "user", "nick", "index(name:STRING)/CASE_INSENSITIVE", "user_by_nick", false)));
    raw(dev.tessera.internal.catalog.IndexCatalog.key("user", "level"),
        dev.tessera.internal.catalog.IndexCatalog.encode(dev.tessera.catalog.IndexCatalogEntry.readable(
            "user", "level", "index(level:enum com.acme.Level)/NONE", "user_by_level", false)));
    CatalogIndexVerifier.Result result = CatalogIndexVerifier.verify(store, "user", false, i -> {});
    assertThat(result.skipped()).containsExactlyInAnyOrder(
        "user.nick: its values were folded under other rules (an older Tessera's rules, now "
            + dev.tessera.mapping.TextNormalizer.rules(dev.tessera.annotations.Normalize.CASE_INSENSITIVE)
            + "); the application rebuilds it when it opens the store",
        "user.level: field 'level' is an enum indexed by declaration order, and its definition"
            + " index(level:enum com.acme.Level)/NONE does not list the constants in that order");
    assertThat(result.verification().indexes()).hasSize(2);
  }

  @Test
  void anUnknownEntityIsNamed() {
    assertThatThrownBy(() -> CatalogIndexVerifier.verify(store, "users", false, i -> {}))
        .isInstanceOf(UnknownEntityException.class)
        .hasMessage("The store has no entity 'users'; its entities are user");
  }
}
