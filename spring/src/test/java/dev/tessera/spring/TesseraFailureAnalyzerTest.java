package dev.tessera.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.annotation.Configuration;

/**
 * Missing or wrong {@code tessera.*} settings end a real Spring Boot start with the short failure
 * report (description and action) that {@link TesseraFailureAnalyzer} writes, found through {@code
 * META-INF/spring.factories}, instead of a stack trace.
 */
class TesseraFailureAnalyzerTest {
  @TempDir Path dir;

  /**
   * Starts an application with {@code properties}, which must fail; returns what it printed to
   * standard error, where Spring Boot's console logging writes the failure report.
   */
  private static String start(String... properties) {
    PrintStream stderr = System.err;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      assertThatThrownBy(() -> new SpringApplicationBuilder(Application.class)
          .web(WebApplicationType.NONE)
          .properties("spring.main.banner-mode=off", "spring.main.log-startup-info=false")
          .properties(properties)
          .run()
          .close())
          .isInstanceOf(RuntimeException.class);
    } finally {
      System.setErr(stderr);
    }
    String output = printed.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
    stderr.print(output);
    return output;
  }

  @Test
  void aMissingPathIsReportedWithTheAction() {
    String output = start();
    assertThat(output).contains("APPLICATION FAILED TO START")
        .contains("Description:\n\nThe Tessera store cannot be opened: tessera.path is not set:"
            + " the starter needs the directory of the store.")
        .contains("Action:\n\nSet tessera.path to the directory of the Tessera store (created if"
            + " absent), or define your own KvStore bean")
        .doesNotContain("\tat org.springframework");
  }

  @Test
  void aPathThatIsAFileIsReportedNamingIt() throws Exception {
    Path file = Files.writeString(dir.resolve("store.txt"), "not a store");
    String output = start("tessera.path=" + file);
    assertThat(output).contains("tessera.path is '" + file + "': it is a file, and an LMDB store is a directory")
        .contains("Action:\n\nSet tessera.path to a directory (created if absent), not to a file in it")
        .doesNotContain("\tat org.springframework");
  }

  @Test
  void aBadDurabilityIsReportedWithTheValidValues() {
    String output = start("tessera.path=" + dir, "tessera.durability=FAST");
    assertThat(output).contains("The Tessera setting tessera.durability is 'FAST'")
        .contains("which is not a valid durability.")
        .contains("Action:\n\nSet tessera.durability to one of DURABLE, NO_SYNC in your"
            + " application's configuration, or remove it to keep the default.")
        .doesNotContain("\tat org.springframework");
  }

  @Test
  void aBadMapSizeIsReportedWithTheFormat() {
    String output = start("tessera.path=" + dir, "tessera.max-map-size=lots");
    assertThat(output).contains("The Tessera setting tessera.max-map-size is 'lots'")
        .contains("Set tessera.max-map-size to a data size such as 64MB or 1TB");
  }

  @Test
  void otherFailuresAreLeftToTheOtherAnalyzers() {
    assertThat(new TesseraFailureAnalyzer().analyze(new IllegalStateException("not ours"))).isNull();
  }

  @Configuration(proxyBeanMethods = false)
  @EnableAutoConfiguration
  static class Application {}
}
