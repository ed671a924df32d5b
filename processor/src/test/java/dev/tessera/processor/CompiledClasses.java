package dev.tessera.processor;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import javax.tools.JavaFileObject;

/**
 * Loads the classes of a successful compilation (entities and generated repositories) on top of
 * the test class path, so tests can run generated code.
 */
final class CompiledClasses extends ClassLoader {
  private final Map<String, byte[]> classes = new HashMap<>();

  CompiledClasses(Compilation compilation) {
    super(CompiledClasses.class.getClassLoader());
    for (JavaFileObject file : compilation.generatedFiles()) {
      if (file.getKind() != JavaFileObject.Kind.CLASS) {
        continue;
      }
      String path = file.toUri().getPath();
      String name =
          path.substring(path.indexOf("/CLASS_OUTPUT/") + "/CLASS_OUTPUT/".length())
              .replace(".class", "")
              .replace('/', '.');
      try (InputStream in = file.openInputStream()) {
        classes.put(name, in.readAllBytes());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  @Override
  protected Class<?> findClass(String name) throws ClassNotFoundException {
    byte[] bytes = classes.get(name);
    if (bytes == null) {
      throw new ClassNotFoundException(name);
    }
    return defineClass(name, bytes, 0, bytes.length);
  }
}
