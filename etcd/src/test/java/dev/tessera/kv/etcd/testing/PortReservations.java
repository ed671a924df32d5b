package dev.tessera.kv.etcd.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for test etcd members that stay theirs while a member is killed and until the cluster is
 * closed, so a restarted member finds its ports free again:
 *
 * <ul>
 *   <li>they are picked below the kernel's ephemeral range ({@code ip_local_port_range}), which the
 *       kernel never hands out on its own: a client connection made while a member is down (gRPC
 *       reconnecting to it) cannot take its port, as it could take a port found by binding port 0;
 *   <li>each is reserved across the machine's processes by a file named after it in one shared
 *       directory, created atomically and holding the owner's PID, so another test JVM never picks
 *       a port of a member that is only stopped. A file whose process is gone is taken over.
 * </ul>
 *
 * <p>Where the ephemeral range starts too low to leave room below it, ports come from binding port
 * 0 as before (and a restart may then find a port taken). Thread-safe: the file system arbitrates.
 */
final class PortReservations {
  private static final int LOWEST = 10_000;
  private static final int ATTEMPTS = 1_000;
  static final Path DIRECTORY =
      Path.of(System.getProperty("java.io.tmpdir"), "tessera-etcd-ports");
  private static final String OWNER = Long.toString(ProcessHandle.current().pid());

  private PortReservations() {}

  /** A free loopback port reserved for this process until {@link #release}. */
  static int reserve() {
    int highest = ephemeralStart() - 1;
    if (highest - LOWEST < 1_000) {
      return anyFreePort();
    }
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      int port = ThreadLocalRandom.current().nextInt(LOWEST, highest + 1);
      if (claim(port)) {
        if (bindable(port)) {
          return port;
        }
        release(port);
      }
    }
    throw new IllegalStateException("No free port to reserve between " + LOWEST + " and " + highest
        + " after " + ATTEMPTS + " attempts (reservations in " + DIRECTORY + ")");
  }

  /** Gives a reserved port back. Harmless for a port this process does not hold. */
  static void release(int port) {
    Path file = DIRECTORY.resolve(Integer.toString(port));
    try {
      if (OWNER.equals(ownerOf(file))) {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot release the reservation " + file, e);
    }
  }

  /**
   * Creates the reservation file of {@code port}; false if another living process holds it (a file
   * whose owner is gone is removed, so a later call can claim the port).
   */
  static boolean claim(int port) {
    Path file = DIRECTORY.resolve(Integer.toString(port));
    try {
      Files.createDirectories(DIRECTORY);
      try {
        Files.writeString(Files.createFile(file), OWNER);
        return true;
      } catch (FileAlreadyExistsException taken) {
        String owner = ownerOf(file);
        boolean ownerGone = owner != null && !owner.isEmpty()
            && ProcessHandle.of(Long.parseLong(owner)).map(p -> !p.isAlive()).orElse(true);
        // A dead owner's file is removed, and the port claimed on a later attempt (atomically).
        if (ownerGone) {
          Files.deleteIfExists(file);
        }
        return false;
      }
    } catch (IOException | NumberFormatException e) {
      return false;
    }
  }

  private static String ownerOf(Path file) throws IOException {
    try {
      return Files.readString(file, StandardCharsets.US_ASCII).trim();
    } catch (java.nio.file.NoSuchFileException gone) {
      return null;
    }
  }

  private static boolean bindable(int port) {
    try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      return true;
    } catch (IOException inUse) {
      return false;
    }
  }

  private static int anyFreePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("No free port on 127.0.0.1", e);
    }
  }

  /** The first port of the kernel's ephemeral range (32768 when it cannot be read). */
  static int ephemeralStart() {
    try {
      List<String> lines = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"));
      return Integer.parseInt(lines.get(0).trim().split("\\s+")[0]);
    } catch (IOException | RuntimeException e) {
      return 32_768;
    }
  }
}
