package dev.tessera.processor.model;

import java.util.List;
import java.util.Objects;

/**
 * The signature of an abstract method a generated class implements, with the type arguments of
 * its interface already substituted ({@code T} of {@code CrudRepository<Book, String>} is {@code
 * Book}).
 *
 * <p>Immutable and thread-safe.
 *
 * @param name the method name
 * @param typeVariables the method's own type variables, e.g. {@code S extends Book}
 * @param returnType the return type
 * @param parameters the parameters, in declaration order
 * @param varargs true if the last parameter is a variable arity one
 */
public record MethodSignature(
    String name,
    List<TypeVariable> typeVariables,
    TypeRef returnType,
    List<Parameter> parameters,
    boolean varargs) {

  /**
   * Copies the lists.
   *
   * @param name the method name
   * @param typeVariables the method's own type variables, e.g. {@code S extends Book}
   * @param returnType the return type
   * @param parameters the parameters, in declaration order
   * @param varargs true if the last parameter is a variable arity one
   */
  public MethodSignature {
    Objects.requireNonNull(name, "name");
    typeVariables = List.copyOf(typeVariables);
    Objects.requireNonNull(returnType, "returnType");
    parameters = List.copyOf(parameters);
  }

  /** {@return true if the method declares type variables, so its results need a cast to them} */
  public boolean generic() {
    return !typeVariables.isEmpty();
  }

  /**
   * A type variable of a method and its bounds.
   *
   * @param name the variable's name
   * @param bounds its upper bounds, possibly none
   */
  public record TypeVariable(String name, List<TypeRef> bounds) {
    /**
     * Copies the bounds.
     *
     * @param name the variable's name
     * @param bounds its upper bounds, possibly none
     */
    public TypeVariable {
      Objects.requireNonNull(name, "name");
      bounds = List.copyOf(bounds);
    }
  }

  /**
   * A parameter.
   *
   * @param name its name in the source
   * @param type its type
   */
  public record Parameter(String name, TypeRef type) {
    /**
     * Checks the fields.
     *
     * @param name its name in the source
     * @param type its type
     */
    public Parameter {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
    }
  }
}
