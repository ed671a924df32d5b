package dev.tessera.processor.validation;

import dev.tessera.processor.JakartaDataNames;
import dev.tessera.processor.ProcessorErrors;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.DataMethod;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.MethodSignature;
import dev.tessera.processor.model.SpatialIndexModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads the query methods of a Jakarta Data repository: {@code @Find} and {@code @Delete} with
 * equality parameters (named by {@code @By} or by the parameter's own name), and queries derived
 * from method names ({@link MethodNameParser}); their special parameters ({@code Limit}, {@code
 * Order}, {@code Sort}, {@code PageRequest}), static order and return type; then asks {@link
 * QueryPlanner} which key serves them. Reports every problem on the method or the parameter.
 *
 * <p>Not thread-safe: one instance per processor, used on the compiler's thread.
 */
final class DataQueryReader {
  private static final String FIND_RESULTS =
      "E, Optional<E>, List<E>, E[], Stream<E>, Page<E> or CursoredPage<E>";

  private final Elements elements;
  private final Types types;
  private final ErrorReporter errors;

  DataQueryReader(Elements elements, Types types, ErrorReporter errors) {
    this.elements = elements;
    this.types = types;
    this.errors = errors;
  }

  /** What one query method says, gathered before it is planned. */
  private static final class Query {
    final String name;
    final ExecutableElement method;
    final ExecutableType type;
    final TypeElement entityElement;
    final EntityModel entity;
    final DataMethod.QueryOperation operation;
    /** Parameters by attribute, in the name's (or declaration) order. */
    final Map<String, List<String>> values = new LinkedHashMap<>();
    final List<QueryPlanner.Predicate> predicates = new ArrayList<>();
    final List<QueryPlanner.OrderSpec> order = new ArrayList<>();
    final List<DataMethod.SortParameter> sorts = new ArrayList<>();
    String limit;
    String pageRequest;
    int first;

    Query(
        String name,
        ExecutableElement method,
        ExecutableType type,
        TypeElement entityElement,
        EntityModel entity,
        DataMethod.QueryOperation operation) {
      this.name = name;
      this.method = method;
      this.type = type;
      this.entityElement = entityElement;
      this.entity = entity;
      this.operation = operation;
    }
  }

  /** A {@code @Find} method ({@code FIND}), or a {@code @Delete} with equality parameters ({@code DELETE}). */
  Optional<DataMethod> annotated(
      String name,
      ExecutableElement method,
      ExecutableType type,
      MethodSignature signature,
      TypeElement entityElement,
      EntityModel entity,
      DataMethod.QueryOperation operation) {
    return annotated(new Query(name, method, type, entityElement, entity, operation), signature);
  }

  /** True if the name of {@code method} reads as a query ({@code findBy...}, {@code countBy...}). */
  static boolean namedAsQuery(ExecutableElement method, EntityModel entity) {
    return !(MethodNameParser.parse(
            method.getSimpleName().toString(),
            attributes(entity),
            entity.primaryKey().name(),
            collections(entity))
        instanceof MethodNameParser.NotAQuery);
  }

  /** A query derived from the method's name, for which {@link #namedAsQuery} holds. */
  Optional<DataMethod> byMethodName(
      String name,
      ExecutableElement method,
      ExecutableType type,
      MethodSignature signature,
      TypeElement entityElement,
      EntityModel entity) {
    MethodNameParser.Outcome outcome =
        MethodNameParser.parse(
            method.getSimpleName().toString(),
            attributes(entity),
            entity.primaryKey().name(),
            collections(entity));
    if (outcome instanceof MethodNameParser.Refused) {
      MethodNameParser.Refused refused = (MethodNameParser.Refused) outcome;
      errors.error(
          ProcessorErrors.unsupportedQueryKeyword(name, refused.keyword(), refused.reason()), method);
      return Optional.empty();
    }
    MethodNameParser.Parsed parsed = (MethodNameParser.Parsed) outcome;
    for (QueryPlanner.Predicate predicate : parsed.predicates()) {
      Optional<String> refusal = refusal(predicate, entityElement, entity);
      if (refusal.isPresent()) {
        String keyword = predicate.operator() == DataMethod.Operator.NULL ? "Null" : "IgnoreCase";
        errors.error(
            ProcessorErrors.unsupportedQueryKeyword(name, keyword, refusal.get()), method);
        return Optional.empty();
      }
    }
    Query query =
        new Query(
            name,
            method,
            type,
            entityElement,
            entity,
            DataMethod.QueryOperation.valueOf(parsed.action().name()));
    query.first = parsed.first();
    query.order.addAll(parsed.order());
    int errorsBefore = errors.errorCount();
    List<VariableElement> values = specials(query);
    int needed = parsed.predicates().stream().mapToInt(p -> p.operator().arity()).sum();
    if (values.size() != needed) {
      errors.error(
          ProcessorErrors.queryParameter(
              name,
              values.size() + " parameter(s)",
              "the name compares " + needed + " value(s), in the order of its conditions ("
                  + parsed.predicates().stream()
                      .map(p -> p.attribute() + " " + p.operator().name().toLowerCase(java.util.Locale.ROOT))
                      .collect(Collectors.joining(", "))
                  + "), besides Limit, Order, Sort and PageRequest"),
          method);
      return Optional.empty();
    }
    int next = 0;
    for (QueryPlanner.Predicate predicate : parsed.predicates()) {
      List<String> names = new ArrayList<>();
      for (int i = 0; i < predicate.operator().arity(); i++) {
        VariableElement parameter = values.get(next++);
        checkValueType(query, parameter, predicate);
        names.add(parameter.getSimpleName().toString());
      }
      if (query.values.putIfAbsent(predicate.attribute(), names) != null) {
        errors.error(
            ProcessorErrors.queryParameter(
                name,
                predicate.attribute(),
                "the name has two conditions on " + predicate.attribute()
                    + "; write one (Between for a range)"),
            method);
      }
      query.predicates.add(predicate);
    }
    if (errors.errorCount() != errorsBefore) {
      return Optional.empty();
    }
    return plan(query, signature);
  }

  /**
   * Why no key can serve {@code predicate} whatever the indexes' order: {@code IgnoreCase} on an
   * attribute no case-insensitive index covers, {@code Null} on a primitive.
   */
  private static Optional<String> refusal(
      QueryPlanner.Predicate predicate, TypeElement entityElement, EntityModel entity) {
    String attribute = predicate.attribute();
    if (predicate.operator() == DataMethod.Operator.NULL
        && entity.component(attribute).type().primitive()) {
      return Optional.of(
          attribute + " is a "
              + DataRepositoryReader.component(entityElement, attribute).asType()
              + ", never null");
    }
    boolean caseInsensitiveIndex =
        entity.indexes().stream()
            .anyMatch(
                index ->
                    index.fields().contains(attribute)
                        && index.normalize() == dev.tessera.annotations.Normalize.CASE_INSENSITIVE);
    if (predicate.ignoreCase() && !caseInsensitiveIndex) {
      return Optional.of(
          "no index over " + attribute
              + " normalises case: declare one with normalize = Normalize.CASE_INSENSITIVE (an"
              + " index with CASE_AND_ACCENT_INSENSITIVE also ignores accents, which IgnoreCase"
              + " does not)");
    }
    return Optional.empty();
  }

  // ---------------------------------------------------------------- annotated queries

  private Optional<DataMethod> annotated(Query query, MethodSignature signature) {
    int errorsBefore = errors.errorCount();
    List<VariableElement> values = specials(query);
    for (VariableElement parameter : values) {
      String parameterName = parameter.getSimpleName().toString();
      String attribute = attribute(parameter, query.entity);
      if (!attributes(query.entity).contains(attribute)) {
        errors.error(
            ProcessorErrors.unknownAttribute(
                query.name,
                parameterName,
                attribute,
                query.entityElement.getQualifiedName().toString(),
                attributes(query.entity)),
            parameter);
        continue;
      }
      QueryPlanner.Predicate predicate =
          new QueryPlanner.Predicate(attribute, DataMethod.Operator.EQUAL, false);
      if (!checkValueType(query, parameter, predicate)) {
        continue;
      }
      if (query.values.putIfAbsent(attribute, List.of(parameterName)) != null) {
        errors.error(
            ProcessorErrors.queryParameter(
                query.name,
                parameterName,
                "attribute " + attribute + " is already compared to parameter "
                    + query.values.get(attribute).get(0)
                    + "; an attribute equals one value"),
            parameter);
        continue;
      }
      query.predicates.add(predicate);
    }
    query.order.addAll(staticOrder(query));
    if (errors.errorCount() != errorsBefore) {
      return Optional.empty();
    }
    return plan(query, signature);
  }

  // ---------------------------------------------------------------- planning

  private Optional<DataMethod> plan(Query query, MethodSignature signature) {
    int errorsBefore = errors.errorCount();
    DataMethod.Result result = result(query);
    checkCombinations(query, result);
    if (errors.errorCount() != errorsBefore) {
      return Optional.empty();
    }
    QueryPlanner.Outcome outcome = QueryPlanner.plan(query.entity, query.predicates, query.order);
    String entityName = query.entityElement.getQualifiedName().toString();
    if (outcome instanceof QueryPlanner.UnservedConditions) {
      QueryPlanner.UnservedConditions unserved = (QueryPlanner.UnservedConditions) outcome;
      errors.error(
          ProcessorErrors.unservedQuery(
              query.name,
              entityName,
              query.predicates.stream().map(QueryPlanner.Predicate::attribute).toList(),
              unserved.indexes(),
              unserved.suggestedFields(),
              unserved.reasons()),
          query.method);
      return Optional.empty();
    }
    if (outcome instanceof QueryPlanner.UnservedOrder) {
      QueryPlanner.UnservedOrder unserved = (QueryPlanner.UnservedOrder) outcome;
      errors.error(
          ProcessorErrors.unservedOrder(
              query.name,
              query.order.stream()
                  .map(spec -> spec.attribute() + (spec.descending() ? " descending" : "")
                      + (spec.ignoreCase() ? " ignoring case" : ""))
                  .collect(Collectors.joining(", ")),
              unserved.served(),
              unserved.suggestedFields(),
              entityName),
          query.method);
      return Optional.empty();
    }
    QueryPlanner.Plan plan = ((QueryPlanner.Served) outcome).plan();
    if (plan.access() instanceof DataMethod.BySpatial
        && !spatialServes(query, result, ((DataMethod.BySpatial) plan.access()).index())) {
      return Optional.empty();
    }
    Map<String, QueryPlanner.Predicate> byAttribute = new LinkedHashMap<>();
    query.predicates.forEach(predicate -> byAttribute.put(predicate.attribute(), predicate));
    List<DataMethod.Condition> conditions = new ArrayList<>();
    for (String attribute : plan.keyOrder()) {
      conditions.add(
          new DataMethod.Condition(
              attribute, byAttribute.get(attribute).operator(), query.values.get(attribute)));
    }
    return Optional.of(
        new DataMethod.Query(
            signature,
            query.operation,
            plan.access(),
            conditions,
            query.first,
            result,
            query.sorts,
            query.limit,
            query.pageRequest,
            plan.descending(),
            plan.staticOrder(),
            plan.served(),
            plan.fixed()));
  }

  /**
   * Whether a box query asks only for what a spatial index gives: records in Z-order (no static
   * or run-time sort), without a {@code Limit}, pages or a delete. Reports and returns false
   * otherwise.
   */
  private boolean spatialServes(Query query, DataMethod.Result result, SpatialIndexModel index) {
    String asked = null;
    boolean order = false;
    if (!query.order.isEmpty() || !query.sorts.isEmpty()) {
      asked = "an order (" + (query.order.isEmpty()
          ? "the sort parameter " + query.sorts.get(0).name()
          : "OrderBy " + query.order.stream().map(QueryPlanner.OrderSpec::attribute)
              .collect(Collectors.joining(", "))) + ")";
      order = true;
    } else if (query.limit != null) {
      asked = "a Limit (parameter " + query.limit + ")";
    } else if (query.pageRequest != null || result == DataMethod.Result.PAGE
        || result == DataMethod.Result.CURSORED_PAGE) {
      asked = "pages (a PageRequest)";
    } else if (query.operation == DataMethod.QueryOperation.DELETE) {
      asked = "a delete";
    }
    if (asked == null) {
      return true;
    }
    errors.error(
        ProcessorErrors.unservedSpatialQuery(query.name, index.name(), index.fields(), asked, order),
        query.method);
    return false;
  }

  /** Parameters and results that do not go together. */
  private void checkCombinations(Query query, DataMethod.Result result) {
    boolean paged =
        result == DataMethod.Result.PAGE || result == DataMethod.Result.CURSORED_PAGE;
    if (paged && query.pageRequest == null) {
      errors.error(
          ProcessorErrors.queryReturnType(
              query.name,
              query.type.getReturnType().toString(),
              "List<E> or another result: Page<E> and CursoredPage<E> need a PageRequest parameter"),
          query.method);
    }
    if (query.pageRequest != null && !paged) {
      errors.error(
          ProcessorErrors.queryParameter(
              query.name,
              query.pageRequest,
              "a PageRequest needs the method to return Page<E> or CursoredPage<E>"),
          query.method);
    }
    if (query.limit != null && query.pageRequest != null) {
      errors.error(
          ProcessorErrors.queryParameter(
              query.name, query.limit, "a method takes a Limit or a PageRequest, not both"),
          query.method);
    }
    if (query.limit != null && query.first > 0) {
      errors.error(
          ProcessorErrors.queryParameter(
              query.name, query.limit, "the name already limits the results with First or Top"),
          query.method);
    }
    if (query.operation != DataMethod.QueryOperation.FIND && !query.order.isEmpty()) {
      errors.error(
          ProcessorErrors.queryParameter(
              query.name,
              "OrderBy",
              "a " + query.operation.name().toLowerCase(java.util.Locale.ROOT) + " has no order"),
          query.method);
    }
  }

  // ---------------------------------------------------------------- parameters

  /**
   * Records the special parameters ({@code Limit}, {@code PageRequest}, sorts) of the query and
   * returns the others, in declaration order.
   */
  private List<VariableElement> specials(Query query) {
    List<VariableElement> values = new ArrayList<>();
    for (int i = 0; i < query.method.getParameters().size(); i++) {
      VariableElement parameter = query.method.getParameters().get(i);
      String special = special(query.type.getParameterTypes().get(i));
      if (special == null) {
        values.add(parameter);
        continue;
      }
      String parameterName = parameter.getSimpleName().toString();
      if (query.operation != DataMethod.QueryOperation.FIND) {
        errors.error(
            ProcessorErrors.queryParameter(
                query.name,
                parameterName,
                "a " + query.operation.name().toLowerCase(java.util.Locale.ROOT)
                    + " method takes only conditions, no " + special),
            parameter);
        continue;
      }
      switch (special) {
        case "Limit":
          if (query.limit != null) {
            errors.error(
                ProcessorErrors.queryParameter(query.name, parameterName, "a method takes one Limit"),
                parameter);
          }
          query.limit = parameterName;
          break;
        case "PageRequest":
          if (query.pageRequest != null) {
            errors.error(
                ProcessorErrors.queryParameter(
                    query.name, parameterName, "a method takes one PageRequest"),
                parameter);
          }
          query.pageRequest = parameterName;
          break;
        case "Order":
          query.sorts.add(new DataMethod.SortParameter(parameterName, DataMethod.SortKind.ORDER));
          break;
        case "Sort":
          query.sorts.add(new DataMethod.SortParameter(parameterName, DataMethod.SortKind.SORT));
          break;
        default:
          query.sorts.add(new DataMethod.SortParameter(parameterName, DataMethod.SortKind.SORTS));
          break;
      }
    }
    return values;
  }

  /**
   * Checks that {@code parameter} can hold what {@code predicate} compares its attribute with: the
   * attribute's type, boxed or not ({@code String} for {@code StartsWith}), or for {@code In} an
   * array of it or a collection of its boxed type. A condition on a component holding several
   * values ({@code List}, {@code Set}) compares one element. Reports and returns false otherwise.
   */
  private boolean checkValueType(
      Query query, VariableElement parameter, QueryPlanner.Predicate predicate) {
    TypeMirror parameterType =
        query.type.getParameterTypes().get(query.method.getParameters().indexOf(parameter));
    TypeMirror declaredType =
        DataRepositoryReader.component(query.entityElement, predicate.attribute()).asType();
    boolean collection =
        query.entity.component(predicate.attribute()).type().multiValueIndexable()
            && declaredType.getKind() == TypeKind.DECLARED
            && ((DeclaredType) declaredType).getTypeArguments().size() == 1;
    TypeMirror attributeType =
        collection ? ((DeclaredType) declaredType).getTypeArguments().get(0) : declaredType;
    boolean matches;
    String expected = attributeType.toString();
    if (predicate.operator() == DataMethod.Operator.IN) {
      TypeMirror boxed = boxed(attributeType);
      matches =
          (parameterType.getKind() == TypeKind.ARRAY
                  && types.isSameType(
                      boxed(((ArrayType) parameterType).getComponentType()), boxed))
              || (parameterType.getKind() == TypeKind.DECLARED
                  && types.isAssignable(
                      types.erasure(parameterType),
                      types.erasure(elements.getTypeElement("java.util.Collection").asType()))
                  && ((DeclaredType) parameterType).getTypeArguments().size() == 1
                  && types.isSameType(((DeclaredType) parameterType).getTypeArguments().get(0), boxed));
      expected =
          attributeType + "[]" + (attributeType.getKind().isPrimitive() ? ", " + boxed + "[]" : "")
              + " or a Collection<" + boxed + ">";
    } else if (predicate.operator() == DataMethod.Operator.STARTS_WITH) {
      matches =
          isClass(attributeType, "java.lang.String") && isClass(parameterType, "java.lang.String");
      expected = "java.lang.String (StartsWith compares text)";
    } else {
      // A boxed parameter meets a primitive attribute (BasicRepository<E, Long> over a long key),
      // and the other way round: the generated call unboxes or boxes it.
      matches = types.isSameType(boxed(parameterType), boxed(attributeType));
    }
    if (!matches) {
      String attributeText = declaredType.toString();
      if (collection) {
        attributeText += ", whose index holds each element";
        expected += " (one element: the records holding it), or use "
            + capitalized(predicate.attribute()) + "In with a Collection<" + boxed(attributeType)
            + "> for any of several";
      }
      errors.error(
          ProcessorErrors.conditionType(
              query.name,
              parameter.getSimpleName().toString(),
              parameterType.toString(),
              predicate.attribute(),
              attributeText,
              expected),
          parameter);
    }
    return matches;
  }

  private TypeMirror boxed(TypeMirror type) {
    return type.getKind().isPrimitive()
        ? types.boxedClass((javax.lang.model.type.PrimitiveType) type).asType()
        : type;
  }

  private static String capitalized(String name) {
    return name.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + name.substring(1);
  }

  /** The simple name of a special parameter's type ({@code Sort[]} for an array), or null. */
  private String special(TypeMirror type) {
    if (type.getKind() == TypeKind.ARRAY
        && isClass(((ArrayType) type).getComponentType(), JakartaDataNames.SORT)) {
      return "Sort[]";
    }
    for (String special :
        List.of(
            JakartaDataNames.LIMIT,
            JakartaDataNames.PAGE_REQUEST,
            JakartaDataNames.ORDER,
            JakartaDataNames.SORT)) {
      if (isClass(type, special)) {
        return special.substring(special.lastIndexOf('.') + 1);
      }
    }
    return null;
  }

  /** The attribute a parameter compares: its {@code @By} value, or its own name. */
  private String attribute(VariableElement parameter, EntityModel entity) {
    AnnotationMirror by = IndexAnnotation.find(parameter, JakartaDataNames.BY);
    String attribute =
        by == null
            ? parameter.getSimpleName().toString()
            : (String) IndexAnnotation.value(by, "value", elements);
    return attribute.equals(JakartaDataNames.ID) ? entity.primaryKey().name() : attribute;
  }

  // ---------------------------------------------------------------- result and order

  private DataMethod.Result result(Query query) {
    TypeMirror returned = query.type.getReturnType();
    switch (query.operation) {
      case DELETE:
        return count(query, returned, "void, long or int (the number of records deleted)", true);
      case COUNT:
        return count(query, returned, "long or int (the number of records)", false);
      case EXISTS:
        if (returned.getKind() == TypeKind.BOOLEAN) {
          return DataMethod.Result.BOOLEAN;
        }
        errors.error(
            ProcessorErrors.queryReturnType(query.name, returned.toString(), "boolean"),
            query.method);
        return null;
      default:
        return findResult(query, returned);
    }
  }

  private DataMethod.Result count(
      Query query, TypeMirror returned, String allowed, boolean voidAllowed) {
    switch (returned.getKind()) {
      case VOID:
        if (voidAllowed) {
          return DataMethod.Result.VOID;
        }
        break;
      case LONG:
        return DataMethod.Result.LONG_COUNT;
      case INT:
        return DataMethod.Result.INT_COUNT;
      default:
        break;
    }
    errors.error(
        ProcessorErrors.queryReturnType(query.name, returned.toString(), allowed), query.method);
    return null;
  }

  private DataMethod.Result findResult(Query query, TypeMirror returned) {
    TypeMirror entity = query.entityElement.asType();
    if (types.isSameType(returned, entity)) {
      return DataMethod.Result.ONE;
    }
    if (returned.getKind() == TypeKind.ARRAY
        && types.isSameType(((ArrayType) returned).getComponentType(), entity)) {
      return DataMethod.Result.ARRAY;
    }
    if (returned.getKind() == TypeKind.DECLARED
        && ((DeclaredType) returned).getTypeArguments().size() == 1
        && types.isSameType(((DeclaredType) returned).getTypeArguments().get(0), entity)) {
      Map<String, DataMethod.Result> containers =
          Map.of(
              "java.util.Optional", DataMethod.Result.OPTIONAL,
              "java.util.List", DataMethod.Result.LIST,
              "java.util.stream.Stream", DataMethod.Result.STREAM,
              JakartaDataNames.PAGE, DataMethod.Result.PAGE,
              JakartaDataNames.CURSORED_PAGE, DataMethod.Result.CURSORED_PAGE);
      for (Map.Entry<String, DataMethod.Result> container : containers.entrySet()) {
        if (isClass(returned, container.getKey())) {
          return container.getValue();
        }
      }
    }
    errors.error(
        ProcessorErrors.queryReturnType(
            query.name,
            returned.toString(),
            FIND_RESULTS.replace("E", query.entityElement.getSimpleName())),
        query.method);
    return null;
  }

  /** The method's {@code @OrderBy} annotations, most significant first. */
  private List<QueryPlanner.OrderSpec> staticOrder(Query query) {
    List<AnnotationMirror> annotations = new ArrayList<>();
    AnnotationMirror single = IndexAnnotation.find(query.method, JakartaDataNames.ORDER_BY);
    if (single != null) {
      annotations.add(single);
    }
    AnnotationMirror container = IndexAnnotation.find(query.method, JakartaDataNames.ORDER_BY_LIST);
    if (container != null) {
      @SuppressWarnings("unchecked")
      List<? extends AnnotationValue> values =
          (List<? extends AnnotationValue>) IndexAnnotation.value(container, "value", elements);
      for (AnnotationValue value : values) {
        annotations.add((AnnotationMirror) value.getValue());
      }
    }
    List<QueryPlanner.OrderSpec> order = new ArrayList<>();
    for (AnnotationMirror annotation : annotations) {
      if (query.operation != DataMethod.QueryOperation.FIND) {
        errors.error(
            ProcessorErrors.queryParameter(query.name, "@OrderBy", "a @Delete method has no order"),
            query.method,
            annotation);
        continue;
      }
      String attribute = (String) IndexAnnotation.value(annotation, "value", elements);
      if (attribute.equals(JakartaDataNames.ID)) {
        attribute = query.entity.primaryKey().name();
      }
      if (!attributes(query.entity).contains(attribute)) {
        errors.error(
            ProcessorErrors.unknownAttribute(
                query.name,
                "@OrderBy",
                attribute,
                query.entity.type().qualifiedName(),
                attributes(query.entity)),
            query.method,
            annotation);
        continue;
      }
      order.add(
          new QueryPlanner.OrderSpec(
              attribute,
              (Boolean) IndexAnnotation.value(annotation, "descending", elements),
              (Boolean) IndexAnnotation.value(annotation, "ignoreCase", elements)));
    }
    return order;
  }

  /** The components holding several values, whose conditions compare one element. */
  private static java.util.Set<String> collections(EntityModel entity) {
    return entity.components().stream()
        .filter(component -> component.type().multiValueIndexable())
        .map(ComponentModel::name)
        .collect(Collectors.toSet());
  }

  private static List<String> attributes(EntityModel entity) {
    return entity.components().stream().map(ComponentModel::name).collect(Collectors.toList());
  }

  private boolean isClass(TypeMirror type, String qualifiedName) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) types.asElement(type)).getQualifiedName().contentEquals(qualifiedName);
  }
}
