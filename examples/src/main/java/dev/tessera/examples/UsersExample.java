package dev.tessera.examples;

/** Placeholder: the seed 000/001 walk-through lands with the repository issue. */
public final class UsersExample {
  private UsersExample() {}

  /** Runs the example. */
  public static void main(String[] args) {
    System.out.println("Tessera example: coming with the repository issue.");
  }
}
