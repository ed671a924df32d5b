package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tessera.processor.TesseraCompiler.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One test per {@code @SpatialIndex} diagnostic: each pins the tag, the annotation line it is
 * reported on and that no repository is generated for the invalid entity.
 */
class SpatialIndexDiagnosticsTest {
  private final RecordingProcessor processor = new RecordingProcessor();

  private static JavaFileObject place(String... annotationsAndRecord) {
    String[] lines = new String[annotationsAndRecord.length + 3];
    lines[0] = "package com.acme;";
    lines[1] = "import dev.tessera.annotations.*;";
    lines[2] = "@Entity";
    System.arraycopy(annotationsAndRecord, 0, lines, 3, annotationsAndRecord.length);
    return source("com.acme.Place", lines);
  }

  private Compilation compileFailing(JavaFileObject src) {
    Compilation compilation = TesseraCompiler.compiler(true).withProcessors(processor).compile(src);
    assertThat(compilation).failed();
    assertThat(processor.createdSources()).doesNotContain("com.acme.PlaceRepository");
    return compilation;
  }

  @Test
  void unknownFieldListsTheComponents() {
    JavaFileObject src =
        place(
            "@SpatialIndex(fields = {\"x\", \"why\"})",
            "public record Place(@PrimaryKey String id, int x, int y) {}");
    Compilation compilation = compileFailing(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.UNKNOWN_INDEX_FIELD)
        .inFile(src)
        .onLineContaining("@SpatialIndex");
    assertThat(compilation).hadErrorContaining("spatial index 'xWhy'");
    assertThat(compilation).hadErrorContaining("'why'");
    assertThat(compilation).hadErrorContaining("use one of id, x, y");
  }

  @Test
  void oneFieldIsTooFew() {
    JavaFileObject src =
        place(
            "@SpatialIndex(name = \"line\", fields = {\"x\"})",
            "public record Place(@PrimaryKey String id, int x, int y) {}");
    Compilation compilation = compileFailing(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.SPATIAL_INDEX_DIMENSIONS)
        .inFile(src)
        .onLineContaining("@SpatialIndex");
    assertThat(compilation).hadErrorContaining("has 1 field(s) (x), but a spatial index has 2 or 3");
  }

  @Test
  void fourFieldsAreTooMany() {
    JavaFileObject src =
        place(
            "@SpatialIndex(fields = {\"x\", \"y\", \"z\", \"t\"})",
            "public record Place(@PrimaryKey String id, int x, int y, int z, long t) {}");
    Compilation compilation = compileFailing(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.SPATIAL_INDEX_DIMENSIONS)
        .inFile(src)
        .onLineContaining("@SpatialIndex");
    assertThat(compilation).hadErrorContaining("has 4 field(s) (x, y, z, t)");
  }

  @Test
  void nonNumericFieldIsRejected() {
    JavaFileObject src =
        place(
            "@SpatialIndex(fields = {\"x\", \"label\"})",
            "public record Place(@PrimaryKey String id, int x, String label) {}");
    Compilation compilation = compileFailing(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.NON_NUMERIC_SPATIAL_FIELD)
        .inFile(src)
        .onLineContaining("@SpatialIndex");
    assertThat(compilation).hadErrorContaining("covers 'label' of type STRING");
  }

  @Test
  void repeatedFieldIsRejected() {
    JavaFileObject src =
        place(
            "@SpatialIndex(name = \"diagonal\", fields = {\"x\", \"x\"})",
            "public record Place(@PrimaryKey String id, int x, int y) {}");
    Compilation compilation = compileFailing(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.REPEATED_INDEX_FIELD)
        .inFile(src)
        .onLineContaining("@SpatialIndex");
    assertThat(compilation).hadErrorContaining("names the field 'x' twice");
  }

  @Test
  void nameTakenByAnotherIndexIsRejected() {
    JavaFileObject src =
        place(
            "@SpatialIndex(name = \"x\", fields = {\"x\", \"y\"})",
            "public record Place(@PrimaryKey String id, @Index int x, int y) {}");
    Compilation compilation = compileFailing(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.DUPLICATE_INDEX_NAME)
        .inFile(src)
        .onLineContaining("@SpatialIndex");
    assertThat(compilation).hadErrorContaining("two indexes named 'x'");
  }

  @Test
  void twoSpatialIndexesWithOneDefaultNameAreRejected() {
    JavaFileObject src =
        place(
            "@SpatialIndex(fields = {\"x\", \"y\"})",
            "@SpatialIndex(fields = {\"x\", \"y\"})",
            "public record Place(@PrimaryKey String id, int x, int y) {}");
    Compilation compilation = compileFailing(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.DUPLICATE_INDEX_NAME)
        .inFile(src)
        // javac cannot point into the container it synthesises for repeated annotations
        .onLineContaining("public record Place");
    assertThat(compilation).hadErrorContaining("two indexes named 'xY'");
  }

  @Test
  void nameThatIsNoIdentifierIsRejected() {
    JavaFileObject src =
        place(
            "@SpatialIndex(name = \"x-y\", fields = {\"x\", \"y\"})",
            "public record Place(@PrimaryKey String id, int x, int y) {}");
    Compilation compilation = compileFailing(src);
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.INVALID_INDEX_NAME)
        .inFile(src)
        .onLineContaining("@SpatialIndex");
  }

  @Test
  void everyProblemIsReportedInOneRound() {
    JavaFileObject src =
        place(
            "@SpatialIndex(name = \"a\", fields = {\"x\", \"nope\"})",
            "@SpatialIndex(name = \"b\", fields = {\"label\", \"y\"})",
            "public record Place(@PrimaryKey String id, int x, int y, String label) {}");
    Compilation compilation = compileFailing(src);
    assertThat(compilation).hadErrorContaining(ProcessorErrors.UNKNOWN_INDEX_FIELD);
    assertThat(compilation).hadErrorContaining(ProcessorErrors.NON_NUMERIC_SPATIAL_FIELD);
  }

  @Test
  void spatialSubspaceTakenByAnotherEntityIsRejected() {
    JavaFileObject src =
        place(
            "@SpatialIndex(fields = {\"x\", \"y\"})",
            "public record Place(@PrimaryKey String id, int x, int y) {}");
    JavaFileObject other =
        source(
            "com.acme.Squatter",
            "package com.acme;",
            "import dev.tessera.annotations.*;",
            "@Entity(name = \"place_by_xY\")",
            "public record Squatter(@PrimaryKey String id) {}");
    Compilation compilation =
        TesseraCompiler.compiler(true).withProcessors(processor).compile(src, other);
    assertThat(compilation).failed();
    assertThat(compilation)
        .hadErrorContaining(ProcessorErrors.KEY_LAYOUT_COLLISION)
        .inFile(src)
        .onLineContaining("@Entity");
    assertThat(compilation).hadErrorContaining("spatial index 'xY' of com.acme.Place");
  }
}
