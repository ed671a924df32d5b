package dev.tessera.processor;

import java.io.BufferedReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.lang.model.element.Element;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The list of generated repositories, {@value #PATH} in the class output: one fully qualified
 * class name per line, sorted. Integrations (the Spring Boot starter) read it from the class path to
 * register every repository without scanning classes.
 *
 * <p>Written once, when processing is over, so that every round's repositories are in it. A
 * compilation that generates no repository leaves the file alone. One that compiles only some
 * entities (an IDE's or build tool's incremental compile) keeps the entries of the previous file
 * whose classes still resolve, so repositories of entities not recompiled stay listed; an entry
 * whose class is gone from the sources and the class output is dropped.
 *
 * <p>Not thread-safe: the compiler drives the processor from one thread.
 */
final class RepositoryIndexFile {
  /** The file's path in the class output, and so on the class path. */
  static final String PATH = "META-INF/tessera/repositories";

  private final Filer filer;
  private final Elements elements;
  private final Messager messager;
  private final SortedSet<String> repositories = new TreeSet<>();
  private final List<Element> originating = new ArrayList<>();

  RepositoryIndexFile(Filer filer, Elements elements, Messager messager) {
    this.filer = filer;
    this.elements = elements;
    this.messager = messager;
  }

  /** Records {@code repository} (a fully qualified class name) generated from {@code entity}. */
  void add(String repository, Element entity) {
    repositories.add(repository);
    originating.add(entity);
  }

  /** Writes the file, merged with the previous one, if this compilation generated a repository. */
  void write() {
    if (repositories.isEmpty()) {
      return;
    }
    try {
      SortedSet<String> lines = new TreeSet<>(repositories);
      for (String previous : previousEntries()) {
        if (elements.getTypeElement(previous) != null) {
          lines.add(previous);
        }
      }
      FileObject file = filer.createResource(
          StandardLocation.CLASS_OUTPUT, "", PATH, originating.toArray(new Element[0]));
      try (Writer writer = file.openWriter()) {
        for (String line : lines) {
          writer.write(line);
          writer.write('\n');
        }
      }
    } catch (IOException | RuntimeException e) {
      messager.printMessage(Diagnostic.Kind.ERROR, ProcessorErrors.repositoryIndexNotWritten(PATH, e));
    }
  }

  private List<String> previousEntries() throws IOException {
    List<String> entries = new ArrayList<>();
    try {
      FileObject previous = filer.getResource(StandardLocation.CLASS_OUTPUT, "", PATH);
      try (Reader reader = previous.openReader(true);
          BufferedReader lines = new BufferedReader(reader)) {
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
          if (!line.isBlank()) {
            entries.add(line.strip());
          }
        }
      }
    } catch (FileNotFoundException | NoSuchFileException e) {
      // The first compilation: nothing to merge.
    }
    return entries;
  }
}
