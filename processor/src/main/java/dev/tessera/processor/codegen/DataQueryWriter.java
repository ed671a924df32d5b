package dev.tessera.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.WildcardTypeName;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.DataMethod;
import dev.tessera.processor.model.DataRepositoryModel;
import dev.tessera.processor.model.IndexModel;
import dev.tessera.processor.model.SpatialIndexModel;
import dev.tessera.processor.model.TypeRef;
import java.util.ArrayList;
import java.util.List;

/**
 * The body of one query method ({@code @Find}, {@code @Delete} with conditions, the built-in
 * finders): it opens the Tessera query its plan chose (the primary key, or an index's typed query
 * with the equal values), orders it, then hands it to the runtime's {@code JakartaDataAdapter} for
 * the result the method returns.
 *
 * <p>Not thread-safe: one instance per generated file.
 */
final class DataQueryWriter {
  private final DataRepositoryModel model;
  private final ClassName entity;

  DataQueryWriter(DataRepositoryModel model) {
    this.model = model;
    this.entity = JavaTypes.className(model.entity().type());
  }

  /** The statements of {@code query}'s method; {@code builder} receives its Javadoc. */
  CodeBlock body(DataMethod.Query query, NameAllocator names, MethodSpec.Builder builder) {
    builder.addJavadoc(javadoc(query));
    CodeBlock checks = unboxingChecks(query);
    return checks.isEmpty()
        ? statements(query, names)
        : CodeBlock.builder().add(checks).add(statements(query, names)).build();
  }

  /**
   * A null check naming each boxed parameter compared with a primitive attribute ({@code Long id}
   * with {@code long id}), which the call would unbox without a name.
   */
  private CodeBlock unboxingChecks(DataMethod.Query query) {
    CodeBlock.Builder checks = CodeBlock.builder();
    for (DataMethod.Condition condition : query.conditions()) {
      if (condition.operator() == DataMethod.Operator.IN
          || !model.entity().component(condition.attribute()).indexed().type().primitive()) {
        continue;
      }
      for (String parameter : condition.parameters()) {
        if (parameterType(query, parameter) instanceof TypeRef.Declared) {
          checks.addStatement("$T.requireNonNull($N, $S)", TypeNames.OBJECTS, parameter, parameter);
        }
      }
    }
    return checks.build();
  }

  private CodeBlock statements(DataMethod.Query query, NameAllocator names) {
    if (query.operation() == DataMethod.QueryOperation.DELETE) {
      return delete(query);
    }
    if (query.access() instanceof DataMethod.BySpatial) {
      return box(query, names);
    }
    if (byKeyEquality(query)
        && query.result() == DataMethod.Result.OPTIONAL
        && query.sorts().isEmpty()
        && query.limit() == null) {
      return CodeBlock.builder()
          .addStatement("return this.$N.findById($N)", DataRepositoryWriter.REPOSITORY,
              keyParameter(query))
          .build();
    }
    String variable = names.newName("query");
    CodeBlock.Builder code =
        CodeBlock.builder()
            .addStatement(
                "$T $N = $L",
                ParameterizedTypeName.get(TypeNames.QUERY, entity),
                variable,
                open(query));
    order(query, variable, names, code);
    if (query.first() > 0) {
      code.addStatement("$N = $N.limit($L)", variable, variable, query.first());
    }
    return code.addStatement("return $L", result(query, variable, names)).build();
  }

  /**
   * A box query: the generated repository's {@code byXY().within(x0, y0, x1, y1)}, the low bounds
   * of the {@code Between} conditions then the high ones, in the index's field order, with the
   * result the method returns (the reader refused sorts, {@code Limit}, pages and deletes).
   */
  private CodeBlock box(DataMethod.Query query, NameAllocator names) {
    SpatialIndexModel index = ((DataMethod.BySpatial) query.access()).index();
    CodeBlock.Builder code = CodeBlock.builder();
    List<CodeBlock> corners = new ArrayList<>();
    for (int bound = 0; bound < 2; bound++) {
      for (String field : index.fields()) {
        String parameter =
            query.conditions().stream()
                .filter(condition -> condition.attribute().equals(field))
                .findFirst()
                .orElseThrow()
                .parameters()
                .get(bound);
        if (parameterType(query, parameter) instanceof TypeRef.Declared
            && !model.entity().component(field).indexed().type().primitive()) {
          // within(..) takes primitives; unboxingChecks names those of primitive attributes
          code.addStatement("$T.requireNonNull($N, $S)", TypeNames.OBJECTS, parameter, parameter);
        }
        corners.add(CodeBlock.of("$N", parameter));
      }
    }
    String variable = names.newName("query");
    code.addStatement(
        "$T $N = this.$N.$N().within($L)",
        ParameterizedTypeName.get(TypeNames.BOX_QUERY, entity),
        variable,
        DataRepositoryWriter.REPOSITORY,
        GeneratedNames.spatialQueryMethod(index),
        CodeBlock.join(corners, ", "));
    if (query.first() > 0) {
      code.addStatement("$N = $N.limit($L)", variable, variable, query.first());
    }
    String method = model.type().simpleName() + "." + query.signature().name();
    CodeBlock atMostTwo =
        query.first() == 0
            ? CodeBlock.of("$N.limit(2).list()", variable)
            : CodeBlock.of("$N.list()", variable);
    CodeBlock result;
    if (query.operation() == DataMethod.QueryOperation.COUNT) {
      result =
          query.result() == DataMethod.Result.LONG_COUNT
              ? CodeBlock.of("$N.count()", variable)
              : CodeBlock.of("$T.toIntExact($N.count())", TypeNames.MATH, variable);
    } else if (query.operation() == DataMethod.QueryOperation.EXISTS) {
      result = CodeBlock.of("$N.exists()", variable);
    } else {
      switch (query.result()) {
        case ONE:
          result =
              CodeBlock.of("$T.singleResult($L, $S)", TypeNames.JAKARTA_DATA_ADAPTER, atMostTwo, method);
          break;
        case OPTIONAL:
          result =
              CodeBlock.of(
                  "$T.optionalResult($L, $S)", TypeNames.JAKARTA_DATA_ADAPTER, atMostTwo, method);
          break;
        case LIST:
          result = CodeBlock.of("$N.list()", variable);
          break;
        case ARRAY:
          result = CodeBlock.of("$N.list().toArray(new $T[0])", variable, entity);
          break;
        case STREAM:
          result = CodeBlock.of("$N.stream()", variable);
          break;
        default:
          throw new IllegalStateException("not a box query result: " + query.result());
      }
    }
    return code.addStatement("return $L", result).build();
  }

  /** True if the query reads the one record a primary key equality names. */
  private static boolean byKeyEquality(DataMethod.Query query) {
    return query.access() instanceof DataMethod.ByKey
        && query.conditions().size() == 1
        && query.conditions().get(0).operator() == DataMethod.Operator.EQUAL;
  }

  private static String keyParameter(DataMethod.Query query) {
    return query.conditions().get(0).parameters().get(0);
  }

  /** The Tessera query of the plan, with the equal values. */
  private CodeBlock open(DataMethod.Query query) {
    CodeBlock repository = CodeBlock.of("this.$N", DataRepositoryWriter.REPOSITORY);
    if (query.access() instanceof DataMethod.ByKey) {
      if (query.conditions().isEmpty()) {
        return CodeBlock.of("$L.byId()", repository);
      }
      if (byKeyEquality(query)) {
        String key = keyParameter(query);
        return CodeBlock.of("$L.byId().between($N, $N)", repository, key, key);
      }
      DataMethod.Condition condition = query.conditions().get(0);
      if (condition.operator() == DataMethod.Operator.IN) {
        return CodeBlock.of("$L.byId().in($L)", repository, keys(query, keyParameter(query)));
      }
      return CodeBlock.of("$L.byId()$L", repository, narrowing(condition));
    }
    DataMethod.ByIndex index = (DataMethod.ByIndex) query.access();
    CodeBlock.Builder chain =
        CodeBlock.builder().add("$L.$N()", repository, GeneratedNames.queryMethod(index.index()));
    for (DataMethod.Condition condition : query.conditions()) {
      if (condition.operator() == DataMethod.Operator.IN && arrayNeedsBoxing(query, condition)) {
        chain.add(".in($L)", keys(query, condition.parameters().get(0)));
      } else {
        chain.add(narrowing(condition));
      }
    }
    return chain.build();
  }

  /**
   * True if the {@code In} parameter of {@code condition} is an array whose elements are primitive
   * where the attribute's are boxed, or boxed where they are primitive: the stage's {@code
   * in(values...)} does not take it, its {@code in(Collection)} does.
   */
  private boolean arrayNeedsBoxing(DataMethod.Query query, DataMethod.Condition condition) {
    TypeRef type = parameterType(query, condition.parameters().get(0));
    return type instanceof TypeRef.Array
        && (((TypeRef.Array) type).component() instanceof TypeRef.Primitive)
            != model.entity().component(condition.attribute()).indexed().type().primitive();
  }

  private static TypeRef parameterType(DataMethod.Query query, String parameter) {
    return query.signature().parameters().stream()
        .filter(candidate -> candidate.name().equals(parameter))
        .findFirst()
        .orElseThrow()
        .type();
  }

  /**
   * The values of an {@code In} parameter as a collection: the parameter itself, or its array as a
   * list (boxed by the adapter for a primitive array).
   */
  private static CodeBlock keys(DataMethod.Query query, String parameter) {
    TypeRef type = parameterType(query, parameter);
    if (!(type instanceof TypeRef.Array)) {
      return CodeBlock.of("$N", parameter);
    }
    return ((TypeRef.Array) type).component() instanceof TypeRef.Primitive
        ? CodeBlock.of("$T.boxed($N)", TypeNames.JAKARTA_DATA_ADAPTER, parameter)
        : CodeBlock.of("$T.asList($N)", TypeNames.ARRAYS, parameter);
  }

  /** The call of a Tessera query stage that applies {@code condition}: {@code .equalTo(author)}. */
  private static CodeBlock narrowing(DataMethod.Condition condition) {
    String method;
    switch (condition.operator()) {
      case EQUAL:
        method = "equalTo";
        break;
      case IN:
        method = "in";
        break;
      case BETWEEN:
        method = "between";
        break;
      case GREATER_THAN:
        method = "greaterThan";
        break;
      case GREATER_THAN_EQUAL:
        method = "atLeast";
        break;
      case LESS_THAN:
        method = "lessThan";
        break;
      case LESS_THAN_EQUAL:
        method = "atMost";
        break;
      case STARTS_WITH:
        method = "startsWith";
        break;
      default:
        method = "isNull";
        break;
    }
    CodeBlock arguments =
        condition.parameters().stream()
            .map(parameter -> CodeBlock.of("$N", parameter))
            .collect(CodeBlock.joining(", "));
    return CodeBlock.of(".$N($L)", method, arguments);
  }

  /** Reverses the query for a static descending order, or orders it as the sort parameters ask. */
  private void order(
      DataMethod.Query query, String variable, NameAllocator names, CodeBlock.Builder code) {
    if (query.sorts().isEmpty()) {
      if (query.descending()) {
        code.addStatement("$N = $N.reverse()", variable, variable);
      }
      return;
    }
    String sorts = names.newName("sorts");
    TypeName sort = ParameterizedTypeName.get(TypeNames.SORT, WildcardTypeName.subtypeOf(Object.class));
    code.addStatement(
        "$T $N = new $T<>()",
        ParameterizedTypeName.get(TypeNames.LIST, sort),
        sorts,
        TypeNames.ARRAY_LIST);
    for (String attribute : query.served().subList(0, query.staticOrder())) {
      code.addStatement(
          "$N.add($T.$N($S))", sorts, TypeNames.SORT, query.descending() ? "desc" : "asc", attribute);
    }
    for (DataMethod.SortParameter parameter : query.sorts()) {
      switch (parameter.kind()) {
        case ORDER:
          code.addStatement("$N.addAll($N.sorts())", sorts, parameter.name());
          break;
        case SORT:
          code.addStatement("$N.add($N)", sorts, parameter.name());
          break;
        default:
          code.addStatement("$N.addAll($T.asList($N))", sorts, TypeNames.ARRAYS, parameter.name());
          break;
      }
    }
    code.addStatement(
        "$N = $T.ordered($N, $N, $L, $L, $S, $S)",
        variable,
        TypeNames.JAKARTA_DATA_ADAPTER,
        variable,
        sorts,
        stringList(query.served()),
        fixedList(query),
        servedBy(query),
        entity.simpleName());
  }

  /** What serves {@code query}, for messages: {@code index authorAndYear (author, year)}. */
  private String servedBy(DataMethod.Query query) {
    if (query.access() instanceof DataMethod.ByIndex) {
      IndexModel index = ((DataMethod.ByIndex) query.access()).index();
      return "index " + index.name() + " (" + String.join(", ", index.fields()) + ")";
    }
    return "the primary key " + model.entity().primaryKey().name();
  }

  /**
   * What an application-built cursor of {@code query} holds and how it becomes a page cursor: the
   * attributes of the serving key its conditions do not fix by equality, ending with the primary
   * key, encoded through the repository's typed stages. {@code null} when a {@code Null} condition
   * fixes a field of the key (the typed stages end there).
   */
  private CodeBlock cursorKey(DataMethod.Query query, NameAllocator names) {
    String values = names.newName("values");
    CodeBlock repository = CodeBlock.of("this.$N", DataRepositoryWriter.REPOSITORY);
    ComponentModel key = model.entity().primaryKey();
    List<String> attributes = new ArrayList<>();
    List<TypeName> types = new ArrayList<>();
    CodeBlock.Builder encoder = CodeBlock.builder();
    boolean keyOptional = false;
    if (query.access() instanceof DataMethod.ByIndex) {
      IndexModel index = ((DataMethod.ByIndex) query.access()).index();
      encoder.add("$L.$N()", repository, GeneratedNames.queryMethod(index));
      for (String field : index.fields()) {
        DataMethod.Condition condition =
            query.conditions().stream()
                .filter(candidate -> candidate.attribute().equals(field))
                .findFirst()
                .orElse(null);
        if (condition != null && condition.operator() == DataMethod.Operator.NULL) {
          return CodeBlock.of("null");
        }
        if (condition != null && condition.operator() == DataMethod.Operator.EQUAL) {
          encoder.add(".equalTo($N)", condition.parameters().get(0));
          continue;
        }
        TypeName type = JavaTypes.boxed(model.entity().component(field).indexed().type());
        encoder.add(".equalTo(($T) $N.get($L))", type, values, attributes.size());
        attributes.add(field);
        types.add(type);
      }
      keyOptional = index.unique();
      TypeName keyType = JavaTypes.boxed(key.type());
      if (keyOptional) {
        encoder.add(".cursorAt(null)");
      } else {
        encoder.add(
            ".cursorAt($L.byId().cursorAt(($T) $N.get($L)))",
            repository, keyType, values, attributes.size());
      }
      attributes.add(key.name());
      types.add(keyType);
    } else {
      TypeName keyType = JavaTypes.boxed(key.type());
      encoder.add("$L.byId().cursorAt(($T) $N.get(0))", repository, keyType, values);
      attributes.add(key.name());
      types.add(keyType);
    }
    return CodeBlock.of(
        "new $T($S, $L, $T.of($L), $L, $N -> $L)",
        TypeNames.CURSOR_KEY,
        model.type().simpleName() + "." + query.signature().name(),
        stringList(attributes),
        TypeNames.LIST,
        types.stream().map(type -> CodeBlock.of("$T.class", type)).collect(CodeBlock.joining(", ")),
        keyOptional,
        values,
        encoder.build());
  }

  private CodeBlock result(DataMethod.Query query, String variable, NameAllocator names) {
    String method = model.type().simpleName() + "." + query.signature().name();
    CodeBlock limited =
        query.limit() == null
            ? CodeBlock.of("$N.list()", variable)
            : CodeBlock.of("$T.list($N, $N)", TypeNames.JAKARTA_DATA_ADAPTER, variable, query.limit());
    CodeBlock atMostTwo =
        query.limit() == null && query.first() == 0
            ? CodeBlock.of("$N.limit(2).list()", variable)
            : limited;
    if (query.operation() == DataMethod.QueryOperation.COUNT) {
      return query.result() == DataMethod.Result.LONG_COUNT
          ? CodeBlock.of("$N.count()", variable)
          : CodeBlock.of("$T.toIntExact($N.count())", TypeNames.MATH, variable);
    }
    if (query.operation() == DataMethod.QueryOperation.EXISTS) {
      return CodeBlock.of("$N.exists()", variable);
    }
    switch (query.result()) {
      case ONE:
        return CodeBlock.of("$T.singleResult($L, $S)", TypeNames.JAKARTA_DATA_ADAPTER, atMostTwo, method);
      case OPTIONAL:
        return CodeBlock.of(
            "$T.optionalResult($L, $S)", TypeNames.JAKARTA_DATA_ADAPTER, atMostTwo, method);
      case LIST:
        return limited;
      case ARRAY:
        return CodeBlock.of("$L.toArray(new $T[0])", limited, entity);
      case STREAM:
        return query.limit() == null
            ? CodeBlock.of("$N.stream()", variable)
            : CodeBlock.of("$T.stream($N, $N)", TypeNames.JAKARTA_DATA_ADAPTER, variable, query.limit());
      case PAGE:
        return CodeBlock.of(
            "$T.page($N, $N)", TypeNames.JAKARTA_DATA_ADAPTER, variable, query.pageRequest());
      case CURSORED_PAGE:
        return CodeBlock.of(
            "$T.cursoredPage($N, $N, $L)",
            TypeNames.JAKARTA_DATA_ADAPTER,
            variable,
            query.pageRequest(),
            cursorKey(query, names));
      default:
        throw new IllegalStateException("not a find result: " + query.result());
    }
  }

  private CodeBlock delete(DataMethod.Query query) {
    CodeBlock repository = CodeBlock.of("this.$N", DataRepositoryWriter.REPOSITORY);
    CodeBlock count;
    if (byKeyEquality(query)) {
      CodeBlock deleted = CodeBlock.of("$L.delete($N)", repository, keyParameter(query));
      switch (query.result()) {
        case VOID:
          return CodeBlock.builder().addStatement("$L", deleted).build();
        case LONG_COUNT:
          return CodeBlock.builder().addStatement("return $L ? 1L : 0L", deleted).build();
        default:
          return CodeBlock.builder().addStatement("return $L ? 1 : 0", deleted).build();
      }
    } else if (query.access() instanceof DataMethod.ByKey && query.conditions().isEmpty()) {
      count = CodeBlock.of("$L.deleteAll()", repository);
    } else {
      count = CodeBlock.of("$L.deleteAll($L)", repository, open(query));
    }
    switch (query.result()) {
      case VOID:
        return CodeBlock.builder().addStatement("$L", count).build();
      case LONG_COUNT:
        return CodeBlock.builder().addStatement("return $L", count).build();
      default:
        return CodeBlock.builder().addStatement("return $T.toIntExact($L)", TypeNames.MATH, count).build();
    }
  }

  private static CodeBlock stringList(List<String> names) {
    return CodeBlock.of(
        "$T.of($L)",
        TypeNames.LIST,
        names.stream().map(name -> CodeBlock.of("$S", name)).collect(CodeBlock.joining(", ")));
  }

  private static CodeBlock fixedList(DataMethod.Query query) {
    // In the order of the key the conditions fix, so the generated code is deterministic.
    return stringList(
        query.conditions().stream()
            .map(DataMethod.Condition::attribute)
            .filter(attribute -> query.fixed().contains(attribute))
            .toList());
  }

  private CodeBlock javadoc(DataMethod.Query query) {
    String verb;
    switch (query.operation()) {
      case DELETE:
        verb = "Deletes the";
        break;
      case COUNT:
        verb = "Counts the";
        break;
      case EXISTS:
        verb = "Whether there are";
        break;
      default:
        verb = "Finds the";
        break;
    }
    String conditions =
        query.conditions().isEmpty()
            ? ""
            : " whose "
                + query.conditions().stream()
                    .map(DataQueryWriter::describe)
                    .collect(java.util.stream.Collectors.joining(" and "));
    String through =
        query.access() instanceof DataMethod.ByIndex
            ? "through index {@code " + ((DataMethod.ByIndex) query.access()).index().name() + "}"
            : query.access() instanceof DataMethod.BySpatial
                ? "through spatial index {@code "
                    + ((DataMethod.BySpatial) query.access()).index().name()
                    + "}, in Z-order of their points"
                : "by primary key";
    return CodeBlock.of(
        "$L $L records$L, $L$L.\n",
        verb,
        model.entity().entityName(),
        conditions,
        through,
        query.descending() ? ", in reverse order" : "");
  }

  /** {@code author equals {@code author}}, for Javadoc. */
  private static String describe(DataMethod.Condition condition) {
    String relation;
    switch (condition.operator()) {
      case EQUAL:
        relation = "equals";
        break;
      case IN:
        relation = "is one of";
        break;
      case BETWEEN:
        relation = "lies between";
        break;
      case GREATER_THAN:
        relation = "is greater than";
        break;
      case GREATER_THAN_EQUAL:
        relation = "is at least";
        break;
      case LESS_THAN:
        relation = "is less than";
        break;
      case LESS_THAN_EQUAL:
        relation = "is at most";
        break;
      case STARTS_WITH:
        relation = "starts with";
        break;
      default:
        return "{@code " + condition.attribute() + "} is null";
    }
    return "{@code " + condition.attribute() + "} " + relation + " "
        + condition.parameters().stream()
            .map(parameter -> "{@code " + parameter + "}")
            .collect(java.util.stream.Collectors.joining(" and "));
  }
}
