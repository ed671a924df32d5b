package dev.tessera.kv.etcd;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How {@link EtcdKvStore#connect(EtcdOptions)} reaches the cluster and which limits it applies.
 *
 * <pre>{@code
 * EtcdOptions options = EtcdOptions.builder("https://10.0.0.1:2379", "https://10.0.0.2:2379")
 *     .keyPrefix("shop/")                          // the store's namespace in the cluster
 *     .credentials("shop", password)               // etcd user with a role on "shop/"
 *     .trustedCertificates(Path.of("ca.pem"))      // TLS: verify the servers
 *     .build();
 * }</pre>
 *
 * <p>The limits must match the cluster's flags ({@code --max-txn-ops}, {@code --max-request-bytes}):
 * the store checks them before sending, so an oversized commit fails with a clear {@link
 * CommitTooLargeException} instead of a gRPC error. {@link #toString()} never shows the password.
 *
 * <p>Immutable and thread-safe (the password array is copied in and out).
 */
public final class EtcdOptions {
  /** etcd's default {@code --max-txn-ops}. */
  public static final int DEFAULT_MAX_TXN_OPS = 128;
  /** etcd's default {@code --max-request-bytes} (1.5 MiB). */
  public static final int DEFAULT_MAX_REQUEST_BYTES = 1536 * 1024;
  /** The default of {@link #counterShards()}. */
  public static final int DEFAULT_COUNTER_SHARDS = 16;

  private final List<String> endpoints;
  private final byte[] keyPrefix;
  private final Duration connectTimeout;
  private final Duration requestTimeout;
  private final Duration outcomeTimeout;
  private final Duration outcomeRetention;
  private final int maxTxnOps;
  private final int maxRequestBytes;
  private final int maxKeySize;
  private final int maxInboundMessageSize;
  private final int counterShards;
  private final String user;
  private final char[] password;
  private final Path trustedCertificates;
  private final Path clientCertificate;
  private final Path clientKey;

  private EtcdOptions(Builder b) {
    this.endpoints = List.copyOf(b.endpoints);
    this.keyPrefix = b.keyPrefix.clone();
    this.connectTimeout = b.connectTimeout;
    this.requestTimeout = b.requestTimeout;
    this.outcomeTimeout = b.outcomeTimeout;
    this.outcomeRetention = b.outcomeRetention;
    this.maxTxnOps = b.maxTxnOps;
    this.maxRequestBytes = b.maxRequestBytes;
    this.maxKeySize = b.maxKeySize;
    this.maxInboundMessageSize = b.maxInboundMessageSize;
    this.counterShards = b.counterShards;
    this.user = b.user;
    this.password = b.password == null ? null : b.password.clone();
    this.trustedCertificates = b.trustedCertificates;
    this.clientCertificate = b.clientCertificate;
    this.clientKey = b.clientKey;
  }

  /**
   * {@return a builder for a cluster reached at {@code endpoints} ({@code http://host:port} or
   * {@code https://host:port}; give every member so the client can fail over)}
   *
   * @param endpoints the members' client URLs
   */
  public static Builder builder(String... endpoints) {
    return new Builder(List.of(endpoints));
  }

  /**
   * {@return a builder for a cluster reached at {@code endpoints}}
   *
   * @param endpoints the members' client URLs
   */
  public static Builder builder(List<String> endpoints) {
    return new Builder(endpoints);
  }

  /** {@return the members' client URLs} */
  public List<String> endpoints() {
    return endpoints;
  }

  /**
   * Bytes put before every key: the store's namespace in the cluster (may be empty).
   *
   * @return the prefix, a copy
   */
  public byte[] keyPrefix() {
    return keyPrefix.clone();
  }

  /** {@return how long connecting to a member may take} */
  public Duration connectTimeout() {
    return connectTimeout;
  }

  /**
   * {@return how long one request (a read, one commit attempt) may take before it counts as failed}
   */
  public Duration requestTimeout() {
    return requestTimeout;
  }

  /**
   * {@return how long a commit may spend settling an unknown outcome (and retrying a commit that
   * did not land) before it throws {@link CommitOutcomeUnknownException}}
   */
  public Duration outcomeTimeout() {
    return outcomeTimeout;
  }

  /**
   * {@return how long the cluster keeps the evidence of each commit's outcome (a small key per
   * commit, removed by an etcd lease), and so how long {@link EtcdKvStore#resolveOutcome(String)}
   * can still answer}
   */
  public Duration outcomeRetention() {
    return outcomeRetention;
  }

  /** {@return the cluster's {@code --max-txn-ops}} */
  public int maxTxnOps() {
    return maxTxnOps;
  }

  /** {@return the cluster's {@code --max-request-bytes}} */
  public int maxRequestBytes() {
    return maxRequestBytes;
  }

  /**
   * {@return the largest packed key accepted (511 bytes by default, as on LMDB, so data moves both
   * ways)}
   */
  public int maxKeySize() {
    return maxKeySize;
  }

  /** {@return the largest response the client accepts (a page of a listing, a multi-get)} */
  public int maxInboundMessageSize() {
    return maxInboundMessageSize;
  }

  /**
   * Over how many keys a record count is spread ({@link EtcdKvStore#counterShards()}): each
   * writing thread adds to one of them, so concurrent inserts do not all conflict on one key; a
   * count reads them all. 16 by default; 1 puts every addition on one key.
   *
   * @return the number of shards
   */
  public int counterShards() {
    return counterShards;
  }

  /** {@return the etcd user, or {@code null} when the cluster has no authentication} */
  public String user() {
    return user;
  }

  /** The etcd password (a copy), or {@code null}. */
  char[] password() {
    return password == null ? null : password.clone();
  }

  /** {@return the CA certificates (PEM) that server certificates must chain to, or {@code null}} */
  public Path trustedCertificates() {
    return trustedCertificates;
  }

  /** {@return the client certificate (PEM) presented to the servers, or {@code null}} */
  public Path clientCertificate() {
    return clientCertificate;
  }

  /** {@return the client certificate's private key (PEM, PKCS#8), or {@code null}} */
  public Path clientKey() {
    return clientKey;
  }

  /** The options without the password (shown as {@code ***} when set). */
  @Override
  public String toString() {
    return "EtcdOptions[endpoints=" + endpoints
        + ", keyPrefix=" + new String(keyPrefix, StandardCharsets.UTF_8)
        + ", user=" + user + ", password=" + (password == null ? "none" : "***")
        + ", tls=" + (trustedCertificates != null) + ", clientCertificate=" + (clientCertificate != null)
        + ", requestTimeout=" + requestTimeout + ", outcomeTimeout=" + outcomeTimeout
        + ", maxTxnOps=" + maxTxnOps + ", maxRequestBytes=" + maxRequestBytes + "]";
  }

  /** Builds {@link EtcdOptions}. Not thread-safe. */
  public static final class Builder {
    private final List<String> endpoints;
    private byte[] keyPrefix = new byte[0];
    private Duration connectTimeout = Duration.ofSeconds(5);
    private Duration requestTimeout = Duration.ofSeconds(5);
    private Duration outcomeTimeout = Duration.ofSeconds(30);
    private Duration outcomeRetention = Duration.ofMinutes(10);
    private int maxTxnOps = DEFAULT_MAX_TXN_OPS;
    private int maxRequestBytes = DEFAULT_MAX_REQUEST_BYTES;
    private int maxKeySize = 511;
    private int maxInboundMessageSize = 64 << 20;
    private int counterShards = DEFAULT_COUNTER_SHARDS;
    private String user;
    private char[] password;
    private Path trustedCertificates;
    private Path clientCertificate;
    private Path clientKey;

    private Builder(List<String> endpoints) {
      if (endpoints.isEmpty()) {
        throw new IllegalArgumentException("At least one etcd endpoint is needed");
      }
      for (String endpoint : endpoints) {
        if (!endpoint.startsWith("http://") && !endpoint.startsWith("https://")) {
          throw new IllegalArgumentException("etcd endpoint '" + endpoint
              + "' must start with http:// or https://");
        }
      }
      this.endpoints = List.copyOf(endpoints);
    }

    /**
     * The store's namespace: every key is stored under these UTF-8 bytes.
     *
     * @param prefix the prefix
     * @return this builder
     */
    public Builder keyPrefix(String prefix) {
      return keyPrefix(prefix.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The store's namespace as bytes.
     *
     * @param prefix the prefix
     * @return this builder
     */
    public Builder keyPrefix(byte[] prefix) {
      this.keyPrefix = prefix.clone();
      return this;
    }

    /**
     * See {@link EtcdOptions#connectTimeout()}.
     *
     * @param timeout the timeout
     * @return this builder
     */
    public Builder connectTimeout(Duration timeout) {
      this.connectTimeout = positive(timeout, "connectTimeout");
      return this;
    }

    /**
     * See {@link EtcdOptions#requestTimeout()}.
     *
     * @param timeout the timeout
     * @return this builder
     */
    public Builder requestTimeout(Duration timeout) {
      this.requestTimeout = positive(timeout, "requestTimeout");
      return this;
    }

    /**
     * See {@link EtcdOptions#outcomeTimeout()}.
     *
     * @param timeout the timeout
     * @return this builder
     */
    public Builder outcomeTimeout(Duration timeout) {
      this.outcomeTimeout = positive(timeout, "outcomeTimeout");
      return this;
    }

    /**
     * See {@link EtcdOptions#outcomeRetention()}; at least 10 s.
     *
     * @param retention how long the evidence is kept
     * @return this builder
     */
    public Builder outcomeRetention(Duration retention) {
      if (retention.toSeconds() < 10) {
        throw new IllegalArgumentException("outcomeRetention must be at least 10 s, was " + retention);
      }
      this.outcomeRetention = retention;
      return this;
    }

    /**
     * The cluster's {@code --max-txn-ops} (at least 4).
     *
     * @param ops the cluster's limit
     * @return this builder
     */
    public Builder maxTxnOps(int ops) {
      if (ops < 4) {
        throw new IllegalArgumentException("maxTxnOps must be at least 4, was " + ops);
      }
      this.maxTxnOps = ops;
      return this;
    }

    /**
     * The cluster's {@code --max-request-bytes}.
     *
     * @param bytes the cluster's limit
     * @return this builder
     */
    public Builder maxRequestBytes(int bytes) {
      if (bytes < 4096) {
        throw new IllegalArgumentException("maxRequestBytes must be at least 4096, was " + bytes);
      }
      this.maxRequestBytes = bytes;
      return this;
    }

    /**
     * The largest packed key accepted.
     *
     * @param bytes the size, in bytes
     * @return this builder
     */
    public Builder maxKeySize(int bytes) {
      if (bytes < 16) {
        throw new IllegalArgumentException("maxKeySize must be at least 16, was " + bytes);
      }
      this.maxKeySize = bytes;
      return this;
    }

    /**
     * The largest response accepted (default 64 MiB; gRPC's own default of 4 MiB is too small).
     *
     * @param bytes the size, in bytes
     * @return this builder
     */
    public Builder maxInboundMessageSize(int bytes) {
      this.maxInboundMessageSize = bytes;
      return this;
    }

    /**
     * See {@link EtcdOptions#counterShards()}; 1 to 256.
     *
     * @param shards the number of shards
     * @return this builder
     */
    public Builder counterShards(int shards) {
      if (shards < 1 || shards > 256) {
        throw new IllegalArgumentException("counterShards must be 1 to 256, was " + shards);
      }
      this.counterShards = shards;
      return this;
    }

    /**
     * Authenticates as {@code user}; the password array is copied (clear yours afterwards).
     *
     * @param user the etcd user
     * @param password the user's password
     * @return this builder
     */
    public Builder credentials(String user, char[] password) {
      this.user = Objects.requireNonNull(user, "user");
      this.password = Objects.requireNonNull(password, "password").clone();
      return this;
    }

    /**
     * TLS: server certificates must chain to the CA certificates in this PEM file.
     *
     * @param caPem the PEM file of the CA certificates
     * @return this builder
     */
    public Builder trustedCertificates(Path caPem) {
      this.trustedCertificates = caPem;
      return this;
    }

    /**
     * TLS client authentication: present this certificate (PEM) and key (PEM, PKCS#8).
     *
     * @param certificatePem the client certificate's PEM file
     * @param keyPem the client key's PEM file
     * @return this builder
     */
    public Builder clientCertificate(Path certificatePem, Path keyPem) {
      this.clientCertificate = Objects.requireNonNull(certificatePem, "certificatePem");
      this.clientKey = Objects.requireNonNull(keyPem, "keyPem");
      return this;
    }

    /** {@return the options} */
    public EtcdOptions build() {
      boolean https = endpoints.stream().anyMatch(e -> e.startsWith("https://"));
      if (clientCertificate != null && trustedCertificates == null) {
        throw new IllegalArgumentException(
            "A client certificate needs TLS: set trustedCertificates(caPem) as well");
      }
      if (https && endpoints.stream().anyMatch(e -> e.startsWith("http://"))) {
        throw new IllegalArgumentException("Mixed http:// and https:// endpoints: " + endpoints);
      }
      return new EtcdOptions(this);
    }

    private static Duration positive(Duration d, String name) {
      if (d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException(name + " must be positive, was " + d);
      }
      return d;
    }
  }
}
