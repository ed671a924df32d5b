package dev.tessera.processor.model;

import java.util.List;

/**
 * A named class in the model: its package and its simple names from the outermost type inwards
 * ({@code ["Outer", "Inner"]} for {@code Outer.Inner}).
 *
 * <p>Immutable and thread-safe.
 *
 * @param packageName the package, empty for the unnamed package
 * @param simpleNames the simple names, outermost first; never empty
 */
public record ClassRef(String packageName, List<String> simpleNames) {

  /**
   * Copies the names.
   *
   * @param packageName the package, empty for the unnamed package
   * @param simpleNames the simple names, outermost first; never empty
   */
  public ClassRef {
    simpleNames = List.copyOf(simpleNames);
    if (simpleNames.isEmpty()) {
      throw new IllegalArgumentException("a class needs a simple name");
    }
  }

  /** {@return the innermost simple name} */
  public String simpleName() {
    return simpleNames.get(simpleNames.size() - 1);
  }

  /** {@return the canonical name, e.g. {@code com.acme.Outer.Inner}} */
  public String qualifiedName() {
    String nested = String.join(".", simpleNames);
    return packageName.isEmpty() ? nested : packageName + "." + nested;
  }
}
