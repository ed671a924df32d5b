package dev.tessera.kv.etcd;

import dev.tessera.internal.kv.ReservedKeys;
import dev.tessera.internal.retry.Attempt;
import dev.tessera.internal.retry.Backoff;
import dev.tessera.internal.retry.Retry;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.ClientBuilder;
import java.io.File;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The {@link KvStore} on an etcd cluster, for several application processes sharing one store with
 * failover. The generated repositories run on it unchanged.
 *
 * <pre>{@code
 * try (EtcdKvStore store = EtcdKvStore.connect(
 *     EtcdOptions.builder("http://10.0.0.1:2379", "http://10.0.0.2:2379", "http://10.0.0.3:2379")
 *         .keyPrefix("shop/").build())) {
 *   UserRepository users = new UserRepository(store);
 *   users.insert(new User(null, "ada@example.com"));
 * }
 * }</pre>
 *
 * <p><b>Mapping.</b> A key is the store's prefix followed by the packed tuple; the value is the
 * user's bytes; an entry's versionstamp is its etcd mod revision (8 bytes) with order 0, so a commit's
 * versionstamp is the revision of its etcd transaction, and versionstamps increase across commits of
 * every client. Reads are linearizable. {@link #getMany}, one {@link #list} iteration and a {@link
 * #snapshot()} each read at one revision; they hold nothing on the server, and a revision that etcd
 * has compacted away gives {@link SnapshotCompactedException}. A check compares the key's mod
 * revision; counters are guarded read-modify-writes. See {@link EtcdAtomicOperation} for commits and
 * how a commit with an unknown outcome is settled (never guessed).
 *
 * <p><b>Limits.</b> A commit may write at most {@code --max-txn-ops} minus one distinct keys (one
 * write is the store's outcome marker), make as many compares, and send at most {@code
 * --max-request-bytes}; it is checked before sending ({@link CommitTooLargeException}). Keys are
 * limited to {@link EtcdOptions#maxKeySize()} packed bytes (511, as on LMDB).
 *
 * <p><b>Errors.</b> No jetcd or gRPC exception reaches the caller: {@link EtcdUnavailableException},
 * {@link EtcdAccessDeniedException}, {@link SnapshotCompactedException}, {@link
 * CommitOutcomeUnknownException}, {@link CommitTooLargeException}, {@link EtcdStoreException}, or
 * {@link dev.tessera.kv.StoreClosedException} after {@link #close()}.
 *
 * <p>Thread-safe: share one instance per process.
 */
public final class EtcdKvStore implements KvStore {
  private final Connection connection;
  private final OutcomeMarkers markers;

  private EtcdKvStore(Connection connection) {
    this.connection = connection;
    this.markers = new OutcomeMarkers(connection);
  }

  /**
   * Connects to the cluster and checks that it answers and that the credentials may read the
   * store's prefix.
   *
   * @param options where the cluster is and how to reach it
   * @return the connected store, to close
   * @throws EtcdUnavailableException if no majority answers within the request timeout
   * @throws EtcdAccessDeniedException if the credentials, certificates or role are refused; a server
   *     certificate that {@link EtcdOptions#trustedCertificates()} does not trust is reported with
   *     the endpoint that presented it
   */
  public static EtcdKvStore connect(EtcdOptions options) {
    KeySpace keys = new KeySpace(options.keyPrefix(), options.maxKeySize());
    Client client = client(options);
    Connection connection = new Connection(client, keys, options);
    try {
      probe(connection);
    } catch (RuntimeException e) {
      client.close();
      if (e instanceof EtcdUnavailableException) {
        // gRPC retries an untrusted server certificate like an endpoint that is down: say which
        Optional<String> untrusted = TlsCheck.untrustedServer(options);
        if (untrusted.isPresent()) {
          throw new EtcdAccessDeniedException("connect", untrusted.get(), e);
        }
      }
      throw e;
    }
    return new EtcdKvStore(connection);
  }

  /**
   * One read, retried while the cluster does not answer for up to the connect timeout (the first
   * request also sets up the client's channels, which takes a while in a cold JVM).
   */
  private static void probe(Connection connection) {
    long deadline = System.nanoTime() + connection.options().connectTimeout().toNanos();
    Retry.until(deadline, Backoff.REQUESTS, "Connecting to etcd").run(
        () -> {
          try {
            return Attempt.done(connection.get(ReservedKeys.of("connect-probe"), new Revision()));
          } catch (EtcdUnavailableException e) {
            return Attempt.failed("etcd did not answer", e);
          }
        },
        exhausted -> {
          throw (EtcdUnavailableException) exhausted.lastCause(); // every loss has one
        });
  }

  @Override
  public KvEntry get(Tuple key) {
    return connection.get(key, new Revision());
  }

  @Override
  public List<KvEntry> getMany(List<Tuple> keys) {
    return connection.getMany(keys, new Revision());
  }

  /**
   * {@inheritDoc}
   *
   * <p>Pages of {@link ListSelector#batchSize()} entries, all at the revision of the first page. A
   * reverse listing asks etcd to sort, which etcd does over the rest of the range for every page:
   * prefer forward listings (or a limit) over long ranges.
   *
   * @throws IllegalArgumentException if the selector's cursor is malformed or outside its range
   */
  @Override
  public KvIterator list(ListSelector selector) {
    connection.ensureOpen("list");
    return new EtcdKvIterator(connection, new Revision(), () -> connection.ensureOpen("list"),
        selector);
  }

  @Override
  public KvSnapshot snapshot() {
    connection.ensureOpen("snapshot");
    return new EtcdSnapshot(connection);
  }

  @Override
  public AtomicOperation atomic() {
    connection.ensureOpen("start an atomic operation");
    return new EtcdAtomicOperation(connection, markers);
  }

  /**
   * Settles a commit that ended with {@link CommitOutcomeUnknownException}: whether it landed, and
   * if not, makes sure it never can. Call it within the outcome retention.
   *
   * @param commitId {@link CommitOutcomeUnknownException#commitId()}
   * @return the commit's versionstamp if it landed, empty if it did not (and now never will)
   * @throws CommitOutcomeUnknownException if still no majority answers
   */
  public Optional<Versionstamp> resolveOutcome(String commitId) {
    if (!commitId.matches("[0-9a-f]{32}")) {
      throw new IllegalArgumentException("Not a commit id: '" + commitId + "' (32 hex digits)");
    }
    connection.ensureOpen("settle a commit");
    long deadline = System.nanoTime() + connection.options().outcomeTimeout().toNanos();
    OutcomeMarkers.Settlement settlement = markers.settle(commitId, deadline);
    if (settlement instanceof OutcomeMarkers.Landed landed) {
      return Optional.of(Versionstamp.of(landed.revision(), 0));
    }
    if (settlement instanceof OutcomeMarkers.Unsettled unsettled) {
      throw new CommitOutcomeUnknownException(commitId, markers.retentionSeconds(),
          unsettled.lastFailure() == null ? null
              : Failures.translate("settle a commit", unsettled.lastFailure(), connection.keys()));
    }
    return Optional.empty();
  }

  /**
   * {@link EtcdOptions#counterShards()}: on etcd a counter addition is a read-modify-write checked
   * at commit, so writers adding to one key conflict and retry; spread over shards they do not.
   */
  @Override
  public int counterShards() {
    return connection.options().counterShards();
  }

  /** {@return the options the store was connected with} */
  public EtcdOptions options() {
    return connection.options();
  }

  /** Closes the client; later calls throw {@link dev.tessera.kv.StoreClosedException}. Idempotent. */
  @Override
  public void close() {
    if (!connection.isClosed()) {
      connection.close();
    }
  }

  private static Client client(EtcdOptions options) {
    ClientBuilder builder = Client.builder()
        .endpoints(options.endpoints().toArray(String[]::new))
        .connectTimeout(options.connectTimeout())
        .maxInboundMessageSize(options.maxInboundMessageSize())
        .interceptor(new RangeCompares());
    if (options.requestTimeout().toMillis() > 1000) {
      // jetcd retries reads (never transactions) within this; it must exceed its retry delay.
      builder.retryMaxDuration(options.requestTimeout());
    }
    char[] password = options.password();
    if (options.user() != null && password != null) {
      ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
      byte[] bytes = new byte[encoded.remaining()];
      encoded.get(bytes);
      Arrays.fill(password, '\0');
      builder.user(ByteSequence.from(options.user(), StandardCharsets.UTF_8))
          .password(ByteSequence.from(bytes));
      Arrays.fill(bytes, (byte) 0);
    }
    if (options.trustedCertificates() != null) {
      try {
        builder.sslContext(ssl -> {
          ssl.trustManager(options.trustedCertificates().toFile());
          if (options.clientCertificate() != null) {
            File cert = options.clientCertificate().toFile();
            ssl.keyManager(cert, options.clientKey().toFile());
          }
        });
      } catch (javax.net.ssl.SSLException | RuntimeException e) {
        throw new EtcdAccessDeniedException("connect", "the TLS settings could not be loaded ("
            + e.getMessage() + "); check the certificate and key files", e);
      }
    }
    return builder.build();
  }
}
