package dev.tessera.it;

/**
 * A class that records its own initialisation in a system property, so a test can prove that
 * decoding a value naming it never loads it (checking the property does not load the class).
 */
public final class Tripwire {
  /** The system property set when this class is initialised. */
  public static final String PROPERTY = "tessera.tripwire.loaded";

  static {
    System.setProperty(PROPERTY, "true");
  }

  private Tripwire() {}
}
