package dev.tessera.it.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.tessera.it.UserRepository;
import dev.tessera.it.query.OrderLine;
import dev.tessera.it.query.OrderLineRepository;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.repository.GeneratedMappings;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Generated mappings build a record key in one step ({@link EntityMapping#appendKeyParts}): the
 * same tuple as the prefix followed by {@link EntityMapping#keyParts}, for simple and composite
 * keys, and the same exception for a key that cannot be encoded.
 */
class RecordKeyTest {
  private static final Tuple PREFIX = Tuple.of(42L);

  @TempDir Path directory;

  @Test
  void oneStepKeysAreThePrefixFollowedByTheKeyParts() {
    try (KvStore store = LmdbKvStore.open(directory)) {
      Random random = new Random(3);
      long[] edges = {Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE};
      assertSameKeys(GeneratedMappings.of(new AssortmentRepository(store)),
          r -> r.nextBoolean() ? edges[r.nextInt(edges.length)] : r.nextLong(), random);
      assertSameKeys(GeneratedMappings.of(new UserRepository(store)),
          r -> r.nextBoolean() ? "" : "u\u0000\ud83d\ude00" + r.nextInt(), random);
      assertSameKeys(GeneratedMappings.of(new OrderLineRepository(store)),
          r -> new OrderLine.OrderLineKey(edges[r.nextInt(edges.length)], r.nextInt()), random);
    }
  }

  private static <ID> void assertSameKeys(
      EntityMapping<?, ID> mapping, Function<Random, ID> ids, Random random) {
    for (int i = 0; i < 1_000; i++) {
      ID id = ids.apply(random);
      Tuple key = mapping.appendKeyParts(PREFIX, id);
      assertThat((Object) key).as("key of %s", id).isEqualTo(PREFIX.addAll(mapping.keyParts(id)));
      assertThat(mapping.idFromKeyParts(key.subTuple(1, key.size()))).isEqualTo(id);
    }
  }

  @Test
  void aKeyThatCannotBeEncodedFailsAsItsKeyPartsFail() {
    try (KvStore store = LmdbKvStore.open(directory)) {
      EntityMapping<?, String> users = GeneratedMappings.of(new UserRepository(store));
      for (String bad : new String[] {"a\ud800", "\udc00b"}) {
        Throwable expected = catchThrowable(() -> users.keyParts(bad));
        assertThatThrownBy(() -> users.appendKeyParts(PREFIX, bad))
            .isInstanceOf(expected.getClass())
            .hasMessage(expected.getMessage());
      }
      Throwable expected = catchThrowable(() -> users.keyParts(null));
      assertThatThrownBy(() -> users.appendKeyParts(PREFIX, null))
          .isInstanceOf(expected.getClass())
          .hasMessage(expected.getMessage());
    }
  }
}
