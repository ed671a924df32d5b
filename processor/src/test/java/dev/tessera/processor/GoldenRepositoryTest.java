package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Pins the shape of generated repositories: each entity here must generate exactly its checked-in
 * golden file. Run with {@code -Dtessera.updateGoldens=true} to rewrite them after an intended
 * change, then review the diff.
 */
class GoldenRepositoryTest {

  /** The issue's {@code User} entity. */
  @Test
  void userEntityGeneratesTheGoldenRepository() throws IOException {
    assertGenerates(
        "UserRepository",
        TesseraCompiler.source(
            "com.acme.User",
            "package com.acme;",
            "",
            "import dev.tessera.annotations.*;",
            "",
            "@Entity",
            "public record User(@PrimaryKey String id, String name,",
            "    @UniqueIndex(normalize = Normalize.CASE_INSENSITIVE) String email,",
            "    @Index String favoriteColor) {}"));
  }

  /** A 2-D spatial index over ints and a named 3-D one over boxed and floating components. */
  @Test
  void placeEntityGeneratesTheGoldenSpatialRepository() throws IOException {
    assertGenerates(
        "PlaceRepository",
        TesseraCompiler.source(
            "com.acme.Place",
            "package com.acme;",
            "",
            "import dev.tessera.annotations.*;",
            "",
            "@Entity",
            "@SpatialIndex(fields = {\"x\", \"y\"})",
            "@SpatialIndex(name = \"volume\", fields = {\"x\", \"level\", \"height\"})",
            "public record Place(@PrimaryKey String id, int x, int y, Short level,",
            "    double height, String name) {}"));
  }

  /**
   * A Jakarta Data repository over an entity with a unique and a composite index: the built-ins of
   * CrudRepository, lifecycle methods on an array and a list, @Find by a unique index, by the
   * primary key and by an index prefix with a run-time Order, a static @OrderBy, a Limit and a
   * Page, a @Delete by an index, queries by method name (a range, a count, an exists with In) and
   * the store accessor.
   */
  @Test
  void jakartaDataRepositoryGeneratesTheGoldenImplementation() throws IOException {
    assertGenerates(
        "Books_",
        TesseraCompiler.jakartaDataCompiler(),
        TesseraCompiler.source(
            "com.acme.Book",
            "package com.acme;",
            "",
            "import dev.tessera.annotations.*;",
            "",
            "@Entity",
            "@Index(fields = {\"author\", \"year\"})",
            "public record Book(@PrimaryKey String isbn, String title, String author, int year,",
            "    @UniqueIndex String code) {}"),
        TesseraCompiler.source(
            "com.acme.Books",
            "package com.acme;",
            "",
            "import dev.tessera.kv.KvStore;",
            "import jakarta.data.*;",
            "import jakarta.data.page.*;",
            "import jakarta.data.repository.*;",
            "import java.util.*;",
            "import java.util.stream.Stream;",
            "",
            "@Repository",
            "public interface Books extends CrudRepository<Book, String> {",
            "  @Find Optional<Book> byCode(String code);",
            "  @Find Book withIsbn(@By(By.ID) String isbn);",
            "  @Find List<Book> byAuthor(@By(\"author\") String writer, Order<Book> order);",
            "  @Find @OrderBy(value = \"year\", descending = true) Stream<Book> newestFirst(String author);",
            "  @Find Page<Book> byAuthor(String author, PageRequest pageRequest);",
            "  @Find Book[] byAuthorAndYear(String author, int year, Limit limit);",
            "  @Delete long deleteByAuthor(String author);",
            "  @Insert Book[] add(Book... books);",
            "  @Update void change(List<Book> books);",
            "  List<Book> findByAuthorAndYearBetween(String author, int from, int to);",
            "  long countByAuthor(String author);",
            "  boolean existsByAuthorIn(List<String> authors);",
            "  KvStore store();",
            "}"));
  }

  /** The static metamodel of the same entity: text, sortable and plain attributes. */
  @Test
  void jakartaDataStaticMetamodelIsTheGoldenOne() throws IOException {
    assertGenerates(
        "_Book",
        TesseraCompiler.jakartaDataCompiler(),
        TesseraCompiler.source(
            "com.acme.Book",
            "package com.acme;",
            "",
            "import dev.tessera.annotations.*;",
            "import java.util.List;",
            "",
            "@Entity",
            "public record Book(@PrimaryKey String isbn, String title, int year,",
            "    List<String> tags) {}"));
  }

  private static void assertGenerates(String repository, JavaFileObject entity)
      throws IOException {
    assertGenerates(repository, TesseraCompiler.compiler(true), entity);
  }

  private static void assertGenerates(
      String repository, com.google.testing.compile.Compiler compiler, JavaFileObject... sources)
      throws IOException {
    String golden = "golden/" + repository + ".java";
    Compilation compilation = compiler.compile(sources);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = TesseraCompiler.generatedText(compilation, "com.acme." + repository);

    if (Boolean.getBoolean("tessera.updateGoldens")) {
      Files.writeString(Path.of("src/test/resources", golden), generated, StandardCharsets.UTF_8);
    }
    assertThat(generated).isEqualTo(golden(golden));
  }

  private static String golden(String golden) throws IOException {
    try (InputStream in = GoldenRepositoryTest.class.getResourceAsStream("/" + golden)) {
      assertThat(in).as("golden file %s", golden).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
