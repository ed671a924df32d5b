package dev.tessera.processor.data;

/**
 * A query the processor cannot implement, with the {@code ProcessorErrors} message to report on the
 * method. Thrown by the parser and the planner and reported by the reader; never escapes it.
 */
final class QueryRefusal extends RuntimeException {
  private static final long serialVersionUID = 1L;

  QueryRefusal(String message) {
    super(message, null, false, false);
  }
}
