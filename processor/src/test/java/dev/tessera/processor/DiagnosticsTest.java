package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tessera.processor.TesseraCompiler.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One test per diagnostic: each pins the tag, the element (file and line) it is reported on and
 * that no repository is generated for the invalid entity.
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

  @Test
  void entityOnClassIsNotARecord() {
    JavaFileObject src = entity("Plain", "@Entity", "public final class Plain {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.NOT_A_RECORD)
        .inFile(src)
        .onLineContaining("@Entity");
    assertThat(compilation).hadErrorContaining("com.acme.Plain is a class");
    assertNoRepository(compilation, "Plain");
  }

  @Test
  void genericRecordIsRejected() {
    JavaFileObject src =
        entity("Box", "@Entity", "public record Box<T>(@PrimaryKey String id, T content) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.GENERIC_ENTITY)
        .inFile(src)
        .onLineContaining("@Entity");
    assertNoRepository(compilation, "Box");
  }

  @Test
  void recordInsideInnerClassIsRejected() {
    JavaFileObject src =
        entity(
            "Outer",
            "public class Outer {",
            "  public class Inner {",
            "    @Entity public record Item(@PrimaryKey String id) {}",
            "  }",
            "}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.NOT_STATIC_NESTED)
        .inFile(src)
        .onLineContaining("@Entity public record Item");
    assertThat(compilation).hadErrorContaining("make com.acme.Outer.Inner static");
    assertNoRepository(compilation, "Item");
  }

  @Test
  void privateNestedRecordIsRejected() {
    JavaFileObject src =
        entity(
            "Holder",
            "public class Holder {",
            "  @Entity private record Item(@PrimaryKey String id) {}",
            "}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.INACCESSIBLE_ENTITY)
        .inFile(src)
        .onLineContaining("@Entity private record Item");
    assertNoRepository(compilation, "Item");
  }

  @Test
  void entityWithoutPrimaryKeyIsRejected() {
    JavaFileObject src = entity("Note", "@Entity", "public record Note(String id, String text) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.MISSING_PRIMARY_KEY)
        .inFile(src)
        .onLineContaining("@Entity");
    assertThat(compilation).hadErrorContaining("components (id, text)");
    assertNoRepository(compilation, "Note");
  }

  @Test
  void secondPrimaryKeyIsRejectedOnItsComponent() {
    JavaFileObject src =
        entity(
            "Pair",
            "@Entity",
            "public record Pair(",
            "    @PrimaryKey String left,",
            "    @PrimaryKey String right) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.DUPLICATE_PRIMARY_KEY)
        .inFile(src)
        .onLineContaining("@PrimaryKey String right");
    assertThat(compilation).hadErrorContaining("'left' and 'right'");
    assertNoRepository(compilation, "Pair");
  }

  @Test
  void unsupportedComponentTypeNamesComponentAndType() {
    JavaFileObject src =
        entity(
            "Blob",
            "@Entity",
            "public record Blob(@PrimaryKey String id,",
            "    Object payload) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.UNSUPPORTED_TYPE)
        .inFile(src)
        .onLineContaining("Object payload");
    assertThat(compilation).hadErrorContaining("component 'payload' of com.acme.Blob has type java.lang.Object");
    assertNoRepository(compilation, "Blob");
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
  void unorderablePrimaryKeyIsRejected() {
    JavaFileObject src =
        entity(
            "Span",
            "@Entity",
            "public record Span(",
            "    @PrimaryKey java.time.Duration id) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.UNORDERABLE_KEY)
        .inFile(src)
        .onLineContaining("@PrimaryKey java.time.Duration id");
    assertNoRepository(compilation, "Span");
  }

  @Test
  void indexOnUnorderableTypeIsRejected() {
    JavaFileObject src =
        entity(
            "Post",
            "@Entity",
            "public record Post(@PrimaryKey String id,",
            "    @Index List<String> tags) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.UNORDERABLE_INDEX)
        .inFile(src)
        .onLineContaining("@Index List<String> tags");
    assertNoRepository(compilation, "Post");
  }

  @Test
  void normalizeOnNonStringIsRejected() {
    JavaFileObject src =
        entity(
            "Person",
            "@Entity",
            "public record Person(@PrimaryKey String id,",
            "    @Index(normalize = Normalize.CASE_INSENSITIVE) int age) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.NORMALIZE_ON_NON_STRING)
        .inFile(src)
        .onLineContaining("int age");
    assertThat(compilation).hadErrorContaining("'age' has type int");
    assertNoRepository(compilation, "Person");
  }

  @Test
  void normalizeOnCompositeWithoutStringIsRejected() {
    JavaFileObject src =
        entity(
            "Seat",
            "@Entity",
            "@Index(fields = {\"row\", \"number\"}, normalize = Normalize.CASE_INSENSITIVE)",
            "public record Seat(@PrimaryKey String id, int row, int number) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.NORMALIZE_ON_NON_STRING)
        .inFile(src)
        .onLineContaining("@Index(fields");
    assertNoRepository(compilation, "Seat");
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
  void typeLevelIndexWithoutFieldsIsRejected() {
    JavaFileObject src =
        entity(
            "Tag",
            "@Entity",
            "@UniqueIndex",
            "public record Tag(@PrimaryKey String id, String label) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.COMPOSITE_INDEX_WITHOUT_FIELDS)
        .inFile(src)
        .onLineContaining("@UniqueIndex");
    assertNoRepository(compilation, "Tag");
  }

  @Test
  void componentIndexWithFieldsIsRejected() {
    JavaFileObject src =
        entity(
            "Label",
            "@Entity",
            "public record Label(@PrimaryKey String id,",
            "    @Index(fields = {\"id\"}) String text) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.FIELDS_ON_COMPONENT_INDEX)
        .inFile(src)
        .onLineContaining("String text");
    assertNoRepository(compilation, "Label");
  }

  @Test
  void indexNameThatIsNoIdentifierIsRejected() {
    JavaFileObject src =
        entity(
            "Account",
            "@Entity",
            "public record Account(@PrimaryKey String id,",
            "    @UniqueIndex(name = \"by-email\") String email) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.INVALID_INDEX_NAME)
        .inFile(src)
        .onLineContaining("by-email");
    assertNoRepository(compilation, "Account");
  }

  @Test
  void twoIndexesWithOneNameAreRejected() {
    JavaFileObject src =
        entity(
            "Member",
            "@Entity",
            "public record Member(@PrimaryKey String id,",
            "    @Index(name = \"contact\") String email,",
            "    @Index(name = \"contact\") String phone) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.DUPLICATE_INDEX_NAME)
        .inFile(src)
        .onLineContaining("String phone");
    assertNoRepository(compilation, "Member");
  }

  @Test
  void indexNamedIdIsReserved() {
    JavaFileObject src =
        entity(
            "Ticket",
            "@Entity",
            "public record Ticket(@PrimaryKey String key,",
            "    @Index String id) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.RESERVED_INDEX_NAME)
        .inFile(src)
        .onLineContaining("@Index String id");
    assertNoRepository(compilation, "Ticket");
  }

  @Test
  void compositeIndexRepeatingAFieldIsRejected() {
    JavaFileObject src =
        entity(
            "Slot",
            "@Entity",
            "@Index(fields = {\"room\", \"room\"})",
            "public record Slot(@PrimaryKey String id, int room) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.REPEATED_INDEX_FIELD)
        .inFile(src)
        .onLineContaining("@Index(fields");
    assertNoRepository(compilation, "Slot");
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
  void ulidOnNonStringKeyIsRejected() {
    JavaFileObject src =
        entity(
            "Counter",
            "@Entity",
            "public record Counter(",
            "    @PrimaryKey(generate = KeyGeneration.ULID) long id) {}");
    Compilation compilation = compile(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.ULID_ON_NON_STRING)
        .inFile(src)
        .onLineContaining("long id");
    assertNoRepository(compilation, "Counter");
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
