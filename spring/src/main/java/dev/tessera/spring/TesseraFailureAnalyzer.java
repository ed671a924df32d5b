package dev.tessera.spring;

import dev.tessera.kv.lmdb.Durability;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.Ordered;

/**
 * Turns a missing or wrong {@code tessera.*} setting into Spring Boot's short failure report (a
 * description and an action) instead of a long stack trace: a {@link TesseraSettingException} from
 * the store bean ({@code tessera.path} not set, a file instead of a directory, a directory the store
 * cannot open), or a value of a {@code tessera.*} property that does not convert ({@code
 * tessera.durability=FAST}, {@code tessera.max-map-size=lots}). Registered in {@code
 * META-INF/spring.factories}; ordered before Boot's own analyzers so that a {@code tessera.*} binding
 * failure gets the Tessera-specific action.
 *
 * <p>Stateless and thread-safe.
 */
public class TesseraFailureAnalyzer implements FailureAnalyzer, Ordered {
  private static final ConfigurationPropertyName PREFIX = ConfigurationPropertyName.of("tessera");

  /** Created by Spring Boot when an application fails to start. */
  public TesseraFailureAnalyzer() {}

  @Override
  public int getOrder() {
    return Ordered.HIGHEST_PRECEDENCE;
  }

  @Override
  public FailureAnalysis analyze(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof TesseraSettingException setting) {
        return new FailureAnalysis(describe(setting), setting.action(), setting);
      }
      if (cause instanceof BindException bind && isTessera(bind.getName())) {
        return analyze(bind);
      }
    }
    return null;
  }

  private static String describe(TesseraSettingException setting) {
    String value = setting.value() == null ? "is not set" : "is '" + setting.value() + "'";
    String cause = setting.getCause() == null ? "" : "\n\nCause: " + setting.getCause().getMessage();
    return "The Tessera store cannot be opened: " + setting.property() + " " + value + ": "
        + setting.problem() + "." + cause;
  }

  private static FailureAnalysis analyze(BindException bind) {
    String property = (bind.getProperty() == null ? bind.getName() : bind.getProperty().getName())
        .toString();
    Object value = bind.getProperty() == null ? null : bind.getProperty().getValue();
    String origin = bind.getProperty() == null || bind.getProperty().getOrigin() == null ? ""
        : " (from " + bind.getProperty().getOrigin() + ")";
    String description = "The Tessera setting " + property + " is '" + value + "'" + origin
        + ", which is not a valid " + expected(property) + ".";
    return new FailureAnalysis(description, "Set " + property + " to " + valid(property)
        + " in your application's configuration, or remove it to keep the default.", bind);
  }

  private static boolean isTessera(ConfigurationPropertyName name) {
    return PREFIX.equals(name) || PREFIX.isAncestorOf(name);
  }

  private static String expected(String property) {
    return switch (property) {
      case "tessera.durability" -> "durability";
      case "tessera.initial-map-size", "tessera.max-map-size" -> "data size";
      case "tessera.max-readers" -> "number";
      case "tessera.path" -> "path";
      default -> "value";
    };
  }

  private static String valid(String property) {
    return switch (property) {
      case "tessera.durability" -> "one of " + Arrays.stream(Durability.values())
          .map(Enum::name).collect(Collectors.joining(", "));
      case "tessera.initial-map-size", "tessera.max-map-size" -> "a data size such as 64MB or 1TB";
      case "tessera.max-readers" -> "a whole number such as 1024";
      default -> "a valid value";
    };
  }
}
