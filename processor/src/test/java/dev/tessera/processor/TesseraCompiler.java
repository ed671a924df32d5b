package dev.tessera.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.tessera.annotations.Entity;
import dev.tessera.tuple.Tuple;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;

/**
 * Compiles test sources with the Tessera processor against an explicit class path (annotations and
 * runtime, optionally jakarta.inject), with every lint warning about the code an error.
 */
final class TesseraCompiler {
  private TesseraCompiler() {}

  /** Compiles with jakarta.inject on the class path. */
  static Compilation compile(JavaFileObject... sources) {
    return compiler(true).compile(sources);
  }

  /** The configured compiler; {@code withInject} puts jakarta.inject on the class path. */
  static Compiler compiler(boolean withInject) {
    List<File> classPath = new ArrayList<>(List.of(location(Entity.class), location(Tuple.class)));
    if (withInject) {
      classPath.add(location(jakarta.inject.Inject.class));
    }
    return Compiler.javac()
        .withProcessors(new EntityProcessor())
        // -processing: javac warns that no processor claims @Generated/@Inject in generated code,
        // which says nothing about the code itself; every other lint is an error.
        .withOptions("-Xlint:all,-processing", "-Werror", "--release", "17")
        .withClasspath(classPath);
  }

  /** The compiler with jakarta.inject and jakarta.data-api (Jakarta Data 1.0) on the class path. */
  static Compiler jakartaDataCompiler() {
    return compiler(true).withClasspath(jakartaDataClassPath());
  }

  /** The class path of {@link #jakartaDataCompiler()}. */
  static List<File> jakartaDataClassPath() {
    return List.of(
        location(Entity.class),
        location(Tuple.class),
        location(jakarta.inject.Inject.class),
        location(jakarta.data.repository.Repository.class));
  }

  /** A source file named after the fully qualified class it declares. */
  static JavaFileObject source(String qualifiedName, String... lines) {
    return JavaFileObjects.forSourceLines(qualifiedName, lines);
  }

  /** The text of a generated source file. */
  static String generatedText(Compilation compilation, String qualifiedName) {
    JavaFileObject file =
        compilation
            .generatedSourceFile(qualifiedName)
            .orElseThrow(() -> new AssertionError("not generated: " + qualifiedName));
    try {
      return file.getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static File location(Class<?> type) {
    try {
      return new File(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
