package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tessera.processor.TesseraCompiler.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every diagnostic: each case pins the tag, the element (file and line) it is reported on and
 * that no repository is generated for the invalid entity; diagnostics of a shape of their own
 * (several errors, several files, a valid entity beside an invalid one) have tests of their own.
 */
class DiagnosticsTest {
  private static final String IMPORTS = "import dev.tessera.annotations.*; import java.util.*;";

  private static JavaFileObject entity(String name, String... body) {
    String[] lines = new String[body.length + 2];
    lines[0] = "package com.acme;";
    lines[1] = IMPORTS;
    System.arraycopy(body, 0, lines, 2, body.length);
    return source("com.acme." + name, lines);
  }

  private final RecordingProcessor processor = new RecordingProcessor();

  private Compilation compile(JavaFileObject... sources) {
    return TesseraCompiler.compiler(true).withProcessors(processor).compile(sources);
  }

  private void assertNoRepository(Compilation compilation, String entity) {
    assertThat(compilation).failed();
    assertThat(processor.createdSources()).doesNotContain("com.acme." + entity + "Repository");
  }

  /**
   * A source file whose one error is reported with {@code tag} on the line containing {@code line},
   * optionally with {@code message} in some error, and for which no {@code
   * <repository>Repository} is generated.
   */
  private record Case(String name, String tag, String line, String message, String file,
      String repository, String... body) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("entityOnClassIsNotARecord", ProcessorErrors.NOT_A_RECORD, "@Entity",
            "com.acme.Plain is a class", "Plain", "Plain",
            "@Entity",
            "public final class Plain {}"),
        new Case("genericRecordIsRejected", ProcessorErrors.GENERIC_ENTITY, "@Entity",
            null, "Box", "Box",
            "@Entity",
            "public record Box<T>(@PrimaryKey String id, T content) {}"),
        new Case("recordInsideInnerClassIsRejected", ProcessorErrors.NOT_STATIC_NESTED, "@Entity public record Item",
            "make com.acme.Outer.Inner static", "Outer", "Item",
            "public class Outer {",
            "  public class Inner {",
            "    @Entity public record Item(@PrimaryKey String id) {}",
            "  }",
            "}"),
        new Case("privateNestedRecordIsRejected", ProcessorErrors.INACCESSIBLE_ENTITY, "@Entity private record Item",
            null, "Holder", "Item",
            "public class Holder {",
            "  @Entity private record Item(@PrimaryKey String id) {}",
            "}"),
        new Case("entityWithoutPrimaryKeyIsRejected", ProcessorErrors.MISSING_PRIMARY_KEY, "@Entity",
            "components (id, text)", "Note", "Note",
            "@Entity",
            "public record Note(String id, String text) {}"),
        new Case("secondPrimaryKeyIsRejectedOnItsComponent", ProcessorErrors.DUPLICATE_PRIMARY_KEY, "@PrimaryKey String right",
            "'left' and 'right'", "Pair", "Pair",
            "@Entity",
            "public record Pair(",
            "    @PrimaryKey String left,",
            "    @PrimaryKey String right) {}"),
        new Case("unsupportedComponentTypeNamesComponentAndType", ProcessorErrors.UNSUPPORTED_TYPE, "Object payload",
            "component 'payload' of com.acme.Blob has type java.lang.Object", "Blob", "Blob",
            "@Entity",
            "public record Blob(@PrimaryKey String id,",
            "    Object payload) {}"),
        new Case("unorderablePrimaryKeyIsRejected", ProcessorErrors.UNORDERABLE_KEY, "@PrimaryKey java.math.BigDecimal id",
            null, "Span", "Span",
            "@Entity",
            "public record Span(",
            "    @PrimaryKey java.math.BigDecimal id) {}"),
        new Case("indexOnUnorderableTypeIsRejected", ProcessorErrors.UNORDERABLE_INDEX, "@Index Map<String, String> tags",
            null, "Post", "Post",
            "@Entity",
            "public record Post(@PrimaryKey String id,",
            "    @Index Map<String, String> tags) {}"),
        new Case("indexOnListOfUnorderableElementsIsRejected", ProcessorErrors.UNORDERABLE_INDEX,
            "@Index List<List<String>> tags", null, "Thread", "Thread",
            "@Entity",
            "public record Thread(@PrimaryKey String id,",
            "    @Index List<List<String>> tags) {}"),
        new Case("multiValueComponentInCompositeIndexIsRejected", ProcessorErrors.MULTI_VALUE_COMPOSITE,
            "@Index(fields", "covers 'tags' of type List<STRING>", "Note", "Note",
            "@Entity",
            "@Index(fields = {\"owner\", \"tags\"})",
            "public record Note(@PrimaryKey String id, String owner, List<String> tags) {}"),
        new Case("normalizeOnMultiValueOfNonStringIsRejected", ProcessorErrors.NORMALIZE_ON_NON_STRING,
            "Set<Integer> sizes", null, "Shoe", "Shoe",
            "@Entity",
            "public record Shoe(@PrimaryKey String id,",
            "    @Index(normalize = Normalize.CASE_INSENSITIVE) Set<Integer> sizes) {}"),
        new Case("normalizeOnNonStringIsRejected", ProcessorErrors.NORMALIZE_ON_NON_STRING, "int age",
            "'age' has type int", "Person", "Person",
            "@Entity",
            "public record Person(@PrimaryKey String id,",
            "    @Index(normalize = Normalize.CASE_INSENSITIVE) int age) {}"),
        new Case("normalizeOnCompositeWithoutStringIsRejected", ProcessorErrors.NORMALIZE_ON_NON_STRING, "@Index(fields",
            null, "Seat", "Seat",
            "@Entity",
            "@Index(fields = {\"row\", \"number\"}, normalize = Normalize.CASE_INSENSITIVE)",
            "public record Seat(@PrimaryKey String id, int row, int number) {}"),
        new Case("typeLevelIndexWithoutFieldsIsRejected", ProcessorErrors.COMPOSITE_INDEX_WITHOUT_FIELDS, "@UniqueIndex",
            null, "Tag", "Tag",
            "@Entity",
            "@UniqueIndex",
            "public record Tag(@PrimaryKey String id, String label) {}"),
        new Case("componentIndexWithFieldsIsRejected", ProcessorErrors.FIELDS_ON_COMPONENT_INDEX, "String text",
            null, "Label", "Label",
            "@Entity",
            "public record Label(@PrimaryKey String id,",
            "    @Index(fields = {\"id\"}) String text) {}"),
        new Case("indexNameThatIsNoIdentifierIsRejected", ProcessorErrors.INVALID_INDEX_NAME, "by-email",
            null, "Account", "Account",
            "@Entity",
            "public record Account(@PrimaryKey String id,",
            "    @UniqueIndex(name = \"by-email\") String email) {}"),
        new Case("twoIndexesWithOneNameAreRejected", ProcessorErrors.DUPLICATE_INDEX_NAME, "String phone",
            null, "Member", "Member",
            "@Entity",
            "public record Member(@PrimaryKey String id,",
            "    @Index(name = \"contact\") String email,",
            "    @Index(name = \"contact\") String phone) {}"),
        new Case("indexesWhoseKeyMethodsWouldShareANameAreRejected",
            ProcessorErrors.GENERATED_NAME_CLASH, "@Entity",
            "of com.acme.Grid would both get a generated method named aBKey",
            "Grid", "Grid",
            "@Entity",
            "@Index(name = \"a\", fields = {\"b\", \"c\"})",
            "public record Grid(@PrimaryKey String id, @Index String aB, String b, String c) {}"),
        new Case("indexNamedIdIsReserved", ProcessorErrors.RESERVED_INDEX_NAME, "@Index String id",
            null, "Ticket", "Ticket",
            "@Entity",
            "public record Ticket(@PrimaryKey String key,",
            "    @Index String id) {}"),
        new Case("indexNamedCapitalIdIsReservedToo", ProcessorErrors.RESERVED_INDEX_NAME, "@Index(name",
            "byId", "Voucher", "Voucher",
            "@Entity",
            "public record Voucher(@PrimaryKey String key,",
            "    @Index(name = \"Id\") String code) {}"),
        new Case("compositeIndexRepeatingAFieldIsRejected", ProcessorErrors.REPEATED_INDEX_FIELD, "@Index(fields",
            null, "Slot", "Slot",
            "@Entity",
            "@Index(fields = {\"room\", \"room\"})",
            "public record Slot(@PrimaryKey String id, int room) {}"),
        new Case("ulidOnNonStringKeyIsRejected", ProcessorErrors.ULID_ON_NON_STRING, "long id",
            null, "Counter", "Counter",
            "@Entity",
            "public record Counter(",
            "    @PrimaryKey(generate = KeyGeneration.ULID) long id) {}"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void diagnosticIsReportedOnTheOffendingElementAndNoRepositoryIsGenerated(Case c) {
    JavaFileObject src = entity(c.file(), c.body());
    Compilation compilation = compile(src);
    assertThat(compilation).hadErrorContaining(c.tag()).inFile(src).onLineContaining(c.line());
    if (c.message() != null) {
      assertThat(compilation).hadErrorContaining(c.message());
    }
    assertNoRepository(compilation, c.repository());
  }

  @Test
  void wildcardAndRawTypesAreUnsupported() {
    JavaFileObject src =
        entity(
            "Loose",
            "@Entity",
            "public record Loose(@PrimaryKey String id,",
            "    List<? extends Number> numbers,",
            "    @SuppressWarnings(\"rawtypes\") Set raw) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining("a wildcard has no fixed encoding")
        .inFile(src)
        .onLineContaining("numbers");
    assertThat(compilation)
        .hadErrorContaining("a raw type")
        .inFile(src)
        .onLineContaining("Set raw");
  }

  @Test
  void compositeIndexNamingMissingFieldListsValidComponents() {
    JavaFileObject src =
        entity(
            "Booking",
            "@Entity",
            "@Index(fields = {\"room\", \"prise\"})",
            "public record Booking(@PrimaryKey String id, int room, double price) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.UNKNOWN_INDEX_FIELD)
        .inFile(src)
        .onLineContaining("@Index(fields");
    assertThat(compilation).hadErrorContaining("'prise'");
    assertThat(compilation).hadErrorContaining("use one of id, room, price");
    assertNoRepository(compilation, "Booking");
  }

  @Test
  void twoEntitiesWithOneNameCollide() {
    JavaFileObject first =
        entity("Customer", "@Entity(name = \"party\")", "public record Customer(@PrimaryKey String id) {}");
    JavaFileObject second =
        entity("Supplier", "@Entity(name = \"party\")", "public record Supplier(@PrimaryKey String id) {}");
    Compilation compilation = compile(first, second);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.KEY_LAYOUT_COLLISION)
        .inFile(first)
        .onLineContaining("@Entity");
    assertThat(compilation)
        .hadErrorContaining("the records of entity com.acme.Customer")
        .inFile(second)
        .onLineContaining("@Entity");
    assertNoRepository(compilation, "Customer");
    assertNoRepository(compilation, "Supplier");
  }

  @Test
  void entityNameEqualToAnotherEntitysIndexSubspaceCollides() {
    JavaFileObject user =
        entity(
            "User",
            "@Entity",
            "public record User(@PrimaryKey String id, @Index String email) {}");
    JavaFileObject clash =
        entity(
            "Clash",
            "@Entity(name = \"user_by_email\")",
            "public record Clash(@PrimaryKey String id) {}");
    Compilation compilation = compile(user, clash);
    assertThat(compilation)
        .hadErrorContaining("index 'email' of com.acme.User")
        .inFile(clash)
        .onLineContaining("@Entity(name");
    assertThat(compilation).hadErrorContaining("\"user_by_email\"");
    assertNoRepository(compilation, "Clash");
  }

  @Test
  void defaultThatDoesNotParseForItsTypeIsRejected() {
    JavaFileObject src =
        entity(
            "Player",
            "@Entity",
            "public record Player(@PrimaryKey String id,",
            "    @DefaultValue(\"ten\") int level,",
            "    @DefaultValue(\"PURPLE\") Color color,",
            "    @DefaultValue(\"2024-13-01\") java.time.LocalDate joined) {",
            "  public enum Color { RED, GREEN }",
            "}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(
            ProcessorErrors.invalidDefaultValue(
                "com.acme.Player", "level", "int", "ten",
                "a whole number in the range of int, such as \"0\""))
        .inFile(src)
        .onLineContaining("int level");
    assertThat(compilation)
        .hadErrorContaining("does not parse as com.acme.Player.Color: give one of the constants RED, GREEN")
        .inFile(src)
        .onLineContaining("Color color");
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.INVALID_DEFAULT_VALUE)
        .inFile(src)
        .onLineContaining("LocalDate joined");
    assertNoRepository(compilation, "Player");
  }

  @Test
  void defaultOnACollectionIsRejected() {
    JavaFileObject src =
        entity(
            "Bag",
            "@Entity",
            "public record Bag(@PrimaryKey String id, @DefaultValue(\"a\") List<String> items) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(
            ProcessorErrors.defaultValueUnsupported(
                "com.acme.Bag", "items", "java.util.List<java.lang.String>"))
        .inFile(src)
        .onLineContaining("List<String> items");
    assertNoRepository(compilation, "Bag");
  }

  @Test
  void formerNamesMustBeIdentifiersOfNoCurrentComponentClaimedOnce() {
    JavaFileObject src =
        entity(
            "Person",
            "@Entity",
            "public record Person(@PrimaryKey String id,",
            "    @Renamed(from = \"name\") String fullName,",
            "    String name,",
            "    @Renamed(from = {\"mail\", \"not-a-name\"}) String email,",
            "    @Renamed(from = \"mail\") String contact) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.formerNameIsCurrent("com.acme.Person", "fullName", "name"))
        .inFile(src)
        .onLineContaining("String fullName");
    assertThat(compilation)
        .hadErrorContaining(
            ProcessorErrors.formerNameNotIdentifier("com.acme.Person", "email", "not-a-name"))
        .inFile(src)
        .onLineContaining("String email");
    assertThat(compilation)
        .hadErrorContaining(
            ProcessorErrors.formerNameTwice("com.acme.Person", "contact", "mail", "email"))
        .inFile(src)
        .onLineContaining("String contact");
    assertNoRepository(compilation, "Person");
  }

  @Test
  void allErrorsOfOneRoundAreReportedAndValidEntitiesStillGenerate() {
    JavaFileObject broken =
        entity(
            "Broken",
            "@Entity",
            "public record Broken(Object payload,",
            "    @Index(normalize = Normalize.CASE_INSENSITIVE) long size) {}");
    JavaFileObject fine =
        entity("Fine", "@Entity", "public record Fine(@PrimaryKey String id) {}");
    Compilation compilation = compile(broken, fine);
    assertThat(compilation).hadErrorContaining(ProcessorErrors.UNSUPPORTED_TYPE);
    assertThat(compilation).hadErrorContaining(ProcessorErrors.MISSING_PRIMARY_KEY);
    assertThat(compilation).hadErrorContaining(ProcessorErrors.NORMALIZE_ON_NON_STRING);
    assertThat(
            compilation.errors().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .filter(d -> d.getMessage(null).startsWith("[Tessera/")))
        .hasSize(3);
    assertNoRepository(compilation, "Broken");
    assertThat(processor.createdSources()).containsExactly("com.acme.FineRepository");
  }
  @Test
  void primaryKeyOnAFieldOfAClassGetsTesserasMessage() {
    JavaFileObject src =
        entity(
            "Book",
            "@Entity",
            "public class Book {",
            "  @PrimaryKey String isbn;",
            "  String title;",
            "}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.PRIMARY_KEY_OUTSIDE_RECORD)
        .inFile(src)
        .onLineContaining("@PrimaryKey String isbn");
    assertThat(compilation).hadErrorContaining("com.acme.Book.isbn is a field of class com.acme.Book");
    assertThat(compilation).hadErrorContaining(ProcessorErrors.NOT_A_RECORD);
    assertNoRepository(compilation, "Book");
  }

  @Test
  void primaryKeyOnAFieldOfAClassWithoutEntityGetsTesserasMessage() {
    JavaFileObject src = entity("Loan", "public class Loan {", "  @PrimaryKey long id;", "}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.PRIMARY_KEY_OUTSIDE_RECORD)
        .inFile(src)
        .onLineContaining("@PrimaryKey long id");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void userTypeNamedLikeTheGeneratedRepositoryIsAClearError() {
    JavaFileObject src = entity("Book", "@Entity", "public record Book(@PrimaryKey String isbn, String title) {}");
    JavaFileObject taken = entity("BookRepository", "public class BookRepository {}");
    Compilation compilation = compile(src, taken);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.REPOSITORY_NAME_TAKEN)
        .inFile(src)
        .onLineContaining("@Entity");
    assertThat(compilation).hadErrorContaining("com.acme.BookRepository");
    assertThat(compilation.errors())
        .extracting(error -> error.getMessage(null))
        .noneMatch(message -> message.contains(ProcessorErrors.INTERNAL_ERROR));
  }
}
