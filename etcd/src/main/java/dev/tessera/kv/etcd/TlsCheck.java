package dev.tessera.kv.etcd;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertPathValidatorException;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * Says why the cluster did not answer when the reason is its server certificate: gRPC reports a
 * certificate it does not trust as an unavailable endpoint, retried until the timeout, so a wrong
 * CA would look like a cluster that is down. After a failed connect, this makes one TLS handshake
 * with each endpoint, trusting only {@link EtcdOptions#trustedCertificates()} and checking the
 * host name as gRPC does, and names the first endpoint whose certificate fails. Stateless.
 */
final class TlsCheck {
  private TlsCheck() {}

  /**
   * The reason the server certificate of one of the endpoints is refused, naming the endpoint and
   * the trusted CA file; empty when every endpoint that answers presents a trusted certificate (or
   * none answers, or TLS is off).
   */
  static Optional<String> untrustedServer(EtcdOptions options) {
    if (options.trustedCertificates() == null) {
      return Optional.empty();
    }
    SSLContext context;
    try {
      context = trusting(options);
    } catch (IOException | GeneralSecurityException e) {
      return Optional.empty(); // the client could not load them either, and said so
    }
    for (String endpoint : options.endpoints()) {
      if (endpoint.startsWith("https://")) {
        Optional<String> refused = handshake(context, endpoint, options);
        if (refused.isPresent()) {
          return refused;
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<String> handshake(SSLContext context, String endpoint, EtcdOptions options) {
    URI uri = URI.create(endpoint);
    int timeout = (int) Math.min(Integer.MAX_VALUE, options.connectTimeout().toMillis());
    try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket()) {
      socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), timeout);
      socket.setSoTimeout(timeout);
      SSLParameters parameters = socket.getSSLParameters();
      parameters.setEndpointIdentificationAlgorithm("HTTPS");
      socket.setSSLParameters(parameters);
      socket.startHandshake();
      return Optional.empty();
    } catch (SSLHandshakeException e) {
      if (!certificateRefused(e)) {
        return Optional.empty(); // e.g. the server wants a client certificate: not this check's
      }
      return Optional.of("the TLS handshake with " + endpoint + " failed: its server certificate is"
          + " not trusted (" + e.getMessage() + "); trustedCertificates(" + options.trustedCertificates()
          + ") must hold the CA that signed the members' certificates, and each certificate must name"
          + " the host of its endpoint");
    } catch (IOException | RuntimeException unreachable) {
      return Optional.empty();
    }
  }

  /** True when the handshake failed on our side's verification of the server's certificate. */
  private static boolean certificateRefused(SSLHandshakeException e) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof CertificateException || c instanceof CertPathValidatorException
          || String.valueOf(c.getMessage()).contains("PKIX path")) {
        return true;
      }
    }
    return false;
  }

  private static SSLContext trusting(EtcdOptions options) throws IOException, GeneralSecurityException {
    KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
    trusted.load(null, null);
    CertificateFactory x509 = CertificateFactory.getInstance("X.509");
    try (InputStream pem = Files.newInputStream(options.trustedCertificates())) {
      int n = 0;
      for (Certificate certificate : x509.generateCertificates(pem)) {
        trusted.setCertificateEntry("ca-" + n++, certificate);
      }
    }
    TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trust.init(trusted);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, trust.getTrustManagers(), null);
    return context;
  }
}
