package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tessera.processor.TesseraCompiler.compile;
import static dev.tessera.processor.TesseraCompiler.generatedText;
import static dev.tessera.processor.TesseraCompiler.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The typed query stages of a composite index: equality on the leading components, then a range or
 * a prefix on the next one, and nothing else compiles.
 */
class QueryStagesTest {
  private static final JavaFileObject PRODUCT =
      source(
          "com.acme.Product",
          "package com.acme;",
          "",
          "import dev.tessera.annotations.*;",
          "",
          "@Entity",
          "@Index(fields = {\"room\", \"price\", \"name\"})",
          "public record Product(@PrimaryKey long id, int room, Double price, String name) {}");

  /** A class using the generated query API with {@code body} as the statement of a method. */
  private static JavaFileObject caller(String body) {
    return source(
        "com.acme.Caller",
        "package com.acme;",
        "",
        "import dev.tessera.query.*;",
        "import java.util.List;",
        "",
        "final class Caller {",
        "  static Object run(ProductRepository products) {",
        "    return " + body + ";",
        "  }",
        "}");
  }

  @Test
  void compositeIndexGetsOneStagePerGivenPrefix() {
    Compilation compilation = compile(PRODUCT);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedText(compilation, "com.acme.ProductRepository"))
        .contains("public ByRoomAndPriceAndNameQuery byRoomAndPriceAndName()")
        .contains("public static final class ByRoomAndPriceAndNameQuery extends IndexQueryStage<Product>")
        .contains("public WithRoom equalTo(int room)")
        .contains("public static final class WithRoom extends IndexQueryStage<Product>")
        .contains("public WithRoomAndPrice equalTo(Double price)")
        .contains("public IndexQuery<Product> between(Double fromPrice, Double toPrice)")
        .contains("public static final class WithRoomAndPrice extends LastTextComponentStage<Product>")
        // only the String component offers a prefix
        .doesNotContain("startsWith(int")
        .doesNotContain("startsWith(Double");
  }

  @Test
  void everyStageAndRangeIsARunnableQuery() {
    Compilation compilation =
        compile(
            PRODUCT,
            caller(
                "List.of(products.byRoomAndPriceAndName().list(),"
                    + " products.byRoomAndPriceAndName().equalTo(56).reverse().limit(3).list(),"
                    + " products.byRoomAndPriceAndName().equalTo(56).between(10.0, 30.0).first(),"
                    + " products.byRoomAndPriceAndName().equalTo(56).equalTo(9.5).startsWith(\"b\").count(),"
                    + " products.byRoomAndPriceAndName().equalTo(56).equalTo(9.5).equalTo(\"x\").page(5),"
                    + " products.byRoomAndPriceAndName().atLeast(-3).stream())"));
    assertThat(compilation).succeededWithoutWarnings();
  }

  /**
   * What the index cannot serve does not compile: a range on the second component without the
   * first (the first stage's component is the int room), a prefix on a number, narrowing after a
   * range, a component past the last.
   */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "products.byRoomAndPriceAndName().between(1.0, 2.0) | lossy conversion from double to int",
        "products.byRoomAndPriceAndName().equalTo(56).startsWith(\"1\") | cannot find symbol",
        "products.byRoomAndPriceAndName().between(1, 2).equalTo(3.0) | cannot find symbol",
        "products.byRoomAndPriceAndName().equalTo(1).equalTo(2.0).equalTo(\"n\").equalTo(\"m\")"
            + " | cannot find symbol"
      })
  void queriesTheIndexCannotServeDoNotCompile(String call, String error) {
    Compilation compilation = compile(PRODUCT, caller(call));
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining(error);
  }
}
