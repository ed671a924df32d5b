package dev.tessera.it.readme;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * README's main Java example turned into a program that prints what each commented line yields, so
 * that the comments can be compared with the real results. The example is read line by line:
 *
 * <ul>
 *   <li>everything before the {@code try (} line declares the entity (written to its own file);
 *   <li>{@code statement;   // value} prints the statement's value, expected to read {@code value}
 *       ({@code ...} stands for any text; a {@code ": remark"} after the value is narration);
 *   <li>a statement followed by {@code // -> Exception: message} (continued on {@code //} lines)
 *       must throw that exception with that message;
 *   <li>any other line is copied as it is.
 * </ul>
 *
 * Immutable.
 */
final class ExampleProgram {
  static final String PACKAGE = "consumer";
  static final String MAIN_CLASS = PACKAGE + ".Main";

  private static final String IMPORTS =
      String.join(
          "\n",
          "import dev.tessera.annotations.*;",
          "import dev.tessera.kv.*;",
          "import dev.tessera.kv.lmdb.*;",
          "import dev.tessera.repository.*;",
          "import java.nio.file.*;",
          "");
  private static final Pattern VALUE_LINE = Pattern.compile("^(\\s*)(\\S.*);\\s+// (.*)$");
  private static final Pattern THROWS_LINE = Pattern.compile("^\\s*// -> (.*)$");
  private static final Pattern CONTINUATION = Pattern.compile("^\\s*//\\s{2,}(.*)$");

  /** What one checked line of the example must print. */
  record Expectation(int number, String exampleLine, String expected) {
    /** Whether {@code actual} reads as {@code expected}, with {@code ...} matching any text. */
    boolean matches(String actual) {
      StringBuilder regex = new StringBuilder();
      String[] parts = expected.split("\\.\\.\\.", -1);
      for (int i = 0; i < parts.length; i++) {
        regex.append(i == 0 ? "" : ".*").append(Pattern.quote(parts[i]));
      }
      return Pattern.compile(regex.toString(), Pattern.DOTALL).matcher(actual).matches();
    }
  }

  private final String entitySource;
  private final String mainSource;
  private final List<Expectation> expectations;

  private ExampleProgram(String entitySource, String mainSource, List<Expectation> expectations) {
    this.entitySource = entitySource;
    this.mainSource = mainSource;
    this.expectations = List.copyOf(expectations);
  }

  /** Translates the example's {@code lines}. */
  static ExampleProgram of(List<String> lines) {
    int body = 0;
    while (body < lines.size() && !lines.get(body).startsWith("try (")) {
      body++;
    }
    if (body == lines.size()) {
      throw new AssertionError("README's main example has no line starting with \"try (\"");
    }
    String entity = "package " + PACKAGE + ";\n\n" + IMPORTS + "\n" + String.join("\n", lines.subList(0, body)) + "\n";

    List<Expectation> expectations = new ArrayList<>();
    StringBuilder main = new StringBuilder();
    main.append("package ").append(PACKAGE).append(";\n\n").append(IMPORTS).append('\n')
        .append("public final class Main {\n")
        .append("  public static void main(String[] args) throws Exception {\n");
    for (int i = body; i < lines.size(); i++) {
      String line = lines.get(i);
      Matcher value = VALUE_LINE.matcher(line);
      Matcher throwing = i + 1 < lines.size() ? THROWS_LINE.matcher(lines.get(i + 1)) : null;
      if (throwing != null && throwing.matches()) {
        StringBuilder message = new StringBuilder(throwing.group(1).strip());
        int next = i + 2;
        for (Matcher more; next < lines.size() && (more = CONTINUATION.matcher(lines.get(next))).matches(); next++) {
          message.append(' ').append(more.group(1).strip());
        }
        int number = expectations.size() + 1;
        expectations.add(new Expectation(number, line.strip(), message.toString()));
        main.append("    try {\n      ").append(line.strip()).append('\n')
            .append("      System.out.println(\"#").append(number).append(" no exception\");\n")
            .append("    } catch (RuntimeException e) {\n")
            .append("      System.out.println(\"#").append(number)
            .append(" \" + e.getClass().getSimpleName() + \": \" + e.getMessage());\n")
            .append("    }\n");
        i = next - 1;
      } else if (value.matches()) {
        int number = expectations.size() + 1;
        String expected = value.group(3).strip();
        int remark = expected.indexOf(": ");
        expectations.add(new Expectation(number, line.strip(), remark < 0 ? expected : expected.substring(0, remark)));
        main.append(value.group(1)).append("System.out.println(\"#").append(number).append(" \" + (")
            .append(value.group(2)).append("));\n");
      } else {
        main.append(line).append('\n');
      }
    }
    main.append("  }\n}\n");
    return new ExampleProgram(entity, main.toString(), expectations);
  }

  /** The entity's source file (everything before the {@code try} block). */
  String entitySource() {
    return entitySource;
  }

  /** The entity's simple name, as its source declares it. */
  String entityName() {
    Matcher record = Pattern.compile("\\brecord\\s+(\\w+)").matcher(entitySource);
    if (!record.find()) {
      throw new AssertionError("README's main example declares no record before its try block");
    }
    return record.group(1);
  }

  /** The {@code Main} class running the example. */
  String mainSource() {
    return mainSource;
  }

  /** What each checked line must print, in order. */
  List<Expectation> expectations() {
    return expectations;
  }
}
