package dev.tessera.kv.etcd.testing;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Finds the etcd server binary: {@code $ETCD_BINARY}, else {@code etcd} on the PATH. Stateless. */
final class EtcdBinary {
  static final String MISSING = "etcd is not installed (no executable 'etcd' on the PATH, or"
      + " ETCD_BINARY names none); install it with 'apt-get install etcd-server' to run the etcd tests";

  private EtcdBinary() {}

  static Optional<Path> find() {
    String explicit = System.getenv("ETCD_BINARY");
    if (explicit != null && !explicit.isBlank()) {
      Path path = Path.of(explicit);
      return Files.isExecutable(path) ? Optional.of(path) : Optional.empty();
    }
    String pathVariable = System.getenv().getOrDefault("PATH", "");
    for (String dir : pathVariable.split(File.pathSeparator)) {
      if (!dir.isEmpty()) {
        Path candidate = Path.of(dir, "etcd");
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }
}
