package dev.tessera.processor.data;

import com.palantir.javapoet.JavaFile;
import dev.tessera.processor.ProcessorErrors;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.validation.EntityReader;
import dev.tessera.processor.validation.ErrorReporter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;

/**
 * The Jakarta Data step of the processor, active only when {@code jakarta.data-api} is on the
 * compile class path: writes the static metamodel of every valid entity, then reads each
 * {@code @Repository} interface whose entity is a Tessera entity ({@link DataRepositoryReader}) and
 * writes its implementation ({@link DataRepositoryWriter}). A repository whose entity is not read
 * yet (it waits for types another processor generates) waits for the next round; one whose entity
 * has errors is skipped, its entity's errors saying why. No exception escapes.
 *
 * <p>Not thread-safe: the compiler drives it from one thread.
 */
public final class JakartaDataStep {
  private final ProcessingEnvironment environment;
  private final ErrorReporter errors;
  private final EntityReader entities;
  private final DataRepositoryReader reader;
  private final DataRepositoryWriter writer;
  private final MetamodelWriter metamodels;
  private final TypeElement repositoryAnnotation;
  /** Valid entity models by qualified name, from every round. */
  private final Map<String, EntityModel> models = new HashMap<>();
  /** Entities read in some round, valid or not. */
  private final Set<String> read = new HashSet<>();
  /** The top-level types of this compilation's sources, from every round. */
  private final Set<String> sources = new HashSet<>();
  /** Repositories waiting for their entity, by qualified name. */
  private final Set<String> deferred = new LinkedHashSet<>();

  private JakartaDataStep(ProcessingEnvironment environment, ErrorReporter errors,
      EntityReader entities, DataRepositoryWriter writer, MetamodelWriter metamodels,
      TypeElement repositoryAnnotation) {
    this.environment = environment;
    this.errors = errors;
    this.entities = entities;
    this.reader = new DataRepositoryReader(
        environment.getElementUtils(), environment.getTypeUtils(), errors);
    this.writer = writer;
    this.metamodels = metamodels;
    this.repositoryAnnotation = repositoryAnnotation;
  }

  /**
   * The step, or empty when {@code jakarta.data-api} is not on the compile class path.
   *
   * @param generatorName the value of generated {@code @Generated} annotations
   * @param injectAvailable whether {@code jakarta.inject.Inject} is on the compile class path
   * @param injectWithOptions whether {@code @Inject} goes on the options constructor
   */
  public static Optional<JakartaDataStep> create(ProcessingEnvironment environment,
      ErrorReporter errors, EntityReader entities, String generatorName, boolean injectAvailable,
      boolean injectWithOptions) {
    TypeElement annotation =
        environment.getElementUtils().getTypeElement(DataTypeNames.REPOSITORY_ANNOTATION);
    if (annotation == null) {
      return Optional.empty();
    }
    return Optional.of(new JakartaDataStep(environment, errors, entities,
        new DataRepositoryWriter(generatorName, injectAvailable, injectWithOptions),
        new MetamodelWriter(generatorName), annotation));
  }

  /** The annotation whose interfaces this step implements. */
  public TypeElement repositoryAnnotation() {
    return repositoryAnnotation;
  }

  /**
   * Records this round's entities and writes the metamodel of each valid one.
   *
   * @param attempted every entity read this round, valid or not
   * @param valid the valid ones with their models
   * @param generated whether a file generated from an element may carry {@code @Generated}
   */
  public void entities(Set<TypeElement> attempted, Map<TypeElement, EntityModel> valid,
      Predicate<Element> generated) {
    attempted.forEach(entity -> read.add(entity.getQualifiedName().toString()));
    valid.forEach((element, model) -> {
      models.put(element.getQualifiedName().toString(), model);
      write(element, () -> metamodels.write(model, element, generated.test(element)));
    });
  }

  /**
   * Implements this round's repositories and those waiting from earlier rounds.
   *
   * @param generated whether a file generated from an element may carry {@code @Generated}
   * @param written receives each implementation's qualified name and its interface
   */
  public void repositories(RoundEnvironment round, Predicate<Element> generated,
      BiConsumer<String, Element> written) {
    for (Element root : round.getRootElements()) {
      if (root instanceof TypeElement type) {
        sources.add(type.getQualifiedName().toString());
      }
    }
    List<TypeElement> repositories = new ArrayList<>();
    for (String name : deferred) {
      TypeElement element = environment.getElementUtils().getTypeElement(name);
      if (element != null) {
        repositories.add(element);
      }
    }
    deferred.clear();
    for (Element element : round.getElementsAnnotatedWith(repositoryAnnotation)) {
      if (element.getKind() == ElementKind.INTERFACE) {
        repositories.add((TypeElement) element);
      }
    }
    for (TypeElement repository : repositories) {
      try {
        implement(repository, round.processingOver(), generated, written);
      } catch (RuntimeException e) {
        errors.error(ProcessorErrors.internalError(repository.toString(), e), repository);
      }
    }
  }

  private void implement(TypeElement repository, boolean last, Predicate<Element> generated,
      BiConsumer<String, Element> written) {
    if (reader.otherProvider(repository)) {
      return;
    }
    Optional<TypeElement> entity = reader.entityOf(repository);
    if (entity.isPresent() && !tessera(entity.get()) && !reader.claimedForTessera(repository)) {
      return; // another provider's entity
    }
    if (entity.isPresent() && tessera(entity.get())) {
      String name = entity.get().getQualifiedName().toString();
      if (!models.containsKey(name) && read.contains(name)) {
        return; // the entity's own errors say why
      }
      if (!models.containsKey(name) && !last && !fromClassPath(entity.get())) {
        deferred.add(repository.getQualifiedName().toString());
        return;
      }
    }
    Optional<DataRepositoryModel> model = reader.read(repository, this::model);
    model.ifPresent(valid -> write(repository, () -> {
      JavaFile file = writer.write(valid, repository, generated.test(repository));
      written.accept(valid.implementation().qualifiedName(), repository);
      return file;
    }));
  }

  /** The model of an entity: from this compilation, or read now from the class path. */
  private Optional<EntityModel> model(TypeElement entity) {
    String name = entity.getQualifiedName().toString();
    if (models.containsKey(name)) {
      return Optional.of(models.get(name));
    }
    if (!tessera(entity) || read.contains(name)) {
      return Optional.empty();
    }
    read.add(name);
    Optional<EntityModel> model = entities.read(entity);
    model.ifPresent(m -> models.put(name, m));
    return model;
  }

  private static boolean tessera(TypeElement entity) {
    return EntityReader.entityAnnotation(entity) != null;
  }

  /** True if the element's top-level type is no source of this compilation: compiled before. */
  private boolean fromClassPath(TypeElement element) {
    Element outermost = element;
    while (outermost.getEnclosingElement() instanceof TypeElement enclosing) {
      outermost = enclosing;
    }
    return !sources.contains(((TypeElement) outermost).getQualifiedName().toString());
  }

  private void write(Element originating, FileSource source) {
    Filer filer = environment.getFiler();
    try {
      source.get().writeTo(filer);
    } catch (IOException | RuntimeException e) {
      errors.error(ProcessorErrors.internalError(originating.toString(), e), originating);
    }
  }

  /** A generated file, built when written so that a failure is reported on its element. */
  private interface FileSource {
    JavaFile get() throws IOException;
  }
}
