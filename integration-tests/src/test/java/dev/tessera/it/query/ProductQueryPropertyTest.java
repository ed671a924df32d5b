package dev.tessera.it.query;

import static dev.tessera.it.query.QueryModel.assertMatchesModel;
import static dev.tessera.it.query.QueryModel.checkEveryOperator;
import static dev.tessera.it.query.QueryModel.stage;

import dev.tessera.it.query.ProductRepository.ByNameQuery;
import dev.tessera.it.query.ProductRepository.ByRoomAndPriceQuery;
import dev.tessera.it.query.ProductRepository.ByRoomAndPriceQuery.WithRoom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The composite (room, price) index and a string index against the brute-force model:
 * ranges on the first component, equality on the room then every operator on the price, and
 * every operator plus prefixes on names with shared prefixes, non-ASCII, U+0000, U+FFFF and
 * supplementary characters.
 */
class ProductQueryPropertyTest {
  static final List<Integer> ROOMS = List.of(-2, -1, 0, 1, 2, 56);
  static final List<Double> PRICES = List.of(-10.0, -0.5, -0.0, 0.0, 0.5, 9.99, 10.0, 28.44, 30.0, 1e9);
  /** Code points, so generated strings never split a surrogate pair. */
  static final List<String> LETTERS = List.of("a", "b", "é", "ß", "\u0000", "\uFFFF", "\uD83D\uDE00");

  /** The (room, price) index's key order: room, price, then primary key. */
  static final Comparator<Product> ROOM_PRICE_ORDER =
      Comparator.comparingInt(Product::room)
          .thenComparing(Product::price, Double::compare)
          .thenComparingLong(Product::id);

  static Arbitrary<String> strings(int maxLength) {
    return Arbitraries.of(LETTERS).list().ofMaxSize(maxLength).map(parts -> String.join("", parts));
  }

  @Provide
  Arbitrary<List<Product>> products() {
    Arbitrary<Product> product =
        Combinators.combine(Arbitraries.of(ROOMS), Arbitraries.of(PRICES), strings(3))
            .as((room, price, name) -> new Product(0, room, price, name));
    return product.list().ofMaxSize(40).map(ProductQueryPropertyTest::withIds);
  }

  private static List<Product> withIds(List<Product> products) {
    List<Product> keyed = new ArrayList<>();
    for (int i = 0; i < products.size(); i++) {
      Product p = products.get(i);
      keyed.add(new Product(i % 2 == 0 ? i : -i, p.room(), p.price(), p.name()));
    }
    return keyed;
  }

  @Property(tries = 25)
  void compositeIndexQueriesMatchTheModel(@ForAll("products") List<Product> data, @ForAll Random random) {
    try (TempStore temp = new TempStore()) {
      ProductRepository products = new ProductRepository(temp.store());
      products.insertAll(data);
      Comparator<Product> keyOrder = ROOM_PRICE_ORDER;
      checkEveryOperator("room", data,
          stage(products::byRoomAndPrice, ByRoomAndPriceQuery::equalTo, ByRoomAndPriceQuery::between,
              ByRoomAndPriceQuery::greaterThan, ByRoomAndPriceQuery::atLeast,
              ByRoomAndPriceQuery::lessThan, ByRoomAndPriceQuery::atMost),
          Product::room, Integer::compare, ROOMS, p -> true, keyOrder, random);
      for (int room : ROOMS) {
        checkEveryOperator("room " + room + ", price", data,
            stage(() -> products.byRoomAndPrice().equalTo(room), WithRoom::equalTo, WithRoom::between,
                WithRoom::greaterThan, WithRoom::atLeast, WithRoom::lessThan, WithRoom::atMost),
            Product::price, Double::compare, PRICES, p -> p.room() == room, keyOrder, random);
      }
    }
  }

  /**
   * {@code in} on the room, then every operator on the price; {@code in} on the price after an
   * equal room; and {@code in} on names: values drawn with repeats, in any order.
   */
  @Property(tries = 25)
  void anyOfQueriesMatchTheModel(@ForAll("products") List<Product> data, @ForAll Random random) {
    try (TempStore temp = new TempStore()) {
      ProductRepository products = new ProductRepository(temp.store());
      products.insertAll(data);
      Comparator<Product> keyOrder = ROOM_PRICE_ORDER;
      for (int round = 0; round < 4; round++) {
        List<Integer> rooms = draw(ROOMS, random);
        int[] roomArray = rooms.stream().mapToInt(Integer::intValue).toArray();
        assertMatchesModel("room in " + rooms, products.byRoomAndPrice().in(roomArray), data,
            p -> rooms.contains(p.room()), keyOrder, random);
        checkEveryOperator("room in " + rooms + ", price", data,
            stage(() -> products.byRoomAndPrice().in(roomArray), WithRoom::equalTo, WithRoom::between,
                WithRoom::greaterThan, WithRoom::atLeast, WithRoom::lessThan, WithRoom::atMost),
            Product::price, Double::compare, PRICES, p -> rooms.contains(p.room()), keyOrder, random);
        List<Double> prices = draw(PRICES, random);
        double[] priceArray = prices.stream().mapToDouble(Double::doubleValue).toArray();
        assertMatchesModel("room in " + rooms + ", price in " + prices,
            products.byRoomAndPrice().in(roomArray).in(priceArray), data,
            p -> rooms.contains(p.room()) && prices.stream().anyMatch(v -> Double.compare(v, p.price()) == 0),
            keyOrder, random);
        List<String> names = new ArrayList<>(draw(LETTERS, random));
        data.stream().filter(p -> random.nextInt(4) == 0).forEach(p -> names.add(p.name()));
        assertMatchesModel("name in " + names, products.byName().in(names.toArray(String[]::new)), data,
            p -> names.contains(p.name()),
            Comparator.comparing(Product::name, QueryModel.UTF8).thenComparingLong(Product::id), random);
      }
    }
  }

  /** Up to five values of {@code domain}, in random order, possibly repeated; sometimes none. */
  private static <V> List<V> draw(List<V> domain, Random random) {
    List<V> values = new ArrayList<>();
    for (int i = random.nextInt(6); i > 0; i--) {
      values.add(domain.get(random.nextInt(domain.size())));
    }
    return values;
  }

  @Property(tries = 25)
  void stringIndexQueriesMatchTheModel(
      @ForAll("products") List<Product> data,
      @ForAll("prefixes") List<String> prefixes,
      @ForAll Random random) {
    try (TempStore temp = new TempStore()) {
      ProductRepository products = new ProductRepository(temp.store());
      products.insertAll(data);
      Comparator<Product> keyOrder =
          Comparator.comparing(Product::name, QueryModel.UTF8).thenComparingLong(Product::id);
      List<String> bounds = new ArrayList<>(prefixes);
      bounds.addAll(LETTERS);
      data.forEach(p -> bounds.add(p.name()));
      checkEveryOperator("name", data,
          stage(products::byName, ByNameQuery::equalTo, ByNameQuery::between, ByNameQuery::greaterThan,
              ByNameQuery::atLeast, ByNameQuery::lessThan, ByNameQuery::atMost),
          Product::name, QueryModel.UTF8, bounds, p -> true, keyOrder, random);
      for (Product p : data) {
        int[] codePoints = p.name().codePoints().toArray();
        prefixes.add(new String(codePoints, 0, random.nextInt(codePoints.length + 1)));
      }
      for (String prefix : prefixes) {
        assertMatchesModel("name startsWith " + prefix, products.byName().startsWith(prefix), data,
            p -> p.name().startsWith(prefix), keyOrder, random);
      }
    }
  }

  @Provide
  Arbitrary<List<String>> prefixes() {
    return strings(2).list().ofMaxSize(6).map(ArrayList::new);
  }
}
