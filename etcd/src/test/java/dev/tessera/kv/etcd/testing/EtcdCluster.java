package dev.tessera.kv.etcd.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A real etcd cluster of child processes on free 127.0.0.1 ports, for tests. Data directories live
 * on {@code /dev/shm} when it exists (a member then starts in about a second instead of
 * preallocating its write-ahead log on disk) and are removed by {@link #close()}. Members can be
 * killed with SIGKILL and restarted on the same ports and data, which stay reserved for the cluster
 * until it is closed ({@link PortReservations}: below the kernel's ephemeral range, so no client
 * connection takes them while a member is down, and reserved against other test JVMs); {@link
 * #leader()} finds the current leader through each member's metrics endpoint.
 *
 * <p>Every process started is registered by PID and killed by {@link #close()}, and by a shutdown
 * hook if the JVM exits first, so no etcd outlives the test run.
 *
 * <p>Thread-safe for the methods that change members (they synchronise on the cluster).
 */
public final class EtcdCluster implements AutoCloseable {
  private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(Process::destroyForcibly),
        "etcd-test-cluster-reaper"));
  }

  private static final Duration START_DEADLINE = Duration.ofSeconds(60);

  private final Path root;
  private final List<Member> members;
  private final EtcdSecurity security;
  private final List<String> extraFlags;
  private final HttpClient http = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(2)).build();

  /** One member: its name, ports, data directory and the running process (if any). */
  public static final class Member {
    private final String name;
    private final int clientPort;
    private final int peerPort;
    private final int metricsPort;
    private final Path dataDir;
    private Process process;

    private Member(String name, int clientPort, int peerPort, int metricsPort, Path dataDir) {
      this.name = name;
      this.clientPort = clientPort;
      this.peerPort = peerPort;
      this.metricsPort = metricsPort;
      this.dataDir = dataDir;
    }

    /** The member's name, {@code m0}, {@code m1}, ... */
    public String name() {
      return name;
    }

    /** True while the member's process runs. */
    public synchronized boolean isRunning() {
      return process != null && process.isAlive();
    }

    /** The PID of the running process, or -1. */
    public synchronized long pid() {
      return process == null ? -1 : process.pid();
    }
  }

  private EtcdCluster(Path root, List<Member> members, EtcdSecurity security, List<String> extraFlags) {
    this.extraFlags = List.copyOf(extraFlags);
    this.root = root;
    this.members = members;
    this.security = security;
  }

  /**
   * Starts a cluster of {@code size} members and waits until every member reports healthy.
   *
   * @throws IllegalStateException if etcd is not installed or the cluster does not become healthy
   */
  public static EtcdCluster start(int size) {
    return start(size, null);
  }

  /**
   * Starts a cluster whose client endpoints use {@code security} (TLS, optionally with client
   * certificates); {@code null} for plain HTTP.
   */
  public static EtcdCluster start(int size, EtcdSecurity security) {
    return start(size, security, List.of());
  }

  /**
   * Starts a cluster of plain-HTTP members given {@code flags} besides the usual ones, e.g. {@code
   * List.of("--max-request-bytes", "8192")}.
   */
  public static EtcdCluster startWithFlags(int size, List<String> flags) {
    return start(size, null, flags);
  }

  private static EtcdCluster start(int size, EtcdSecurity security, List<String> extraFlags) {
    Path binary = EtcdBinary.find().orElseThrow(() -> new IllegalStateException(EtcdBinary.MISSING));
    // A port found free can be taken by another process before etcd binds it: start again on
    // fresh ports (bounded) when that happened, rather than fail a test on a race with the machine.
    for (int attempt = 1; ; attempt++) {
      try {
        return startOnce(binary, size, security, extraFlags);
      } catch (IllegalStateException e) {
        if (attempt >= PORT_ATTEMPTS || !String.valueOf(e.getMessage()).contains("address already in use")) {
          throw e;
        }
      }
    }
  }

  private static final int PORT_ATTEMPTS = 3;

  private static EtcdCluster startOnce(
      Path binary, int size, EtcdSecurity security, List<String> extraFlags) {
    Path root = createRoot();
    List<Member> members = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      members.add(new Member("m" + i, PortReservations.reserve(), PortReservations.reserve(),
          PortReservations.reserve(), root.resolve("m" + i)));
    }
    EtcdCluster cluster = new EtcdCluster(root, members, security, extraFlags);
    try {
      String token = "tessera-" + UUID.randomUUID();
      for (Member member : members) {
        cluster.launch(binary, member, token);
      }
      for (Member member : members) {
        cluster.awaitHealthy(member);
      }
      return cluster;
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  /** The client URLs of every member, running or not. */
  public List<String> endpoints() {
    return members.stream().map(this::clientUrl).collect(Collectors.toList());
  }

  /** The client URL of one member. */
  public String clientUrl(Member member) {
    String scheme = security == null ? "http" : "https";
    return scheme + "://127.0.0.1:" + member.clientPort;
  }

  /** The members, in start order. */
  public List<Member> members() {
    return List.copyOf(members);
  }

  /** The directory holding the members' data (and {@code etcd.log} of each). */
  public Path root() {
    return root;
  }

  /**
   * The member that is leader now, asked from each running member's metrics ({@code
   * etcd_server_is_leader}); waits up to 60 s for an election to finish (an election takes about
   * a second, but a loaded machine can delay the members' heartbeats several-fold).
   */
  public Member leader() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      for (Member member : members) {
        if (member.isRunning() && metric(member, "etcd_server_is_leader").equals("1")) {
          return member;
        }
      }
      pause(50);
    }
    throw new IllegalStateException("No etcd member reported itself leader within 60 s; logs in " + root);
  }

  /** Some running member that is not the leader. */
  public Member follower() {
    Member leader = leader();
    return members.stream().filter(m -> m != leader && m.isRunning()).findFirst()
        .orElseThrow(() -> new IllegalStateException("No running follower"));
  }

  /** Kills the member's process with SIGKILL and waits until it is gone. */
  public synchronized void kill(Member member) {
    synchronized (member) {
      if (member.process == null) {
        return;
      }
      member.process.destroyForcibly();
      try {
        member.process.waitFor(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      RUNNING.remove(member.process);
      member.process = null;
    }
  }

  /** Starts a killed member again on its ports and data, and waits until it is healthy. */
  public synchronized void restart(Member member) {
    if (member.isRunning()) {
      return;
    }
    Path binary = EtcdBinary.find().orElseThrow(() -> new IllegalStateException(EtcdBinary.MISSING));
    launch(binary, member, null);
    try {
      awaitHealthy(member);
    } catch (IllegalStateException e) {
      if (String.valueOf(e.getMessage()).contains("address already in use")) {
        throw new IllegalStateException("etcd member " + member.name + " cannot restart: a process"
            + " outside the test cluster took one of its reserved ports (client " + member.clientPort
            + ", peer " + member.peerPort + ", metrics " + member.metricsPort + ")", e);
      }
      throw e;
    }
  }

  /** Kills every member, gives back their ports and removes the data directories. Idempotent. */
  @Override
  public synchronized void close() {
    for (Member member : members) {
      kill(member);
      PortReservations.release(member.clientPort);
      PortReservations.release(member.peerPort);
      PortReservations.release(member.metricsPort);
    }
    deleteTree(root);
  }

  private void launch(Path binary, Member member, String newClusterToken) {
    List<String> command = new ArrayList<>(List.of(
        binary.toString(),
        "--name", member.name,
        "--data-dir", member.dataDir.toString(),
        "--listen-client-urls", clientUrl(member),
        "--advertise-client-urls", clientUrl(member),
        "--listen-peer-urls", peerUrl(member),
        "--initial-advertise-peer-urls", peerUrl(member),
        "--listen-metrics-urls", "http://127.0.0.1:" + member.metricsPort,
        "--initial-cluster", members.stream().map(m -> m.name + "=" + peerUrl(m))
            .collect(Collectors.joining(",")),
        "--log-level", "warn",
        "--logger", "zap"));
    if (newClusterToken != null) {
      command.addAll(List.of("--initial-cluster-state", "new", "--initial-cluster-token",
          newClusterToken));
    }
    if (security != null) {
      command.addAll(security.serverFlags());
    }
    command.addAll(extraFlags);
    try {
      Files.createDirectories(member.dataDir.getParent());
      ProcessBuilder builder = new ProcessBuilder(command)
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(
              root.resolve(member.name + ".log").toFile()));
      synchronized (member) {
        member.process = builder.start();
        RUNNING.add(member.process);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start " + binary, e);
    }
  }

  private void awaitHealthy(Member member) {
    long deadline = System.nanoTime() + START_DEADLINE.toNanos();
    while (System.nanoTime() < deadline) {
      if (!member.isRunning()) {
        throw new IllegalStateException("etcd member " + member.name + " exited at start; log:\n"
            + logTail(member));
      }
      if (get(member, "/health").contains("\"health\":\"true\"")) {
        return;
      }
      pause(50);
    }
    throw new IllegalStateException("etcd member " + member.name + " not healthy within "
        + START_DEADLINE.toSeconds() + " s; log:\n" + logTail(member));
  }

  private String metric(Member member, String name) {
    for (String line : get(member, "/metrics").split("\n")) {
      if (line.startsWith(name + " ")) {
        return line.substring(name.length() + 1).trim();
      }
    }
    return "";
  }

  private String get(Member member, String path) {
    HttpRequest request = HttpRequest.newBuilder(
        URI.create("http://127.0.0.1:" + member.metricsPort + path))
        .timeout(Duration.ofSeconds(2)).GET().build();
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString()).body();
    } catch (IOException e) {
      return ""; // not listening yet, or killed
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while asking etcd member " + member.name, e);
    }
  }

  private String logTail(Member member) {
    try {
      List<String> lines = Files.readAllLines(root.resolve(member.name + ".log"));
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  private static String peerUrl(Member member) {
    return "http://127.0.0.1:" + member.peerPort;
  }

  private static Path createRoot() {
    try {
      Path shm = Path.of("/dev/shm");
      return Files.isDirectory(shm) && Files.isWritable(shm)
          ? Files.createTempDirectory(shm, "tessera-etcd-")
          : Files.createTempDirectory("tessera-etcd-");
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create a directory for the etcd test cluster", e);
    }
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis); // polling interval of a deadline loop, not a wait for a state
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting for etcd", e);
    }
  }

  private static void deleteTree(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot remove " + root, e);
    }
  }
}
