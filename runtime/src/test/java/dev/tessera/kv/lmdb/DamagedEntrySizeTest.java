package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.CorruptEntryException;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An LMDB leaf node whose data size field was damaged to a huge number: the store names the key in
 * a {@link CorruptEntryException} instead of allocating (or reading) that many bytes.
 */
class DamagedEntrySizeTest {
  static final Tuple KEY = Tuple.of("damaged-size-probe", 7L);

  @TempDir Path dir;

  /**
   * Sets the 32-bit data size of every leaf node holding {@code key} to {@code 0x7FFFFFFF}. A leaf
   * node starts with its data size (two little-endian 16-bit halves), its flags, then its key size
   * (16 bits), followed by the key.
   */
  static int damageSizeOf(Path file, byte[] key) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int damaged = 0;
    for (int i = 8; i + key.length <= bytes.length; i++) {
      int keySize = (bytes[i - 2] & 0xFF) | (bytes[i - 1] & 0xFF) << 8;
      if (keySize == key.length && Arrays.equals(bytes, i, i + key.length, key, 0, key.length)) {
        bytes[i - 8] = (byte) 0xFF;
        bytes[i - 7] = (byte) 0xFF;
        bytes[i - 6] = (byte) 0xFF;
        bytes[i - 5] = (byte) 0x7F;
        damaged++;
      }
    }
    Files.write(file, bytes);
    return damaged;
  }

  @Test
  void aHugeStoredSizeIsACorruptEntryNamingTheKeyNotAnOutOfMemoryError() throws IOException {
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      store.atomic().set(KEY, new byte[] {1, 2, 3}).commit();
    }
    assertThat(damageSizeOf(dir.resolve("data.mdb"), KEY.pack())).isPositive();

    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      assertThatThrownBy(() -> store.get(KEY))
          .isInstanceOfSatisfying(CorruptEntryException.class, e -> {
            assertThat((Object) e.key()).isEqualTo(KEY);
            assertThat(e.getMessage()).contains("\"damaged-size-probe\"").contains("2147483647 bytes");
          });
      assertThatThrownBy(() -> {
        try (KvIterator it = store.list(ListSelector.of(TupleRange.prefix(Tuple.of("damaged-size-probe"))))) {
          it.forEachRemaining(entry -> { });
        }
      }).isInstanceOf(CorruptEntryException.class).hasMessageContaining("\"damaged-size-probe\"");
    }
  }
}
