package dev.tessera.spring;

import dev.tessera.kv.KvStore;
import dev.tessera.repository.RepositoryOptions;
import java.beans.Introspector;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.beans.factory.BeanClassLoaderAware;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.config.RuntimeBeanReference;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Registers a bean for every generated repository listed in the {@value #INDEX} files on the class
 * path, which the Tessera annotation processor writes beside the classes it compiles. No class
 * scanning: the processor knows what it generated.
 *
 * <p>Each bean is created by {@link TesseraRepositories#create} with the {@link KvStore} and {@link
 * RepositoryOptions} beans; the repository depends on the store bean, so Spring closes the store
 * after it. A repository type that the application already defines as a bean is left to it. Bean
 * names are the decapitalised simple class names ({@code bookRepository}), or the fully qualified
 * name when another bean holds that name.
 *
 * <p>Not thread-safe; Spring calls it once while it reads the configuration.
 */
public class RepositoryRegistrar implements ImportBeanDefinitionRegistrar, BeanClassLoaderAware {
  /** The processor's list of generated repositories: one fully qualified class name per line. */
  public static final String INDEX = "META-INF/tessera/repositories";

  private static final System.Logger LOG = System.getLogger(RepositoryRegistrar.class.getName());

  private ClassLoader classLoader = RepositoryRegistrar.class.getClassLoader();

  /** Created by Spring. */
  public RepositoryRegistrar() {}

  @Override
  public void setBeanClassLoader(ClassLoader classLoader) {
    this.classLoader = classLoader;
  }

  @Override
  public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
    Map<String, URL> repositories = listedRepositories();
    for (Map.Entry<String, URL> listed : repositories.entrySet()) {
      Class<?> type = load(listed.getKey(), listed.getValue());
      if (registry instanceof ListableBeanFactory beans
          && beans.getBeanNamesForType(type, true, false).length > 0) {
        LOG.log(System.Logger.Level.DEBUG, "{0}: the application defines its own bean", type.getName());
        continue;
      }
      String name = Introspector.decapitalize(type.getSimpleName());
      if (registry.containsBeanDefinition(name)) {
        name = type.getName();
      }
      registry.registerBeanDefinition(name, definition(type));
    }
    LOG.log(System.Logger.Level.DEBUG, "Tessera repositories listed on the class path: {0}",
        repositories.keySet());
  }

  private static RootBeanDefinition definition(Class<?> type) {
    RootBeanDefinition definition = new RootBeanDefinition(TesseraRepositories.class);
    definition.setFactoryMethodName("create");
    definition.setTargetType(type);
    var arguments = definition.getConstructorArgumentValues();
    arguments.addIndexedArgumentValue(0, type);
    arguments.addIndexedArgumentValue(1, new RuntimeBeanReference(KvStore.class));
    arguments.addIndexedArgumentValue(2, new RuntimeBeanReference(RepositoryOptions.class));
    return definition;
  }

  /** Every listed class name with the file that lists it first, in class path order. */
  private Map<String, URL> listedRepositories() {
    Map<String, URL> listed = new LinkedHashMap<>();
    try {
      Enumeration<URL> files = classLoader.getResources(INDEX);
      while (files.hasMoreElements()) {
        URL file = files.nextElement();
        try (BufferedReader lines = new BufferedReader(
            new InputStreamReader(file.openStream(), StandardCharsets.UTF_8))) {
          for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (!line.isBlank()) {
              listed.putIfAbsent(line.strip(), file);
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + INDEX + " from the class path", e);
    }
    return listed;
  }

  private Class<?> load(String className, URL listedIn) {
    try {
      return Class.forName(className, false, classLoader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalStateException(listedIn + " lists the generated repository " + className
          + ", which is not on the class path: rebuild the project that holds its entity", e);
    }
  }
}
