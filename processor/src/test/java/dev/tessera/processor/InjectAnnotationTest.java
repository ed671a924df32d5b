package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tessera.processor.TesseraCompiler.generatedText;
import static dev.tessera.processor.TesseraCompiler.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** The constructor carries {@code @jakarta.inject.Inject} exactly when it is on the class path. */
class InjectAnnotationTest {
  private static final JavaFileObject USER =
      source(
          "com.acme.User",
          "package com.acme;",
          "import dev.tessera.annotations.*;",
          "@Entity public record User(@PrimaryKey String id) {}");

  @Test
  void constructorIsInjectableWithJakartaInjectOnTheClassPath() {
    Compilation compilation = TesseraCompiler.compiler(true).compile(USER);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedText(compilation, "com.acme.UserRepository"))
        .contains("import jakarta.inject.Inject;")
        .contains("  @Inject\n  public UserRepository(KvStore store) {");
  }

  @Test
  void constructorIsPlainWithoutJakartaInject() {
    Compilation compilation = TesseraCompiler.compiler(false).compile(USER);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedText(compilation, "com.acme.UserRepository"))
        .doesNotContain("Inject")
        .contains("public UserRepository(KvStore store) {");
  }
}
