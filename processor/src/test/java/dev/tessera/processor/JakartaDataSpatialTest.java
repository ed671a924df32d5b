package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tessera.processor.TesseraCompiler.generatedText;
import static dev.tessera.processor.TesseraCompiler.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A box query declared on a Jakarta Data interface (a {@code Between} on each field of a spatial
 * index) compiles to the generated repository's {@code byXY().within(..)}, and what a spatial
 * index cannot give (an order, a {@code Limit}, pages, a delete, other conditions) is a compile
 * error naming the spatial index.
 */
class JakartaDataSpatialTest {
  private static final JavaFileObject PLACE =
      source(
          "com.acme.Place",
          "package com.acme;",
          "import dev.tessera.annotations.*;",
          "@Entity",
          "@SpatialIndex(fields = {\"x\", \"y\"})",
          "public record Place(@PrimaryKey String id, int x, Integer y, String name) {}");

  private static final String[] IMPORTS = {
    "package com.acme;",
    "import jakarta.data.*;",
    "import jakarta.data.page.*;",
    "import jakarta.data.repository.*;",
    "import java.util.*;",
    "import java.util.stream.Stream;",
  };

  private Compilation compile(String... body) {
    String[] lines = Stream.concat(Stream.of(IMPORTS), Stream.of(body)).toArray(String[]::new);
    return TesseraCompiler.jakartaDataCompiler()
        .withProcessors(new RecordingProcessor())
        .compile(PLACE, source("com.acme.Places", lines));
  }

  @Test
  void betweenOnEachFieldOfASpatialIndexCallsWithin() {
    Compilation compilation =
        compile(
            "@Repository public interface Places extends BasicRepository<Place, String> {",
            "  List<Place> findByXBetweenAndYBetween(int x0, int x1, int y0, int y1);",
            "  Stream<Place> findByYBetweenAndXBetween(Integer b0, Integer b1, int a0, int a1);",
            "  Place[] findFirst3ByXBetweenAndYBetween(int x0, int x1, int y0, int y1);",
            "  Optional<Place> findOneByXBetweenAndYBetween(int x0, int x1, int y0, int y1);",
            "  long countByXBetweenAndYBetween(int x0, int x1, int y0, int y1);",
            "  int countAllByXBetweenAndYBetween(int x0, int x1, int y0, int y1);",
            "  boolean existsByXBetweenAndYBetween(int x0, int x1, int y0, int y1);",
            "}");
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generatedText(compilation, "com.acme.Places_");
    assertThat(generated)
        .contains("this.repository.byXY().within(x0, y0, x1, y1)")
        .contains("this.repository.byXY().within(a0, b0, a1, b1)")
        .contains("Objects.requireNonNull(b0, \"b0\")")
        .contains("query = query.limit(3)")
        .contains(".count()")
        .contains(".exists()")
        .contains("through spatial index {@code xY}")
        .doesNotContain("scan");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "List<Place> findByXBetweenAndYBetweenOrderByXAsc(int x0, int x1, int y0, int y1);"
            + "|[Tessera/UnservedOrder] Places.findByXBetweenAndYBetweenOrderByXAsc is a box query,"
            + " served by spatial index xY (x, y)",
        "List<Place> findByXBetweenAndYBetweenOrderByYDesc(int x0, int x1, int y0, int y1);"
            + "|It cannot give an order (OrderBy y): drop the order",
        "List<Place> findByXBetweenAndYBetween(int x0, int x1, int y0, int y1, Order<Place> o);"
            + "|It cannot give an order (the sort parameter o)",
        "List<Place> findByXBetweenAndYBetween(int x0, int x1, int y0, int y1, Limit limit);"
            + "|[Tessera/UnservedQuery] Places.findByXBetweenAndYBetween is a box query",
        "Page<Place> findByXBetweenAndYBetween(int x0, int x1, int y0, int y1, PageRequest p);"
            + "|It cannot give pages (a PageRequest)",
        "long deleteByXBetweenAndYBetween(int x0, int x1, int y0, int y1);"
            + "|It cannot give a delete: declare a List or Stream result, or use the generated"
            + " repository's byXY().within(..)",
        "List<Place> findByXBetweenAndName(int x0, int x1, String name);"
            + "|spatial index xY (x, y) serves a Between on each of its fields and no other"
            + " condition (a box query, e.g. findByXBetweenAndYBetween)",
        "List<Place> findByXBetweenAndYGreaterThan(int x0, int x1, int y);"
            + "|spatial index xY (x, y) serves a Between on each of its fields",
      })
  void whatASpatialIndexCannotGiveIsRefused(String method, String message) {
    Compilation compilation =
        compile(
            "@Repository public interface Places extends BasicRepository<Place, String> {",
            "  " + method,
            "}");
    assertThat(compilation).hadErrorContaining(message);
  }
}
