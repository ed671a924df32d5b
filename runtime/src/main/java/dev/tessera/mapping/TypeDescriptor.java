package dev.tessera.mapping;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A component type descriptor, as a schema stores it: {@code int} (a primitive, lower case), {@code
 * INT} (its box), {@code STRING}, {@code enum com.acme.Color}, {@code record
 * com.acme.Address(street:STRING,number:int)}, {@code List<STRING>}, {@code
 * Map<STRING,List<INSTANT>>} and so on. {@link #parse} reads that text and {@link #toString()}
 * writes it back unchanged; the constants and factories build the same descriptors in code, as
 * generated schemas do:
 *
 * <pre>{@code
 * TypeDescriptor tags = TypeDescriptor.list(TypeDescriptor.STRING);   // List<STRING>
 * boolean text = tags.arguments().get(0).kind() == TypeDescriptor.Kind.STRING;
 * }</pre>
 *
 * <p>The scalar constants are named as the {@link Codecs} constants of the same types: {@link
 * #INT} is {@code int}, {@link #BOXED_INT} is {@code INT}.
 *
 * <p>Immutable and thread-safe.
 *
 * @param kind what kind of type it is
 * @param primitive true for a primitive ({@code int}), false for boxes and reference types
 * @param className the enum or record class, otherwise empty
 * @param arguments the type arguments of a container, otherwise empty
 * @param components the components of a record, otherwise empty
 */
public record TypeDescriptor(
    Kind kind,
    boolean primitive,
    String className,
    List<TypeDescriptor> arguments,
    List<Component> components) {

  /**
   * The kinds of stored type; a descriptor's text names a scalar kind by its name (upper case for a
   * box or reference type, lower case for a primitive).
   */
  public enum Kind {
    /** {@code boolean} or {@code Boolean}. */
    BOOLEAN(Shape.PRIMITIVE),
    /** {@code byte} or {@code Byte}. */
    BYTE(Shape.PRIMITIVE),
    /** {@code short} or {@code Short}. */
    SHORT(Shape.PRIMITIVE),
    /** {@code char} or {@code Character}. */
    CHAR(Shape.PRIMITIVE),
    /** {@code int} or {@code Integer}. */
    INT(Shape.PRIMITIVE),
    /** {@code long} or {@code Long}. */
    LONG(Shape.PRIMITIVE),
    /** {@code float} or {@code Float}. */
    FLOAT(Shape.PRIMITIVE),
    /** {@code double} or {@code Double}. */
    DOUBLE(Shape.PRIMITIVE),
    /** {@code String}. */
    STRING(Shape.SCALAR),
    /** {@code byte[]}. */
    BYTES(Shape.SCALAR),
    /** {@code java.util.UUID}. */
    UUID(Shape.SCALAR),
    /** {@code java.time.Instant}. */
    INSTANT(Shape.SCALAR),
    /** {@code java.time.LocalDate}. */
    LOCAL_DATE(Shape.SCALAR),
    /** {@code java.time.LocalDateTime}. */
    LOCAL_DATE_TIME(Shape.SCALAR),
    /** {@code java.time.LocalTime}. */
    LOCAL_TIME(Shape.SCALAR),
    /** {@code java.time.OffsetDateTime}. */
    OFFSET_DATE_TIME(Shape.SCALAR),
    /** {@code java.time.Duration}. */
    DURATION(Shape.SCALAR),
    /** {@code java.math.BigInteger}. */
    BIG_INTEGER(Shape.SCALAR),
    /** {@code java.math.BigDecimal}. */
    BIG_DECIMAL(Shape.SCALAR),
    /** An enum: {@code enum com.acme.Color}. */
    ENUM(Shape.NAMED),
    /** A record: {@code record com.acme.Address(street:STRING)}. */
    RECORD(Shape.NAMED),
    /** {@code Optional<T>}. */
    OPTIONAL(Shape.CONTAINER),
    /** {@code List<T>}. */
    LIST(Shape.CONTAINER),
    /** {@code Set<T>}. */
    SET(Shape.CONTAINER),
    /** {@code Map<K,V>}. */
    MAP(Shape.CONTAINER);

    private final Shape shape;

    Kind(Shape shape) {
      this.shape = shape;
    }

    /**
     * {@return true for a kind with a primitive type: {@code boolean}, the numbers and {@code
     * char}}
     */
    public boolean hasPrimitive() {
      return shape == Shape.PRIMITIVE;
    }

    /** {@return true for a kind without a class name, arguments or components} */
    public boolean scalar() {
      return shape == Shape.PRIMITIVE || shape == Shape.SCALAR;
    }

    /** {@return true for {@link #OPTIONAL}, {@link #LIST}, {@link #SET} and {@link #MAP}} */
    public boolean container() {
      return shape == Shape.CONTAINER;
    }

    /**
     * {@return true for a kind stored as a tuple integer: {@code byte}, {@code short}, {@code
     * char}, {@code int}, {@code long}}
     */
    public boolean integral() {
      return this == BYTE || this == SHORT || this == CHAR || this == INT || this == LONG;
    }

    /** The number of type arguments a container takes: two for a map, one for the others. */
    int arity() {
      return this == MAP ? 2 : shape == Shape.CONTAINER ? 1 : 0;
    }

    /** {@code List} for {@link #LIST} and so on: how a descriptor names a container. */
    String containerName() {
      return name().charAt(0) + name().substring(1).toLowerCase(Locale.ROOT);
    }

    private enum Shape {
      PRIMITIVE,
      SCALAR,
      NAMED,
      CONTAINER
    }
  }

  /** {@code boolean}. */
  public static final TypeDescriptor BOOLEAN = primitive(Kind.BOOLEAN);
  /** {@code BOOLEAN}: {@code Boolean}. */
  public static final TypeDescriptor BOXED_BOOLEAN = scalar(Kind.BOOLEAN);
  /** {@code byte}. */
  public static final TypeDescriptor BYTE = primitive(Kind.BYTE);
  /** {@code BYTE}: {@code Byte}. */
  public static final TypeDescriptor BOXED_BYTE = scalar(Kind.BYTE);
  /** {@code short}. */
  public static final TypeDescriptor SHORT = primitive(Kind.SHORT);
  /** {@code SHORT}: {@code Short}. */
  public static final TypeDescriptor BOXED_SHORT = scalar(Kind.SHORT);
  /** {@code int}. */
  public static final TypeDescriptor INT = primitive(Kind.INT);
  /** {@code INT}: {@code Integer}. */
  public static final TypeDescriptor BOXED_INT = scalar(Kind.INT);
  /** {@code long}. */
  public static final TypeDescriptor LONG = primitive(Kind.LONG);
  /** {@code LONG}: {@code Long}. */
  public static final TypeDescriptor BOXED_LONG = scalar(Kind.LONG);
  /** {@code char}. */
  public static final TypeDescriptor CHAR = primitive(Kind.CHAR);
  /** {@code CHAR}: {@code Character}. */
  public static final TypeDescriptor BOXED_CHAR = scalar(Kind.CHAR);
  /** {@code float}. */
  public static final TypeDescriptor FLOAT = primitive(Kind.FLOAT);
  /** {@code FLOAT}: {@code Float}. */
  public static final TypeDescriptor BOXED_FLOAT = scalar(Kind.FLOAT);
  /** {@code double}. */
  public static final TypeDescriptor DOUBLE = primitive(Kind.DOUBLE);
  /** {@code DOUBLE}: {@code Double}. */
  public static final TypeDescriptor BOXED_DOUBLE = scalar(Kind.DOUBLE);
  /** {@code STRING}. */
  public static final TypeDescriptor STRING = scalar(Kind.STRING);
  /** {@code BYTES}: {@code byte[]}. */
  public static final TypeDescriptor BYTES = scalar(Kind.BYTES);
  /** {@code UUID}. */
  public static final TypeDescriptor UUID = scalar(Kind.UUID);
  /** {@code INSTANT}. */
  public static final TypeDescriptor INSTANT = scalar(Kind.INSTANT);
  /** {@code LOCAL_DATE}. */
  public static final TypeDescriptor LOCAL_DATE = scalar(Kind.LOCAL_DATE);
  /** {@code LOCAL_DATE_TIME}. */
  public static final TypeDescriptor LOCAL_DATE_TIME = scalar(Kind.LOCAL_DATE_TIME);
  /** {@code LOCAL_TIME}. */
  public static final TypeDescriptor LOCAL_TIME = scalar(Kind.LOCAL_TIME);
  /** {@code OFFSET_DATE_TIME}. */
  public static final TypeDescriptor OFFSET_DATE_TIME = scalar(Kind.OFFSET_DATE_TIME);
  /** {@code DURATION}. */
  public static final TypeDescriptor DURATION = scalar(Kind.DURATION);
  /** {@code BIG_INTEGER}. */
  public static final TypeDescriptor BIG_INTEGER = scalar(Kind.BIG_INTEGER);
  /** {@code BIG_DECIMAL}. */
  public static final TypeDescriptor BIG_DECIMAL = scalar(Kind.BIG_DECIMAL);

  /**
   * One component of a record type.
   *
   * @param name the component name
   * @param type its type
   */
  public record Component(String name, TypeDescriptor type) {
    /**
     * Checks that neither is null.
     *
     * @param name the component name
     * @param type its type
     */
    public Component {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
    }
  }

  /**
   * Checks that the parts fit the kind and copies the lists.
   *
   * @param kind what kind of type it is
   * @param primitive true for a primitive ({@code int}), false for boxes and reference types
   * @param className the enum or record class, otherwise empty
   * @param arguments the type arguments of a container, otherwise empty
   * @param components the components of a record, otherwise empty
   * @throws IllegalArgumentException naming the kind and the part that does not fit it: a
   *     primitive of a kind that has none, a class name missing or out of place, the wrong number of
   *     type arguments, components of a type that is not a record
   */
  public TypeDescriptor {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(className, "className");
    arguments = List.copyOf(arguments);
    components = List.copyOf(components);
    if (primitive && !kind.hasPrimitive()) {
      throw new IllegalArgumentException(kind + " has no primitive type");
    }
    boolean named = kind == Kind.ENUM || kind == Kind.RECORD;
    if (named == className.isEmpty()) {
      throw new IllegalArgumentException(
          named ? kind + " needs a class name" : kind + " takes no class name: " + className);
    }
    if (arguments.size() != kind.arity()) {
      throw new IllegalArgumentException(
          kind + " takes " + kind.arity() + " type argument(s), not " + arguments.size());
    }
    if (!components.isEmpty() && kind != Kind.RECORD) {
      throw new IllegalArgumentException(kind + " takes no components: " + components);
    }
  }

  /**
   * Parses {@code descriptor}; {@link #toString()} gives it back.
   *
   * @param descriptor the descriptor text
   * @return the descriptor
   * @throws IllegalArgumentException naming the descriptor and the position of a syntax error or
   *     of an unknown type name
   */
  public static TypeDescriptor parse(String descriptor) {
    Parser parser = new Parser(Objects.requireNonNull(descriptor, "descriptor"));
    TypeDescriptor type = parser.type();
    parser.end();
    return type;
  }

  /**
   * {@return {@code enum className}: an enum, stored by constant name}
   *
   * @param className the enum's class name
   */
  public static TypeDescriptor enumOf(String className) {
    return new TypeDescriptor(Kind.ENUM, false, className, List.of(), List.of());
  }

  /**
   * {@return {@code record className(name:type,...)}: a nested record, stored as a tuple of
   * components}
   *
   * @param className the record's class name
   * @param components the record's components
   */
  public static TypeDescriptor record(String className, Component... components) {
    return new TypeDescriptor(Kind.RECORD, false, className, List.of(), List.of(components));
  }

  /**
   * {@return {@code Optional<element>}}
   *
   * @param element the element type
   */
  public static TypeDescriptor optional(TypeDescriptor element) {
    return container(Kind.OPTIONAL, element);
  }

  /**
   * {@return {@code List<element>}}
   *
   * @param element the element type
   */
  public static TypeDescriptor list(TypeDescriptor element) {
    return container(Kind.LIST, element);
  }

  /**
   * {@return {@code Set<element>}}
   *
   * @param element the element type
   */
  public static TypeDescriptor set(TypeDescriptor element) {
    return container(Kind.SET, element);
  }

  /**
   * {@return {@code Map<key,value>}}
   *
   * @param key the key type
   * @param value the value type
   */
  public static TypeDescriptor map(TypeDescriptor key, TypeDescriptor value) {
    return container(Kind.MAP, key, value);
  }

  /**
   * {@return true for a kind stored as a tuple integer: {@code byte}, {@code short}, {@code char},
   * {@code int}, {@code long}}
   */
  public boolean integral() {
    return kind.integral();
  }

  /**
   * {@return true for a type without arguments or components (a primitive, box, {@code String}...)}
   */
  public boolean scalar() {
    return kind.scalar();
  }

  /** The descriptor text, as the processor writes it and a schema stores it. */
  @Override
  public String toString() {
    switch (kind) {
      case ENUM:
        return "enum " + className;
      case RECORD:
        List<String> parts = new ArrayList<>();
        for (Component component : components) {
          parts.add(component.name() + ":" + component.type());
        }
        return "record " + className + "(" + String.join(",", parts) + ")";
      case OPTIONAL:
      case LIST:
      case SET:
      case MAP:
        List<String> args = new ArrayList<>();
        for (TypeDescriptor argument : arguments) {
          args.add(argument.toString());
        }
        return kind.containerName() + "<" + String.join(",", args) + ">";
      default:
        return primitive ? kind.name().toLowerCase(Locale.ROOT) : kind.name();
    }
  }

  private static TypeDescriptor primitive(Kind kind) {
    return new TypeDescriptor(kind, true, "", List.of(), List.of());
  }

  private static TypeDescriptor scalar(Kind kind) {
    return new TypeDescriptor(kind, false, "", List.of(), List.of());
  }

  private static TypeDescriptor container(Kind kind, TypeDescriptor... arguments) {
    return new TypeDescriptor(kind, false, "", List.of(arguments), List.of());
  }

  /** A recursive-descent parser over one descriptor. Not thread-safe. */
  private static final class Parser {
    private final String text;
    private int position;

    Parser(String text) {
      this.text = text;
    }

    TypeDescriptor type() {
      int start = position;
      String word = word();
      switch (word) {
        case "enum":
          expect(' ');
          return enumOf(word());
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
          return record(name, components.toArray(new Component[0]));
        case "Optional":
        case "List":
        case "Set":
        case "Map":
          Kind container = Kind.valueOf(word.toUpperCase(Locale.ROOT));
          expect('<');
          List<TypeDescriptor> arguments = new ArrayList<>();
          do {
            arguments.add(type());
          } while (accept(','));
          expect('>');
          if (arguments.size() != container.arity()) {
            throw error(word + " takes " + container.arity() + " type argument(s)");
          }
          return container(container, arguments.toArray(new TypeDescriptor[0]));
        default:
          return scalarNamed(word, start);
      }
    }

    /** {@code INT} (a box), {@code int} (a primitive), {@code STRING}...: nothing else. */
    private TypeDescriptor scalarNamed(String word, int start) {
      for (Kind kind : Kind.values()) {
        if (kind.scalar() && kind.name().equals(word)) {
          return scalar(kind);
        }
        if (kind.hasPrimitive() && kind.name().toLowerCase(Locale.ROOT).equals(word)) {
          return primitive(kind);
        }
      }
      position = start;
      throw error("unknown type '" + word + "'");
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
