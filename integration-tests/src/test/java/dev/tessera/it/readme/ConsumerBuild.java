package dev.tessera.it.readme;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A separate Maven project, as a user would write it, built by a child Maven against the artifacts
 * of the current build. The child never touches the shared local repository: it gets a private one
 * under {@code target/}, holding this build's Tessera jars (copied as {@code install} would lay
 * them out), and reads every third-party artifact from the shared repository as if it were a remote
 * one (a {@code file:} URL), so it needs no network and copies only what it uses.
 *
 * <p>Not thread-safe: one test drives it.
 */
final class ConsumerBuild {
  /** The parent pom's profile that builds the library's modules only. */
  static final String LIBRARY_PROFILE = "library";
  /**
   * The command README.md tells a user to run in the root of the checkout before using its Maven
   * snippet: it installs the library's modules (the parent pom's {@code library} profile: no
   * examples, tests or benchmarks) into the local repository. {@link #installReactorArtifacts}
   * lays out what it installs for the modules the snippet uses.
   */
  static final String INSTALL_COMMAND = "mvn -q -DskipTests -P" + LIBRARY_PROFILE + " install";

  private static final String GROUP_PATH = "dev/tessera";
  /** What the snippet uses of what {@link #INSTALL_COMMAND} installs: its two artifacts and theirs. */
  private static final List<String> PUBLISHED_MODULES = List.of("annotations", "runtime", "processor");
  /** Generous: the wait ends when the build does, and a loaded machine builds slowly. */
  private static final long MAVEN_TIMEOUT_MINUTES = 15;

  private final Path reactorRoot;
  private final String version;
  private final Path sharedRepository;
  private final Path directory;
  private final String projectName;

  /**
   * @param reactorRoot the directory of Tessera's parent pom, whose modules are already packaged
   * @param version the version of Tessera's artifacts
   * @param sharedRepository the local repository of the current build (read only)
   * @param directory where the consumer project and its private repository go
   */
  ConsumerBuild(Path reactorRoot, String version, Path sharedRepository, Path directory) {
    this(reactorRoot, version, sharedRepository, directory, "project");
  }

  private ConsumerBuild(
      Path reactorRoot, String version, Path sharedRepository, Path directory, String projectName) {
    this.reactorRoot = reactorRoot;
    this.version = version;
    this.sharedRepository = sharedRepository;
    this.directory = directory;
    this.projectName = projectName;
  }

  /** Another consumer project beside this one, sharing its private repository and settings. */
  ConsumerBuild otherProject(String name) {
    return new ConsumerBuild(reactorRoot, version, sharedRepository, directory, name);
  }

  /** The private local repository of the child build. */
  Path repository() {
    return directory.resolve("repository");
  }

  /** The consumer project's directory. */
  Path project() {
    return directory.resolve(projectName);
  }

  /**
   * Lays this build's Tessera artifacts out in the private repository as {@link #INSTALL_COMMAND}
   * would in a user's, replacing older ones: the parent pom, and each module's pom and jar (the
   * jars {@code verify} packaged are the ones {@code install} copies).
   */
  void installReactorArtifacts() throws IOException {
    Path group = repository().resolve(GROUP_PATH);
    deleteRecursively(group);
    copy(reactorRoot.resolve("pom.xml"), artifactFile(group, "tessera-parent", "pom"));
    for (String module : PUBLISHED_MODULES) {
      String artifactId = "tessera-" + module;
      Path jar = reactorRoot.resolve(module).resolve("target").resolve(artifactId + "-" + version + ".jar");
      if (!Files.isRegularFile(jar)) {
        throw new AssertionError(jar + " is missing: the consumer build needs the packaged jars (mvn verify)");
      }
      copy(reactorRoot.resolve(module).resolve("pom.xml"), artifactFile(group, artifactId, "pom"));
      copy(jar, artifactFile(group, artifactId, "jar"));
    }
  }

  /** The Maven settings {@link #writeSettings} writes. */
  Path settings() {
    return directory.resolve("settings.xml");
  }

  /** Writes the Maven settings: the shared repository, read as a remote one, is the only source. */
  Path writeSettings() throws IOException {
    String url = sharedRepository.toUri().toString();
    String repository =
        "<id>central</id><url>" + url + "</url>"
            + "<releases><checksumPolicy>ignore</checksumPolicy></releases>"
            + "<snapshots><enabled>false</enabled></snapshots>";
    String settings =
        "<settings><profiles><profile><id>shared-repository</id>"
            + "<repositories><repository>" + repository + "</repository></repositories>"
            + "<pluginRepositories><pluginRepository>" + repository + "</pluginRepository></pluginRepositories>"
            + "</profile></profiles>"
            + "<activeProfiles><activeProfile>shared-repository</activeProfile></activeProfiles></settings>\n";
    Path file = settings();
    Files.createDirectories(directory);
    Files.writeString(file, settings, StandardCharsets.UTF_8);
    return file;
  }

  /** Writes {@code relative} (a path inside the project) with {@code content}. */
  void write(String relative, String content) throws IOException {
    Path file = project().resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content, StandardCharsets.UTF_8);
  }

  /** Removes the project's sources and outputs, keeping the private repository. */
  void cleanProject() throws IOException {
    deleteRecursively(project());
  }

  /**
   * Runs {@code mvn} (of {@code mavenHome}) on the project with {@code javaHome}.
   *
   * @return the combined output; fails the test if Maven fails or times out
   */
  String maven(Path mavenHome, Path javaHome, Path settings, String... goals)
      throws IOException, InterruptedException {
    Run run = mavenRun(mavenHome, javaHome, settings, goals);
    if (run.exitCode() != 0) {
      throw new AssertionError("the consumer build failed (mvn " + String.join(" ", goals) + "):\n" + run.stdout());
    }
    return run.stdout();
  }

  /** Runs {@code mvn} like {@link #maven} and returns how it ended, failed or not. */
  Run mavenRun(Path mavenHome, Path javaHome, Path settings, String... goals)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(mavenHome.resolve("bin").resolve("mvn").toString());
    command.addAll(List.of("-B", "-ntp", "-q", "-s", settings.toString(), "-gs", settings.toString(),
        "-Dmaven.repo.local=" + repository()));
    command.addAll(List.of(goals));
    ProcessBuilder builder = new ProcessBuilder(command).directory(project().toFile()).redirectErrorStream(true);
    builder.environment().put("JAVA_HOME", javaHome.toString());
    builder.environment().remove("MAVEN_OPTS");
    return Run.of(builder, MAVEN_TIMEOUT_MINUTES);
  }

  /** The output of one finished process. */
  record Run(int exitCode, String stdout, String stderr) {
    /** Starts {@code builder}, waits at most {@code minutes}, and destroys it if it takes longer. */
    static Run of(ProcessBuilder builder, long minutes) throws IOException, InterruptedException {
      Path out = Files.createTempFile("consumer", ".out");
      Path err = Files.createTempFile("consumer", ".err");
      try {
        if (!builder.redirectErrorStream()) {
          builder.redirectError(err.toFile());
        }
        Process process = builder.redirectOutput(out.toFile()).start();
        if (!process.waitFor(minutes, TimeUnit.MINUTES)) {
          process.destroyForcibly().waitFor();
          throw new AssertionError(String.join(" ", builder.command()) + " took longer than " + minutes
              + " min:\n" + Files.readString(out));
        }
        return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
      } finally {
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
      }
    }
  }

  private Path artifactFile(Path group, String artifactId, String extension) {
    return group.resolve(artifactId).resolve(version).resolve(artifactId + "-" + version + "." + extension);
  }

  private static void copy(Path from, Path to) throws IOException {
    Files.createDirectories(to.getParent());
    Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
  }

  static void deleteRecursively(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
