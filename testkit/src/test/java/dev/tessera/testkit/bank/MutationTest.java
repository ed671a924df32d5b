package dev.tessera.testkit.bank;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * Mutation proof: a bug planted in a copy of one runtime source file (the file compiled again with
 * one line changed, loaded before the real runtime in a class loader of its own, with the
 * simulation), each found by the CI seeds, by the invariant that names it. The bugs that leave out
 * a store call of a commit are planted by {@link BreakingStore} instead ({@link
 * BrokenCodeIsFoundTest}).
 *
 * <p>A mutation whose line is no longer in the runtime's source fails its test: update the line
 * here with the code it guards.
 */
class MutationTest {
  private static final String TRANSACTION_VIEW = "dev/tessera/internal/transaction/TransactionView.java";
  private static final String RECORD_WRITER = "dev/tessera/internal/write/RecordWriter.java";
  private static final String TRANSACTIONS = "dev/tessera/repository/Transactions.java";

  /**
   * One line of a runtime source file changed: its first occurrence of {@code original} becomes
   * {@code mutated}.
   */
  record Mutation(String name, String file, String original, String mutated) {
    @Override
    public String toString() {
      return name;
    }
  }

  /** A reverse or limited range read in a transaction is not recorded, so not validated at commit. */
  static final Mutation REVERSE_OR_LIMITED_READ_NOT_VALIDATED = new Mutation(
      "reverse or limited range read not validated", TRANSACTION_VIEW,
      "rangeReads = append(rangeReads, record);",
      "if (!selector.isReverse() && selector.limit() == Integer.MAX_VALUE) {"
          + " rangeReads = append(rangeReads, record); }");

  /** A count in a transaction is not validated at commit: a phantom a competitor adds goes unseen. */
  static final Mutation COUNT_NOT_VALIDATED = new Mutation(
      "count in a transaction not validated", TRANSACTION_VIEW,
      "pending.checkRangeCount(counted.range(), counted.count(), counted.readVersion());", "");

  /** A transaction's point reads are not validated at commit: a write skew, a lost update. */
  static final Mutation POINT_READS_NOT_VALIDATED = new Mutation(
      "point reads of a transaction not validated", TRANSACTION_VIEW,
      "pending.check(pointReads.entry(i));", "");

  /** An update outside a transaction commits without checking the record it read: a lost update. */
  static final Mutation UPDATE_WITHOUT_CHECK = new Mutation(
      "update commits without check(current)", RECORD_WRITER,
      "store.atomic().check(current);", "store.atomic();");

  /** A versioned update compares versionstamps by identity: every one is refused. */
  static final Mutation VERSIONSTAMPS_BY_IDENTITY = new Mutation(
      "versioned update compares versionstamps by identity", RECORD_WRITER,
      "!expected.equals(current.versionstamp())", "expected != current.versionstamp()");

  /** A versioned update accepts a stamp older than the record's. */
  static final Mutation OLDER_VERSIONSTAMP_ACCEPTED = new Mutation(
      "versioned update accepts an older versionstamp", RECORD_WRITER,
      "!expected.equals(current.versionstamp())", "expected.compareTo(current.versionstamp()) > 0");

  /** A transaction whose commit's outcome is unknown is run again. */
  static final Mutation RERUN_AFTER_UNKNOWN_OUTCOME = new Mutation(
      "transaction re-run after an unknown commit outcome", TRANSACTIONS,
      "result = commit(tx);",
      "try { result = commit(tx); } catch (RuntimeException unknown) {"
          + " if (!unknown.getClass().getSimpleName().equals(\"CommitOutcomeUnknownException\")) { throw unknown; }"
          + " return get(); }");

  @Test
  void aReverseOrLimitedReadNotValidatedIsFound() throws Exception {
    assertThat(failure(REVERSE_OR_LIMITED_READ_NOT_VALIDATED, "read was not validated"))
        .contains("was held when it committed").containsAnyOf("as the newest loan", "as the oldest loan");
  }

  @Test
  void aCountNotValidatedIsFound() throws Exception {
    assertThat(failure(COUNT_NOT_VALIDATED, "loans:")).contains("holds more than " + BankSimulation.MAX_LOANS);
  }

  @Test
  void pointReadsNotValidatedAreFound() throws Exception {
    assertThat(failure(POINT_READS_NOT_VALIDATED, "money not conserved")).contains("money not conserved");
  }

  @Test
  void anUpdateWithoutItsCheckIsFound() throws Exception {
    assertThat(failure(UPDATE_WITHOUT_CHECK, "(a lost update)")).contains("acknowledged effect");
  }

  @Test
  void versionstampsComparedByIdentityAreFound() throws Exception {
    assertThat(failure(VERSIONSTAMPS_BY_IDENTITY, "the refusal was not warranted")).contains("was refused");
  }

  @Test
  void anOlderVersionstampAcceptedIsFound() throws Exception {
    assertThat(failure(OLDER_VERSIONSTAMP_ACCEPTED, "(a lost update)")).contains("acknowledged effect");
  }

  @Test
  void aTransactionRunAgainAfterAnUnknownOutcomeIsFound() throws Exception {
    assertThat(failure(RERUN_AFTER_UNKNOWN_OUTCOME, "(an operation applied twice)")).contains("appears twice");
  }

  /**
   * The message of the first CI seed that fails with {@code mutation} planted by the invariant
   * whose message contains {@code invariant}; fails if none does. Prints every seed that fails
   * before it (by another invariant: found as well) and the one that found it.
   */
  private static String failure(Mutation mutation, String invariant) throws Exception {
    Path work = Files.createTempDirectory("tessera-mutant");
    List<URL> path = new ArrayList<>();
    path.add(compileMutant(mutation, work).toUri().toURL());
    for (String entry : testClassPath()) {
      path.add(Path.of(entry).toUri().toURL());
    }
    // the platform loader as parent: the runtime, the simulation and its libraries all come from
    // this loader, the mutated classes first
    try (URLClassLoader loader = new URLClassLoader(path.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
      Class<?> simulation = loader.loadClass(BankSimulation.class.getName());
      Class<?> settings = loader.loadClass(BankSimulation.Settings.class.getName());
      Object ci = settings.getMethod("ci").invoke(null);
      Method run = simulation.getMethod("run", long.class, settings);
      long first = BankSimulationTest.FIRST_SEED;
      for (long seed = first; seed < first + BankSimulationTest.CI_SEEDS; seed++) {
        try {
          run.invoke(null, seed, ci);
        } catch (InvocationTargetException e) {
          if (e.getCause() instanceof AssertionError found) {
            assertThat(found.getMessage()).startsWith("Simulation seed " + seed + " failed").contains("last steps:");
            String message = found.getMessage();
            String head = message.substring(0, message.indexOf("\nlast steps:"));
            if (head.contains(invariant)) {
              System.out.println("mutation '" + mutation + "' found by seed " + seed + ": " + head);
              return head;
            }
            System.out.println("mutation '" + mutation + "' found by seed " + seed + " (another invariant): " + head);
            continue;
          }
          throw e;
        }
      }
    } finally {
      deleteTree(work);
    }
    throw new AssertionError("no CI seed found the mutation by '" + invariant + "': " + mutation);
  }

  /** Compiles {@code mutation}'s file with its line changed; the directory of its classes. */
  private static Path compileMutant(Mutation mutation, Path work) throws IOException {
    Path original = runtimeSources().resolve(mutation.file());
    String text = Files.readString(original, StandardCharsets.UTF_8);
    int at = text.indexOf(mutation.original());
    assertThat(at).as("the line '%s' of %s to mutate", mutation.original(), original).isNotNegative();
    String mutated = text.substring(0, at) + mutation.mutated() + text.substring(at + mutation.original().length());
    Path source = work.resolve("src").resolve(mutation.file());
    Files.createDirectories(source.getParent());
    Files.writeString(source, mutated, StandardCharsets.UTF_8);
    Path classes = Files.createDirectories(work.resolve("classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter errors = new StringWriter();
    boolean compiled = javac.getTask(errors, null, null,
        List.of("-proc:none", "-nowarn", "-d", classes.toString(), "-classpath", String.join(File.pathSeparator,
            testClassPath())),
        null, javac.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(source.toFile()))
        .call();
    assertThat(compiled).as("the mutant of %s compiles: %s", mutation.file(), errors).isTrue();
    return classes;
  }

  /** The runtime module's sources, next to this module in the reactor. */
  private static Path runtimeSources() {
    Path module = Path.of(System.getProperty("basedir", "")).toAbsolutePath();
    return module.resolveSibling("runtime").resolve("src/main/java").normalize();
  }

  /** This test's class path: Surefire's when it forks with a manifest-only jar, else the JVM's. */
  private static List<String> testClassPath() {
    String path = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> entries = new ArrayList<>();
    for (String entry : path.split(File.pathSeparator)) {
      if (!entry.isBlank()) {
        entries.add(entry);
      }
    }
    return entries;
  }

  private static void deleteTree(Path root) throws IOException {
    try (var paths = Files.walk(root)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
