package dev.tessera.it.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.annotations.Entity;
import dev.tessera.it.readme.Readme.Block;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.processor.EntityProcessor;
import dev.tessera.repository.IndexVerification;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README.md's Java fragments, copied verbatim from README itself into method bodies that declare
 * what each fragment uses (the entities as a user would annotate them, their generated
 * repositories, the variables), compiled in-process with the Tessera annotation processor and run
 * on a real LMDB store. README's main example and its {@code module-info} are built, verbatim, by
 * {@link ReadmeConsumerIT}; every other {@code java} block is covered here, and a block in a new
 * section fails {@link #everyJavaBlockIsCovered} until a test covers it.
 */
class ReadmeFragmentsTest {
  private static final String PACKAGE = "readme";
  private static final String QUERIES = "## Queries";
  private static final String TRANSACTIONS = "## Transactions";
  private static final String INDEX_ADMIN = "## Evolving entities";
  /** The sections of the java blocks ReadmeConsumerIT builds: the main example, module-info. */
  private static final List<String> BUILT_BY_CONSUMER_IT =
      List.of("# Tessera", "## Adding Tessera to a Maven build");

  private static final String IMPORTS =
      String.join(
          "\n",
          "package " + PACKAGE + ";",
          "",
          "import dev.tessera.annotations.*;",
          "import dev.tessera.kv.*;",
          "import dev.tessera.query.*;",
          "import dev.tessera.repository.*;",
          "import java.time.*;",
          "import java.util.*;",
          "",
          "");

  /** The entities the fragments use, annotated as README and docs/ describe them. */
  private static final List<String[]> ENTITIES =
      List.of(
          new String[] {
            "User",
            "@Entity",
            "public record User(@PrimaryKey String id, String name,",
            "                   @UniqueIndex(normalize = Normalize.CASE_INSENSITIVE) String email,",
            "                   @Index String favoriteColor, @Index int age) {}"
          },
          new String[] {
            "Product",
            "@Entity",
            "@Index(fields = {\"room\", \"price\"})",
            "public record Product(@PrimaryKey String sku, String name, int room, double price) {}"
          },
          new String[] {
            "Article",
            "@Entity",
            "public record Article(@PrimaryKey String id, String title,",
            "    @Index(normalize = Normalize.CASE_INSENSITIVE) List<String> tags) {}"
          },
          new String[] {
            "Book",
            "@Entity",
            "public record Book(@PrimaryKey String isbn, String title, int copiesAvailable) {",
            "  public Book withCopiesAvailable(int copiesAvailable) {",
            "    return new Book(isbn, title, copiesAvailable);",
            "  }",
            "}"
          },
          new String[] {
            "Loan",
            "@Entity",
            "public record Loan(@PrimaryKey(generate = KeyGeneration.ULID) String id,",
            "                   @Index String isbn, @Index String memberId, LocalDate due) {}"
          },
          new String[] {
            "NoCopyLeftException",
            "public final class NoCopyLeftException extends RuntimeException {",
            "  public NoCopyLeftException(String isbn) {",
            "    super(\"no copy of \" + isbn + \" left\");",
            "  }",
            "}"
          },
          new String[] {
            "Seed",
            "public final class Seed {",
            "  public static void users(KvStore store) {",
            "    UserRepository users = new UserRepository(store);",
            "    users.insert(new User(\"2024-001\", \"Alice\", \"Alice@Example.com\", \"blue\", 34));",
            "    users.insert(new User(\"2024-002\", \"Bob\", \"bob@example.com\", null, 17));",
            "    users.insert(new User(\"2023-001\", \"Carol\", \"carol@example.com\", \"red\", 70));",
            "  }",
            "  public static void products(KvStore store) {",
            "    ProductRepository products = new ProductRepository(store);",
            "    products.insert(new Product(\"p1\", \"lamp\", 56, 19.90));",
            "    products.insert(new Product(\"p2\", \"chair\", 5, 45.00));",
            "    ArticleRepository articles = new ArticleRepository(store);",
            "    articles.insert(new Article(\"a1\", \"Tuples\", List.of(\"Java\", \"SQL\")));",
            "  }",
            "  public static void shelve(KvStore store, String isbn, int copies) {",
            "    new BookRepository(store).insert(new Book(isbn, \"Dune\", copies));",
            "  }",
            "  public static int copiesAvailable(KvStore store, String isbn) {",
            "    return new BookRepository(store).findById(isbn).orElseThrow().copiesAvailable();",
            "  }",
            "  public static List<Loan> loansOf(KvStore store, String memberId) {",
            "    return new LoanRepository(store).findByMemberId(memberId);",
            "  }",
            "}"
          });

  private static Readme readme;
  private static URLClassLoader compiled;

  @BeforeAll
  static void compileFragments(@TempDir Path classes) throws IOException {
    readme = Readme.read(readmeFile());
    List<Source> sources = new ArrayList<>();
    for (String[] entity : ENTITIES) {
      sources.add(new Source(entity[0], IMPORTS + String.join("\n", List.of(entity).subList(1, entity.length)) + "\n"));
    }
    sources.add(
        scaffold(
            "QueriesFragment",
            "public static void run(KvStore store)",
            List.of(
                "UserRepository users = new UserRepository(store);",
                "ProductRepository products = new ProductRepository(store);",
                "ArticleRepository articles = new ArticleRepository(store);"),
            readme.javaBlockUnder(QUERIES),
            List.of()));
    sources.add(
        scaffold(
            "TransactionsFragment",
            "public static Loan lend(KvStore store, String isbn, String memberId, LocalDate today)",
            List.of(
                "BookRepository books = new BookRepository(store);",
                "LoanRepository loans = new LoanRepository(store);"),
            readme.javaBlockUnder(TRANSACTIONS),
            List.of("return loan;")));
    sources.add(
        scaffold(
            "IndexAdminFragment",
            "public static IndexVerification verify(KvStore store) throws InterruptedException",
            List.of(),
            readme.javaBlockUnder(INDEX_ADMIN),
            List.of("return report;")));
    compiled = compile(sources, classes);
  }

  @AfterAll
  static void closeClassLoader() throws IOException {
    if (compiled != null) {
      compiled.close();
    }
  }

  @Test
  void everyJavaBlockIsCovered() {
    List<String> covered = new ArrayList<>(BUILT_BY_CONSUMER_IT);
    covered.addAll(1, List.of(QUERIES, TRANSACTIONS, INDEX_ADMIN));
    assertThat(readme.headingsOfJavaBlocks())
        .as("the sections of README's java blocks; a new block needs a test here or in ReadmeConsumerIT")
        .isEqualTo(covered);
  }

  @Test
  void queriesBlockRunsOnRecords(@TempDir Path directory) throws Exception {
    try (KvStore store = LmdbKvStore.open(directory)) {
      call("Seed", "users", store);
      call("Seed", "products", store);

      call("QueriesFragment", "run", store);
    }
  }

  @Test
  void transactionsBlockLendsTheLastCopyThenRefuses(@TempDir Path directory) throws Exception {
    try (KvStore store = LmdbKvStore.open(directory)) {
      call("Seed", "shelve", store, "978-0441013593", 1);
      LocalDate today = LocalDate.of(2026, 11, 23);

      Object loan = call("TransactionsFragment", "lend", store, "978-0441013593", "m1", today);

      assertThat(loan.toString()).contains("isbn=978-0441013593", "memberId=m1", "due=2026-12-14");
      assertThat(call("Seed", "copiesAvailable", store, "978-0441013593")).isEqualTo(0);
      assertThatThrownBy(() -> call("TransactionsFragment", "lend", store, "978-0441013593", "m2", today))
          .hasMessage("no copy of 978-0441013593 left");
      assertThat(call("Seed", "loansOf", store, "m2")).as("the aborted transaction wrote nothing").isEqualTo(List.of());
      assertThat(call("Seed", "copiesAvailable", store, "978-0441013593")).isEqualTo(0);
    }
  }

  @Test
  void indexAdminBlockFindsTheIndexesClean(@TempDir Path directory) throws Exception {
    try (KvStore store = LmdbKvStore.open(directory)) {
      call("Seed", "users", store);

      IndexVerification report = (IndexVerification) call("IndexAdminFragment", "verify", store);

      assertThat(report.clean()).as("%s", report).isTrue();
    }
  }

  /**
   * One source file: the class's simple name, its text, and where README's fragment starts in it
   * ({@code fragmentLine}) and in README.md ({@code readmeLine}); both 0 without a fragment.
   */
  private record Source(String name, String text, int fragmentLine, int readmeLine) {
    Source(String name, String text) {
      this(name, text, 0, 0);
    }

    /** Where {@code line} of this file comes from, in README.md's terms when it is the fragment's. */
    String where(long line) {
      String file = name + ".java:" + line;
      if (readmeLine == 0 || line < fragmentLine) {
        return file;
      }
      return file + " (README.md line " + (readmeLine + line - fragmentLine) + ")";
    }
  }

  /**
   * A class {@code name} with one method {@code signature} whose body is {@code declarations},
   * then README's {@code fragment} verbatim, then {@code after}.
   */
  private static Source scaffold(
      String name, String signature, List<String> declarations, Block fragment, List<String> after) {
    StringBuilder text = new StringBuilder(IMPORTS);
    text.append("public final class ").append(name).append(" {\n");
    text.append("  ").append(signature).append(" {\n");
    declarations.forEach(line -> text.append(line).append('\n'));
    text.append("// README.md line ").append(fragment.firstLine()).append('\n');
    int fragmentLine = (int) text.chars().filter(c -> c == '\n').count() + 1;
    text.append(fragment.text());
    after.forEach(line -> text.append(line).append('\n'));
    text.append("  }\n}\n");
    return new Source(name, text.toString(), fragmentLine, fragment.firstLine());
  }

  /** Compiles {@code sources} with the Tessera processor into {@code classes} and loads them. */
  private static URLClassLoader compile(List<Source> sources, Path classes) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    List<JavaFileObject> files = sources.stream().map(ReadmeFragmentsTest::file).collect(Collectors.toList());
    try (StandardJavaFileManager fileManager = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
      String classPath = location(Entity.class) + File.pathSeparator + location(KvStore.class);
      List<String> options =
          List.of("--release", "17", "-classpath", classPath, "-d", classes.toString());
      JavaCompiler.CompilationTask task = javac.getTask(null, fileManager, diagnostics, options, null, files);
      task.setProcessors(List.of(new EntityProcessor()));
      boolean succeeded = task.call();
      List<Diagnostic<? extends JavaFileObject>> errors =
          diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR).toList();
      if (!succeeded || !errors.isEmpty()) {
        throw new AssertionError("README.md's java fragments do not compile:\n" + describe(errors, sources));
      }
    }
    return new URLClassLoader(new URL[] {classes.toUri().toURL()}, ReadmeFragmentsTest.class.getClassLoader());
  }

  private static String describe(List<Diagnostic<? extends JavaFileObject>> errors, List<Source> sources) {
    StringBuilder text = new StringBuilder();
    for (Diagnostic<? extends JavaFileObject> error : errors) {
      String file = error.getSource() == null ? "?" : error.getSource().getName();
      String where =
          sources.stream()
              .filter(s -> file.endsWith("/" + s.name() + ".java"))
              .findFirst()
              .map(s -> s.where(error.getLineNumber()))
              .orElse(file + ":" + error.getLineNumber());
      text.append(where).append(": ")
          .append(error.getMessage(Locale.ROOT)).append('\n');
    }
    text.append("\nthe scaffolds:\n");
    sources.stream().filter(s -> s.name().endsWith("Fragment")).forEach(s -> text.append(s.text()).append('\n'));
    return text.toString();
  }

  private static JavaFileObject file(Source source) {
    URI uri = URI.create("string:///" + PACKAGE + "/" + source.name() + JavaFileObject.Kind.SOURCE.extension);
    return new SimpleJavaFileObject(uri, JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return source.text();
      }
    };
  }

  /** Calls the compiled static method {@code className.method} with {@code arguments}. */
  private static Object call(String className, String method, Object... arguments) throws Exception {
    Class<?> type = Class.forName(PACKAGE + "." + className, true, compiled);
    Method target =
        List.of(type.getMethods()).stream()
            .filter(m -> m.getName().equals(method) && m.getParameterCount() == arguments.length)
            .findFirst()
            .orElseThrow(() -> new AssertionError("no method " + className + "." + method));
    try {
      return target.invoke(null, arguments);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof Exception cause) {
        throw cause;
      }
      throw e;
    }
  }

  private static String location(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Path readmeFile() {
    Path readme = Path.of("").toAbsolutePath().resolveSibling("README.md");
    if (!Files.isRegularFile(readme)) {
      throw new AssertionError(readme + " is missing: the test runs in integration-tests/");
    }
    return readme;
  }
}
