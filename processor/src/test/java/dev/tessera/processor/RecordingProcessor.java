package dev.tessera.processor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.Completion;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.FileObject;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;

/**
 * The real {@link EntityProcessor}, with the names of the source files it creates recorded, so
 * tests can assert that a failed compilation generated nothing for an invalid entity (compile-testing
 * hides generated files once compilation fails).
 */
final class RecordingProcessor implements Processor {
  private final EntityProcessor delegate = new EntityProcessor();
  private final List<String> createdSources = new ArrayList<>();

  /** The qualified names of the source files created so far. */
  List<String> createdSources() {
    return createdSources;
  }

  @Override
  public Set<String> getSupportedOptions() {
    return delegate.getSupportedOptions();
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return delegate.getSupportedAnnotationTypes();
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return delegate.getSupportedSourceVersion();
  }

  @Override
  public void init(ProcessingEnvironment environment) {
    delegate.init(new RecordingEnvironment(environment));
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    return delegate.process(annotations, round);
  }

  @Override
  public Iterable<? extends Completion> getCompletions(
      Element element, AnnotationMirror annotation, ExecutableElement member, String userText) {
    return delegate.getCompletions(element, annotation, member, userText);
  }

  private final class RecordingEnvironment implements ProcessingEnvironment {
    private final ProcessingEnvironment environment;

    RecordingEnvironment(ProcessingEnvironment environment) {
      this.environment = environment;
    }

    @Override
    public Map<String, String> getOptions() {
      return environment.getOptions();
    }

    @Override
    public Messager getMessager() {
      return environment.getMessager();
    }

    @Override
    public Filer getFiler() {
      Filer filer = environment.getFiler();
      return new Filer() {
        @Override
        public JavaFileObject createSourceFile(CharSequence name, Element... originating)
            throws IOException {
          createdSources.add(name.toString());
          return filer.createSourceFile(name, originating);
        }

        @Override
        public JavaFileObject createClassFile(CharSequence name, Element... originating)
            throws IOException {
          return filer.createClassFile(name, originating);
        }

        @Override
        public FileObject createResource(
            JavaFileManager.Location location,
            CharSequence moduleAndPkg,
            CharSequence relativeName,
            Element... originating)
            throws IOException {
          return filer.createResource(location, moduleAndPkg, relativeName, originating);
        }

        @Override
        public FileObject getResource(
            JavaFileManager.Location location, CharSequence moduleAndPkg, CharSequence relativeName)
            throws IOException {
          return filer.getResource(location, moduleAndPkg, relativeName);
        }
      };
    }

    @Override
    public Elements getElementUtils() {
      return environment.getElementUtils();
    }

    @Override
    public Types getTypeUtils() {
      return environment.getTypeUtils();
    }

    @Override
    public SourceVersion getSourceVersion() {
      return environment.getSourceVersion();
    }

    @Override
    public Locale getLocale() {
      return environment.getLocale();
    }
  }
}
