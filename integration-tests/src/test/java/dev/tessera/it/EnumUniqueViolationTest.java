package dev.tessera.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.it.Badge.Level;
import dev.tessera.it.Badge.Rank;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.UniqueConstraintViolationException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A unique violation on an enum component names the constant, on insert, insertAll and update
 * alike: the index key holds the constant's ordinal, which means nothing to whoever reads the
 * message.
 */
class EnumUniqueViolationTest {
  @TempDir Path directory;
  private KvStore store;
  private BadgeRepository badges;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory);
    badges = new BadgeRepository(store);
    badges.insert(new Badge("b1", Level.GOLD, "ann", Rank.CAPTAIN));
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void insertNamesTheTakenConstant() {
    assertThatThrownBy(() -> badges.insert(new Badge("b2", Level.GOLD, "bob", Rank.MATE)))
        .isInstanceOf(UniqueConstraintViolationException.class)
        .hasMessage("unique index level of badge already holds GOLD for primary key b1");
  }

  @Test
  void aCompositeIndexNamesTheConstantBesideTheOtherValues() {
    assertThatThrownBy(() -> badges.insert(new Badge("b2", Level.SILVER, "ann", Rank.CAPTAIN)))
        .isInstanceOf(UniqueConstraintViolationException.class)
        .hasMessageContaining("unique index holderRank of badge already holds")
        .hasMessageContaining("\"CAPTAIN\"")
        .hasMessageContaining("\"ann\"")
        .hasMessageEndingWith("for primary key b1");
  }

  @Test
  void updateNamesTheTakenConstant() {
    badges.insert(new Badge("b2", Level.BRONZE, "bob", Rank.MATE));

    assertThatThrownBy(() -> badges.update(new Badge("b2", Level.GOLD, "bob", Rank.MATE)))
        .isInstanceOf(UniqueConstraintViolationException.class)
        .hasMessage("unique index level of badge already holds GOLD for primary key b1");
  }

  @Test
  void insertAllNamesAConstantTakenTwiceInTheBatch() {
    assertThatThrownBy(
            () -> badges.insertAll(List.of(
                new Badge("b2", Level.SILVER, "bob", Rank.MATE),
                new Badge("b3", Level.SILVER, "cid", Rank.MATE))))
        .isInstanceOf(UniqueConstraintViolationException.class)
        .hasMessage("unique index level of badge already holds SILVER for primary key b2");
  }
}
