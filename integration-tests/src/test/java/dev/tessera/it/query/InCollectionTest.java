package dev.tessera.it.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code in(Collection)} on generated stages: the same query as {@code in(values...)}. */
class InCollectionTest {
  @TempDir Path directory;
  private KvStore store;
  private ProductRepository products;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory);
    products = new ProductRepository(store);
    products.insertAll(List.of(
        new Product(1, 56, 28.44, "lamp"), new Product(2, 34, 11.00, "desk"),
        new Product(3, 56, 10.00, "chair"), new Product(4, 57, 20.00, "shelf"),
        new Product(5, 5, 12.00, "rug"), new Product(6, 56, 31.00, "sofa")));
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void aCollectionOfValuesQueriesLikeTheSameValuesAsVarargs() {
    Set<Integer> rooms = new TreeSet<>(List.of(56, 5));
    assertThat(products.byRoomAndPrice().in(rooms).list())
        .isEqualTo(products.byRoomAndPrice().in(5, 56).list())
        .extracting(Product::id).containsExactly(5L, 3L, 1L, 6L);
    assertThat(products.byRoomAndPrice().in(rooms).atMost(30.0).list()).extracting(Product::id)
        .containsExactly(5L, 3L, 1L);
    assertThat(products.byRoomAndPrice().equalTo(56).in(List.of(10.00, 31.00)).count()).isEqualTo(2);
    assertThat(products.byName().in(List.of("sofa", "desk", "sofa")).list()).extracting(Product::id)
        .containsExactly(2L, 6L);
    assertThat(products.byName().in(List.<String>of()).list()).isEmpty();
    assertThatThrownBy(() -> products.byName().in(Arrays.asList("sofa", null)))
        .isInstanceOf(NullPointerException.class).hasMessageContaining("name");
    assertThatThrownBy(() -> products.byRoomAndPrice().in(Arrays.asList(56, null)))
        .isInstanceOf(NullPointerException.class).hasMessageContaining("room");
  }
}
