package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tessera.processor.TesseraCompiler.generatedText;
import static dev.tessera.processor.TesseraCompiler.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * A constructor carries {@code @jakarta.inject.Inject} exactly when it is on the class path: the
 * {@code (KvStore)} one, or with {@code -Atessera.inject=options} the {@code (KvStore,
 * RepositoryOptions)} one.
 */
class InjectAnnotationTest {
  private static final JavaFileObject USER =
      source(
          "com.acme.User",
          "package com.acme;",
          "import dev.tessera.annotations.*;",
          "@Entity public record User(@PrimaryKey String id) {}");

  // withOptions replaces the compiler's options: repeat TesseraCompiler's.
  private static final Object[] OPTIONS =
      {"-Xlint:all,-processing", "-Werror", "--release", "17", "-Atessera.inject=options"};

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

  @Test
  void injectOptionsMovesInjectToTheConstructorTakingRepositoryOptions() {
    Compilation compilation = TesseraCompiler.compiler(true).withOptions(OPTIONS).compile(USER);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedText(compilation, "com.acme.UserRepository"))
        .contains("  @Inject\n  public UserRepository(KvStore store, RepositoryOptions options) {")
        .contains("   */\n  public UserRepository(KvStore store) {");
  }

  @Test
  void injectOptionWithoutJakartaInjectAddsNothing() {
    Compilation compilation =
        TesseraCompiler.compiler(false).withOptions(OPTIONS).compile(USER);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedText(compilation, "com.acme.UserRepository")).doesNotContain("Inject");
  }

  @Test
  void unknownInjectOptionValueIsAnError() {
    Compilation compilation = TesseraCompiler.compiler(true)
        .withOptions("-Xlint:all,-processing", "--release", "17", "-Atessera.inject=both")
        .compile(USER);
    assertThat(compilation).hadErrorContaining(ProcessorErrors.INVALID_INJECT_OPTION);
    assertThat(compilation).hadErrorContaining("-Atessera.inject=both");
  }
}
