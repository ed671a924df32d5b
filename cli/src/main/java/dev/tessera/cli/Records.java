package dev.tessera.cli;

import dev.tessera.catalog.StoredRecordReader;
import dev.tessera.kv.KvEntry;
import java.util.Map;

/**
 * Reads one stored record for output in the entity's newest shape, as the application reads it
 * (defaults of components added since it was stored, renamed components under their new names),
 * turning a value that does not decode, or whose shape the catalog cannot translate, into a failure.
 */
final class Records {
  private Records() {}

  /**
   * The components of the record stored in {@code entry}, in the newest shape.
   *
   * @throws CommandFailure ({@link ExitCodes#FAILED}) naming the key if the value does not decode,
   *     ({@link ExitCodes#PROBLEMS}) naming the entity and field if its shape cannot be translated
   */
  static Map<String, Object> read(StoredRecordReader reader, KvEntry entry) {
    try {
      return reader.readCurrent(entry.value());
    } catch (IllegalStateException e) {
      throw new CommandFailure(ExitCodes.PROBLEMS,
          "record " + entry.key() + " cannot be read in the newest shape: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      throw new CommandFailure(ExitCodes.FAILED,
          "record " + entry.key() + " does not decode: " + e.getMessage(), e);
    }
  }
}
