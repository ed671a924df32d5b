package dev.tessera.kv.etcd;

import dev.tessera.TesseraException;
import dev.tessera.kv.StoreClosedException;
import io.etcd.jetcd.common.exception.ClosedClientException;
import io.etcd.jetcd.common.exception.CompactedException;
import io.etcd.jetcd.common.exception.EtcdException;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * Turns what jetcd and gRPC throw into Tessera's exceptions, so no client exception reaches a user,
 * and tells a commit whether a failure leaves its outcome open. Stateless.
 */
final class Failures {
  /** What a failed request means for a commit that was sent. */
  enum Outcome {
    /** The cluster refused the request before applying it: nothing was written. */
    REJECTED,
    /** The request may or may not have been applied (timeout, connection lost, leader change). */
    UNKNOWN
  }

  /** What etcd and gRPC say when they refuse a request as too large. */
  private static final List<String> TOO_LARGE = List.of(
      "request is too large", "message larger than max", "too many operations in txn request");

  private Failures() {}

  /** The failure under the future's wrappers. */
  static Throwable unwrap(Throwable t) {
    while ((t instanceof ExecutionException || t instanceof CompletionException) && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  /** Whether a commit that failed with {@code failure} may have been applied. */
  static Outcome outcomeOf(Throwable failure) {
    Throwable t = unwrap(failure);
    if (t instanceof TimeoutException || t instanceof ClosedClientException) {
      return Outcome.UNKNOWN;
    }
    switch (code(t)) {
      case INVALID_ARGUMENT:
      case PERMISSION_DENIED:
      case UNAUTHENTICATED:
      case RESOURCE_EXHAUSTED:
      case FAILED_PRECONDITION:
      case OUT_OF_RANGE:
      case NOT_FOUND:
      case ALREADY_EXISTS:
      case UNIMPLEMENTED:
        return Outcome.REJECTED;
      default:
        return Outcome.UNKNOWN;
    }
  }

  /**
   * etcd's reason when it refused a request as too large ({@code --max-request-bytes}, gRPC's
   * message size limit, or {@code --max-txn-ops}), else null.
   */
  static String tooLargeReason(Throwable failure) {
    String chain = chainText(unwrap(failure));
    for (String reason : TOO_LARGE) {
      if (chain.contains(reason)) {
        return reason;
      }
    }
    return null;
  }

  /** True if the failure says a snapshot's revision was compacted away. */
  static boolean isCompacted(Throwable failure) {
    Throwable t = unwrap(failure);
    return t instanceof CompactedException
        || (code(t) == Status.Code.OUT_OF_RANGE && String.valueOf(t.getMessage()).contains("compacted"));
  }

  /** The revision etcd compacted up to, when the failure says so, else 0. */
  static long compactedRevision(Throwable failure) {
    Throwable t = unwrap(failure);
    return t instanceof CompactedException c ? c.getCompactedRevision() : 0;
  }

  /**
   * The Tessera exception for a failed {@code operation}.
   *
   * @param keys the store's key space, named in permission errors
   */
  static RuntimeException translate(String operation, Throwable failure, KeySpace keys) {
    Throwable t = unwrap(failure);
    if (t instanceof TesseraException tessera) {
      return tessera; // already says what happened (an interrupted wait, say)
    }
    if (t instanceof ClosedClientException) {
      return new StoreClosedException("on etcd under prefix " + keys.describe(), operation);
    }
    if (t instanceof TimeoutException) {
      return new EtcdUnavailableException(operation, "no answer within the request timeout", t);
    }
    String message = messageOf(t);
    SSLException tls = find(t, SSLException.class);
    if (tls != null) {
      return new EtcdAccessDeniedException(operation, "the TLS handshake failed (" + tls.getMessage()
          + "); check the trusted CA certificates and the client certificate", t);
    }
    Status.Code code = code(t);
    String chain = chainText(t);
    if (chain.contains("authentication failed") || chain.contains("invalid user ID or password")) {
      return new EtcdAccessDeniedException(operation,
          "the user name or password was refused; check the credentials in EtcdOptions", t);
    }
    if (chain.contains("user name is empty") || code == Status.Code.UNAUTHENTICATED) {
      return new EtcdAccessDeniedException(operation, "the cluster requires authentication ("
          + message + "); set credentials in EtcdOptions", t);
    }
    switch (code) {
      case PERMISSION_DENIED:
        return new EtcdAccessDeniedException(operation, "permission denied: the etcd user's role"
            + " needs readwrite permission on the whole key range of the store's prefix "
            + keys.describe() + " (etcdctl role grant-permission ROLE --prefix=true readwrite PREFIX)",
            t);
      case UNAVAILABLE:
      case DEADLINE_EXCEEDED:
      case CANCELLED:
        return new EtcdUnavailableException(operation, code + ": " + message, t);
      case RESOURCE_EXHAUSTED:
        if (message.contains("space exceeded")) {
          return new EtcdStoreException("etcd refused to " + operation + ": its space quota is"
              + " exhausted (NOSPACE alarm; only reads and deletes are served). Compact old"
              + " revisions, defragment every member, then disarm the alarm (etcdctl alarm disarm)",
              t);
        }
        return new EtcdUnavailableException(operation, code + ": " + message, t);
      case UNKNOWN:
        // gRPC reports a channel closed under a request (a member going away) as UNKNOWN; a
        // failure that carries no gRPC status at all is not the cluster's answer.
        if (carriesStatus(t)) {
          return new EtcdUnavailableException(operation, code + ": " + message, t);
        }
        return new EtcdStoreException("etcd refused to " + operation + ": " + code + ": " + message, t);
      default:
        return new EtcdStoreException("etcd refused to " + operation + ": " + code + ": " + message, t);
    }
  }

  private static Status.Code code(Throwable t) {
    if (t instanceof EtcdException e) {
      return Status.Code.valueOf(e.getErrorCode().name());
    }
    return Status.fromThrowable(t).getCode();
  }

  /** Whether {@code t} is, or wraps, a gRPC status (as opposed to a failure in the client). */
  private static boolean carriesStatus(Throwable t) {
    return t instanceof EtcdException || find(t, StatusRuntimeException.class) != null
        || find(t, StatusException.class) != null;
  }

  /** The messages of {@code t} and its causes (jetcd wraps the server's reason in a cause). */
  private static String chainText(Throwable t) {
    StringBuilder text = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      text.append(c.getMessage()).append('\n');
    }
    return text.toString();
  }

  private static String messageOf(Throwable t) {
    String message = t.getMessage();
    return message == null ? t.getClass().getSimpleName() : message;
  }

  private static <T extends Throwable> T find(Throwable t, Class<T> type) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (type.isInstance(c)) {
        return type.cast(c);
      }
    }
    return null;
  }
}
