package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tessera.processor.TesseraCompiler.generatedText;
import static dev.tessera.processor.TesseraCompiler.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * How the processor finds and implements Jakarta Data repositories: which interfaces, which
 * entity, which constructor is injected.
 */
class JakartaDataRepositoryTest {
  private static final JavaFileObject BOOK =
      source(
          "com.acme.Book",
          "package com.acme;",
          "import dev.tessera.annotations.*;",
          "@Entity public record Book(@PrimaryKey String isbn, String title) {}");

  private static final JavaFileObject BOOKS =
      source(
          "com.acme.Books",
          "package com.acme;",
          "import jakarta.data.repository.*;",
          "@Repository public interface Books extends BasicRepository<Book, String> {}");

  // withOptions replaces the compiler's options: repeat TesseraCompiler's.
  private static final Object[] OPTIONS =
      {"-Xlint:all,-processing", "-Werror", "--release", "17", "-Atessera.inject=options"};

  @Test
  void storeConstructorIsInjectedByDefault() {
    Compilation compilation = TesseraCompiler.jakartaDataCompiler().compile(BOOK, BOOKS);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedText(compilation, "com.acme.Books_"))
        .contains("  @Inject\n  public Books_(KvStore store) {")
        .contains("   */\n  public Books_(KvStore store, RepositoryOptions options) {");
  }

  @Test
  void injectOptionsMovesInjectToTheConstructorTakingRepositoryOptions() {
    Compilation compilation =
        TesseraCompiler.jakartaDataCompiler().withOptions(OPTIONS).compile(BOOK, BOOKS);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedText(compilation, "com.acme.Books_"))
        .contains("  @Inject\n  public Books_(KvStore store, RepositoryOptions options) {")
        .contains("   */\n  public Books_(KvStore store) {");
  }

  @Test
  void entityComesFromLifecycleMethodsWithoutABuiltInSupertype() {
    JavaFileObject shelf =
        source(
            "com.acme.Shelf",
            "package com.acme;",
            "import jakarta.data.repository.*;",
            "import java.util.List;",
            "@Repository public interface Shelf {",
            "  @Insert void put(List<Book> books);",
            "  @Delete void take(Book book);",
            "}");
    Compilation compilation = TesseraCompiler.jakartaDataCompiler().compile(BOOK, shelf);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedText(compilation, "com.acme.Shelf_"))
        .contains("public class Shelf_ implements Shelf {")
        .contains("private final BookRepository repository;");
  }

  @Test
  void repositoryForAnotherProviderIsLeftAlone() {
    JavaFileObject other =
        source(
            "com.acme.Books",
            "package com.acme;",
            "import jakarta.data.repository.*;",
            "@Repository(provider = \"Hibernate\")",
            "public interface Books extends BasicRepository<Book, String> {}");
    RecordingProcessor processor = new RecordingProcessor();
    Compilation compilation =
        TesseraCompiler.jakartaDataCompiler().withProcessors(processor).compile(BOOK, other);
    assertThat(compilation).succeeded();
    assertThat(processor.createdSources()).contains("com.acme.BookRepository");
    assertThat(processor.createdSources()).doesNotContain("com.acme.Books_");
  }

  @Test
  void repositoryNamingTesseraAsProviderIsImplemented() {
    JavaFileObject named =
        source(
            "com.acme.Books",
            "package com.acme;",
            "import jakarta.data.repository.*;",
            "@Repository(provider = \"Tessera\")",
            "public interface Books extends BasicRepository<Book, String> {}");
    Compilation compilation = TesseraCompiler.jakartaDataCompiler().compile(BOOK, named);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation.generatedSourceFile("com.acme.Books_")).isPresent();
  }

  @Test
  void byNamesAnAttributeThroughTheMetamodelGeneratedInTheSameCompilation() {
    JavaFileObject byConstant =
        source(
            "com.acme.Books",
            "package com.acme;",
            "import jakarta.data.repository.*;",
            "import java.util.Optional;",
            "@Repository public interface Books extends BasicRepository<Book, String> {",
            "  @Find Optional<Book> withIsbn(@By(_Book.ISBN) String id);",
            "}");
    Compilation compilation = TesseraCompiler.jakartaDataCompiler().compile(BOOK, byConstant);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedText(compilation, "com.acme.Books_"))
        .contains("public Optional<Book> withIsbn(String id) {")
        .contains("return this.repository.findById(id);");
  }

  @Test
  void implementationNameTakenIsReportedOnTheRepository() {
    JavaFileObject own =
        source(
            "com.acme.Books_",
            "package com.acme;",
            "public class Books_ {}");
    Compilation compilation = TesseraCompiler.jakartaDataCompiler().compile(BOOK, BOOKS, own);
    assertThat(compilation)
        .hadErrorContaining(
            ProcessorErrors.REPOSITORY_NAME_TAKEN
                + " Tessera implements the repository com.acme.Books as com.acme.Books_, but a type"
                + " of that name already exists")
        .inFile(BOOKS)
        .onLineContaining("public interface Books");
  }

  @Test
  void genericVariableAritySortsCompileWithoutWarningsInTheImplementation() {
    JavaFileObject sorted =
        source(
            "com.acme.Books",
            "package com.acme;",
            "import jakarta.data.Sort;",
            "import jakarta.data.repository.*;",
            "import java.util.List;",
            "@Repository public interface Books extends BasicRepository<Book, String> {",
            "  @SuppressWarnings(\"unchecked\")",
            "  @Find List<Book> all(Sort<Book>... sorts);",
            "}");
    Compilation compilation = TesseraCompiler.jakartaDataCompiler().compile(BOOK, sorted);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedText(compilation, "com.acme.Books_"))
        .contains("  @SuppressWarnings(\"unchecked\")\n  public List<Book> all(Sort<Book>... sorts) {")
        .contains("sorts_.addAll(Arrays.asList(sorts));"); // the local does not shadow the parameter
  }

  @Test
  void repositoryInAnotherPackageThanItsEntityCompiles() {
    JavaFileObject elsewhere =
        source(
            "com.acme.data.Shelf",
            "package com.acme.data;",
            "import com.acme.Book;",
            "import jakarta.data.repository.*;",
            "import java.util.List;",
            "@Repository public interface Shelf extends CrudRepository<Book, String> {",
            "  @Delete void take(Book[] books);",
            "  List<Book> findByIsbnStartsWith(String prefix);",
            "}");
    Compilation compilation = TesseraCompiler.jakartaDataCompiler().compile(BOOK, elsewhere);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedText(compilation, "com.acme.data.Shelf_"))
        .contains("import com.acme.BookRepository;")
        .contains("throw JakartaDataAdapter.notDeleted(BookRepository.ENTITY_NAME, each.isbn());");
  }

  @Test
  void metamodelIsGeneratedForEveryEntity() {
    RecordingProcessor processor = new RecordingProcessor();
    Compilation compilation =
        TesseraCompiler.jakartaDataCompiler().withProcessors(processor).compile(BOOK);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSources()).containsExactly("com.acme.BookRepository", "com.acme._Book");
  }

  @Test
  void metamodelNameClashIsReportedOnTheEntity() {
    JavaFileObject clash =
        source(
            "com.acme.Pair",
            "package com.acme;",
            "import dev.tessera.annotations.*;",
            "@Entity",
            "public record Pair(@PrimaryKey String id, int fooBar, int foo_bar) {}");
    Compilation compilation = TesseraCompiler.jakartaDataCompiler().compile(clash);
    assertThat(compilation)
        .hadErrorContaining(
            ProcessorErrors.METAMODEL_NAME_CLASH
                + " in the Jakarta Data static metamodel _Pair, FOO_BAR would name both component"
                + " fooBar and the constant of component foo_bar: rename one of them")
        .inFile(clash)
        .onLineContaining("@Entity");
  }

  @Test
  void withoutJakartaDataOnTheClassPathOnlyTheTesseraRepositoryIsGenerated() {
    RecordingProcessor processor = new RecordingProcessor();
    Compilation compilation = TesseraCompiler.compiler(false).withProcessors(processor).compile(BOOK);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSources()).containsExactly("com.acme.BookRepository");
  }
}
