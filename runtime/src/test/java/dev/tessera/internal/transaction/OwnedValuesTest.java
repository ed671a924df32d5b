package dev.tessera.internal.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.internal.kv.OwnedValues;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.TransactionOptions;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A transaction's atomic operation takes over a value array handed to it as owned (a repository's
 * own encoding) instead of copying it, and still copies what {@link AtomicOperation#set} is given;
 * either way the committed bytes are the value's.
 */
class OwnedValuesTest {
  @TempDir Path directory;

  @Test
  void anOwnedValueIsKeptAndASetValueIsCopied() {
    try (KvStore store = LmdbKvStore.open(directory)) {
      TransactionView view = new TransactionView(store, TransactionOptions.defaults());
      byte[] owned = {1, 2, 3};
      byte[] given = {4, 5, 6};
      AtomicOperation op = view.atomic();
      assertThat(op).isInstanceOf(OwnedValues.class);
      OwnedValues.set(op, Tuple.of("owned"), owned);
      op.set(Tuple.of("given"), given);
      assertThat(op.commit().ok()).isTrue();
      given[0] = 9; // the caller's array changed after set: the transaction holds its copy

      assertThat(view.get(Tuple.of("owned")).value()).as("kept, not copied").isSameAs(owned);
      assertThat(view.get(Tuple.of("given")).value()).isNotSameAs(given).containsExactly(4, 5, 6);
      assertThat(view.commit().ok()).isTrue();
      assertThat(store.get(Tuple.of("owned")).value()).containsExactly(1, 2, 3);
      assertThat(store.get(Tuple.of("given")).value()).containsExactly(4, 5, 6);
    }
  }
}
