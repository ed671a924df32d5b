package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tessera.processor.TesseraCompiler.generatedText;
import static dev.tessera.processor.TesseraCompiler.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * An entity whose component type another processor generates in the same build waits for that
 * type: it is read in a later round, and reported only if the type never appears.
 */
class DeferredTypesTest {

  /**
   * Generates {@code com.acme.Money}, a record, once it sees {@code @com.acme.MakeMoney} on a type;
   * with {@code generate == false} it claims the annotation and generates nothing.
   */
  private static final class MoneyProcessor extends AbstractProcessor {
    private final boolean generate;
    private boolean done;

    MoneyProcessor(boolean generate) {
      this.generate = generate;
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("com.acme.MakeMoney");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (done || !generate || annotations.isEmpty()) {
        return true;
      }
      done = true;
      try {
        JavaFileObject file = processingEnv.getFiler().createSourceFile("com.acme.Money");
        try (Writer writer = file.openWriter()) {
          writer.write("package com.acme;\npublic record Money(long cents, String currency) {}\n");
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return true;
    }
  }

  private static final JavaFileObject MAKE_MONEY =
      source(
          "com.acme.MakeMoney",
          "package com.acme;",
          "",
          "public @interface MakeMoney {}");

  private static final JavaFileObject WALLET =
      source(
          "com.acme.Wallet",
          "package com.acme;",
          "",
          "import dev.tessera.annotations.*;",
          "import java.util.List;",
          "",
          "@MakeMoney",
          "@Entity",
          "public record Wallet(@PrimaryKey String id, Money balance, List<Money> history) {}");

  private static final JavaFileObject PURSE =
      source(
          "com.acme.Purse",
          "package com.acme;",
          "",
          "import dev.tessera.annotations.*;",
          "",
          "@Entity(name = \"wallet\")",
          "public record Purse(@PrimaryKey String id, String owner) {}");

  @Test
  void entityWithAComponentTypeGeneratedByAnotherProcessorGetsItsRepository() {
    Compilation compilation =
        TesseraCompiler.compiler(true)
            .withProcessors(new EntityProcessor(), new MoneyProcessor(true))
            .compile(MAKE_MONEY, WALLET);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedText(compilation, "com.acme.WalletRepository"))
        .contains("private static final Codec<Money> MONEY_RECORD = Codecs.record(")
        .contains("private static final Codec<List<Money>> HISTORY_CODEC = Codecs.list(MONEY_RECORD);");
  }

  @Test
  void aTypeThatNeverAppearsIsReportedOnceProcessingIsOver() {
    Compilation compilation =
        TesseraCompiler.compiler(true)
            .withProcessors(new EntityProcessor(), new MoneyProcessor(false))
            .compile(MAKE_MONEY, WALLET);

    assertThat(compilation).failed();
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.UNSUPPORTED_TYPE + " component 'balance'")
        .inFile(WALLET)
        .onLineContaining("Money balance");
    assertThat(
            compilation.errors().stream()
                .filter(e -> e.getMessage(null).contains(ProcessorErrors.UNSUPPORTED_TYPE))
                .count())
        .as("one report per unresolved component, not one per round")
        .isEqualTo(2);
  }

  @Test
  void aDeferredEntityStillCollidesWithAnEntityOfAnEarlierRound() {
    Compilation compilation =
        TesseraCompiler.compiler(true)
            .withProcessors(new EntityProcessor(), new MoneyProcessor(true))
            .compile(MAKE_MONEY, WALLET, PURSE);

    assertThat(compilation).hadErrorContaining(ProcessorErrors.KEY_LAYOUT_COLLISION).inFile(WALLET);
  }
}
