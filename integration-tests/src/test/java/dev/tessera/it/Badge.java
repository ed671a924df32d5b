package dev.tessera.it;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;

/**
 * A badge: each level is awarded once, and a holder holds each rank once. Unique indexes over enums,
 * whose keys hold the constants' ordinals, for the messages of unique violations.
 *
 * @param id the primary key
 * @param level unique: one badge per level
 * @param holder who holds it
 * @param rank unique together with the holder
 */
@Entity
@UniqueIndex(name = "holderRank", fields = {"holder", "rank"})
public record Badge(@PrimaryKey String id, @UniqueIndex Level level, String holder, Rank rank) {
  /** A badge's level. */
  public enum Level {
    BRONZE,
    SILVER,
    GOLD
  }

  /** A holder's rank. */
  public enum Rank {
    MATE,
    CAPTAIN
  }
}
