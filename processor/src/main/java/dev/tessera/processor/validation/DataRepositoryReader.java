package dev.tessera.processor.validation;

import dev.tessera.processor.AnnotationNames;
import dev.tessera.processor.JakartaDataNames;
import dev.tessera.processor.ProcessorErrors;
import dev.tessera.processor.model.DataMethod;
import dev.tessera.processor.model.DataRepositoryModel;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.MethodSignature;
import dev.tessera.processor.model.TypeRef;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.IntersectionType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads a Jakarta Data {@code @Repository} interface: finds its entity, then models each abstract
 * method (lifecycle methods, {@code @Find} and {@code @Delete} queries, queries derived from the
 * method name, a store accessor),
 * reporting every method it cannot implement on that method. The built-in methods of {@code
 * BasicRepository} and {@code CrudRepository} carry those annotations in the API itself ({@code
 * findById} is {@code @Find} with {@code @By(ID)}, {@code save} is {@code @Save}...), so they are
 * read the same way.
 *
 * <p>Not thread-safe: one instance per processor, used on the compiler's thread.
 */
public final class DataRepositoryReader {
  private static final List<String> LIFECYCLE =
      List.of(
          JakartaDataNames.INSERT,
          JakartaDataNames.UPDATE,
          JakartaDataNames.SAVE,
          JakartaDataNames.DELETE);

  private final Elements elements;
  private final Types types;
  private final ErrorReporter errors;
  private final TypeRefs typeRefs;
  private final DataQueryReader queries;

  /**
   * Reads with the compiler's utilities, reporting to {@code errors}.
   *
   * @param elements the compiler's element utilities
   * @param types the compiler's type utilities
   * @param errors where to report
   */
  public DataRepositoryReader(Elements elements, Types types, ErrorReporter errors) {
    this.elements = elements;
    this.types = types;
    this.errors = errors;
    this.typeRefs = new TypeRefs(new FieldTypeResolver(elements));
    this.queries = new DataQueryReader(elements, types, errors);
  }

  /**
   * {@return the entity {@code repository} stores, from its {@code DataRepository<E, K>} supertype
   * or else its lifecycle methods; empty after reporting why there is none usable}
   *
   * @param repository the repository interface
   */
  public Optional<TypeElement> entityOf(TypeElement repository) {
    AnnotationMirror annotation = IndexAnnotation.find(repository, JakartaDataNames.REPOSITORY);
    if (repository.getKind() != ElementKind.INTERFACE) {
      errors.error(
          ProcessorErrors.repositoryNotInterface(
              repository.getQualifiedName().toString(),
              repository.getKind().name().toLowerCase(java.util.Locale.ROOT)),
          repository,
          annotation);
      return Optional.empty();
    }
    TypeMirror entity =
        dataRepositoryType(repository)
            .<TypeMirror>map(type -> type.getTypeArguments().get(0))
            .orElseGet(() -> lifecycleEntity(repository));
    if (entity == null || entity.getKind() != TypeKind.DECLARED) {
      errors.error(
          ProcessorErrors.repositoryWithoutEntity(repository.getQualifiedName().toString()),
          repository,
          annotation);
      return Optional.empty();
    }
    TypeElement element = (TypeElement) types.asElement(entity);
    if (IndexAnnotation.find(element, AnnotationNames.ENTITY) == null) {
      errors.error(
          ProcessorErrors.repositoryEntityNotTessera(
              repository.getQualifiedName().toString(), element.getQualifiedName().toString()),
          repository,
          annotation);
      return Optional.empty();
    }
    return Optional.of(element);
  }

  /**
   * {@return the model of {@code repository}, whose entity {@code entityElement} has the model
   * {@code entity}; empty after reporting every method that cannot be implemented}
   *
   * @param repository the repository interface
   * @param entityElement the entity record
   * @param entity the entity's model
   */
  public Optional<DataRepositoryModel> read(
      TypeElement repository, TypeElement entityElement, EntityModel entity) {
    int errorsBefore = errors.errorCount();
    checkKeyType(repository, entityElement, entity);
    if (errors.errorCount() != errorsBefore) {
      return Optional.empty(); // every id-based method would repeat it
    }
    DeclaredType self = (DeclaredType) repository.asType();
    List<DataMethod> methods = new ArrayList<>();
    for (ExecutableElement method : abstractMethods(repository)) {
      ExecutableType type = (ExecutableType) types.asMemberOf(self, method);
      MethodSignature signature = signature(method, type);
      read(repository, entityElement, entity, method, type, signature).ifPresent(methods::add);
    }
    if (errors.errorCount() != errorsBefore) {
      return Optional.empty();
    }
    return Optional.of(
        new DataRepositoryModel(
            new FieldTypeResolver(elements).classRef(repository), entity, methods));
  }

  private Optional<DataMethod> read(
      TypeElement repository,
      TypeElement entityElement,
      EntityModel entity,
      ExecutableElement method,
      ExecutableType type,
      MethodSignature signature) {
    String name = repository.getSimpleName() + "." + method.getSimpleName();
    if (IndexAnnotation.find(method, JakartaDataNames.QUERY) != null) {
      errors.error(
          ProcessorErrors.queryNotSupported(
              repository.getQualifiedName().toString(), method.getSimpleName().toString()),
          method);
      return Optional.empty();
    }
    if (IndexAnnotation.find(method, JakartaDataNames.FIND) != null) {
      return queries.annotated(
          name, method, type, signature, entityElement, entity, DataMethod.QueryOperation.FIND);
    }
    String lifecycle = lifecycleAnnotation(method);
    if (lifecycle != null) {
      if (lifecycle.equals(JakartaDataNames.DELETE) && !isLifecycleDelete(method, type, entityElement)) {
        return queries.annotated(
            name, method, type, signature, entityElement, entity, DataMethod.QueryOperation.DELETE);
      }
      return lifecycle(name, lifecycle, method, type, signature, entityElement);
    }
    if (method.getParameters().isEmpty() && isClass(type.getReturnType(), JakartaDataNames.KV_STORE)) {
      return Optional.of(new DataMethod.StoreAccessor(signature));
    }
    if (DataQueryReader.namedAsQuery(method, entity)) {
      return queries.byMethodName(name, method, type, signature, entityElement, entity);
    }
    errors.error(
        ProcessorErrors.unsupportedRepositoryMethod(
            repository.getQualifiedName().toString(), method.getSimpleName().toString()),
        method);
    return Optional.empty();
  }

  // ---------------------------------------------------------------- entity and key

  /** The {@code DataRepository<E, K>} among the supertypes of {@code repository}, if any. */
  private Optional<DeclaredType> dataRepositoryType(TypeElement repository) {
    List<TypeMirror> pending = new ArrayList<>(types.directSupertypes(repository.asType()));
    while (!pending.isEmpty()) {
      TypeMirror next = pending.remove(0);
      if (next.getKind() == TypeKind.DECLARED
          && ((TypeElement) types.asElement(next))
              .getQualifiedName()
              .contentEquals(JakartaDataNames.DATA_REPOSITORY)) {
        DeclaredType declared = (DeclaredType) next;
        return declared.getTypeArguments().size() == 2 ? Optional.of(declared) : Optional.empty();
      }
      pending.addAll(types.directSupertypes(next));
    }
    return Optional.empty();
  }

  /** The entity type the first lifecycle method of {@code repository} takes, or null. */
  private TypeMirror lifecycleEntity(TypeElement repository) {
    for (ExecutableElement method : abstractMethods(repository)) {
      if (lifecycleAnnotation(method) == null || method.getParameters().size() != 1) {
        continue;
      }
      TypeMirror parameter = method.getParameters().get(0).asType();
      if (parameter.getKind() == TypeKind.ARRAY) {
        parameter = ((ArrayType) parameter).getComponentType();
      } else if (isClass(parameter, "java.util.List")
          && ((DeclaredType) parameter).getTypeArguments().size() == 1) {
        parameter = ((DeclaredType) parameter).getTypeArguments().get(0);
      }
      TypeMirror bound = upperBound(parameter);
      if (bound != null && bound.getKind() == TypeKind.DECLARED) {
        return bound;
      }
    }
    return null;
  }

  private void checkKeyType(TypeElement repository, TypeElement entityElement, EntityModel entity) {
    Optional<DeclaredType> data = dataRepositoryType(repository);
    if (data.isEmpty()) {
      return;
    }
    TypeMirror key = data.get().getTypeArguments().get(1);
    RecordComponentElement primaryKey = component(entityElement, entity.primaryKey().name());
    TypeMirror expected = boxed(primaryKey.asType());
    if (!types.isSameType(key, expected)) {
      errors.error(
          ProcessorErrors.repositoryKeyType(
              repository.getQualifiedName().toString(),
              key.toString(),
              entityElement.getQualifiedName().toString(),
              entity.primaryKey().name(),
              expected.toString()),
          repository,
          IndexAnnotation.find(repository, JakartaDataNames.REPOSITORY));
    }
  }

  // ---------------------------------------------------------------- methods

  /**
   * The abstract methods of {@code repository} to implement, its own first in declaration order,
   * then those it inherits, each once (an override hides what it overrides).
   */
  private List<ExecutableElement> abstractMethods(TypeElement repository) {
    Set<ExecutableElement> members =
        new LinkedHashSet<>(ElementFilter.methodsIn(elements.getAllMembers(repository)));
    List<ExecutableElement> ordered = new ArrayList<>();
    List<TypeElement> pending = new ArrayList<>(List.of(repository));
    Set<TypeElement> seen = new LinkedHashSet<>();
    while (!pending.isEmpty()) {
      TypeElement next = pending.remove(0);
      if (!seen.add(next)) {
        continue;
      }
      for (ExecutableElement method : ElementFilter.methodsIn(next.getEnclosedElements())) {
        if (members.contains(method) && method.getModifiers().contains(Modifier.ABSTRACT)) {
          ordered.add(method);
        }
      }
      for (TypeMirror parent : next.getInterfaces()) {
        pending.add((TypeElement) types.asElement(parent));
      }
    }
    return ordered;
  }

  private MethodSignature signature(ExecutableElement method, ExecutableType type) {
    List<MethodSignature.TypeVariable> variables = new ArrayList<>();
    for (TypeVariable variable : type.getTypeVariables()) {
      List<TypeRef> bounds = new ArrayList<>();
      TypeMirror bound = variable.getUpperBound();
      List<? extends TypeMirror> all =
          bound.getKind() == TypeKind.INTERSECTION
              ? ((IntersectionType) bound).getBounds()
              : List.of(bound);
      for (TypeMirror each : all) {
        if (!isClass(each, "java.lang.Object")) {
          bounds.add(typeRefs.of(each));
        }
      }
      variables.add(
          new MethodSignature.TypeVariable(variable.asElement().getSimpleName().toString(), bounds));
    }
    List<MethodSignature.Parameter> parameters = new ArrayList<>();
    List<? extends VariableElement> declared = method.getParameters();
    for (int i = 0; i < declared.size(); i++) {
      parameters.add(
          new MethodSignature.Parameter(
              declared.get(i).getSimpleName().toString(),
              typeRefs.of(type.getParameterTypes().get(i))));
    }
    return new MethodSignature(
        method.getSimpleName().toString(),
        variables,
        typeRefs.of(type.getReturnType()),
        parameters,
        method.isVarArgs());
  }

  private static String lifecycleAnnotation(ExecutableElement method) {
    for (String annotation : LIFECYCLE) {
      if (IndexAnnotation.find(method, annotation) != null) {
        return annotation;
      }
    }
    return null;
  }

  /** True if {@code @Delete} {@code method} deletes the entities it is given, not a query. */
  private boolean isLifecycleDelete(
      ExecutableElement method, ExecutableType type, TypeElement entityElement) {
    return method.getParameters().size() == 1
        && IndexAnnotation.find(method.getParameters().get(0), JakartaDataNames.BY) == null
        && multiplicity(type.getParameterTypes().get(0), entityElement) != null;
  }

  private Optional<DataMethod> lifecycle(
      String name,
      String annotation,
      ExecutableElement method,
      ExecutableType type,
      MethodSignature signature,
      TypeElement entityElement) {
    String simple = annotation.substring(annotation.lastIndexOf('.') + 1);
    String entityName = entityElement.getSimpleName().toString();
    DataMethod.Multiplicity multiplicity =
        type.getParameterTypes().size() == 1
            ? multiplicity(type.getParameterTypes().get(0), entityElement)
            : null;
    if (multiplicity == null) {
      errors.error(ProcessorErrors.lifecycleParameter(name, simple, entityName), method);
      return Optional.empty();
    }
    TypeMirror returned = type.getReturnType();
    boolean returnsEntities =
        !annotation.equals(JakartaDataNames.DELETE)
            && types.isSameType(returned, type.getParameterTypes().get(0));
    if (returned.getKind() != TypeKind.VOID && !returnsEntities) {
      errors.error(
          ProcessorErrors.lifecycleReturnType(
              name, simple, returned.toString(), type.getParameterTypes().get(0).toString()),
          method);
      return Optional.empty();
    }
    return Optional.of(
        new DataMethod.Lifecycle(
            signature,
            DataMethod.LifecycleOperation.valueOf(simple.toUpperCase(java.util.Locale.ROOT)),
            multiplicity,
            returnsEntities));
  }

  /** How {@code parameter} holds entities: one, a list, an array; null if it holds none. */
  private DataMethod.Multiplicity multiplicity(TypeMirror parameter, TypeElement entityElement) {
    if (isEntity(parameter, entityElement)) {
      return DataMethod.Multiplicity.ONE;
    }
    if (parameter.getKind() == TypeKind.ARRAY
        && isEntity(((ArrayType) parameter).getComponentType(), entityElement)) {
      return DataMethod.Multiplicity.ARRAY;
    }
    if (isClass(parameter, "java.util.List")) {
      List<? extends TypeMirror> arguments = ((DeclaredType) parameter).getTypeArguments();
      if (arguments.size() == 1 && isEntity(arguments.get(0), entityElement)) {
        return DataMethod.Multiplicity.LIST;
      }
    }
    return null;
  }

  /** True for the entity type, a type variable bounded by it, or {@code ? extends} either. */
  private boolean isEntity(TypeMirror type, TypeElement entityElement) {
    TypeMirror bound = upperBound(type);
    return bound != null && types.isSameType(bound, entityElement.asType());
  }

  private TypeMirror upperBound(TypeMirror type) {
    if (type.getKind() == TypeKind.WILDCARD) {
      TypeMirror extendsBound = ((WildcardType) type).getExtendsBound();
      return extendsBound == null ? null : upperBound(extendsBound);
    }
    if (type.getKind() == TypeKind.TYPEVAR) {
      return upperBound(((TypeVariable) type).getUpperBound());
    }
    return type;
  }

  // ---------------------------------------------------------------- types

  private boolean isClass(TypeMirror type, String qualifiedName) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) types.asElement(type)).getQualifiedName().contentEquals(qualifiedName);
  }

  private TypeMirror boxed(TypeMirror type) {
    return type.getKind().isPrimitive()
        ? types.boxedClass((javax.lang.model.type.PrimitiveType) type).asType()
        : type;
  }

  static RecordComponentElement component(TypeElement entityElement, String name) {
    for (RecordComponentElement component : entityElement.getRecordComponents()) {
      if (component.getSimpleName().contentEquals(name)) {
        return component;
      }
    }
    throw new IllegalArgumentException("no component " + name + " in " + entityElement);
  }
}
