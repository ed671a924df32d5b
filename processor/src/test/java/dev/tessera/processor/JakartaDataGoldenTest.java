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
 * Pins the shape of a generated Jakarta Data implementation ({@code Books_}) and static metamodel
 * ({@code _Book}). Run with {@code -Dtessera.updateGoldens=true} to rewrite them after an intended
 * change, then review the diff.
 */
class JakartaDataGoldenTest {
  static final JavaFileObject BOOK = TesseraCompiler.source("com.acme.Book",
      "package com.acme;",
      "",
      "import dev.tessera.annotations.*;",
      "",
      "@Entity",
      "@Index(fields = {\"author\", \"year\"})",
      "public record Book(@PrimaryKey String isbn, @Index String title, String author, int year,",
      "    @UniqueIndex String slug, java.util.List<String> tags) {}");

  static final JavaFileObject BOOKS = TesseraCompiler.source("com.acme.Books",
      "package com.acme;",
      "",
      "import jakarta.data.Order;",
      "import jakarta.data.page.CursoredPage;",
      "import jakarta.data.page.PageRequest;",
      "import jakarta.data.repository.*;",
      "import java.util.List;",
      "import java.util.Optional;",
      "",
      "@Repository",
      "public interface Books extends CrudRepository<Book, String> {",
      "  @Find Optional<Book> bySlug(String slug);",
      "  @Find @OrderBy(value = \"year\", descending = true)",
      "  List<Book> byAuthor(String author);",
      "  @Find CursoredPage<Book> byAuthor(@By(\"author\") String author, PageRequest request);",
      "  @Insert void add(Book book);",
      "  @Delete long removeByAuthor(@By(\"author\") String author);",
      "  List<Book> findFirst3ByAuthorAndYearBetween(String author, int from, int to, Order<Book> order);",
      "  long countByTitleStartsWith(String prefix);",
      "}");

  @Test
  void booksRepositoryGeneratesTheGoldenImplementation() throws IOException {
    assertGenerates("com.acme.Books_", "Books_");
  }

  @Test
  void bookEntityGeneratesTheGoldenMetamodel() throws IOException {
    assertGenerates("com.acme._Book", "_Book");
  }

  @Test
  void withoutJakartaDataNothingMoreIsGenerated() {
    Compilation compilation = TesseraCompiler.compile(BOOK);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation.generatedSourceFile("com.acme._Book")).isEmpty();
  }

  private static void assertGenerates(String type, String golden) throws IOException {
    Compilation compilation = TesseraCompiler.jakartaDataCompiler().compile(BOOK, BOOKS);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = TesseraCompiler.generatedText(compilation, type);
    String path = "golden/" + golden + ".java";
    if (Boolean.getBoolean("tessera.updateGoldens")) {
      Files.writeString(Path.of("src/test/resources", path), generated, StandardCharsets.UTF_8);
    }
    try (InputStream in = JakartaDataGoldenTest.class.getResourceAsStream("/" + path)) {
      assertThat(in).as("golden file %s", path).isNotNull();
      assertThat(generated).isEqualTo(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }
}
