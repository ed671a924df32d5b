package dev.tessera.kv.etcd.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PortReservationsTest {

  @Test
  void reservedPortsLieBelowTheEphemeralRangeAreNeverHandedOutTwiceAndComeBackOnRelease()
      throws Exception {
    List<Integer> ports = new ArrayList<>();
    try {
      for (int i = 0; i < 30; i++) {
        ports.add(PortReservations.reserve());
      }
      assertThat(ports).doesNotHaveDuplicates()
          .allMatch(port -> port < PortReservations.ephemeralStart());
      for (int port : ports) {
        Path file = PortReservations.DIRECTORY.resolve(Integer.toString(port));
        assertThat(Files.readString(file)).isEqualTo(Long.toString(ProcessHandle.current().pid()));
        assertThat(PortReservations.claim(port)).as("port %d claimed twice", port).isFalse();
      }
    } finally {
      ports.forEach(PortReservations::release);
    }
    for (int port : ports) {
      assertThat(PortReservations.DIRECTORY.resolve(Integer.toString(port))).doesNotExist();
    }
  }

  @Test
  void theReservationOfAProcessThatIsGoneIsTakenOver() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    assertThat(gone.waitFor()).isZero();
    int port = PortReservations.reserve();
    Path file = PortReservations.DIRECTORY.resolve(Integer.toString(port));
    Files.writeString(file, Long.toString(gone.pid())); // as if that process had reserved it

    PortReservations.release(port);
    assertThat(file).as("another process's reservation is not released").exists();
    assertThat(PortReservations.claim(port)).as("the stale file is removed first").isFalse();
    assertThat(PortReservations.claim(port)).isTrue();
    PortReservations.release(port);
    assertThat(file).doesNotExist();
  }
}
