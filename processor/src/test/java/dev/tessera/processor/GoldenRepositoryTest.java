package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Pins the shape of a generated repository: the issue's {@code User} entity must generate exactly
 * the checked-in golden file. Run with {@code -Dtessera.updateGoldens=true} to rewrite it after an
 * intended change, then review the diff.
 */
class GoldenRepositoryTest {
  private static final String GOLDEN = "golden/UserRepository.java";

  @Test
  void userEntityGeneratesTheGoldenRepository() throws IOException {
    Compilation compilation =
        TesseraCompiler.compile(
            TesseraCompiler.source(
                "com.acme.User",
                "package com.acme;",
                "",
                "import dev.tessera.annotations.*;",
                "",
                "@Entity",
                "public record User(@PrimaryKey String id, String name,",
                "    @UniqueIndex(normalize = Normalize.CASE_INSENSITIVE) String email,",
                "    @Index String favoriteColor) {}"));
    assertThat(compilation).succeededWithoutWarnings();
    String generated = TesseraCompiler.generatedText(compilation, "com.acme.UserRepository");

    if (Boolean.getBoolean("tessera.updateGoldens")) {
      Files.writeString(
          Path.of("src/test/resources", GOLDEN), generated, StandardCharsets.UTF_8);
    }
    assertThat(generated).isEqualTo(golden());
  }

  private static String golden() throws IOException {
    try (InputStream in = GoldenRepositoryTest.class.getResourceAsStream("/" + GOLDEN)) {
      assertThat(in).as("golden file %s", GOLDEN).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
