package dev.tessera.repository;

import static dev.tessera.repository.IndexedUserMapping.EMAIL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.catalog.IndexState;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writers whose cached index states are stale (another repository instance, or another process,
 * changed them) must not write as if they were current: every write is validated against the
 * catalog state it assumed, in its own commit.
 */
class IndexStateStalenessTest {
  private static final RepositoryOptions ON_DEMAND =
      RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.ON_DEMAND);

  @TempDir Path dir;
  LmdbKvStore store;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
  }

  @AfterEach
  void close() {
    store.close();
  }

  private IndexedUserRepository withEmailIndex() {
    return new IndexedUserRepository(store, List.of(EMAIL), ON_DEMAND);
  }

  private static User user(String id, String email) {
    return new User(id, "name " + id, email, null);
  }

  private static IndexState emailState(IndexedUserRepository users) {
    return users.indexAdmin().indexStates().get(0).state();
  }

  @Test
  void aWriterThatLastSawTheIndexBuildingCannotInsertADuplicateOnceAnotherMadeItReadable() {
    new IndexedUserRepository(store, List.of(), ON_DEMAND).insert(user("a", "x@example.com"));
    IndexedUserRepository builder = withEmailIndex();
    IndexedUserRepository stale = withEmailIndex();
    assertThat(emailState(stale)).isEqualTo(IndexState.BUILDING);

    builder.indexAdmin().buildIndexes();
    assertThat(emailState(builder)).isEqualTo(IndexState.READABLE);

    for (int i = 0; i < 3; i++) {
      int n = i;
      assertThatThrownBy(() -> stale.insert(user("b" + n, "X@example.com")))
          .isInstanceOf(UniqueConstraintViolationException.class);
    }
    assertThat(builder.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void aTransactionOfAStaleWriterFollowsTheStatesOfItsSnapshot() {
    new IndexedUserRepository(store, List.of(), ON_DEMAND).insert(user("a", "x@example.com"));
    IndexedUserRepository builder = withEmailIndex();
    IndexedUserRepository stale = withEmailIndex();
    assertThat(emailState(stale)).isEqualTo(IndexState.BUILDING);
    builder.indexAdmin().buildIndexes();

    assertThatThrownBy(() -> Transactions.run(store, tx -> {
      stale.in(tx).insert(user("c", "fresh@example.com"));
      return stale.in(tx).insert(user("b", "X@example.com"));
    })).isInstanceOf(UniqueConstraintViolationException.class);
    User found = Transactions.run(store, tx -> stale.in(tx).findByUniqueIndex(EMAIL, "x@example.com"))
        .orElseThrow();
    assertThat(found.id()).isEqualTo("a");
    assertThat(stale.findById("c")).as("nothing of the aborted transaction").isEmpty();
    assertThat(builder.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void aWriterThatLastSawTheIndexFailedMaintainsItOnceAnotherRebuiltIt() {
    IndexedUserRepository plain = new IndexedUserRepository(store, List.of(), ON_DEMAND);
    plain.insert(user("a", "x@example.com"));
    plain.insert(user("b", "x@example.com"));
    IndexedUserRepository builder = withEmailIndex();
    IndexedUserRepository stale = withEmailIndex();
    assertThatThrownBy(() -> builder.indexAdmin().buildIndexes())
        .isInstanceOf(IndexBuildFailedException.class);
    assertThat(emailState(stale)).isEqualTo(IndexState.FAILED);

    builder.delete("b");
    builder.indexAdmin().buildIndexes();
    assertThat(emailState(builder)).isEqualTo(IndexState.READABLE);

    stale.insert(user("c", "y@example.com"));
    stale.update(user("a", "z@example.com"));
    assertThat(builder.findByUniqueIndex(EMAIL, "y@example.com")).map(User::id).contains("c");
    assertThat(builder.findByUniqueIndex(EMAIL, "z@example.com")).map(User::id).contains("a");
    assertThat(builder.findByUniqueIndex(EMAIL, "x@example.com")).isEmpty();
    assertThat(builder.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void aWriterInAnotherProcessCannotInsertADuplicateOnceThisOneMadeTheIndexReadable()
      throws Exception {
    new IndexedUserRepository(store, List.of(), ON_DEMAND).insert(user("a", "x@example.com"));
    Process child = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
        "-cp", System.getProperty("java.class.path"), ChildIndexWriterMain.class.getName(),
        dir.toString())
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    try (BufferedReader out = new BufferedReader(
            new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        Writer in = new OutputStreamWriter(child.getOutputStream(), StandardCharsets.UTF_8)) {
      assertThat(out.readLine()).as("the child's view of the index").isEqualTo("BUILDING");
      assertThat(out.readLine()).isEqualTo("ready");

      IndexedUserRepository builder = withEmailIndex();
      builder.indexAdmin().buildIndexes();
      assertThat(emailState(builder)).isEqualTo(IndexState.READABLE);

      in.write("insert b X@example.com\n");
      in.flush();
      assertThat(out.readLine()).isEqualTo(UniqueConstraintViolationException.class.getSimpleName());
      in.write("insert c y@example.com\n");
      in.flush();
      assertThat(out.readLine()).isEqualTo("inserted");
      in.close();
      assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(child.exitValue()).isZero();
      assertThat(builder.findByUniqueIndex(EMAIL, "y@example.com")).map(User::id).contains("c");
      assertThat(builder.indexAdmin().verifyIndexes().clean()).isTrue();
    } finally {
      child.destroyForcibly();
    }
  }
}
