package dev.tessera.benchmarks.jmh;

import dev.tessera.benchmarks.store.Contender;
import dev.tessera.benchmarks.store.Durability;
import java.util.Locale;

/**
 * A contender with its durability, written {@code contender:durability} in JMH parameters, e.g.
 * {@code sqlite:durable} or {@code raw-lmdbjava:no-sync}. One parameter for both keeps JMH from
 * running combinations a contender does not support, and keeps every result row labelled with its
 * setting.
 *
 * @param contender the store
 * @param durability its commit durability
 */
record StoreSpec(Contender contender, Durability durability) {

  /** Parses {@code contender:durability}. */
  static StoreSpec parse(String spec) {
    int colon = spec.indexOf(':');
    if (colon < 0) {
      throw new IllegalArgumentException(
          "store parameter must be contender:durability (durable or no-sync), was " + spec);
    }
    Contender contender = Contender.ofLabel(spec.substring(0, colon));
    String setting = spec.substring(colon + 1).toUpperCase(Locale.ROOT).replace('-', '_');
    return new StoreSpec(contender, Durability.valueOf(setting));
  }
}
