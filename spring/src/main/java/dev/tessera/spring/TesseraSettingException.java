package dev.tessera.spring;

/**
 * A {@code tessera.*} setting is missing or wrong, so the starter cannot open the store: {@link
 * #property()} names the setting, {@link #value()} what it was, the message what is wrong and
 * {@link #action()} what to change. {@link TesseraFailureAnalyzer} turns it into Spring Boot's
 * short "APPLICATION FAILED TO START" report. Immutable and thread-safe.
 */
public class TesseraSettingException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String property;
  private final String value;
  private final String problem;
  private final String action;

  /**
   * Creates the exception.
   *
   * @param property the setting, such as {@code tessera.path}
   * @param value its value, or {@code null} if it is not set
   * @param problem what is wrong with it, a sentence
   * @param action what to change, a sentence
   * @param cause the failure it caused, or {@code null}
   */
  public TesseraSettingException(
      String property, String value, String problem, String action, Throwable cause) {
    super(property + (value == null ? " is not set" : " is '" + value + "'") + ": " + problem
        + ". " + action, cause);
    this.property = property;
    this.value = value;
    this.problem = problem;
    this.action = action;
  }

  /** What is wrong with the setting. */
  public String problem() {
    return problem;
  }

  /** The setting, such as {@code tessera.path}. */
  public String property() {
    return property;
  }

  /** Its value, or {@code null} if it is not set. */
  public String value() {
    return value;
  }

  /** What to change. */
  public String action() {
    return action;
  }
}
