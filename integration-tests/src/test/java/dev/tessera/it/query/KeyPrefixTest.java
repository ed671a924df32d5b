package dev.tessera.it.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.it.query.OrderLine.OrderLineKey;
import dev.tessera.it.query.Shelf.ShelfKey;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.query.Page;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Queries by the leading components of a composite primary key, on real LMDB. */
class KeyPrefixTest {
  @TempDir Path directory;
  private KvStore store;
  private OrderLineRepository lines;
  private ShelfRepository shelves;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory);
    lines = new OrderLineRepository(store);
    shelves = new ShelfRepository(store);
  }

  @AfterEach
  void close() {
    store.close();
  }

  private void insertLines() {
    for (long order : new long[] {-1, 7, 70, 8, 6}) {
      for (int line : new int[] {3, -2, 1, 10}) {
        lines.insert(new OrderLine(new OrderLineKey(order, line), "p" + order + "." + line));
      }
    }
  }

  private static List<Integer> lineNumbers(List<OrderLine> found) {
    return found.stream().map(l -> l.key().line()).toList();
  }

  @Test
  void oneComponentFindsExactlyThatOrdersLinesInKeyOrder() {
    insertLines();
    List<OrderLine> seven = lines.byIdStartingWith(7L).list();
    assertThat(seven).allSatisfy(l -> assertThat(l.key().orderId()).isEqualTo(7L));
    assertThat(lineNumbers(seven)).containsExactly(-2, 1, 3, 10);
    assertThat(lineNumbers(lines.byIdStartingWith(-1L).list())).containsExactly(-2, 1, 3, 10);
    assertThat(lines.byIdStartingWith(9L).exists()).isFalse();
    assertThat(lines.byIdStartingWith(70L).count()).isEqualTo(4);
  }

  @Test
  void limitReverseAndPagesStayWithinThePrefix() {
    insertLines();
    assertThat(lineNumbers(lines.byIdStartingWith(7L).limit(2).list())).containsExactly(-2, 1);
    assertThat(lineNumbers(lines.byIdStartingWith(7L).reverse().list()))
        .containsExactly(10, 3, 1, -2);
    assertThat(lines.byIdStartingWith(8L).reverse().first().orElseThrow().key())
        .isEqualTo(new OrderLineKey(8, 10));

    Page<OrderLine> first = lines.byIdStartingWith(6L).page(3);
    assertThat(lineNumbers(first.items())).containsExactly(-2, 1, 3);
    Page<OrderLine> second =
        lines.byIdStartingWith(6L).after(first.next().orElseThrow()).page(3);
    assertThat(lineNumbers(second.items())).containsExactly(10);
    assertThat(second.next()).isEmpty();
  }

  @Test
  void twoOfThreeComponents() {
    for (String building : List.of("a", "b")) {
      for (int room : new int[] {2, 1}) {
        for (long slot : new long[] {5, 0}) {
          shelves.insert(new Shelf(new ShelfKey(building, room, slot), building + room + slot));
        }
      }
    }
    assertThat(shelves.byIdStartingWith("b").list().stream().map(Shelf::label))
        .containsExactly("b10", "b15", "b20", "b25");
    assertThat(shelves.byIdStartingWith("a", 2).list().stream().map(Shelf::label))
        .containsExactly("a20", "a25");
    assertThat(shelves.byIdStartingWith("a", 3).exists()).isFalse();
  }

  @Test
  void aNullComponentIsRejectedByName() {
    assertThatThrownBy(() -> shelves.byIdStartingWith(null, 1))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("building");
  }

  @Test
  void noSecondKeyRangeAfterAPrefix() {
    insertLines();
    assertThatThrownBy(
            () -> lines.byIdStartingWith(7L).between(new OrderLineKey(7, 0), new OrderLineKey(7, 5)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("orderLine");
  }
}
