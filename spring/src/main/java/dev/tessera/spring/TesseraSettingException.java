package dev.tessera.spring;

/**
 * A {@code tessera.*} setting is missing or wrong, so the starter cannot open the store: {@link
 * #property()} names the setting, {@link #value()} what it was, the message what is wrong and
 * {@link #action()} what to change. {@link TesseraFailureAnalyzer} turns it into Spring Boot's
 * short "APPLICATION FAILED TO START" report. Immutable and thread-safe.
 */
public class TesseraSettingException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The setting, such as {@code tessera.path}. */
  private final String property;
  /** Its value, or {@code null} if it is not set. */
  private final String value;
  /** What is wrong with it. */
  private final String problem;
  /** What to change. */
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

  /**
   * What is wrong with the setting.
   *
   * @return a sentence, without its final full stop
   */
  public String problem() {
    return problem;
  }

  /**
   * The setting.
   *
   * @return the setting, such as {@code tessera.path}
   */
  public String property() {
    return property;
  }

  /**
   * The setting's value.
   *
   * @return its value, or {@code null} if it is not set
   */
  public String value() {
    return value;
  }

  /**
   * What to change.
   *
   * @return a sentence
   */
  public String action() {
    return action;
  }
}
