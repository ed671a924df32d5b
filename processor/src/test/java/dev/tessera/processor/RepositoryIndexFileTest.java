package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tessera.processor.TesseraCompiler.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.tessera.annotations.Entity;
import dev.tessera.tuple.Tuple;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The processor lists every generated repository in {@code META-INF/tessera/repositories}, and a
 * compilation of only some entities keeps the entries of the others.
 */
class RepositoryIndexFileTest {
  private static final String BOOK =
      "package com.acme; import dev.tessera.annotations.*;"
          + " @Entity public record Book(@PrimaryKey String isbn) {}";
  private static final String MEMBER =
      "package com.acme.people; import dev.tessera.annotations.*;"
          + " @Entity public record Member(@PrimaryKey long id) {}";

  @Test
  void listsEveryGeneratedRepositorySorted() throws IOException {
    Compilation compilation = TesseraCompiler.compile(
        source("com.acme.people.Member", MEMBER), source("com.acme.Book", BOOK));
    assertThat(compilation).succeededWithoutWarnings();
    JavaFileObject index = compilation
        .generatedFile(StandardLocation.CLASS_OUTPUT, RepositoryIndexFile.PATH)
        .orElseThrow(() -> new AssertionError("no " + RepositoryIndexFile.PATH));
    assertThat(index.getCharContent(true).toString())
        .isEqualTo("com.acme.BookRepository\ncom.acme.people.MemberRepository\n");
  }

  @Test
  void compilationWithoutEntitiesWritesNoFile() {
    Compilation compilation =
        TesseraCompiler.compile(source("com.acme.Plain", "package com.acme; public class Plain {}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation.generatedFile(StandardLocation.CLASS_OUTPUT, RepositoryIndexFile.PATH))
        .isEmpty();
  }

  @Test
  void incrementalCompileKeepsEntriesOfEntitiesNotRecompiled(@TempDir Path dir) throws Exception {
    Path sources = Files.createDirectories(dir.resolve("src"));
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path book = Files.writeString(sources.resolve("Book.java"), BOOK);
    Path member = Files.writeString(sources.resolve("Member.java"), MEMBER);
    Path index = classes.resolve(RepositoryIndexFile.PATH);

    compile(classes, book, member);
    assertThat(Files.readAllLines(index))
        .containsExactly("com.acme.BookRepository", "com.acme.people.MemberRepository");

    // Only Book changed: the compiler sees Member's classes in the output, not its source.
    compile(classes, book);
    assertThat(Files.readAllLines(index))
        .containsExactly("com.acme.BookRepository", "com.acme.people.MemberRepository");

    // Member deleted and its classes cleaned away: its entry goes.
    Files.delete(member);
    try (var stale = Files.walk(classes.resolve("com/acme/people"))) {
      stale.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
    compile(classes, book);
    assertThat(Files.readAllLines(index)).containsExactly("com.acme.BookRepository");
  }

  private static void compile(Path classes, Path... sources) throws Exception {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    String classPath = String.join(File.pathSeparator,
        location(Entity.class), location(Tuple.class), classes.toString());
    List<String> options = List.of("-implicit:none",
        "-classpath", classPath, "-d", classes.toString(),
        "-s", Files.createDirectories(classes.resolveSibling("generated")).toString(),
        "--release", "17",
        "-processor", EntityProcessor.class.getName(),
        "-processorpath", location(EntityProcessor.class) + File.pathSeparator + classPath);
    var fileManager = javac.getStandardFileManager(null, null, null);
    StringWriter output = new StringWriter();
    boolean ok = javac.getTask(output, fileManager, null, options, null,
        fileManager.getJavaFileObjects(sources)).call();
    assertThat(ok).as("javac: %s", output).isTrue();
  }

  private static String location(Class<?> type) throws URISyntaxException {
    return new File(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
  }
}
