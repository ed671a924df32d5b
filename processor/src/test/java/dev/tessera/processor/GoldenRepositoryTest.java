package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Pins the shape of generated repositories: each entity here must generate exactly its checked-in
 * golden file. Run with {@code -Dtessera.updateGoldens=true} to rewrite them after an intended
 * change, then review the diff.
 */
class GoldenRepositoryTest {

  /** The issue's {@code User} entity. */
  @Test
  void userEntityGeneratesTheGoldenRepository() throws IOException {
    assertGenerates(
        "UserRepository",
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
  }

  /** A 2-D spatial index over ints and a named 3-D one over boxed and floating components. */
  @Test
  void placeEntityGeneratesTheGoldenSpatialRepository() throws IOException {
    assertGenerates(
        "PlaceRepository",
        TesseraCompiler.source(
            "com.acme.Place",
            "package com.acme;",
            "",
            "import dev.tessera.annotations.*;",
            "",
            "@Entity",
            "@SpatialIndex(fields = {\"x\", \"y\"})",
            "@SpatialIndex(name = \"volume\", fields = {\"x\", \"level\", \"height\"})",
            "public record Place(@PrimaryKey String id, int x, int y, Short level,",
            "    double height, String name) {}"));
  }

  private static void assertGenerates(String repository, JavaFileObject entity)
      throws IOException {
    String golden = "golden/" + repository + ".java";
    Compilation compilation = TesseraCompiler.compile(entity);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = TesseraCompiler.generatedText(compilation, "com.acme." + repository);

    if (Boolean.getBoolean("tessera.updateGoldens")) {
      Files.writeString(Path.of("src/test/resources", golden), generated, StandardCharsets.UTF_8);
    }
    assertThat(generated).isEqualTo(golden(golden));
  }

  private static String golden(String golden) throws IOException {
    try (InputStream in = GoldenRepositoryTest.class.getResourceAsStream("/" + golden)) {
      assertThat(in).as("golden file %s", golden).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
