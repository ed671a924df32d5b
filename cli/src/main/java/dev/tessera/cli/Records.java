package dev.tessera.cli;

import dev.tessera.catalog.StoredRecordReader;
import dev.tessera.kv.KvEntry;
import java.util.Map;

/** Reads one stored record for output, turning a value that does not decode into a failure. */
final class Records {
  private Records() {}

  /**
   * The components of the record stored in {@code entry}.
   *
   * @throws CommandFailure ({@link ExitCodes#FAILED}) naming the key if the value does not decode
   */
  static Map<String, Object> read(StoredRecordReader reader, KvEntry entry) {
    try {
      return reader.read(entry.value());
    } catch (RuntimeException e) {
      throw new CommandFailure(ExitCodes.FAILED,
          "record " + entry.key() + " does not decode: " + e.getMessage(), e);
    }
  }
}
