package dev.tessera.kv.etcd.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * TLS settings of a test cluster's client endpoints: the CA that signed the server certificate, the
 * server's certificate and key, and whether clients must present a certificate signed by the CA.
 *
 * @param caCertificate the CA certificate (PEM)
 * @param serverCertificate the server certificate for 127.0.0.1 (PEM)
 * @param serverKey the server's private key (PEM)
 * @param clientCertificatesRequired true to start etcd with {@code --client-cert-auth}
 */
public record EtcdSecurity(
    Path caCertificate, Path serverCertificate, Path serverKey, boolean clientCertificatesRequired) {

  /** The etcd flags for these settings. */
  List<String> serverFlags() {
    List<String> flags = new ArrayList<>(List.of(
        "--cert-file", serverCertificate.toString(),
        "--key-file", serverKey.toString(),
        "--trusted-ca-file", caCertificate.toString()));
    if (clientCertificatesRequired) {
      flags.add("--client-cert-auth");
    }
    return flags;
  }
}
