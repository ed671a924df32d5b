package dev.tessera.processor;

import com.google.auto.service.AutoService;
import com.palantir.javapoet.JavaFile;
import dev.tessera.processor.codegen.DataRepositoryWriter;
import dev.tessera.processor.codegen.MetamodelWriter;
import dev.tessera.processor.codegen.RepositoryWriter;
import dev.tessera.processor.model.DataRepositoryModel;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.validation.DataRepositoryReader;
import dev.tessera.processor.validation.EntityReader;
import dev.tessera.processor.validation.ErrorReporter;
import dev.tessera.processor.validation.KeyLayoutValidator;
import dev.tessera.processor.validation.PrimaryKeyPlacement;
import dev.tessera.processor.validation.UnresolvedTypes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BinaryOperator;
import java.util.function.Supplier;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.FilerException;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * Generates a repository for every {@code @Entity} record. It only wires the steps: read and check
 * each entity ({@link EntityReader}), check the key layout across entities and rounds ({@link
 * KeyLayoutValidator}), then write each valid entity's repository ({@link RepositoryWriter}). An
 * entity whose component types do not resolve yet (another processor generates them) waits for the
 * next round ({@link UnresolvedTypes}); it is reported only if they still do not resolve when
 * processing is over. When {@code jakarta.data-api} is on the class path, it also implements
 * Jakarta Data {@code @Repository} interfaces of Tessera entities ({@link DataRepositoryReader},
 * then {@link DataRepositoryWriter}). No
 * exception escapes: an unexpected failure is reported as an error on the entity being processed.
 *
 * <p>Not thread-safe: the compiler drives it from one thread.
 */
@AutoService(Processor.class)
public final class EntityProcessor extends AbstractProcessor {
  private static final String INJECT = "jakarta.inject.Inject";
  /**
   * The processor option naming the constructor that carries {@code @Inject}: {@code store} (the
   * default) or {@code options}.
   */
  static final String INJECT_OPTION = "tessera.inject";

  private ErrorReporter errors;
  private EntityReader reader;
  private KeyLayoutValidator keyLayout;
  private PrimaryKeyPlacement primaryKeys;
  private GeneratedAnnotationVisibility generatedAnnotation;
  private RepositoryWriter writer;
  /** Entities whose component types did not resolve yet, by qualified name, to read next round. */
  private final Set<String> deferred = new LinkedHashSet<>();
  private RepositoryIndexFile repositoryIndex;
  private DataRepositoryReader dataReader;
  private DataRepositoryWriter dataWriter;
  private MetamodelWriter metamodelWriter;
  /** Every valid entity read in this compilation, by qualified name, for its repositories. */
  private final Map<String, EntityModel> entityModels = new HashMap<>();
  /** Every entity read in this compilation, valid or not, by qualified name. */
  private final Set<String> entitiesRead = new HashSet<>();
  /** Jakarta Data repositories waiting for a later round, by qualified name. */
  private final Set<String> deferredRepositories = new LinkedHashSet<>();
  /**
   * Whether this round wrote a source file, so that javac runs another round in which the
   * repositories can refer to what was written (the static metamodel's constants in {@code @By}).
   */
  private boolean wroteThisRound;

  /** Creates the processor; the compiler calls {@link #init} before use. */
  public EntityProcessor() {}

  @Override
  public synchronized void init(ProcessingEnvironment environment) {
    super.init(environment);
    errors = new ErrorReporter(environment.getMessager());
    reader = new EntityReader(environment.getElementUtils(), errors);
    keyLayout = new KeyLayoutValidator(errors);
    primaryKeys = new PrimaryKeyPlacement(errors);
    generatedAnnotation = new GeneratedAnnotationVisibility(environment.getElementUtils());
    boolean injectAvailable = environment.getElementUtils().getTypeElement(INJECT) != null;
    writer = new RepositoryWriter(
        EntityProcessor.class.getName(), injectAvailable, injectWithOptions(environment));
    repositoryIndex = new RepositoryIndexFile(
        environment.getFiler(), environment.getElementUtils(), environment.getMessager());
    dataReader =
        new DataRepositoryReader(environment.getElementUtils(), environment.getTypeUtils(), errors);
    metamodelWriter = new MetamodelWriter(EntityProcessor.class.getName());
    dataWriter = new DataRepositoryWriter(
        EntityProcessor.class.getName(), injectAvailable, injectWithOptions(environment));
  }

  /** {@value #INJECT_OPTION}: {@code -Atessera.inject=options} injects {@code RepositoryOptions} too. */
  @Override
  public Set<String> getSupportedOptions() {
    return Set.of(INJECT_OPTION);
  }

  private static boolean injectWithOptions(ProcessingEnvironment environment) {
    String value = environment.getOptions().getOrDefault(INJECT_OPTION, "store");
    switch (value) {
      case "store":
        return false;
      case "options":
        return true;
      default:
        environment.getMessager().printMessage(
            Diagnostic.Kind.ERROR, ProcessorErrors.invalidInjectOption(INJECT_OPTION, value));
        return false;
    }
  }

  /**
   * All Tessera annotations, so that none is reported as unclaimed under -Xlint:processing, and
   * Jakarta Data's repository annotations ({@code @Repository}, {@code @Find}, {@code @By}...).
   */
  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(AnnotationNames.ALL, JakartaDataNames.REPOSITORY_ANNOTATIONS);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    boolean otherProvider = false;
    wroteThisRound = false;
    try {
      processRound(round);
      otherProvider = processRepositories(round);
    } finally {
      if (round.processingOver()) {
        // After the last round's reading, which reports the entities still deferred.
        repositoryIndex.write();
      }
    }
    // The Tessera annotations are ours alone; claiming them keeps -Xlint:processing quiet.
    // @Repository is left to other processors when a repository names another provider.
    return !otherProvider;
  }

  private void processRound(RoundEnvironment round) {
    checkPrimaryKeyPlacement(round);
    TypeElement entity = processingEnv.getElementUtils().getTypeElement(AnnotationNames.ENTITY);
    if (entity == null) {
      return;
    }
    Map<TypeElement, EntityModel> models = new LinkedHashMap<>();
    for (Element element : entitiesOf(round, entity)) {
      try {
        if (!round.processingOver()
            && element instanceof TypeElement
            && UnresolvedTypes.in((TypeElement) element)) {
          // Another processor may generate the type in this round: read the entity next round.
          deferred.add(((TypeElement) element).getQualifiedName().toString());
          continue;
        }
        if (element instanceof TypeElement) {
          entitiesRead.add(((TypeElement) element).getQualifiedName().toString());
        }
        reader.read(element).ifPresent(model -> models.put((TypeElement) element, model));
      } catch (RuntimeException e) {
        errors.error(ProcessorErrors.internalError(element.toString(), e), element);
      }
    }
    Map<TypeElement, EntityModel> valid;
    try {
      valid = keyLayout.validate(models);
    } catch (RuntimeException e) {
      models.keySet().forEach(
          element -> errors.error(ProcessorErrors.internalError(element.toString(), e), element));
      return;
    }
    valid.forEach((element, model) -> entityModels.put(element.getQualifiedName().toString(), model));
    valid.forEach(this::generate);
    if (processingEnv.getElementUtils().getTypeElement(JakartaDataNames.STATIC_METAMODEL) != null) {
      valid.forEach(this::generateMetamodel);
    }
  }

  /** The Jakarta Data static metamodel {@code _Entity}, when jakarta.data-api is on the class path. */
  private void generateMetamodel(TypeElement element, EntityModel model) {
    if (reported(element, MetamodelWriter.constantClash(model), ProcessorErrors::metamodelNameClash)) {
      return;
    }
    writeSource(
        element,
        EntityReader.entityAnnotation(element),
        () -> metamodelWriter.write(model, element, generatedAnnotation.visibleFrom(element)),
        ProcessorErrors::metamodelNameTaken);
  }

  /** A message naming a clash: the record, the shared name, and the two parts that share it. */
  private interface ClashMessage {
    String of(String record, String name, String first, String second);
  }

  /**
   * Reports {@code clash} ({@code [name, first, second]}) on the entity {@code element}, if there
   * is one; returns whether there was.
   */
  private boolean reported(
      TypeElement element, Optional<List<String>> clash, ClashMessage message) {
    if (clash.isEmpty()) {
      return false;
    }
    List<String> names = clash.get();
    errors.error(
        message.of(
            element.getQualifiedName().toString(), names.get(0), names.get(1), names.get(2)),
        element,
        EntityReader.entityAnnotation(element));
    return true;
  }

  /**
   * Writes the source {@code source} makes for {@code element}, and returns its qualified name; if
   * it cannot be written, reports why on {@code element} ({@code nameTaken(element, source)} when a
   * type of that name exists already: the user's own) and returns empty.
   */
  private Optional<String> writeSource(
      TypeElement element,
      AnnotationMirror position,
      Supplier<JavaFile> source,
      BinaryOperator<String> nameTaken) {
    JavaFile file = null;
    try {
      file = source.get();
      file.writeTo(processingEnv.getFiler());
      wroteThisRound = true;
      return Optional.of(qualifiedName(file));
    } catch (FilerException e) {
      String name = qualifiedName(file);
      // The Filer refuses a type that already exists in the compilation: the user's own one.
      String message = processingEnv.getElementUtils().getTypeElement(name) != null
          ? nameTaken.apply(element.getQualifiedName().toString(), name)
          : ProcessorErrors.internalError(element.toString(), e);
      errors.error(message, element, position);
    } catch (IOException | RuntimeException e) {
      errors.error(ProcessorErrors.internalError(element.toString(), e), element);
    }
    return Optional.empty();
  }

  /**
   * The entities to read this round: those deferred by the last round (looked up again by name,
   * since a new round has new elements), then this round's own.
   */
  private List<Element> entitiesOf(RoundEnvironment round, TypeElement entity) {
    List<Element> entities = new ArrayList<>();
    for (String name : deferred) {
      TypeElement element = processingEnv.getElementUtils().getTypeElement(name);
      if (element != null) {
        entities.add(element);
      }
    }
    deferred.clear();
    entities.addAll(round.getElementsAnnotatedWith(entity));
    return entities;
  }

  private void checkPrimaryKeyPlacement(RoundEnvironment round) {
    TypeElement primaryKey =
        processingEnv.getElementUtils().getTypeElement(AnnotationNames.PRIMARY_KEY);
    if (primaryKey == null) {
      return;
    }
    for (Element element : round.getElementsAnnotatedWith(primaryKey)) {
      try {
        primaryKeys.check(element);
      } catch (RuntimeException e) {
        errors.error(ProcessorErrors.internalError(element.toString(), e), element);
      }
    }
  }

  // ---------------------------------------------------------------- Jakarta Data repositories

  /**
   * Implements this round's Jakarta Data repositories (and those deferred by the last round) whose
   * entity is read; returns true if some repository named another provider.
   */
  private boolean processRepositories(RoundEnvironment round) {
    TypeElement annotation =
        processingEnv.getElementUtils().getTypeElement(JakartaDataNames.REPOSITORY);
    if (annotation == null) {
      return false;
    }
    List<Element> repositories = new ArrayList<>();
    for (String name : deferredRepositories) {
      TypeElement element = processingEnv.getElementUtils().getTypeElement(name);
      if (element != null) {
        repositories.add(element);
      }
    }
    deferredRepositories.clear();
    repositories.addAll(round.getElementsAnnotatedWith(annotation));
    boolean otherProvider = false;
    for (Element element : repositories) {
      TypeElement repository = (TypeElement) element;
      try {
        if (!forTessera(repository)) {
          otherProvider = true;
          continue;
        }
        if (wroteThisRound && !round.processingOver()) {
          // @By(_Book.TITLE) does not resolve until the next round sees _Book.
          deferredRepositories.add(repository.getQualifiedName().toString());
          continue;
        }
        implement(repository, round.processingOver());
      } catch (RuntimeException e) {
        errors.error(ProcessorErrors.internalError(element.toString(), e), element);
      }
    }
    return otherProvider;
  }

  /** False if the repository's {@code provider} names another Jakarta Data provider. */
  private boolean forTessera(TypeElement repository) {
    for (AnnotationMirror mirror : repository.getAnnotationMirrors()) {
      if (((TypeElement) mirror.getAnnotationType().asElement())
          .getQualifiedName()
          .contentEquals(JakartaDataNames.REPOSITORY)) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> value :
            mirror.getElementValues().entrySet()) {
          if (value.getKey().getSimpleName().contentEquals("provider")) {
            String provider = String.valueOf(value.getValue().getValue());
            return provider.isEmpty() || provider.equalsIgnoreCase(JakartaDataNames.PROVIDER);
          }
        }
      }
    }
    return true;
  }

  private void implement(TypeElement repository, boolean processingOver) {
    Optional<TypeElement> entity = dataReader.entityOf(repository);
    if (entity.isEmpty()) {
      return;
    }
    String entityName = entity.get().getQualifiedName().toString();
    EntityModel model = entityModels.get(entityName);
    if (model == null && deferred.contains(entityName) && !processingOver) {
      deferredRepositories.add(repository.getQualifiedName().toString());
      return;
    }
    if (model == null && !entitiesRead.contains(entityName)) {
      // An entity compiled earlier, found on the class path: read it here.
      entitiesRead.add(entityName);
      model = reader.read(entity.get()).orElse(null);
    }
    if (model == null) {
      return; // the entity's own errors say why
    }
    dataReader.read(repository, entity.get(), model).ifPresent(this::generateRepository);
  }

  private void generateRepository(DataRepositoryModel model) {
    TypeElement element =
        processingEnv.getElementUtils().getTypeElement(model.type().qualifiedName());
    writeSource(
            element,
            null,
            () -> dataWriter.write(model, element, generatedAnnotation.visibleFrom(element)),
            ProcessorErrors::implementationNameTaken)
        // Listed like the generated repositories, so the Spring Boot starter registers it too.
        .ifPresent(implementation -> repositoryIndex.add(implementation, element));
  }

  private void generate(TypeElement element, EntityModel model) {
    if (reported(element, RepositoryWriter.nameClash(model), ProcessorErrors::generatedNameClash)) {
      return;
    }
    writeSource(
            element,
            EntityReader.entityAnnotation(element),
            () -> writer.write(model, element, generatedAnnotation.visibleFrom(element)),
            ProcessorErrors::repositoryNameTaken)
        .ifPresent(repository -> repositoryIndex.add(repository, element));
  }

  private static String qualifiedName(JavaFile file) {
    return file.packageName().isEmpty()
        ? file.typeSpec().name()
        : file.packageName() + "." + file.typeSpec().name();
  }
}
