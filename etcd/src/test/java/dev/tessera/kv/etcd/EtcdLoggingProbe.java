package dev.tessera.kv.etcd;

import dev.tessera.kv.KvStore;
import dev.tessera.tuple.Tuple;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * What an application does with the etcd store, run by {@link EtcdLoggingTest} in a child JVM so that
 * its standard error holds only what connecting, committing, reading and closing print: connects to
 * the endpoints given as arguments under a fresh prefix, commits one key, reads it back, closes, and
 * prints {@code ok} on standard output.
 */
public final class EtcdLoggingProbe {
  private EtcdLoggingProbe() {}

  /** Connects to {@code endpoints}, commits and reads one key, closes, prints {@code ok}. */
  public static void main(String[] endpoints) {
    // Generous timeouts: the probe is about what gets printed, and a CI machine running the other
    // etcd tests beside it can keep the shared cluster from answering within the 5 s default.
    EtcdOptions options =
        EtcdOptions.builder(endpoints)
            .keyPrefix("logging-" + System.nanoTime() + "/")
            .connectTimeout(Duration.ofSeconds(60))
            .requestTimeout(Duration.ofSeconds(60))
            .build();
    try (KvStore store = EtcdKvStore.connect(options)) {
      store.atomic().set(Tuple.of("greeting"), "hello".getBytes(StandardCharsets.UTF_8)).commit();
      String read = new String(store.get(Tuple.of("greeting")).value(), StandardCharsets.UTF_8);
      System.out.println(read.equals("hello") ? "ok" : "read " + read);
    }
  }
}
