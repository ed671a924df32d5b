package dev.tessera.cli;

import dev.tessera.cli.Person.Address;
import dev.tessera.internal.catalog.RecordTranslator;
import dev.tessera.internal.catalog.SubspaceCatalog;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.repository.CatalogRepository;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes the small store the tests and {@code docs/operations.md} use: three people through the
 * generated repository, and items of two shapes (one written before a component was added).
 * {@code main(dir)} writes it into {@code dir}.
 */
final class DemoStore {
  private DemoStore() {}

  public static void main(String[] args) {
    write(Path.of(args[0]));
  }

  static void write(Path directory) {
    try (LmdbKvStore kv = LmdbKvStore.open(directory)) {
      // What an earlier version of the application wrote: items without a quantity.
      RecordSchema first = new RecordSchema("item", "sku",
          List.of(ComponentSchema.of("sku", "STRING"), ComponentSchema.of("label", "STRING")));
      SubspaceCatalog.assign(kv, "item", List.of("item"));
      RecordTranslator.open(kv, first);
      CatalogRepository firstVersion = CatalogRepository.open(kv, "item"); // record and its count
      firstVersion.insert(firstVersion.record(Map.of("sku", "a-1", "label", "first")));
      new ItemRepository(kv).insert(new Item("b-2", "second", 5));
      PersonRepository people = new PersonRepository(kv);
      for (Person person : people()) {
        people.insert(person);
      }
    }
  }

  static List<Person> people() {
    return List.of(
        new Person(1, "Ada", "ada@example.com", 36, List.of("math", "poetry"),
            Instant.parse("2024-01-02T03:04:05Z"), new Address("London", "N1"),
            Optional.of("Countess")),
        new Person(2, "Bob \"the\" Builder, Jr.", "bob@example.com", 36, List.of(),
            Instant.parse("2024-02-03T04:05:06.5Z"), null, Optional.empty()),
        new Person(3, "Cleo", "cleo@example.com", 29, List.of("x"),
            Instant.parse("2024-03-04T05:06:07Z"), new Address("Paris", "75001"),
            Optional.empty()));
  }
}
