package dev.tessera.processor.validation;

import dev.tessera.processor.JakartaDataNames;
import dev.tessera.processor.ProcessorErrors;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.DataMethod;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.MethodSignature;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.RecordComponentElement;
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
 * equality parameters (named by {@code @By} or by the parameter's own name), their special
 * parameters ({@code Limit}, {@code Order}, {@code Sort}, {@code PageRequest}), static {@code
 * @OrderBy} and return type, then asks {@link QueryPlanner} which key serves them. Reports every
 * problem on the method or the parameter.
 *
 * <p>Not thread-safe: one instance per processor, used on the compiler's thread.
 */
final class DataQueryReader {
  private static final String FIND_RESULTS = "E, Optional<E>, List<E>, E[], Stream<E> or Page<E>";

  private final Elements elements;
  private final Types types;
  private final ErrorReporter errors;

  DataQueryReader(Elements elements, Types types, ErrorReporter errors) {
    this.elements = elements;
    this.types = types;
    this.errors = errors;
  }

  /** A {@code @Find} method. */
  Optional<DataMethod> find(
      String name,
      ExecutableElement method,
      ExecutableType type,
      MethodSignature signature,
      TypeElement entityElement,
      EntityModel entity) {
    return read(name, method, type, signature, entityElement, entity, DataMethod.QueryOperation.FIND);
  }

  /** A {@code @Delete} method with equality parameters. */
  Optional<DataMethod> delete(
      String name,
      ExecutableElement method,
      ExecutableType type,
      MethodSignature signature,
      TypeElement entityElement,
      EntityModel entity) {
    return read(
        name, method, type, signature, entityElement, entity, DataMethod.QueryOperation.DELETE);
  }

  private Optional<DataMethod> read(
      String name,
      ExecutableElement method,
      ExecutableType type,
      MethodSignature signature,
      TypeElement entityElement,
      EntityModel entity,
      DataMethod.QueryOperation operation) {
    int errorsBefore = errors.errorCount();
    Parameters parameters = parameters(name, method, type, entityElement, entity, operation);
    DataMethod.Result result = result(name, method, type, entityElement, operation);
    List<QueryPlanner.OrderSpec> order = staticOrder(name, method, entity, operation);
    if (result == DataMethod.Result.PAGE && parameters.pageRequest == null) {
      errors.error(
          ProcessorErrors.queryReturnType(
              name, type.getReturnType().toString(), "List<E> or another result: Page<E> needs a"
                  + " PageRequest parameter"),
          method);
    }
    if (errors.errorCount() != errorsBefore) {
      return Optional.empty();
    }
    QueryPlanner.Outcome outcome =
        QueryPlanner.plan(entity, parameters.conditions.keySet(), order);
    if (outcome instanceof QueryPlanner.UnservedConditions) {
      errors.error(
          ProcessorErrors.unservedQuery(
              name,
              entityElement.getQualifiedName().toString(),
              inComponentOrder(entity, parameters.conditions.keySet()),
              ((QueryPlanner.UnservedConditions) outcome).indexes()),
          method);
      return Optional.empty();
    }
    if (outcome instanceof QueryPlanner.UnservedOrder) {
      QueryPlanner.UnservedOrder unserved = (QueryPlanner.UnservedOrder) outcome;
      errors.error(
          ProcessorErrors.unservedOrder(
              name,
              order.stream()
                  .map(spec -> spec.attribute() + (spec.descending() ? " descending" : "")
                      + (spec.ignoreCase() ? " ignoring case" : ""))
                  .collect(Collectors.joining(", ")),
              unserved.served(),
              unserved.suggestedFields(),
              entityElement.getQualifiedName().toString()),
          method);
      return Optional.empty();
    }
    QueryPlanner.Plan plan = ((QueryPlanner.Served) outcome).plan();
    List<DataMethod.Condition> conditions = new ArrayList<>();
    for (String attribute : plan.keyOrder()) {
      conditions.add(new DataMethod.Condition(parameters.conditions.get(attribute), attribute));
    }
    return Optional.of(
        new DataMethod.Query(
            signature,
            operation,
            plan.access(),
            conditions,
            result,
            parameters.sorts,
            parameters.limit,
            parameters.pageRequest,
            plan.descending(),
            plan.staticOrder(),
            plan.served(),
            plan.fixed()));
  }

  // ---------------------------------------------------------------- parameters

  /** What the parameters of a query say. */
  private static final class Parameters {
    /** Parameter name by attribute, in declaration order. */
    final Map<String, String> conditions = new LinkedHashMap<>();
    final List<DataMethod.SortParameter> sorts = new ArrayList<>();
    String limit;
    String pageRequest;
  }

  private Parameters parameters(
      String name,
      ExecutableElement method,
      ExecutableType type,
      TypeElement entityElement,
      EntityModel entity,
      DataMethod.QueryOperation operation) {
    Parameters parameters = new Parameters();
    for (int i = 0; i < method.getParameters().size(); i++) {
      VariableElement parameter = method.getParameters().get(i);
      TypeMirror parameterType = type.getParameterTypes().get(i);
      String parameterName = parameter.getSimpleName().toString();
      String special = special(parameterType);
      if (special != null) {
        if (operation == DataMethod.QueryOperation.DELETE) {
          errors.error(
              ProcessorErrors.queryParameter(
                  name, parameterName, "a @Delete method takes only equality conditions, no " + special),
              parameter);
        } else {
          special(name, parameter, parameterName, special, parameters);
        }
        continue;
      }
      String attribute = attribute(parameter, entity);
      Optional<ComponentModel> component =
          entity.components().stream().filter(c -> c.name().equals(attribute)).findFirst();
      if (component.isEmpty()) {
        errors.error(
            ProcessorErrors.unknownAttribute(
                name,
                parameterName,
                attribute,
                entityElement.getQualifiedName().toString(),
                entity.components().stream().map(ComponentModel::name).collect(Collectors.toList())),
            parameter);
        continue;
      }
      RecordComponentElement element = DataRepositoryReader.component(entityElement, attribute);
      if (!types.isSameType(parameterType, element.asType())) {
        errors.error(
            ProcessorErrors.conditionType(
                name, parameterName, parameterType.toString(), attribute, element.asType().toString()),
            parameter);
        continue;
      }
      if (parameters.conditions.putIfAbsent(attribute, parameterName) != null) {
        errors.error(
            ProcessorErrors.queryParameter(
                name,
                parameterName,
                "attribute " + attribute + " is already compared to parameter "
                    + parameters.conditions.get(attribute)
                    + "; an attribute equals one value"),
            parameter);
      }
    }
    if (parameters.limit != null && parameters.pageRequest != null) {
      errors.error(
          ProcessorErrors.queryParameter(
              name, parameters.limit, "a method takes a Limit or a PageRequest, not both"),
          method);
    }
    return parameters;
  }

  private void special(
      String name, VariableElement parameter, String parameterName, String special, Parameters parameters) {
    switch (special) {
      case "Limit":
        if (parameters.limit != null) {
          errors.error(
              ProcessorErrors.queryParameter(name, parameterName, "a method takes one Limit"),
              parameter);
        }
        parameters.limit = parameterName;
        break;
      case "PageRequest":
        if (parameters.pageRequest != null) {
          errors.error(
              ProcessorErrors.queryParameter(name, parameterName, "a method takes one PageRequest"),
              parameter);
        }
        parameters.pageRequest = parameterName;
        break;
      case "Order":
        parameters.sorts.add(new DataMethod.SortParameter(parameterName, DataMethod.SortKind.ORDER));
        break;
      case "Sort":
        parameters.sorts.add(new DataMethod.SortParameter(parameterName, DataMethod.SortKind.SORT));
        break;
      default:
        parameters.sorts.add(new DataMethod.SortParameter(parameterName, DataMethod.SortKind.SORTS));
        break;
    }
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

  private DataMethod.Result result(
      String name,
      ExecutableElement method,
      ExecutableType type,
      TypeElement entityElement,
      DataMethod.QueryOperation operation) {
    TypeMirror returned = type.getReturnType();
    if (operation == DataMethod.QueryOperation.DELETE) {
      switch (returned.getKind()) {
        case VOID:
          return DataMethod.Result.VOID;
        case LONG:
          return DataMethod.Result.LONG_COUNT;
        case INT:
          return DataMethod.Result.INT_COUNT;
        default:
          errors.error(
              ProcessorErrors.queryReturnType(
                  name, returned.toString(), "void, long or int (the number of records deleted)"),
              method);
          return null;
      }
    }
    TypeMirror entity = entityElement.asType();
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
              JakartaDataNames.PAGE, DataMethod.Result.PAGE);
      for (Map.Entry<String, DataMethod.Result> container : containers.entrySet()) {
        if (isClass(returned, container.getKey())) {
          return container.getValue();
        }
      }
    }
    errors.error(
        ProcessorErrors.queryReturnType(
            name, returned.toString(), FIND_RESULTS.replace("E", entityElement.getSimpleName())),
        method);
    return null;
  }

  /** The method's {@code @OrderBy} annotations, most significant first. */
  private List<QueryPlanner.OrderSpec> staticOrder(
      String name, ExecutableElement method, EntityModel entity, DataMethod.QueryOperation operation) {
    List<AnnotationMirror> annotations = new ArrayList<>();
    AnnotationMirror single = IndexAnnotation.find(method, JakartaDataNames.ORDER_BY);
    if (single != null) {
      annotations.add(single);
    }
    AnnotationMirror container = IndexAnnotation.find(method, JakartaDataNames.ORDER_BY_LIST);
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
      if (operation == DataMethod.QueryOperation.DELETE) {
        errors.error(
            ProcessorErrors.queryParameter(name, "@OrderBy", "a @Delete method has no order"),
            method,
            annotation);
        continue;
      }
      String attribute = (String) IndexAnnotation.value(annotation, "value", elements);
      if (attribute.equals(JakartaDataNames.ID)) {
        attribute = entity.primaryKey().name();
      }
      String known = attribute;
      if (entity.components().stream().noneMatch(c -> c.name().equals(known))) {
        errors.error(
            ProcessorErrors.unknownAttribute(
                name,
                "@OrderBy",
                attribute,
                entity.type().qualifiedName(),
                entity.components().stream().map(ComponentModel::name).collect(Collectors.toList())),
            method,
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

  private static List<String> inComponentOrder(EntityModel entity, java.util.Set<String> names) {
    return entity.components().stream()
        .map(ComponentModel::name)
        .filter(names::contains)
        .collect(Collectors.toList());
  }

  private boolean isClass(TypeMirror type, String qualifiedName) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) types.asElement(type)).getQualifiedName().contentEquals(qualifiedName);
  }
}
