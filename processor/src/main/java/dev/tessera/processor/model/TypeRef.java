package dev.tessera.processor.model;

import java.util.List;
import java.util.Objects;

/**
 * A Java type as a declared method spells it, for generated code that overrides the method: the
 * model's neutral form of a type mirror (no compiler API, no JavaPoet).
 *
 * <p>Immutable and thread-safe.
 */
public sealed interface TypeRef {

  /** A primitive type or {@code void}, by its keyword ({@code int}, {@code void}). */
  record Primitive(String keyword) implements TypeRef {
    /**
     * Checks the keyword.
     *
     * @param keyword the keyword
     */
    public Primitive {
      Objects.requireNonNull(keyword, "keyword");
    }
  }

  /** A class or interface type with its type arguments, e.g. {@code List<Book>}. */
  record Declared(ClassRef type, List<TypeRef> arguments) implements TypeRef {
    /**
     * Copies the arguments.
     *
     * @param type the class or interface
     * @param arguments the type arguments, empty for a raw or non-generic type
     */
    public Declared {
      Objects.requireNonNull(type, "type");
      arguments = List.copyOf(arguments);
    }
  }

  /** An array type. */
  record Array(TypeRef component) implements TypeRef {
    /**
     * Checks the component.
     *
     * @param component the component type
     */
    public Array {
      Objects.requireNonNull(component, "component");
    }
  }

  /** A type variable, such as {@code S} in {@code <S extends Book> S save(S entity)}. */
  record Variable(String name) implements TypeRef {
    /**
     * Checks the name.
     *
     * @param name the variable's name
     */
    public Variable {
      Objects.requireNonNull(name, "name");
    }
  }

  /**
   * A wildcard type argument: {@code ?}, {@code ? extends bound} or {@code ? super bound}.
   *
   * @param extendsBound the upper bound, or null
   * @param superBound the lower bound, or null
   */
  record Wildcard(TypeRef extendsBound, TypeRef superBound) implements TypeRef {}
}
