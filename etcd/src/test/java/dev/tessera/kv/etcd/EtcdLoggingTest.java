package dev.tessera.kv.etcd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.etcd.testing.EtcdCluster;
import dev.tessera.kv.etcd.testing.EtcdClusterExtension;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * What docs/scaling.md says about logging: jetcd logs through SLF4J and Tessera brings no provider,
 * so an application without one gets SLF4J's warning on standard error; with {@code slf4j-jdk14}
 * (on this module's test class path) SLF4J prints nothing: jetcd's logs go to java.util.logging,
 * and with the {@code logging.properties} the document gives, nothing at all reaches standard
 * error (no {@code INFO} lines from the libraries under jetcd).
 * Each case runs {@link EtcdLoggingProbe} in a child JVM, whose standard error is its own.
 */
@ExtendWith(EtcdClusterExtension.class)
class EtcdLoggingTest {
  private static final String PROVIDER_JAR = "slf4j-jdk14-";
  private static final long TIMEOUT_SECONDS = 240;
  /** What precedes the logging set-up docs/scaling.md recommends (a {@code properties} block). */
  private static final String LOGGING_PROPERTIES_MARKER = "<!-- logging.properties for etcd -->";

  private final EtcdCluster cluster;
  @TempDir Path dir;

  EtcdLoggingTest(EtcdCluster cluster) {
    this.cluster = cluster;
  }

  @Test
  void withoutAnSlf4jProviderTheFirstConnectPrintsSlf4jsWarning() throws Exception {
    String classPath =
        Arrays.stream(testClassPath())
            .filter(entry -> !new File(entry).getName().startsWith(PROVIDER_JAR))
            .collect(Collectors.joining(File.pathSeparator));

    Run run = probe(classPath);

    assertThat(run.stdout()).as("stderr: %s", run.stderr()).isEqualTo("ok\n");
    assertThat(run.stderr()).contains("SLF4J(W): No SLF4J providers were found.\n");
  }

  @Test
  void withSlf4jJdk14Slf4jPrintsNoWarning() throws Exception {
    assertThat(testClassPath())
        .as("the test class path holds slf4j-jdk14 (etcd/pom.xml)")
        .anyMatch(entry -> new File(entry).getName().startsWith(PROVIDER_JAR));

    Run run = probe(String.join(File.pathSeparator, testClassPath()));

    assertThat(run.stdout()).as("stderr: %s", run.stderr()).isEqualTo("ok\n");
    assertThat(run.stderr()).doesNotContain("SLF4J");
  }

  @Test
  void withSlf4jJdk14AndTheDocumentedLoggingSetUpAConnectionPrintsNothing() throws Exception {
    Path config = dir.resolve("logging.properties");
    Files.writeString(config, documentedLoggingProperties());

    Run run = probe(String.join(File.pathSeparator, testClassPath()),
        "-Djava.util.logging.config.file=" + config);

    assertThat(run.stdout()).as("stderr: %s", run.stderr()).isEqualTo("ok\n");
    assertThat(run.stderr()).as("nothing at INFO (or above) from the libraries under jetcd").isEmpty();
  }

  /** The {@code logging.properties} block docs/scaling.md gives for applications on etcd. */
  private static String documentedLoggingProperties() throws IOException {
    String doc = Files.readString(Path.of("..", "docs", "scaling.md"));
    int marker = doc.indexOf(LOGGING_PROPERTIES_MARKER);
    assertThat(marker).as("docs/scaling.md has a block after %s", LOGGING_PROPERTIES_MARKER).isNotNegative();
    int start = doc.indexOf("```properties\n", marker) + "```properties\n".length();
    return doc.substring(start, doc.indexOf("```", start));
  }

  private static String[] testClassPath() {
    return System.getProperty("java.class.path").split(File.pathSeparator);
  }

  private record Run(String stdout, String stderr) {}

  private Run probe(String classPath, String... jvmOptions) throws IOException, InterruptedException {
    Path out = dir.resolve("out");
    Path err = dir.resolve("err");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of(jvmOptions));
    command.addAll(List.of("-cp", classPath, EtcdLoggingProbe.class.getName()));
    command.addAll(cluster.endpoints());
    Process process =
        new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
      throw new AssertionError("the probe took longer than " + TIMEOUT_SECONDS + " s: " + Files.readString(err));
    }
    assertThat(process.exitValue()).as("exit code; stderr: %s", Files.readString(err)).isZero();
    return new Run(Files.readString(out), Files.readString(err));
  }
}
