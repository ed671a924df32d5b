package dev.tessera.processor;

import com.google.auto.service.AutoService;
import com.palantir.javapoet.JavaFile;
import dev.tessera.processor.codegen.RepositoryWriter;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.validation.EntityReader;
import dev.tessera.processor.validation.ErrorReporter;
import dev.tessera.processor.validation.KeyLayoutValidator;
import dev.tessera.processor.validation.PrimaryKeyPlacement;
import dev.tessera.processor.validation.UnresolvedTypes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.FilerException;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * Generates a repository for every {@code @Entity} record. It only wires the steps: read and check
 * each entity ({@link EntityReader}), check the key layout across entities and rounds ({@link
 * KeyLayoutValidator}), then write each valid entity's repository ({@link RepositoryWriter}). An
 * entity whose component types do not resolve yet (another processor generates them) waits for the
 * next round ({@link UnresolvedTypes}); it is reported only if they still do not resolve when
 * processing is over. No
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

  /** All Tessera annotations, so that none is reported as unclaimed under -Xlint:processing. */
  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(AnnotationNames.ALL);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    try {
      processRound(round);
    } finally {
      if (round.processingOver()) {
        // After the last round's reading, which reports the entities still deferred.
        repositoryIndex.write();
      }
    }
    // The Tessera annotations are ours alone; claiming them keeps -Xlint:processing quiet.
    return true;
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
    valid.forEach(this::generate);
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

  private void generate(TypeElement element, EntityModel model) {
    Optional<List<String>> clash = RepositoryWriter.nameClash(model);
    if (clash.isPresent()) {
      List<String> names = clash.get();
      errors.error(
          ProcessorErrors.generatedNameClash(
              element.getQualifiedName().toString(), names.get(0), names.get(1), names.get(2)),
          element,
          EntityReader.entityAnnotation(element));
      return;
    }
    JavaFile file = null;
    try {
      file = writer.write(model, element, generatedAnnotation.visibleFrom(element));
      file.writeTo(processingEnv.getFiler());
      repositoryIndex.add(qualifiedName(file), element);
    } catch (FilerException e) {
      String repository = qualifiedName(file);
      // The Filer refuses a type that already exists in the compilation: the user's own one.
      String message = processingEnv.getElementUtils().getTypeElement(repository) != null
          ? ProcessorErrors.repositoryNameTaken(element.getQualifiedName().toString(), repository)
          : ProcessorErrors.internalError(element.toString(), e);
      errors.error(message, element, EntityReader.entityAnnotation(element));
    } catch (IOException | RuntimeException e) {
      errors.error(ProcessorErrors.internalError(element.toString(), e), element);
    }
  }

  private static String qualifiedName(JavaFile file) {
    return file.packageName().isEmpty()
        ? file.typeSpec().name()
        : file.packageName() + "." + file.typeSpec().name();
  }
}
