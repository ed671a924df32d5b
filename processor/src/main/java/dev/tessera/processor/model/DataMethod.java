package dev.tessera.processor.model;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One abstract method of a Jakarta Data repository and how it is served.
 *
 * <p>Immutable and thread-safe.
 */
public sealed interface DataMethod {

  /** {@return the method to implement} */
  MethodSignature signature();

  /** A resource accessor: a method without parameters returning the key store. */
  record StoreAccessor(MethodSignature signature) implements DataMethod {
    /**
     * Checks the signature.
     *
     * @param signature the method to implement
     */
    public StoreAccessor {
      Objects.requireNonNull(signature, "signature");
    }
  }

  /**
   * A lifecycle method ({@code @Insert}, {@code @Update}, {@code @Save}, {@code @Delete}) on its one
   * parameter: an entity, a list of them or an array.
   *
   * @param signature the method
   * @param operation what it does to each entity
   * @param multiplicity how its parameter holds the entities
   * @param returnsEntities true if it returns what was stored (in its parameter's shape), false for
   *     {@code void}
   */
  record Lifecycle(
      MethodSignature signature,
      LifecycleOperation operation,
      Multiplicity multiplicity,
      boolean returnsEntities)
      implements DataMethod {
    /**
     * Checks the fields.
     *
     * @param signature the method
     * @param operation what it does to each entity
     * @param multiplicity how its parameter holds the entities
     * @param returnsEntities true if it returns what was stored (in its parameter's shape), false
     *     for {@code void}
     */
    public Lifecycle {
      Objects.requireNonNull(signature, "signature");
      Objects.requireNonNull(operation, "operation");
      Objects.requireNonNull(multiplicity, "multiplicity");
    }
  }

  /**
   * A query: {@code @Find} or {@code @Delete} with equality conditions (the built-ins such as
   * {@code findById} are those), or a query derived from the method name, served by the primary
   * key, one index, or every record in key order.
   *
   * @param signature the method
   * @param operation find, count, exists or delete
   * @param access what the query reads
   * @param conditions the conditions, in the order of the key they narrow
   * @param first the number of records a {@code findFirst10By...} method reads, or 0
   * @param result what the method returns
   * @param sorts the parameters giving sorts at run time ({@code Order}, {@code Sort}), in
   *     declaration order
   * @param limit the {@code Limit} parameter, or null
   * @param pageRequest the {@code PageRequest} parameter, or null
   * @param descending true if a static {@code @OrderBy} asks for the access's order reversed
   * @param staticOrder how many attributes of {@code served} the static {@code @OrderBy} names
   * @param served the attributes the access orders its results by, most significant first
   * @param fixed the attributes the conditions hold at one value
   */
  record Query(
      MethodSignature signature,
      QueryOperation operation,
      Access access,
      List<Condition> conditions,
      int first,
      Result result,
      List<SortParameter> sorts,
      String limit,
      String pageRequest,
      boolean descending,
      int staticOrder,
      List<String> served,
      Set<String> fixed)
      implements DataMethod {
    /**
     * Copies the lists.
     *
     * @param signature the method
     * @param operation find, count, exists or delete
     * @param access what the query reads
     * @param conditions the conditions, in the order of the key they narrow
     * @param first the number of records a {@code findFirst10By...} method reads, or 0
     * @param result what the method returns
     * @param sorts the parameters giving sorts at run time ({@code Order}, {@code Sort}), in
     *     declaration order
     * @param limit the {@code Limit} parameter, or null
     * @param pageRequest the {@code PageRequest} parameter, or null
     * @param descending true if a static {@code @OrderBy} asks for the access's order reversed
     * @param staticOrder how many attributes of {@code served} the static {@code @OrderBy} names
     * @param served the attributes the access orders its results by, most significant first
     * @param fixed the attributes the conditions hold at one value
     */
    public Query {
      Objects.requireNonNull(signature, "signature");
      Objects.requireNonNull(operation, "operation");
      Objects.requireNonNull(access, "access");
      conditions = List.copyOf(conditions);
      Objects.requireNonNull(result, "result");
      sorts = List.copyOf(sorts);
      served = List.copyOf(served);
      fixed = Set.copyOf(fixed);
    }
  }

  /** What a lifecycle method does. */
  enum LifecycleOperation {
    /** {@code @Insert}. */
    INSERT,
    /** {@code @Update}. */
    UPDATE,
    /** {@code @Save}. */
    SAVE,
    /** {@code @Delete}. */
    DELETE
  }

  /** How a lifecycle method's parameter holds its entities. */
  enum Multiplicity {
    /** One entity. */
    ONE,
    /** A {@code List} (or other {@code Iterable}) of entities. */
    LIST,
    /** An array of entities. */
    ARRAY
  }

  /** What a query does with the records it selects. */
  enum QueryOperation {
    /** Returns the records ({@code find...} or {@code @Find}). */
    FIND,
    /** Counts them ({@code count...}). */
    COUNT,
    /** Says whether there is one ({@code exists...}). */
    EXISTS,
    /** Deletes them ({@code delete...} with conditions). */
    DELETE
  }

  /** What a query method returns. */
  enum Result {
    /** The one record: {@code EmptyResultException} or {@code NonUniqueResultException} otherwise. */
    ONE,
    /** An {@code Optional} of the one record. */
    OPTIONAL,
    /** A {@code List} of the records. */
    LIST,
    /** An array of the records. */
    ARRAY,
    /** A {@code Stream} of the records, read lazily. */
    STREAM,
    /** An offset-based page. */
    PAGE,
    /** A page with a cursor per row, read after or before a cursor. */
    CURSORED_PAGE,
    /** A delete returning nothing. */
    VOID,
    /** A delete returning how many records it deleted, as {@code long}. */
    LONG_COUNT,
    /** A delete returning how many records it deleted, as {@code int}. */
    INT_COUNT,
    /** Whether a record matches. */
    BOOLEAN
  }

  /** What a query reads. */
  sealed interface Access {}

  /** Records by primary key: all of them in key order, or the one a condition names. */
  record ByKey() implements Access {}

  /**
   * Index entries whose leading components the conditions fix.
   *
   * @param index the index
   */
  record ByIndex(IndexModel index) implements Access {
    /**
     * Checks the index.
     *
     * @param index the index
     */
    public ByIndex {
      Objects.requireNonNull(index, "index");
    }
  }

  /**
   * The entries of a spatial index inside a box: a {@code Between} condition on each of its fields.
   *
   * @param index the spatial index
   */
  record BySpatial(SpatialIndexModel index) implements Access {
    /**
     * Checks the index.
     *
     * @param index the spatial index
     */
    public BySpatial {
      Objects.requireNonNull(index, "index");
    }
  }

  /**
   * A condition on one attribute: it equals the parameter, lies in a range, starts with it, is
   * one of several values or is null.
   *
   * @param attribute the record component
   * @param operator how it is compared
   * @param parameters the parameters it is compared with, as many as the operator takes
   */
  record Condition(String attribute, Operator operator, List<String> parameters) {
    /**
     * Checks and copies the fields.
     *
     * @param attribute the record component
     * @param operator how it is compared
     * @param parameters the parameters it is compared with, as many as the operator takes
     */
    public Condition {
      Objects.requireNonNull(attribute, "attribute");
      Objects.requireNonNull(operator, "operator");
      parameters = List.copyOf(parameters);
      if (parameters.size() != operator.arity()) {
        throw new IllegalArgumentException(operator + " takes " + operator.arity() + " parameters");
      }
    }

    /**
     * {@return an equality condition with {@code parameter}}
     *
     * @param attribute the attribute compared
     * @param parameter the parameter it must equal
     */
    public static Condition equal(String attribute, String parameter) {
      return new Condition(attribute, Operator.EQUAL, List.of(parameter));
    }
  }

  /** How a condition compares its attribute, and how many parameters it takes. */
  enum Operator {
    /** Equal to one parameter. */
    EQUAL(1),
    /** Equal to one of a collection's elements. */
    IN(1),
    /** Between two parameters, both included. */
    BETWEEN(2),
    /** Greater than one parameter. */
    GREATER_THAN(1),
    /** At least one parameter. */
    GREATER_THAN_EQUAL(1),
    /** Less than one parameter. */
    LESS_THAN(1),
    /** At most one parameter. */
    LESS_THAN_EQUAL(1),
    /** A string starting with one parameter. */
    STARTS_WITH(1),
    /** Null; takes no parameter. */
    NULL(0);

    private final int arity;

    Operator(int arity) {
      this.arity = arity;
    }

    /** {@return the number of parameters the condition takes} */
    public int arity() {
      return arity;
    }

    /**
     * {@return true for equality and {@code NULL}: the attribute holds one value in every result}
     */
    public boolean fixes() {
      return this == EQUAL || this == NULL;
    }

    /** {@return true for the operators that may only narrow the last component a query reads} */
    public boolean range() {
      return this != EQUAL && this != IN;
    }
  }

  /**
   * A parameter giving sorts at run time.
   *
   * @param name the parameter's name
   * @param kind its type
   */
  record SortParameter(String name, SortKind kind) {
    /**
     * Checks the fields.
     *
     * @param name the parameter's name
     * @param kind its type
     */
    public SortParameter {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(kind, "kind");
    }
  }

  /** The type of a sort parameter. */
  enum SortKind {
    /** {@code Order<T>}: a list of sorts. */
    ORDER,
    /** {@code Sort<T>}: one sort. */
    SORT,
    /** {@code Sort<? super T>...} or {@code Sort<T>[]}: an array of sorts. */
    SORTS
  }
}
