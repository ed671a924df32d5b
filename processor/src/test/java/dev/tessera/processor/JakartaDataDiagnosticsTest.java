package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tessera.processor.TesseraCompiler.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every refusal of a Jakarta Data repository: each case pins the tag, the message, the line (the
 * method, parameter or interface) it is reported on, and that no implementation is generated.
 */
class JakartaDataDiagnosticsTest {
  private static final JavaFileObject BOOK =
      source(
          "com.acme.Book",
          "package com.acme;",
          "import dev.tessera.annotations.*;",
          "@Entity",
          "@Index(fields = {\"author\", \"year\"})",
          "public record Book(@PrimaryKey String isbn, String title, String author, int year,",
          "    @UniqueIndex(normalize = Normalize.CASE_INSENSITIVE) String code) {}");

  private static final String[] IMPORTS = {
    "package com.acme;",
    "import dev.tessera.kv.KvStore;",
    "import jakarta.data.*;",
    "import jakarta.data.page.*;",
    "import jakarta.data.repository.*;",
    "import java.util.*;",
  };

  private final RecordingProcessor processor = new RecordingProcessor();

  /**
   * {@code body} of {@code com.acme.Books} (after the imports) fails with one error tagged {@code
   * tag}, containing {@code message}, on the line containing {@code line}.
   */
  private record Case(String name, String tag, String message, String line, String... body) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("repositoryOnAClass", ProcessorErrors.REPOSITORY_NOT_INTERFACE,
            "@Repository com.acme.Books is a class, but Jakarta Data repositories are interfaces",
            "@Repository",
            "@Repository", "public abstract class Books {}"),
        new Case("repositoryWithoutEntity", ProcessorErrors.REPOSITORY_WITHOUT_ENTITY,
            "@Repository com.acme.Books does not say which entity it stores: extend CrudRepository<E, K>",
            "@Repository",
            "@Repository", "public interface Books { KvStore store(); }"),
        new Case("entityIsNotATesseraEntity", ProcessorErrors.REPOSITORY_ENTITY_NOT_TESSERA,
            "@Repository com.acme.Books stores com.acme.Books.Thing, which is not a Tessera entity",
            "@Repository",
            "@Repository", "public interface Books extends CrudRepository<Books.Thing, String> {",
            "  record Thing(String id) {}", "}"),
        new Case("keyTypeDiffersFromThePrimaryKey", ProcessorErrors.REPOSITORY_KEY_TYPE,
            "declares key type java.lang.Long, but the primary key of com.acme.Book, isbn, is a"
                + " java.lang.String: use java.lang.String as the second type argument",
            "@Repository",
            "@Repository", "public interface Books extends CrudRepository<Book, Long> {}"),
        new Case("methodWithoutAnnotationOrQueryName", ProcessorErrors.UNSUPPORTED_REPOSITORY_METHOD,
            "Books.titled is not a method Tessera can implement: annotate it @Find",
            "titled",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  List<Book> titled(String title);", "}"),
        new Case("queryLanguage", ProcessorErrors.UNSUPPORTED_REPOSITORY_METHOD,
            "Books.titled uses @Query, but Tessera stores records in an ordered key store without a"
                + " query language",
            "titled",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Query(\"where title = :title\")", "  List<Book> titled(String title);", "}"),
        new Case("lifecycleParameterIsNotAnEntity", ProcessorErrors.LIFECYCLE_PARAMETER,
            "@Insert method Books.add must take exactly one parameter: a Book, a List<Book> or a Book[]",
            "add(",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Insert void add(Book book, String note);", "}"),
        new Case("lifecycleReturnType", ProcessorErrors.LIFECYCLE_RETURN_TYPE,
            "@Update method Books.change returns int: it must return void or com.acme.Book",
            "change(",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Update int change(Book book);", "}"),
        new Case("deleteReturningTheEntity", ProcessorErrors.LIFECYCLE_RETURN_TYPE,
            "@Delete method Books.discard returns com.acme.Book: it must return void",
            "discard(",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Delete Book discard(Book book);", "}"),
        new Case("unknownAttribute", ProcessorErrors.UNKNOWN_ATTRIBUTE,
            "parameter colour of Books.byColour names the attribute 'colour', which Book does not"
                + " have: name one of isbn, title, author, year, code",
            "String colour",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Find List<Book> byColour(",
            "      String colour);", "}"),
        new Case("conditionType", ProcessorErrors.CONDITION_TYPE,
            "parameter published of Books.byYear is a long, but attribute year is a int: declare"
                + " the parameter as int",
            "@By(\"year\")",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Find List<Book> byYear(String author,",
            "      @By(\"year\") long published);", "}"),
        new Case("findReturnType", ProcessorErrors.QUERY_RETURN_TYPE,
            "Books.byAuthor returns java.util.Set<com.acme.Book>: it must return Book, Optional<Book>,"
                + " List<Book>, Book[], Stream<Book>, Page<Book> or CursoredPage<Book>",
            "byAuthor",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Find Set<Book> byAuthor(String author);", "}"),
        new Case("pageWithoutPageRequest", ProcessorErrors.QUERY_RETURN_TYPE,
            "Page<E> and CursoredPage<E> need a PageRequest parameter",
            "byAuthor",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Find Page<Book> byAuthor(String author);", "}"),
        new Case("deleteCountType", ProcessorErrors.QUERY_RETURN_TYPE,
            "Books.deleteByAuthor returns boolean: it must return void, long or int",
            "deleteByAuthor",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Delete boolean deleteByAuthor(String author);", "}"),
        new Case("limitAndPageRequest", ProcessorErrors.QUERY_PARAMETER,
            "parameter limit of Books.byAuthor: a method takes a Limit or a PageRequest, not both",
            "byAuthor",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Find Page<Book> byAuthor(String author, Limit limit, PageRequest page);", "}"),
        new Case("sortOnADelete", ProcessorErrors.QUERY_PARAMETER,
            "parameter order of Books.deleteByAuthor: a delete method takes only conditions, no"
                + " Order",
            "Order<Book> order",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Delete void deleteByAuthor(String author,",
            "      Order<Book> order);", "}"),
        new Case("attributeComparedTwice", ProcessorErrors.QUERY_PARAMETER,
            "parameter other of Books.byAuthor: attribute author is already compared to parameter"
                + " author",
            "String other",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Find List<Book> byAuthor(String author,",
            "      @By(\"author\") String other);", "}"),
        new Case("noIndexServesTheCondition", ProcessorErrors.UNSERVED_QUERY,
            "Books.byTitle compares title, which neither the primary key nor an index of Book serves"
                + " (primary key isbn; indexes code (code), authorAndYear (author, year)). Tessera"
                + " reads only through keys, never by scanning records. Add @Index(fields ="
                + " {\"title\"}) to Book",
            "byTitle",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Find List<Book> byTitle(String title);", "}"),
        new Case("conditionOnASecondIndexFieldOnly", ProcessorErrors.UNSERVED_QUERY,
            "Add @Index(fields = {\"year\"}) to Book",
            "publishedIn",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Find List<Book> publishedIn(int year);", "}"),
        new Case("deleteNoIndexServes", ProcessorErrors.UNSERVED_QUERY,
            "Books.deleteByTitle compares title",
            "deleteByTitle",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Delete void deleteByTitle(String title);", "}"),
        new Case("orderTheIndexDoesNotGive", ProcessorErrors.UNSERVED_ORDER,
            "Books.byAuthor orders by title, but the key serving it orders by year, isbn (all"
                + " ascending or all descending, case-sensitive): add @Index(fields = {\"author\","
                + " \"title\"}) to Book",
            "byAuthor",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Find @OrderBy(\"title\") List<Book> byAuthor(String author);", "}"),
        new Case("orderIgnoringCase", ProcessorErrors.UNSERVED_ORDER,
            "orders by year ignoring case",
            "byAuthor",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Find @OrderBy(value = \"year\", ignoreCase = true) List<Book> byAuthor(String author);",
            "}"),
        new Case("orderOnNormalizedText", ProcessorErrors.UNSERVED_ORDER,
            "Books.all orders by code, but the key serving it orders by isbn",
            "all()",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  @Find @OrderBy(\"code\") List<Book> all();", "}"),
        // ---------------------------------------------------------------- queries by method name
        new Case("nameWithLike", ProcessorErrors.UNSUPPORTED_QUERY_KEYWORD,
            "Books.findByTitleLike: 'Like' is refused: Like: it needs a scan of every value",
            "findByTitleLike",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  List<Book> findByTitleLike(String pattern);", "}"),
        new Case("nameWithOr", ProcessorErrors.UNSUPPORTED_QUERY_KEYWORD,
            "Books.findByAuthorOrCode: 'Or' is refused: an Or reads two key ranges and merges them;"
                + " declare two methods and combine their results",
            "findByAuthorOrCode",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  List<Book> findByAuthorOrCode(String author, String code);", "}"),
        new Case("nameWithNot", ProcessorErrors.UNSUPPORTED_QUERY_KEYWORD,
            "Books.findByAuthorNot: 'Not' is refused: an index serves the values it holds, not their"
                + " complement",
            "findByAuthorNot",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  List<Book> findByAuthorNot(String author);", "}"),
        new Case("nameWithUnknownAttribute", ProcessorErrors.UNSUPPORTED_QUERY_KEYWORD,
            "Books.findByColour: 'Colour' is refused: no attribute of the entity starts here",
            "findByColour",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  List<Book> findByColour(String colour);", "}"),
        new Case("ignoreCaseWithoutACaseInsensitiveIndex", ProcessorErrors.UNSUPPORTED_QUERY_KEYWORD,
            "Books.findByAuthorIgnoreCase: 'IgnoreCase' is refused: no index over author normalises"
                + " case: declare one with normalize = Normalize.CASE_INSENSITIVE",
            "findByAuthorIgnoreCase",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  List<Book> findByAuthorIgnoreCase(String author);", "}"),
        new Case("nullOnAPrimitive", ProcessorErrors.UNSUPPORTED_QUERY_KEYWORD,
            "Books.findByAuthorAndYearNull: 'Null' is refused: year is a int, never null",
            "findByAuthorAndYearNull",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  List<Book> findByAuthorAndYearNull(String author);", "}"),
        new Case("rangeNoIndexServes", ProcessorErrors.UNSERVED_QUERY,
            "Books.findByYearGreaterThan compares year, which neither the primary key nor an index"
                + " of Book serves",
            "findByYearGreaterThan",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  List<Book> findByYearGreaterThan(int year);", "}"),
        new Case("rangeBeforeEquality", ProcessorErrors.UNSERVED_QUERY,
            "Add @Index(fields = {\"year\", \"author\"}) to Book",
            "findByAuthorGreaterThanAndYear",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  List<Book> findByAuthorGreaterThanAndYear(String author, int year);", "}"),
        new Case("nameOrderTheIndexDoesNotGive", ProcessorErrors.UNSERVED_ORDER,
            "Books.findByAuthorOrderByTitle orders by title, but the key serving it orders by year,"
                + " isbn",
            "findByAuthorOrderByTitle",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  List<Book> findByAuthorOrderByTitle(String author);", "}"),
        new Case("nameParameterCount", ProcessorErrors.QUERY_PARAMETER,
            "parameter 1 parameter(s) of Books.findByAuthorAndYear: the name compares 2 value(s), in"
                + " the order of its conditions (author equal, year equal)",
            "findByAuthorAndYear",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  List<Book> findByAuthorAndYear(String author);", "}"),
        new Case("nameParameterType", ProcessorErrors.CONDITION_TYPE,
            "parameter to of Books.findByAuthorAndYearBetween is a long, but attribute year is a int",
            "long to",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  List<Book> findByAuthorAndYearBetween(String author, int from,",
            "      long to);", "}"),
        new Case("nameInParameterType", ProcessorErrors.CONDITION_TYPE,
            "parameter authors of Books.findByAuthorIn is a java.util.List<java.lang.Integer>, but"
                + " attribute author is a java.lang.String: declare the parameter as"
                + " java.lang.String[] or a Collection<java.lang.String>",
            "List<Integer> authors",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  List<Book> findByAuthorIn(",
            "      List<Integer> authors);", "}"),
        new Case("twoConditionsOnOneAttribute", ProcessorErrors.QUERY_PARAMETER,
            "the name has two conditions on year; write one (Between for a range)",
            "findByAuthorAndYearGreaterThanAndYearLessThan",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  List<Book> findByAuthorAndYearGreaterThanAndYearLessThan(String a, int b, int c);",
            "}"),
        new Case("countReturnType", ProcessorErrors.QUERY_RETURN_TYPE,
            "Books.countByAuthor returns java.lang.String: it must return long or int",
            "countByAuthor",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  String countByAuthor(String author);", "}"),
        new Case("existsReturnType", ProcessorErrors.QUERY_RETURN_TYPE,
            "Books.existsByAuthor returns int: it must return boolean",
            "existsByAuthor",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  int existsByAuthor(String author);", "}"),
        new Case("countWithOrder", ProcessorErrors.QUERY_PARAMETER,
            "parameter OrderBy of Books.countByAuthorOrderByYear: a count has no order",
            "countByAuthorOrderByYear",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  long countByAuthorOrderByYear(String author);", "}"),
        new Case("firstWithLimit", ProcessorErrors.QUERY_PARAMETER,
            "parameter limit of Books.findFirst3ByAuthor: the name already limits the results with"
                + " First or Top",
            "findFirst3ByAuthor",
            "@Repository", "public interface Books extends CrudRepository<Book, String> {",
            "  List<Book> findFirst3ByAuthor(String author, Limit limit);", "}"));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void refusalIsReportedOnTheElementWithItsMessage(Case c) {
    String[] lines = Stream.concat(Stream.of(IMPORTS), Stream.of(c.body())).toArray(String[]::new);
    JavaFileObject books = source("com.acme.Books", lines);
    Compilation compilation =
        TesseraCompiler.jakartaDataCompiler().withProcessors(processor).compile(BOOK, books);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining(c.tag()).inFile(books).onLineContaining(c.line());
    assertThat(compilation).hadErrorContaining(c.message());
    assertThat(processor.createdSources()).doesNotContain("com.acme.Books_");
    // the entity's own repository is still generated
    assertThat(processor.createdSources()).contains("com.acme.BookRepository");
  }
}
