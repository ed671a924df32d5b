package dev.tessera.it.readme;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The fenced code blocks of README.md, read as a user reads them: the Maven snippet under its
 * heading and the main Java example (the first {@code java} block). Immutable.
 */
final class Readme {
  private static final String FENCE = "```";

  private final List<String> lines;

  private Readme(List<String> lines) {
    this.lines = lines;
  }

  /** Reads {@code file}. */
  static Readme read(Path file) throws IOException {
    return new Readme(Files.readAllLines(file, StandardCharsets.UTF_8));
  }

  /** The first {@code java} block of the file: the example a reader meets first. */
  List<String> mainJavaExample() {
    return block(0, "java");
  }

  /** The {@code xml} block that follows {@code heading} (a whole heading line, such as "## X"). */
  String xmlBlockUnder(String heading) {
    int at = lines.indexOf(heading);
    if (at < 0) {
      throw new AssertionError("README.md has no heading line \"" + heading + "\"");
    }
    return String.join("\n", block(at, "xml")) + "\n";
  }

  private List<String> block(int from, String language) {
    for (int i = from; i < lines.size(); i++) {
      if (lines.get(i).strip().equals(FENCE + language)) {
        List<String> block = new ArrayList<>();
        for (int j = i + 1; j < lines.size(); j++) {
          if (lines.get(j).strip().equals(FENCE)) {
            return block;
          }
          block.add(lines.get(j));
        }
        throw new AssertionError("README.md: the " + language + " block at line " + (i + 1) + " is not closed");
      }
    }
    throw new AssertionError("README.md has no " + language + " block after line " + (from + 1));
  }
}
