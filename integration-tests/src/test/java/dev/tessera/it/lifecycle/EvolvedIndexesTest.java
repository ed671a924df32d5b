package dev.tessera.it.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.IndexBuildPolicy;
import dev.tessera.repository.RepositoryOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What docs/evolution.md says about indexes when components change: an index on an added component
 * holds every stored record once it is built, under the component's default, and an index whose
 * component is widened to a floating-point type is rebuilt at open, without being asked to.
 */
class EvolvedIndexesTest {
  private static final int MEMBERS = 300;

  @TempDir Path dir;

  @Test
  void indexOnAddedComponentHoldsEveryStoredRecordUnderItsDefault() {
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      new MemberV1Repository(store).insertAll(members());

      MemberV2Repository v2 = blocking(store);

      assertThat(v2.byTier().equalTo("basic").count()).isEqualTo(MEMBERS);
      assertThat(v2.findByTier("basic")).first().isEqualTo(new MemberV2("m000", "Member 0", 0.0, "basic"));
      assertThat(v2.indexAdmin().verifyIndexes().clean()).isTrue();
    }
  }

  @Test
  void indexOnComponentWidenedToDoubleIsRebuiltAtOpen() {
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      MemberV1Repository v1 = new MemberV1Repository(store);
      v1.insertAll(members());
      long firstGeneration = generationOfPoints(v1.indexAdmin().indexStates());

      MemberV2Repository v2 = blocking(store);

      assertThat(generationOfPoints(v2.indexAdmin().indexStates())).isGreaterThan(firstGeneration);
      assertThat(v2.byPoints().between(10.0, 12.0).list())
          .extracting(MemberV2::id)
          .containsExactly("m010", "m011", "m012");
      assertThat(v2.indexAdmin().verifyIndexes().clean()).isTrue();
    }
  }

  private static MemberV2Repository blocking(LmdbKvStore store) {
    return new MemberV2Repository(
        store, RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.BLOCKING));
  }

  private static long generationOfPoints(List<IndexCatalogEntry> states) {
    return states.stream()
        .filter(entry -> entry.indexName().equals("points"))
        .findFirst()
        .orElseThrow()
        .generation();
  }

  private static List<MemberV1> members() {
    List<MemberV1> members = new ArrayList<>();
    for (int i = 0; i < MEMBERS; i++) {
      members.add(new MemberV1(String.format("m%03d", i), "Member " + i, i));
    }
    return members;
  }
}
