package dev.tessera.processor.validation;

/**
 * Thrown inside {@link FieldTypeResolver} when a type cannot be stored; the reader turns it into a
 * diagnostic on the component. Checked, so no caller can forget it.
 */
final class UnsupportedTypeException extends Exception {
  private static final long serialVersionUID = 1L;

  /** {@code reason} says why, e.g. "a wildcard type argument". */
  UnsupportedTypeException(String reason) {
    super(reason, null, false, false);
  }
}
