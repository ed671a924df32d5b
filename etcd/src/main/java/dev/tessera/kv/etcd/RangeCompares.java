package dev.tessera.kv.etcd;

import com.google.protobuf.ByteString;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.api.Compare;
import io.etcd.jetcd.api.TxnRequest;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.MethodDescriptor;
import java.security.SecureRandom;

/**
 * Compares over a key range ({@code range_end} in etcd's Compare), which jetcd's {@link Cmp} cannot
 * express: such a compare is sent as an ordinary {@code Cmp} on a carrier key (a per-process random
 * tag, then the begin key's length, begin and end), and this gRPC interceptor rewrites each carrier
 * in an outgoing transaction into the real compare with {@code key = begin, range_end = end}. The
 * random tag makes a collision with a real key impossible in practice. Thread-safe.
 */
final class RangeCompares implements ClientInterceptor {
  private static final String TXN_METHOD = "etcdserverpb.KV/Txn";
  private static final byte[] TAG = new byte[16];

  static {
    new SecureRandom().nextBytes(TAG);
  }

  /**
   * A compare that holds when every key in {@code [begin, end)} has a mod revision below {@code
   * revision} (an empty range always holds).
   */
  static Cmp modRevisionsBelow(ByteSequence begin, ByteSequence end, long revision) {
    byte[] b = begin.getBytes();
    byte[] e = end.getBytes();
    byte[] carrier = new byte[TAG.length + 4 + b.length + e.length];
    System.arraycopy(TAG, 0, carrier, 0, TAG.length);
    carrier[TAG.length] = (byte) (b.length >>> 24);
    carrier[TAG.length + 1] = (byte) (b.length >>> 16);
    carrier[TAG.length + 2] = (byte) (b.length >>> 8);
    carrier[TAG.length + 3] = (byte) b.length;
    System.arraycopy(b, 0, carrier, TAG.length + 4, b.length);
    System.arraycopy(e, 0, carrier, TAG.length + 4 + b.length, e.length);
    return new Cmp(ByteSequence.from(carrier), Cmp.Op.LESS, CmpTarget.modRevision(revision));
  }

  @Override
  public <Q, R> ClientCall<Q, R> interceptCall(
      MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
    ClientCall<Q, R> call = next.newCall(method, options);
    if (!TXN_METHOD.equals(method.getFullMethodName())) {
      return call;
    }
    return new ForwardingClientCall.SimpleForwardingClientCall<>(call) {
      @Override
      @SuppressWarnings("unchecked") // the Txn method's request type is TxnRequest
      public void sendMessage(Q message) {
        super.sendMessage(message instanceof TxnRequest request ? (Q) rewrite(request) : message);
      }
    };
  }

  static TxnRequest rewrite(TxnRequest request) {
    TxnRequest.Builder builder = null;
    for (int i = 0; i < request.getCompareCount(); i++) {
      Compare compare = request.getCompare(i);
      ByteString key = compare.getKey();
      if (key.size() >= TAG.length + 4 && key.substring(0, TAG.length).equals(ByteString.copyFrom(TAG))) {
        int beginLength = ((key.byteAt(TAG.length) & 0xFF) << 24) | ((key.byteAt(TAG.length + 1) & 0xFF) << 16)
            | ((key.byteAt(TAG.length + 2) & 0xFF) << 8) | (key.byteAt(TAG.length + 3) & 0xFF);
        int start = TAG.length + 4;
        if (builder == null) {
          builder = request.toBuilder();
        }
        builder.setCompare(i, compare.toBuilder()
            .setKey(key.substring(start, start + beginLength))
            .setRangeEnd(key.substring(start + beginLength)));
      }
    }
    return builder == null ? request : builder.build();
  }
}
