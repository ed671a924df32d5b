package dev.tessera.kv.etcd.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Certificates for a TLS test cluster, made with the {@code openssl} command in a directory: a CA,
 * a server certificate for 127.0.0.1 and a client certificate, each with a PKCS#8 key (EC P-256, so
 * generation is quick). Stateless apart from the files it writes.
 */
public final class TestCertificates {
  private final Path directory;

  private TestCertificates(Path directory) {
    this.directory = directory;
  }

  /** Creates a CA and a server and client certificate signed by it, under {@code directory}. */
  public static TestCertificates create(Path directory, String caName) {
    TestCertificates certs = new TestCertificates(directory);
    certs.openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
        "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=" + caName);
    certs.signed("server", "subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth,clientAuth\n");
    certs.signed("client", "extendedKeyUsage=clientAuth\n");
    return certs;
  }

  /** The CA certificate (PEM). */
  public Path ca() {
    return directory.resolve("ca.pem");
  }

  /** The server certificate (PEM). */
  public Path serverCertificate() {
    return directory.resolve("server.pem");
  }

  /** The server key (PEM, PKCS#8). */
  public Path serverKey() {
    return directory.resolve("server.key");
  }

  /** The client certificate (PEM). */
  public Path clientCertificate() {
    return directory.resolve("client.pem");
  }

  /** The client key (PEM, PKCS#8). */
  public Path clientKey() {
    return directory.resolve("client.key");
  }

  private void signed(String name, String extensions) {
    try {
      Files.writeString(directory.resolve(name + ".ext"), extensions);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", name + ".key", "-out", name + ".csr", "-subj", "/CN=tessera-" + name);
    openssl("x509", "-req", "-in", name + ".csr", "-CA", "ca.pem", "-CAkey", "ca.key",
        "-CAcreateserial", "-out", name + ".pem", "-days", "2", "-extfile", name + ".ext");
  }

  private void openssl(String... args) {
    List<String> command = new ArrayList<>(List.of("openssl"));
    command.addAll(List.of(args));
    try {
      Files.createDirectories(directory);
      Process process = new ProcessBuilder(command).directory(directory.toFile())
          .redirectErrorStream(true).start();
      byte[] output = process.getInputStream().readAllBytes();
      if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IllegalStateException("openssl failed: " + command + "\n" + new String(output));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot run openssl", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
