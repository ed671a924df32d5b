package dev.tessera.processor.data;

import dev.tessera.processor.ProcessorErrors;
import dev.tessera.processor.data.DataMethod.Action;
import dev.tessera.processor.data.DataMethod.Lifecycle;
import dev.tessera.processor.data.DataMethod.LifecycleMethod;
import dev.tessera.processor.data.DataMethod.Parameter;
import dev.tessera.processor.data.DataMethod.QueryMethod;
import dev.tessera.processor.data.DataMethod.ResourceMethod;
import dev.tessera.processor.data.DataMethod.Result;
import dev.tessera.processor.data.DataMethod.Shape;
import dev.tessera.processor.data.DataMethod.Signature;
import dev.tessera.processor.data.DataMethod.SortKind;
import dev.tessera.processor.data.DataMethod.Special;
import dev.tessera.processor.model.ClassRef;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.validation.ErrorReporter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads a {@code @Repository} interface into a {@link DataRepositoryModel}: finds its entity,
 * classifies each method (lifecycle, query, resource accessor, inherited built-in), plans every
 * query on an index ({@link QueryPlanner}) and reports each method it cannot implement as an error
 * on that method, all in one round. Only the model leaves it: the writers never see an element.
 *
 * <p>Not thread-safe: one instance per processor, used on the compiler's thread.
 */
public final class DataRepositoryReader {
  /** The provider name that claims a repository for Tessera alone. */
  static final String PROVIDER = "Tessera";
  private static final String REPOSITORY = "jakarta.data.repository.";
  /** Methods DataRepositorySupport implements, by name and parameter count. */
  private static final Map<String, Set<Integer>> BUILT_INS = Map.ofEntries(
      Map.entry("save", Set.of(1)), Map.entry("saveAll", Set.of(1)),
      Map.entry("insert", Set.of(1)), Map.entry("insertAll", Set.of(1)),
      Map.entry("update", Set.of(1)), Map.entry("updateAll", Set.of(1)),
      Map.entry("delete", Set.of(1)), Map.entry("deleteAll", Set.of(1)),
      Map.entry("deleteById", Set.of(1)), Map.entry("findById", Set.of(1)),
      Map.entry("findAll", Set.of(0, 2)), Map.entry("store", Set.of(0)));

  private final Elements elements;
  private final Types types;
  private final ErrorReporter errors;

  /** Reads with the compiler's utilities, reporting to {@code errors}. */
  public DataRepositoryReader(Elements elements, Types types, ErrorReporter errors) {
    this.elements = elements;
    this.types = types;
    this.errors = errors;
  }

  /**
   * The entity record {@code repository} stores: the first type argument of its {@code
   * DataRepository} supertype, if it has one.
   */
  public Optional<TypeElement> entityOf(TypeElement repository) {
    return dataRepositoryArguments(repository.asType())
        .map(arguments -> arguments.get(0))
        .filter(t -> t.getKind() == TypeKind.DECLARED)
        .map(t -> (TypeElement) types.asElement(t));
  }

  /** True if {@code repository} names another provider in {@code @Repository(provider = ...)}. */
  public boolean otherProvider(TypeElement repository) {
    String provider = provider(repository);
    return !provider.isEmpty() && !provider.equalsIgnoreCase(PROVIDER);
  }

  /** True if {@code repository} names Tessera in {@code @Repository(provider = ...)}. */
  public boolean claimedForTessera(TypeElement repository) {
    return provider(repository).equalsIgnoreCase(PROVIDER);
  }

  /**
   * The model of {@code repository}, or empty after reporting why it cannot be implemented.
   *
   * @param entityModels the Tessera model of a record, if it is a valid Tessera entity
   */
  public Optional<DataRepositoryModel> read(
      TypeElement repository, Function<TypeElement, Optional<EntityModel>> entityModels) {
    String name = repository.getQualifiedName().toString();
    Optional<TypeElement> entityElement = entityOf(repository);
    if (entityElement.isEmpty()) {
      errors.error(ProcessorErrors.noRepositoryEntity(name), repository);
      return Optional.empty();
    }
    Optional<EntityModel> entity = entityModels.apply(entityElement.get());
    if (entity.isEmpty()) {
      errors.error(ProcessorErrors.notAnEntityRepository(
          name, entityElement.get().getQualifiedName().toString()), repository);
      return Optional.empty();
    }
    int before = errors.errorCount();
    MethodReader methods =
        new MethodReader(repository, entityElement.get(), entity.get());
    List<DataMethod> read = new ArrayList<>();
    for (ExecutableElement method : ElementFilter.methodsIn(elements.getAllMembers(repository))) {
      if (!implementable(method)) {
        continue;
      }
      try {
        methods.read(method).ifPresent(read::add);
      } catch (QueryRefusal refusal) {
        errors.error(refusal.getMessage(), method);
      }
    }
    if (errors.errorCount() != before) {
      return Optional.empty();
    }
    return Optional.of(new DataRepositoryModel(classRef(repository), entity.get(), read));
  }

  /** Abstract interface methods not declared by Jakarta Data itself (its built-ins). */
  private boolean implementable(ExecutableElement method) {
    Element owner = method.getEnclosingElement();
    if (owner.getKind() != ElementKind.INTERFACE
        || !method.getModifiers().contains(Modifier.ABSTRACT)) {
      return false;
    }
    String ownerName = ((TypeElement) owner).getQualifiedName().toString();
    return !ownerName.startsWith(REPOSITORY);
  }

  private Optional<List<? extends TypeMirror>> dataRepositoryArguments(TypeMirror type) {
    for (TypeMirror supertype : types.directSupertypes(type)) {
      if (supertype instanceof DeclaredType declared) {
        TypeElement element = (TypeElement) declared.asElement();
        if (element.getQualifiedName().contentEquals(REPOSITORY + "DataRepository")) {
          return Optional.of(declared.getTypeArguments());
        }
        Optional<List<? extends TypeMirror>> inherited = dataRepositoryArguments(supertype);
        if (inherited.isPresent()) {
          return inherited;
        }
      }
    }
    return Optional.empty();
  }

  private String provider(TypeElement repository) {
    AnnotationMirror annotation = annotation(repository, "Repository");
    if (annotation == null) {
      return "";
    }
    AnnotationValue value = value(annotation, "provider");
    return value == null ? "" : value.getValue().toString();
  }

  private static AnnotationMirror annotation(Element element, String simpleName) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
      if (type.getQualifiedName().contentEquals(REPOSITORY + simpleName)) {
        return mirror;
      }
    }
    return null;
  }

  private static AnnotationValue value(AnnotationMirror annotation, String name) {
    for (var entry : annotation.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(name)) {
        return entry.getValue();
      }
    }
    return null;
  }

  private ClassRef classRef(TypeElement type) {
    List<String> names = new ArrayList<>();
    Element current = type;
    while (current instanceof TypeElement) {
      names.add(0, current.getSimpleName().toString());
      current = current.getEnclosingElement();
    }
    PackageElement pkg = elements.getPackageOf(type);
    return new ClassRef(pkg.isUnnamed() ? "" : pkg.getQualifiedName().toString(), names);
  }

  /** Reads the methods of one repository. */
  private final class MethodReader {
    private final TypeElement repository;
    private final DeclaredType repositoryType;
    private final TypeElement entityElement;
    private final EntityModel entity;
    private final QueryPlanner planner;
    private final Map<String, TypeMirror> componentTypes = new HashMap<>();

    MethodReader(TypeElement repository, TypeElement entityElement, EntityModel entity) {
      this.repository = repository;
      this.repositoryType = (DeclaredType) repository.asType();
      this.entityElement = entityElement;
      this.entity = entity;
      this.planner = new QueryPlanner(entity);
      for (RecordComponentElement component : entityElement.getRecordComponents()) {
        componentTypes.put(component.getSimpleName().toString(), component.asType());
      }
    }

    Optional<DataMethod> read(ExecutableElement method) {
      String label = repository.getSimpleName() + "." + method.getSimpleName();
      Signature signature = signature(method);
      String name = signature.name();
      if (annotation(method, "Query") != null) {
        throw new QueryRefusal(ProcessorErrors.jdqlQuery(label));
      }
      for (Lifecycle lifecycle : Lifecycle.values()) {
        String annotationName = lifecycleAnnotation(lifecycle);
        if (annotation(method, annotationName) != null) {
          Optional<DataMethod> lifecycleMethod = lifecycle(label, signature, lifecycle);
          if (lifecycleMethod.isPresent() || lifecycle != Lifecycle.DELETE) {
            return lifecycleMethod;
          }
          return Optional.of(annotatedQuery(label, method, signature, Action.DELETE));
        }
      }
      if (annotation(method, "Find") != null) {
        return Optional.of(annotatedQuery(label, method, signature, Action.FIND));
      }
      if (BUILT_INS.getOrDefault(name, Set.of()).contains(signature.parameters().size())) {
        return Optional.empty(); // inherited from DataRepositorySupport
      }
      if (signature.parameters().isEmpty() && isType(signature.returnType(), "dev.tessera.kv.KvStore")) {
        return Optional.of(new ResourceMethod(signature));
      }
      Optional<MethodName> parsed = MethodName.parse(label, name,
          entity.components().stream().map(ComponentModel::name).toList(),
          entity.type().simpleName());
      if (parsed.isEmpty()) {
        throw new QueryRefusal(ProcessorErrors.unsupportedRepositoryMethod(label));
      }
      return Optional.of(namedQuery(label, signature, parsed.get()));
    }

    private Signature signature(ExecutableElement method) {
      ExecutableType resolved = (ExecutableType) types.asMemberOf(repositoryType, method);
      List<Parameter> parameters = new ArrayList<>();
      List<? extends VariableElement> declared = method.getParameters();
      for (int i = 0; i < declared.size(); i++) {
        parameters.add(new Parameter(
            declared.get(i).getSimpleName().toString(), resolved.getParameterTypes().get(i)));
      }
      return new Signature(method.getSimpleName().toString(), resolved.getReturnType(), parameters,
          method.isVarArgs());
    }

    private String lifecycleAnnotation(Lifecycle lifecycle) {
      String name = lifecycle.name();
      return name.charAt(0) + name.substring(1).toLowerCase(java.util.Locale.ROOT);
    }

    /** A lifecycle method, or empty for a {@code @Delete} whose parameters are conditions. */
    private Optional<DataMethod> lifecycle(String label, Signature signature, Lifecycle lifecycle) {
      String annotationName = lifecycleAnnotation(lifecycle);
      Shape shape = signature.parameters().size() == 1
          ? shape(signature.parameters().get(0).type()) : null;
      if (shape == null) {
        if (lifecycle == Lifecycle.DELETE) {
          return Optional.empty();
        }
        throw new QueryRefusal(ProcessorErrors.lifecycleParameter(
            label, annotationName, entity.type().simpleName()));
      }
      TypeMirror returned = signature.returnType();
      boolean returnsValue = returned.getKind() != TypeKind.VOID;
      if (returnsValue && !types.isSameType(returned, signature.parameters().get(0).type())) {
        throw new QueryRefusal(ProcessorErrors.lifecycleParameter(
            label, annotationName, entity.type().simpleName()));
      }
      return Optional.of(new LifecycleMethod(signature, lifecycle, shape, returnsValue));
    }

    private Shape shape(TypeMirror type) {
      if (types.isSameType(type, entityElement.asType())) {
        return Shape.SINGLE;
      }
      if (type instanceof ArrayType array
          && types.isSameType(array.getComponentType(), entityElement.asType())) {
        return Shape.ARRAY;
      }
      if (typeArgumentOf(type, "java.util.List") != null) {
        return Shape.LIST;
      }
      return null;
    }

    /** The entity argument of {@code type} if it is {@code container<Entity>}, else null. */
    private TypeMirror typeArgumentOf(TypeMirror type, String container) {
      if (type instanceof DeclaredType declared
          && ((TypeElement) declared.asElement()).getQualifiedName().contentEquals(container)
          && declared.getTypeArguments().size() == 1
          && types.isSameType(declared.getTypeArguments().get(0), entityElement.asType())) {
        return declared.getTypeArguments().get(0);
      }
      return null;
    }

    private QueryMethod annotatedQuery(
        String label, ExecutableElement method, Signature signature, Action action) {
      List<Condition> conditions = new ArrayList<>();
      Specials specials = new Specials();
      for (int i = 0; i < signature.parameters().size(); i++) {
        Parameter parameter = signature.parameters().get(i);
        if (specials.take(parameter, i == signature.parameters().size() - 1 && signature.varargs())) {
          continue;
        }
        String field = byField(method.getParameters().get(i), parameter.name());
        conditions.add(new Condition(field, Operator.EQUAL, List.of(parameter.name()), false));
      }
      List<OrderKey> order = new ArrayList<>();
      for (AnnotationMirror mirror : method.getAnnotationMirrors()) {
        collectOrder(mirror, order);
      }
      return query(label, signature, action, 0, conditions, order, specials);
    }

    private void collectOrder(AnnotationMirror mirror, List<OrderKey> order) {
      String type = ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
      if (type.equals(REPOSITORY + "OrderBy")) {
        AnnotationValue descending = value(mirror, "descending");
        String field = field(value(mirror, "value").getValue().toString(), "@OrderBy");
        order.add(new OrderKey(field, descending != null && (Boolean) descending.getValue()));
      } else if (type.equals(REPOSITORY + "OrderBy.List")) {
        for (Object nested : (List<?>) value(mirror, "value").getValue()) {
          collectOrder((AnnotationMirror) ((AnnotationValue) nested).getValue(), order);
        }
      }
    }

    private String byField(VariableElement parameter, String name) {
      AnnotationMirror by = annotation(parameter, "By");
      return field(by == null ? name : value(by, "value").getValue().toString(), name);
    }

    /** The component {@code name} designates ({@code id(this)} is the primary key). */
    private String field(String name, String where) {
      if (name.equals("id(this)")) {
        return entity.primaryKey().name();
      }
      if (!componentTypes.containsKey(name)) {
        throw new QueryRefusal(ProcessorErrors.unknownQueryField(
            repository.getSimpleName() + " " + where, name, entity.type().simpleName(),
            entity.components().stream().map(ComponentModel::name).sorted().toList()));
      }
      return name;
    }

    private QueryMethod namedQuery(String label, Signature signature, MethodName name) {
      List<Parameter> parameters = signature.parameters();
      int needed = name.conditions().stream().mapToInt(c -> c.operator().parameters()).sum();
      Specials specials = new Specials();
      int conditionParameters = 0;
      for (int i = parameters.size() - 1; i >= 0; i--) {
        if (conditionParameters > 0 || !specials.take(parameters.get(i),
            i == parameters.size() - 1 && signature.varargs())) {
          conditionParameters++;
        }
      }
      if (conditionParameters != needed) {
        throw new QueryRefusal(ProcessorErrors.queryParameters(label, needed, conditionParameters));
      }
      List<Condition> conditions = new ArrayList<>();
      int next = 0;
      for (Condition condition : name.conditions()) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < condition.operator().parameters(); i++) {
          names.add(parameters.get(next++).name());
        }
        conditions.add(new Condition(
            condition.field(), condition.operator(), names, condition.ignoreCase()));
      }
      return query(label, signature, name.action(), name.first(), conditions, name.order(), specials);
    }

    private QueryMethod query(String label, Signature signature, Action action, int first,
        List<Condition> conditions, List<OrderKey> order, Specials specials) {
      Map<String, TypeMirror> parameterTypes = new HashMap<>();
      signature.parameters().forEach(p -> parameterTypes.put(p.name(), p.type()));
      for (Condition condition : conditions) {
        checkTypes(label, condition, parameterTypes);
      }
      Result result = result(label, signature.returnType(), action);
      boolean paged = result == Result.PAGE || result == Result.CURSORED_PAGE;
      if (paged != (specials.pageRequest != null)) {
        throw new QueryRefusal(ProcessorErrors.unsupportedReturnType(label,
            signature.returnType().toString(), paged
                ? "Page or CursoredPage with a PageRequest parameter"
                : "a list or stream, or take a PageRequest parameter to return a page"));
      }
      AccessPath path = planner.plan(label, conditions, order);
      return new QueryMethod(signature, action, path, result, first, specials.limit,
          specials.pageRequest, specials.sort, specials.sortKind);
    }

    private void checkTypes(String label, Condition condition, Map<String, TypeMirror> parameterTypes) {
      TypeMirror field = boxed(componentTypes.get(condition.field()));
      for (String parameter : condition.parameters()) {
        TypeMirror type = parameterTypes.get(parameter);
        TypeMirror expected;
        if (condition.operator() == Operator.IN) {
          expected = types.getDeclaredType(elements.getTypeElement("java.util.Collection"),
              types.getWildcardType(field, null));
        } else if (condition.operator() == Operator.STARTS_WITH) {
          expected = elements.getTypeElement("java.lang.String").asType();
        } else {
          expected = field;
        }
        if (!types.isAssignable(boxed(type), expected)) {
          throw new QueryRefusal(ProcessorErrors.queryParameterType(
              label, parameter, type.toString(), condition.field(), expected.toString()));
        }
      }
    }

    private TypeMirror boxed(TypeMirror type) {
      return type.getKind().isPrimitive()
          ? types.boxedClass(types.getPrimitiveType(type.getKind())).asType() : type;
    }

    private Result result(String label, TypeMirror type, Action action) {
      switch (action) {
        case COUNT:
          if (type.getKind() == TypeKind.LONG) {
            return Result.LONG;
          }
          throw new QueryRefusal(ProcessorErrors.unsupportedReturnType(label, type.toString(), "long"));
        case EXISTS:
          if (type.getKind() == TypeKind.BOOLEAN) {
            return Result.BOOLEAN;
          }
          throw new QueryRefusal(ProcessorErrors.unsupportedReturnType(label, type.toString(), "boolean"));
        case DELETE:
          switch (type.getKind()) {
            case VOID:
              return Result.VOID;
            case LONG:
              return Result.LONG;
            case INT:
              return Result.INT;
            default:
              throw new QueryRefusal(ProcessorErrors.unsupportedReturnType(
                  label, type.toString(), "void, long or int (the number deleted)"));
          }
        default:
          return findResult(label, type);
      }
    }

    private Result findResult(String label, TypeMirror type) {
      if (types.isSameType(type, entityElement.asType())) {
        return Result.ENTITY;
      }
      if (type instanceof ArrayType array
          && types.isSameType(array.getComponentType(), entityElement.asType())) {
        return Result.ARRAY;
      }
      Map<String, Result> containers = Map.of(
          "java.util.Optional", Result.OPTIONAL, "java.util.List", Result.LIST,
          "java.util.stream.Stream", Result.STREAM, "jakarta.data.page.Page", Result.PAGE,
          "jakarta.data.page.CursoredPage", Result.CURSORED_PAGE);
      for (Map.Entry<String, Result> container : containers.entrySet()) {
        if (typeArgumentOf(type, container.getKey()) != null) {
          return container.getValue();
        }
      }
      String entityName = entity.type().simpleName();
      throw new QueryRefusal(ProcessorErrors.unsupportedReturnType(label, type.toString(),
          String.format("%1$s, Optional<%1$s>, List<%1$s>, %1$s[], Stream<%1$s>, Page<%1$s> or"
              + " CursoredPage<%1$s>", entityName)));
    }

    private boolean isType(TypeMirror type, String name) {
      return type instanceof DeclaredType declared
          && ((TypeElement) declared.asElement()).getQualifiedName().contentEquals(name);
    }

    /** The parameters of a query that are not condition values. */
    private final class Specials {
      Special limit;
      Special pageRequest;
      Special sort;
      SortKind sortKind;

      /** Takes {@code parameter} if it is a special one. */
      boolean take(Parameter parameter, boolean varargs) {
        TypeMirror type = parameter.type();
        Special special = new Special(parameter.name());
        if (isType(type, "jakarta.data.Limit")) {
          limit = special;
        } else if (isType(type, "jakarta.data.page.PageRequest")) {
          pageRequest = special;
        } else if (isType(type, "jakarta.data.Order")) {
          sort = special;
          sortKind = SortKind.ORDER;
        } else if (isType(type, "jakarta.data.Sort")) {
          sort = special;
          sortKind = SortKind.SORT;
        } else if (type instanceof ArrayType array && isType(array.getComponentType(), "jakarta.data.Sort")) {
          sort = special;
          sortKind = SortKind.SORTS;
        } else {
          return false;
        }
        return true;
      }
    }
  }
}
