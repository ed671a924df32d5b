package dev.tessera.internal.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The index prefixes a key space hands out, and the ones it refuses, on a real catalog. */
class KeySpaceTest {
  @TempDir Path dir;

  private static IndexDefinition<String> index(String name, String subspace) {
    return new IndexDefinition<>(name, subspace, true, List.of("value"), Tuple::of, "unique(value:STRING)/NONE");
  }

  @Test
  void anIndexPrefixIsTheIndexIdsSubspaceKeySharedByEveryCall() {
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      KeySpace keys = KeySpace.assign(store, "user", List.of("user_by_email", "user_by_name"));
      for (IndexDefinition<String> index :
          List.of(index("email", "user_by_email"), index("name", "user_by_name"))) {
        Tuple prefix = keys.indexPrefix(index);
        assertThat(prefix.equals(IndexDefinition.subspaceKey(keys.indexId(index)))).isTrue();
        assertThat(keys.indexPrefix(index) == prefix).as("one shared tuple").isTrue();
        Tuple values = Tuple.of("a@x");
        assertThat(index.entryPrefix(prefix, values).equals(index.entryPrefix(keys.indexId(index), values)))
            .isTrue();
      }
    }
  }

  @Test
  void theEntitysOwnSubspaceAndUnknownSubspacesAreRefusedAsIndexIdRefusesThem() {
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      KeySpace keys = KeySpace.assign(store, "user", List.of("user_by_email"));
      for (IndexDefinition<String> notHere :
          List.of(index("self", "user"), index("other", "user_by_other"))) {
        assertThatThrownBy(() -> keys.indexPrefix(notHere))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("index '" + notHere.name() + "' (subspace '" + notHere.subspace()
                + "') is not an index of entity 'user' in this store");
        assertThatThrownBy(() -> keys.indexId(notHere))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("index '" + notHere.name() + "' (subspace '" + notHere.subspace()
                + "') is not an index of entity 'user' in this store");
      }
    }
  }
}
