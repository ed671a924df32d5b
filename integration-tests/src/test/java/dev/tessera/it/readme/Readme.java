package dev.tessera.it.readme;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The fenced code blocks of README.md, read as a user reads them: the Maven snippet under its
 * heading, the main Java example (the first {@code java} block) and the {@code java} block of each
 * section. Immutable.
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

  /**
   * The first command of the section that starts at {@code heading} (a whole heading line): a line
   * indented by four spaces, as Markdown shows code, without the indent; fails if the section
   * holds none.
   */
  String commandUnder(String heading) {
    int at = lines.indexOf(heading);
    if (at < 0) {
      throw new AssertionError("README.md has no heading line \"" + heading + "\"");
    }
    for (int i = at + 1; i < lines.size() && !lines.get(i).startsWith("#"); i++) {
      if (lines.get(i).startsWith("    ") && !lines.get(i).isBlank()) {
        return lines.get(i).strip();
      }
    }
    throw new AssertionError("README.md has no indented command under \"" + heading + "\"");
  }

  /** The text of the section that starts at {@code heading}, up to the next heading or fence. */
  String proseUnder(String heading) {
    int at = lines.indexOf(heading);
    if (at < 0) {
      throw new AssertionError("README.md has no heading line \"" + heading + "\"");
    }
    List<String> prose = new ArrayList<>();
    for (int i = at + 1; i < lines.size() && !lines.get(i).startsWith("#") && !lines.get(i).startsWith(FENCE); i++) {
      prose.add(lines.get(i));
    }
    return String.join(" ", prose);
  }

  /** A fenced block: the 1-based line number of its first content line, and its lines. */
  record Block(int firstLine, List<String> lines) {
    /** The block's text, one line per line, ending with a line break. */
    String text() {
      return String.join("\n", lines) + "\n";
    }
  }

  /**
   * The {@code java} block of the section that starts at {@code heading} (a whole heading line);
   * fails if the section ends before one.
   */
  Block javaBlockUnder(String heading) {
    int at = lines.indexOf(heading);
    if (at < 0) {
      throw new AssertionError("README.md has no heading line \"" + heading + "\"");
    }
    for (int i = at + 1; i < lines.size(); i++) {
      if (lines.get(i).startsWith("#")) {
        break;
      }
      if (lines.get(i).strip().equals(FENCE + "java")) {
        return new Block(i + 2, block(i, "java"));
      }
    }
    throw new AssertionError("README.md has no java block under \"" + heading + "\"");
  }

  /**
   * The heading line each {@code java} block falls under, in the order of the blocks (a section
   * with two blocks is named twice).
   */
  List<String> headingsOfJavaBlocks() {
    List<String> headings = new ArrayList<>();
    String heading = "(before any heading)";
    boolean fenced = false;
    for (String line : lines) {
      String stripped = line.strip();
      if (stripped.startsWith(FENCE)) {
        if (!fenced && stripped.equals(FENCE + "java")) {
          headings.add(heading);
        }
        fenced = !fenced;
      } else if (!fenced && line.startsWith("#")) {
        heading = line;
      }
    }
    return headings;
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
