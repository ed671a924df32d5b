package dev.tessera.processor.data;

import java.util.List;
import java.util.Objects;
import javax.lang.model.type.TypeMirror;

/**
 * A method of a Jakarta Data repository interface the implementation must write. The signature's
 * types are kept as the compiler's type mirrors so the implementation repeats them exactly.
 *
 * <p>Immutable and thread-safe.
 */
sealed interface DataMethod {

  /** The method's name, return type and parameters. */
  Signature signature();

  /**
   * @param name the method name
   * @param returnType the declared return type
   * @param parameters the parameters in order
   * @param varargs whether the last parameter is variable-arity
   */
  record Signature(String name, TypeMirror returnType, List<Parameter> parameters, boolean varargs) {
    /** Copies the parameters. */
    public Signature {
      Objects.requireNonNull(name, "name");
      parameters = List.copyOf(parameters);
    }
  }

  /**
   * @param name the parameter name
   * @param type its declared type
   */
  record Parameter(String name, TypeMirror type) {}

  /** Which lifecycle annotation a method carries. */
  enum Lifecycle {
    INSERT, UPDATE, SAVE, DELETE
  }

  /** How many entities a lifecycle method takes (and returns, if it returns any). */
  enum Shape {
    SINGLE, LIST, ARRAY
  }

  /**
   * {@code @Insert}, {@code @Update}, {@code @Save} or {@code @Delete} on an entity parameter.
   *
   * @param returnsValue whether it returns the entities written (else {@code void})
   */
  record LifecycleMethod(Signature signature, Lifecycle lifecycle, Shape shape, boolean returnsValue)
      implements DataMethod {}

  /** What a query method does with the records it selects. */
  enum Action {
    FIND, COUNT, EXISTS, DELETE
  }

  /** What a query method returns. */
  enum Result {
    ENTITY, OPTIONAL, LIST, ARRAY, STREAM, PAGE, CURSORED_PAGE, LONG, INT, BOOLEAN, VOID
  }

  /** The kind of a run-time sort parameter. */
  enum SortKind {
    ORDER, SORT, SORTS
  }

  /**
   * A parameter of a query method that is not a condition value.
   *
   * @param name the parameter name
   */
  record Special(String name) {}

  /**
   * A query: {@code @Find} or {@code @Delete} with {@code @By} parameters, or a query method name.
   *
   * @param action what it does with the selected records
   * @param path how an index serves it
   * @param result what it returns
   * @param first at most this many records ({@code First N}), or 0 for no such bound
   * @param limit the {@code Limit} parameter, or {@code null}
   * @param pageRequest the {@code PageRequest} parameter, or {@code null}
   * @param sort the run-time sort parameter, or {@code null}
   * @param sortKind the kind of {@code sort}, or {@code null}
   */
  record QueryMethod(Signature signature, Action action, AccessPath path, Result result, int first,
      Special limit, Special pageRequest, Special sort, SortKind sortKind) implements DataMethod {}

  /** A resource accessor: a method without parameters returning the {@code KvStore}. */
  record ResourceMethod(Signature signature) implements DataMethod {}
}
