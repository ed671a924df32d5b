package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every refusal of a Jakarta Data repository: each case declares one method (or repository) that
 * Tessera cannot implement and pins the tag, the message and the line it is reported on, and that
 * no implementation is generated.
 */
class JakartaDataDiagnosticsTest {
  private static final JavaFileObject BOOK = JakartaDataGoldenTest.BOOK;

  /** A repository of {@code Book} declaring {@code method} (one or more lines). */
  private record Case(String name, String tag, String line, String message, String... method) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("equalityOnAFieldNoIndexLeadsWith", ProcessorErrors.NO_INDEX_FOR_QUERY,
            "byYear", "declare @Index(fields = {\"year\"}) on Book",
            "@Find List<Book> byYear(int year);"),
        new Case("methodNameEqualityOnAnUnindexedField", ProcessorErrors.NO_INDEX_FOR_QUERY,
            "findByYear", "asks for equality on year",
            "List<Book> findByYear(int year);"),
        new Case("rangeBeforeTheEqualityItNeeds", ProcessorErrors.NO_INDEX_FOR_QUERY,
            "findByYearGreaterThan", "@Index(fields = {\"year\"})",
            "List<Book> findByYearGreaterThan(int year);"),
        new Case("ignoreCaseOnAnIndexThatKeepsCase", ProcessorErrors.NO_INDEX_FOR_QUERY,
            "findByTitleIgnoreCase", "normalize = Normalize.CASE_INSENSITIVE",
            "List<Book> findByTitleIgnoreCase(String title);"),
        new Case("nullOnAUniqueIndex", ProcessorErrors.NO_INDEX_FOR_QUERY,
            "findBySlugNull", "Null on slug",
            "List<Book> findBySlugNull();"),
        new Case("rangesOnTwoFields", ProcessorErrors.NO_INDEX_FOR_QUERY,
            "findByYearGreaterThanAndTitleStartsWith", "ranges on year and title",
            "List<Book> findByYearGreaterThanAndTitleStartsWith(int year, String prefix);"),
        new Case("twoConditionsOnOneField", ProcessorErrors.NO_INDEX_FOR_QUERY,
            "findByAuthorAndAuthor", "two conditions on author",
            "List<Book> findByAuthorAndAuthor(String a, String b);"),
        new Case("orderTheIndexDoesNotGive", ProcessorErrors.UNSERVED_ORDER,
            "findByAuthorOrderByTitle", "in the order year, isbn",
            "List<Book> findByAuthorOrderByTitle(String author);"),
        new Case("mixedDirections", ProcessorErrors.UNSERVED_ORDER,
            "findByAuthorOrderByYearAscIsbnDesc", "all ascending or all descending",
            "List<Book> findByAuthorOrderByYearAscIsbnDesc(String author);"),
        new Case("staticOrderByOnFind", ProcessorErrors.UNSERVED_ORDER,
            "byAuthorByTitle", "orders by title asc",
            "@Find @OrderBy(\"title\")",
            "List<Book> byAuthorByTitle(@By(\"author\") String author);"),
        new Case("or", ProcessorErrors.UNSUPPORTED_QUERY, "findByTitleOrAuthor",
            "uses Or", "List<Book> findByTitleOrAuthor(String title, String author);"),
        new Case("like", ProcessorErrors.UNSUPPORTED_QUERY, "findByTitleLike",
            "use StartsWith", "List<Book> findByTitleLike(String pattern);"),
        new Case("not", ProcessorErrors.UNSUPPORTED_QUERY, "findByTitleNot",
            "uses Not", "List<Book> findByTitleNot(String title);"),
        new Case("unreadableName", ProcessorErrors.UNSUPPORTED_QUERY, "findByTitleSoon",
            "cannot read 'Soon'", "List<Book> findByTitleSoon(String title);"),
        new Case("firstZero", ProcessorErrors.UNSUPPORTED_QUERY, "findFirst0ByAuthor",
            "first 0 results", "List<Book> findFirst0ByAuthor(String author);"),
        new Case("unknownFieldInName", ProcessorErrors.UNKNOWN_QUERY_FIELD, "findByPublisher",
            "'Publisher', which is not a field of Book",
            "List<Book> findByPublisher(String publisher);"),
        new Case("unknownByField", ProcessorErrors.UNKNOWN_QUERY_FIELD, "byPublisher",
            "'publisher', which is not a field of Book",
            "@Find List<Book> byPublisher(@By(\"publisher\") String publisher);"),
        new Case("missingParameter", ProcessorErrors.QUERY_PARAMETERS, "findByAuthorAndYearBetween",
            "has 2 condition parameter(s), but its conditions take 3",
            "List<Book> findByAuthorAndYearBetween(String author, int from);"),
        new Case("parameterOfTheWrongType", ProcessorErrors.QUERY_PARAMETERS, "findByAuthor",
            "parameter author is a int", "List<Book> findByAuthor(int author);"),
        new Case("countReturningText", ProcessorErrors.UNSUPPORTED_RETURN_TYPE, "countByAuthor",
            "return long", "String countByAuthor(String author);"),
        new Case("findReturningASet", ProcessorErrors.UNSUPPORTED_RETURN_TYPE, "bySlugs",
            "java.util.Set<com.acme.Book>", "@Find java.util.Set<Book> bySlugs(String slug);"),
        new Case("pageWithoutPageRequest", ProcessorErrors.UNSUPPORTED_RETURN_TYPE, "pageOf",
            "with a PageRequest parameter",
            "@Find jakarta.data.page.Page<Book> pageOf(String author);"),
        new Case("insertOfAString", ProcessorErrors.LIFECYCLE_PARAMETER, "add",
            "@Insert and must take one parameter", "@Insert void add(String isbn);"),
        new Case("methodWithoutMeaning", ProcessorErrors.UNSUPPORTED_REPOSITORY_METHOD,
            "frobnicate", "annotate it with @Find", "void frobnicate();"),
        new Case("jdqlQuery", ProcessorErrors.UNSUPPORTED_REPOSITORY_METHOD, "@Query",
            "a key-value store has no query language",
            "@Query(\"where author = :author\")",
            "List<Book> written(String author);"));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void refusalIsReportedOnTheMethod(Case c) {
    String[] lines = new String[c.method().length + 6];
    lines[0] = "package com.acme;";
    lines[1] = "import jakarta.data.repository.*;";
    lines[2] = "import java.util.List;";
    lines[3] = "@Repository";
    lines[4] = "public interface Books extends CrudRepository<Book, String> {";
    System.arraycopy(c.method(), 0, lines, 5, c.method().length);
    lines[lines.length - 1] = "}";
    JavaFileObject books = TesseraCompiler.source("com.acme.Books", lines);
    RecordingProcessor processor = new RecordingProcessor();
    Compilation compilation =
        TesseraCompiler.jakartaDataCompiler().withProcessors(processor).compile(BOOK, books);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining(c.tag());
    assertThat(compilation).hadErrorContaining(c.message()).inFile(books).onLineContaining(c.line());
    assertThat(compilation.errors()).hasSize(1);
    assertThat(compilation.errors().get(0).getKind()).isEqualTo(Diagnostic.Kind.ERROR);
    assertThat(processor.createdSources()).doesNotContain("com.acme.Books_");
  }

  @org.junit.jupiter.api.Test
  void repositoryWithoutEntityTypeIsRefused() {
    JavaFileObject books = TesseraCompiler.source("com.acme.Books",
        "package com.acme;",
        "import jakarta.data.repository.*;",
        "@Repository",
        "public interface Books {",
        "  @Find java.util.List<Book> all();",
        "}");
    Compilation compilation = TesseraCompiler.jakartaDataCompiler().compile(BOOK, books);
    assertThat(compilation).hadErrorContaining(ProcessorErrors.DATA_REPOSITORY_ENTITY + " com.acme.Books"
        + " names no entity").inFile(books).onLineContaining("public interface Books");
  }

  @org.junit.jupiter.api.Test
  void repositoryClaimedForTesseraOfANonEntityIsRefused() {
    JavaFileObject note = TesseraCompiler.source("com.acme.Note",
        "package com.acme;",
        "public record Note(String id) {}");
    JavaFileObject notes = TesseraCompiler.source("com.acme.Notes",
        "package com.acme;",
        "import jakarta.data.repository.*;",
        "@Repository(provider = \"Tessera\")",
        "public interface Notes extends BasicRepository<Note, String> {}");
    Compilation compilation = TesseraCompiler.jakartaDataCompiler().compile(note, notes);
    assertThat(compilation).hadErrorContaining("com.acme.Note, which is not a Tessera @Entity record")
        .inFile(notes).onLineContaining("public interface Notes");
  }

  @org.junit.jupiter.api.Test
  void repositoryOfAnotherProvidersEntityIsLeftAlone() {
    JavaFileObject note = TesseraCompiler.source("com.acme.Note",
        "package com.acme;",
        "public record Note(String id) {}");
    JavaFileObject notes = TesseraCompiler.source("com.acme.Notes",
        "package com.acme;",
        "import jakarta.data.repository.*;",
        "@Repository",
        "public interface Notes extends BasicRepository<Note, String> {}");
    Compilation compilation = TesseraCompiler.jakartaDataCompiler().compile(note, notes);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation.generatedSourceFile("com.acme.Notes_")).isEmpty();
  }
}
