package dev.tessera.benchmarks.store;

import dev.tessera.TesseraException;

/**
 * A contender cannot offer the durability a run asks for; the run skips it rather than compare
 * across settings.
 */
public final class UnsupportedDurabilityException extends TesseraException {
  private static final long serialVersionUID = 1L;

  private final String contender;
  private final Durability durability;

  /**
   * Creates the exception.
   *
   * @param contender the contender's name
   * @param durability the setting it cannot offer
   */
  public UnsupportedDurabilityException(String contender, Durability durability) {
    super(contender + " does not support durability " + durability
        + "; it runs only with the settings listed in docs/benchmarks.md");
    this.contender = contender;
    this.durability = durability;
  }

  /** The contender's name. */
  public String contender() {
    return contender;
  }

  /** The setting it cannot offer. */
  public Durability durability() {
    return durability;
  }
}
