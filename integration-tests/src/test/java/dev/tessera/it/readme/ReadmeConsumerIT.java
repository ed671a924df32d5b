package dev.tessera.it.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tessera.it.readme.ConsumerBuild.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * README.md as a new user meets it: the artifacts installed as README's command above the Maven
 * snippet installs them, then the snippet, copied verbatim into a separate project, builds its main
 * Java example with them, and the example prints what README's comments say. Runs after the modules are packaged (failsafe), with a child Maven that reads no
 * network and writes nothing to the shared local repository.
 */
class ReadmeConsumerIT {
  private static final String SNIPPET_HEADING = "## Adding Tessera to a Maven build";
  /** Generous: the wait ends when the run does, and a loaded machine runs slowly. */
  private static final long RUN_TIMEOUT_MINUTES = 10;

  private static Path reactorRoot;
  private static ConsumerBuild build;
  private static ExampleProgram program;
  private static String snippet;
  private static String moduleInfo;
  private static String installCommand;
  private static String snippetProse;

  @BeforeAll
  static void buildConsumer() throws IOException, InterruptedException {
    reactorRoot = Path.of(property("tessera.reactor.root")).toRealPath();
    Readme readme = Readme.read(reactorRoot.resolve("README.md"));
    installCommand = readme.commandUnder(SNIPPET_HEADING);
    snippetProse = readme.proseUnder(SNIPPET_HEADING);
    snippet = readme.xmlBlockUnder(SNIPPET_HEADING);
    moduleInfo = readme.javaBlockUnder(SNIPPET_HEADING).text();
    program = ExampleProgram.of(readme.mainJavaExample());
    build =
        new ConsumerBuild(
            reactorRoot,
            property("tessera.version"),
            Path.of(property("tessera.shared.repository")),
            Path.of(property("tessera.consumer.dir")));
    build.installReactorArtifacts();
    Path settings = build.writeSettings();
    build.cleanProject();
    build.write("pom.xml", consumerPom(snippet));
    String sources = "src/main/java/" + ExampleProgram.PACKAGE + "/";
    build.write(sources + program.entityName() + ".java", program.entitySource());
    build.write(sources + "Main.java", program.mainSource());
    build.maven(Path.of(property("maven.home")), Path.of(System.getProperty("java.home")), settings, "package");
  }

  /**
   * The snippet names artifacts that are not published: README says so above it and gives the
   * command that installs them, the one whose result {@link ConsumerBuild#installReactorArtifacts}
   * lays out for the consumer build.
   */
  @Test
  void readmeSaysToInstallTheArtifactsFirstWithTheCommandThisBuildFollows() {
    assertThat(snippetProse)
        .contains("The artifacts are not published")
        .contains("in the root of the Tessera checkout");
    assertThat(installCommand).isEqualTo(ConsumerBuild.INSTALL_COMMAND);
    assertThat(snippet).contains("<version>" + property("tessera.version") + "</version>");
  }

  @Test
  void snippetPinsTheCompilerPluginThisBuildUses() {
    assertThat(snippet)
        .contains("<artifactId>maven-compiler-plugin</artifactId>")
        .contains("<version>" + property("tessera.compiler.plugin.version") + "</version>")
        .contains("<artifactId>tessera-processor</artifactId>")
        .contains("<annotationProcessorPaths>")
        .contains("<release>17</release>");
  }

  @Test
  void mainExamplePrintsWhatReadmeSays() throws IOException, InterruptedException {
    Run run = runExample(Path.of(System.getProperty("java.home")));

    assertThat(run.exitCode()).as("exit code; output:\n%s%s", run.stdout(), run.stderr()).isZero();
    assertMatchesReadme(run.stdout());
    assertThat(run.stderr()).as("a fresh store logs nothing at INFO or above, and no JVM warning").isEmpty();
  }

  @Test
  void modularConsumerCompilesWithoutRequiringJavaCompiler() throws IOException, InterruptedException {
    ConsumerBuild modular = build.otherProject("modular");
    modular.cleanProject();
    modular.write("pom.xml", consumerPom(snippet));
    String sources = "src/main/java/" + ExampleProgram.PACKAGE + "/";
    modular.write(sources + program.entityName() + ".java", program.entitySource());
    modular.write(sources + "Main.java", program.mainSource());
    // Beside README's entity, one with every kind of generated query stage (composite, text,
    // nullable, multi-value and spatial indexes, enum values, a nested record).
    modular.write(sources + "Stock.java", "package " + ExampleProgram.PACKAGE + ";\n"
        + "import dev.tessera.annotations.*;\n"
        + "import java.util.List;\n"
        + "@Entity\n"
        + "@Index(fields = {\"shelf\", \"price\"})\n"
        + "@SpatialIndex(fields = {\"x\", \"y\"})\n"
        + "public record Stock(@PrimaryKey long id, int shelf, int price,\n"
        + "    @Index(normalize = Normalize.CASE_INSENSITIVE) String name, @Index Integer grade,\n"
        + "    @Index List<String> tags, @Index Kind kind, Origin origin, int x, int y) {\n"
        + "  public enum Kind { BOOK, TOOL }\n"
        + "  public record Origin(String country, int year) {}\n"
        + "}\n");
    // README's module-info, verbatim: the two module names, nothing else.
    modular.write("src/main/java/module-info.java", moduleInfo);

    modular.maven(
        Path.of(property("maven.home")), Path.of(System.getProperty("java.home")), build.settings(), "compile");

    assertThat(modular.project().resolve("target/classes/module-info.class")).exists();
    assertThat(modular.project().resolve("target/classes/consumer/" + program.entityName() + "Repository.class")).exists();
    assertThat(modular.project().resolve("target/classes/consumer/StockRepository.class")).exists();

    // The generated repository compiled against the runtime's exported packages alone; a
    // module that reaches past them into an internal package does not compile.
    modular.write(sources + "Peek.java", "package " + ExampleProgram.PACKAGE + ";\n"
        + "class Peek {\n  Object prefix = dev.tessera.internal.kv.ReservedKeys.class;\n}\n");
    ConsumerBuild.Run peek = modular.mavenRun(
        Path.of(property("maven.home")), Path.of(System.getProperty("java.home")), build.settings(), "compile");
    assertThat(peek.exitCode()).as(peek.stdout()).isNotZero();
    assertThat(peek.stdout()).contains("package dev.tessera.internal.kv is declared in module"
        + " dev.tessera.runtime, which does not export it");
  }

  /**
   * On JDK 24 and later, lmdbjava's native binding (jffi) loads a library and uses {@code
   * sun.misc.Unsafe}: the JVM warns on standard error unless both are allowed, as README's JDK
   * section says. Runs when a JDK 25 is found ({@code -Dtessera.jdk25.home}, {@code JDK25_HOME}, or
   * under /usr/lib/jvm); skipped, saying so, otherwise.
   */
  @Test
  void onJdk25TheExampleRunsAndTheTwoFlagsReadmeNamesSilenceItsWarnings()
      throws IOException, InterruptedException {
    Path jdk25 = jdk25().orElse(null);
    assumeTrue(jdk25 != null, "no JDK 25 found: set -Dtessera.jdk25.home or JDK25_HOME to run this test");

    Run plain = runExample(jdk25);
    assertThat(plain.exitCode()).as("exit code; output:\n%s%s", plain.stdout(), plain.stderr()).isZero();
    assertMatchesReadme(plain.stdout());
    assertThat(plain.stderr())
        .contains("WARNING: A restricted method in java.lang.System has been called")
        .contains("WARNING: A terminally deprecated method in sun.misc.Unsafe has been called");

    Run flagged = runExample(jdk25, "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow");
    assertThat(flagged.exitCode()).as("exit code; output:\n%s%s", flagged.stdout(), flagged.stderr()).isZero();
    assertMatchesReadme(flagged.stdout());
    assertThat(flagged.stderr()).isEmpty();
  }

  private static Optional<Path> jdk25() throws IOException {
    for (String configured : new String[] {System.getProperty("tessera.jdk25.home"), System.getenv("JDK25_HOME")}) {
      if (configured != null && !configured.isBlank()) {
        return Optional.of(Path.of(configured));
      }
    }
    Path jvms = Path.of("/usr/lib/jvm");
    if (!Files.isDirectory(jvms)) {
      return Optional.empty();
    }
    try (var homes = Files.list(jvms)) {
      return homes
          .filter(home -> home.getFileName().toString().matches(".*-25(-.*)?"))
          .filter(home -> Files.isExecutable(home.resolve("bin/java")))
          .sorted()
          .findFirst();
    }
  }

  /** Runs the consumer's jar in a fresh working directory (the example opens the store "data"). */
  static Run runExample(Path javaHome, String... jvmOptions) throws IOException, InterruptedException {
    Path workingDirectory = build.project().resolve("target").resolve("run");
    ConsumerBuild.deleteRecursively(workingDirectory);
    Files.createDirectories(workingDirectory);
    List<String> command = new ArrayList<>();
    command.add(javaHome.resolve("bin").resolve("java").toString());
    command.addAll(List.of(jvmOptions));
    command.addAll(List.of("-jar", consumerJar().toString()));
    return Run.of(new ProcessBuilder(command).directory(workingDirectory.toFile()), RUN_TIMEOUT_MINUTES);
  }

  static void assertMatchesReadme(String stdout) {
    Map<Integer, String> printed = new LinkedHashMap<>();
    for (String line : stdout.split("\n")) {
      if (line.startsWith("#")) {
        int space = line.indexOf(' ');
        printed.put(Integer.parseInt(line.substring(1, space)), line.substring(space + 1));
      }
    }
    for (ExampleProgram.Expectation expectation : program.expectations()) {
      String actual = printed.get(expectation.number());
      assertThat(actual)
          .as("README.md says `%s` gives \"%s\"", expectation.exampleLine(), expectation.expected())
          .isNotNull()
          .matches(expectation::matches, "reads as \"" + expectation.expected() + "\"");
    }
    assertThat(printed).hasSameSizeAs(program.expectations());
  }

  private static Path consumerJar() throws IOException {
    try (var jars = Files.list(build.project().resolve("target"))) {
      return jars.filter(path -> path.toString().endsWith(".jar")).findFirst().orElseThrow();
    }
  }

  /** A user's pom around README's snippet, plus what only this test needs (marked as such). */
  private static String consumerPom(String snippet) {
    String harness =
        "    <!-- Test harness only: the plugin versions this build already has (no download),\n"
            + "         and a jar that runs with its dependencies from the private repository. -->\n"
            + plugin("maven-resources-plugin", property("tessera.resources.plugin.version"), "")
            + plugin("maven-surefire-plugin", property("tessera.surefire.plugin.version"), "")
            + plugin(
                "maven-jar-plugin",
                property("tessera.jar.plugin.version"),
                "<configuration><archive><manifest>"
                    + "<mainClass>" + ExampleProgram.MAIN_CLASS + "</mainClass>"
                    + "<addClasspath>true</addClasspath>"
                    + "<classpathLayoutType>repository</classpathLayoutType>"
                    + "<classpathPrefix>../../repository/</classpathPrefix>"
                    + "</manifest></archive></configuration>");
    int end = snippet.lastIndexOf("</plugins>");
    if (end < 0 || snippet.indexOf("</plugins>") != end) {
      throw new AssertionError("README's Maven snippet should hold one <plugins> element:\n" + snippet);
    }
    String build = snippet.substring(0, end) + harness + "  " + snippet.substring(end);
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<project xmlns=\"http://maven.apache.org/POM/4.0.0\">\n"
        + "<modelVersion>4.0.0</modelVersion>\n"
        + "<groupId>consumer</groupId>\n"
        + "<artifactId>readme-consumer</artifactId>\n"
        + "<version>1</version>\n"
        + "<properties><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>\n"
        + build
        + "</project>\n";
  }

  private static String plugin(String artifactId, String version, String configuration) {
    return "    <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>" + artifactId
        + "</artifactId><version>" + version + "</version>" + configuration + "</plugin>\n";
  }

  private static String property(String name) {
    String value = System.getProperty(name);
    if (value == null || value.isBlank()) {
      throw new AssertionError("system property " + name + " is not set (integration-tests/pom.xml sets it)");
    }
    return value;
  }
}
