package dev.tessera.mapping;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A parsed component type descriptor, as the processor writes them into a schema: {@code int} (a
 * primitive, lower case), {@code INT} (its box), {@code STRING}, {@code enum com.acme.Color},
 * {@code record com.acme.Address(street:STRING,number:int)}, {@code List<STRING>}, {@code
 * Map<STRING,List<INSTANT>>} and so on.
 *
 * <p>Immutable and thread-safe.
 *
 * @param kind the upper-case kind: {@code INT}, {@code STRING}, {@code ENUM}, {@code RECORD},
 *     {@code OPTIONAL}, {@code LIST}, {@code SET}, {@code MAP}...
 * @param primitive true for a primitive ({@code int}), false for boxes and reference types
 * @param className the enum or record class, otherwise empty
 * @param arguments the type arguments of a container, otherwise empty
 * @param components the components of a record, otherwise empty
 */
public record TypeDescriptor(
    String kind,
    boolean primitive,
    String className,
    List<TypeDescriptor> arguments,
    List<Component> components) {

  /**
   * One component of a record type.
   *
   * @param name the component name
   * @param type its type
   */
  public record Component(String name, TypeDescriptor type) {}

  public TypeDescriptor {
    arguments = List.copyOf(arguments);
    components = List.copyOf(components);
  }

  /**
   * Parses {@code descriptor}.
   *
   * @throws IllegalArgumentException naming the descriptor and the position of a syntax error
   */
  public static TypeDescriptor parse(String descriptor) {
    Parser parser = new Parser(descriptor);
    TypeDescriptor type = parser.type();
    parser.end();
    return type;
  }

  /** True for a kind stored as a tuple integer: {@code byte}, {@code short}, {@code char}, {@code int}, {@code long}. */
  public boolean integral() {
    switch (kind) {
      case "BYTE":
      case "SHORT":
      case "CHAR":
      case "INT":
      case "LONG":
        return true;
      default:
        return false;
    }
  }

  /** True for a type without arguments or components (a primitive, box, {@code String}...). */
  public boolean scalar() {
    return className.isEmpty() && arguments.isEmpty();
  }

  /** The descriptor text, as the processor writes it. */
  @Override
  public String toString() {
    switch (kind) {
      case "ENUM":
        return "enum " + className;
      case "RECORD":
        List<String> parts = new ArrayList<>();
        for (Component component : components) {
          parts.add(component.name() + ":" + component.type());
        }
        return "record " + className + "(" + String.join(",", parts) + ")";
      case "OPTIONAL":
      case "LIST":
      case "SET":
      case "MAP":
        List<String> args = new ArrayList<>();
        for (TypeDescriptor argument : arguments) {
          args.add(argument.toString());
        }
        return kind.charAt(0)
            + kind.substring(1).toLowerCase(Locale.ROOT)
            + "<"
            + String.join(",", args)
            + ">";
      default:
        return primitive ? kind.toLowerCase(Locale.ROOT) : kind;
    }
  }

  /** A recursive-descent parser over one descriptor. Not thread-safe. */
  private static final class Parser {
    private final String text;
    private int position;

    Parser(String text) {
      this.text = text;
    }

    TypeDescriptor type() {
      String word = word();
      switch (word) {
        case "enum":
          expect(' ');
          return new TypeDescriptor("ENUM", false, word(), List.of(), List.of());
        case "record":
          expect(' ');
          String name = word();
          expect('(');
          List<Component> components = new ArrayList<>();
          if (!accept(')')) {
            do {
              String component = word();
              expect(':');
              components.add(new Component(component, type()));
            } while (accept(','));
            expect(')');
          }
          return new TypeDescriptor("RECORD", false, name, List.of(), components);
        case "Optional":
        case "List":
        case "Set":
        case "Map":
          expect('<');
          List<TypeDescriptor> arguments = new ArrayList<>();
          do {
            arguments.add(type());
          } while (accept(','));
          expect('>');
          int expected = word.equals("Map") ? 2 : 1;
          if (arguments.size() != expected) {
            throw error(word + " takes " + expected + " type argument(s)");
          }
          return new TypeDescriptor(
              word.toUpperCase(Locale.ROOT), false, "", arguments, List.of());
        default:
          boolean primitive = Character.isLowerCase(word.charAt(0));
          return new TypeDescriptor(
              word.toUpperCase(Locale.ROOT), primitive, "", List.of(), List.of());
      }
    }

    void end() {
      if (position != text.length()) {
        throw error("unexpected text");
      }
    }

    private String word() {
      int start = position;
      while (position < text.length() && "<>(),: ".indexOf(text.charAt(position)) < 0) {
        position++;
      }
      if (start == position) {
        throw error("a name is missing");
      }
      return text.substring(start, position);
    }

    private boolean accept(char c) {
      if (position < text.length() && text.charAt(position) == c) {
        position++;
        return true;
      }
      return false;
    }

    private void expect(char c) {
      if (!accept(c)) {
        throw error("'" + c + "' expected");
      }
    }

    private IllegalArgumentException error(String what) {
      return new IllegalArgumentException(
          "type descriptor '" + text + "' does not parse at position " + position + ": " + what);
    }
  }
}
