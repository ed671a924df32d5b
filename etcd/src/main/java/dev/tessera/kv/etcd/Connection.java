package dev.tessera.kv.etcd;

import dev.tessera.OperationInterruptedException;
import dev.tessera.kv.CorruptEntryException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.StoreClosedException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleDecodingException;
import dev.tessera.tuple.Versionstamp;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The store's connection to the cluster: sends requests with the request timeout, turns failures
 * into Tessera exceptions, and reads keys at a pinned {@link Revision}. Thread-safe.
 */
final class Connection {
  private final Client client;
  private final KV kv;
  private final KeySpace keys;
  private final EtcdOptions options;
  private volatile boolean closed;

  Connection(Client client, KeySpace keys, EtcdOptions options) {
    this.client = client;
    this.kv = client.getKVClient();
    this.keys = keys;
    this.options = options;
  }

  Client client() {
    return client;
  }

  KV kv() {
    return kv;
  }

  KeySpace keys() {
    return keys;
  }

  EtcdOptions options() {
    return options;
  }

  boolean isClosed() {
    return closed;
  }

  void close() {
    closed = true;
    client.close();
  }

  void ensureOpen(String operation) {
    if (closed) {
      throw new StoreClosedException("on etcd under prefix " + keys.describe(), operation);
    }
  }

  /**
   * Sends a request and waits for it with the request timeout; failures become Tessera exceptions
   * (a read of a compacted {@code revision} becomes {@link SnapshotCompactedException}).
   */
  <T> T call(String operation, Supplier<CompletableFuture<T>> request, Revision revision) {
    ensureOpen(operation);
    try {
      return await(request.get());
    } catch (ExecutionException | TimeoutException e) {
      if (revision != null && revision.isPinned() && Failures.isCompacted(e)) {
        throw new SnapshotCompactedException(revision.value(), Failures.compactedRevision(e), e);
      }
      throw closed ? new StoreClosedException("on etcd under prefix " + keys.describe(), operation)
          : Failures.translate(operation, e, keys);
    }
  }

  /** Waits for {@code future} with the request timeout; cancels it on timeout. */
  <T> T await(CompletableFuture<T> future) throws ExecutionException, TimeoutException {
    try {
      return future.get(options.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      throw e;
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      throw new OperationInterruptedException("A request to etcd");
    }
  }

  /** Reads one key at {@code revision} (pinning it if unset). */
  KvEntry get(Tuple key, Revision revision) {
    ByteSequence etcdKey = keys.key(key);
    GetResponse response = call("get", () -> kv.get(etcdKey, at(revision).build()), revision);
    revision.pin(response.getHeader().getRevision());
    return response.getKvs().isEmpty() ? KvEntry.absent(key) : entry(key, response.getKvs().get(0));
  }

  /**
   * Reads several keys at one revision: in read-only transactions of up to {@code --max-txn-ops}
   * gets each, the first pinning the revision for the rest.
   */
  List<KvEntry> getMany(List<Tuple> tuples, Revision revision) {
    List<ByteSequence> etcdKeys = new ArrayList<>(tuples.size());
    for (Tuple tuple : tuples) {
      etcdKeys.add(keys.key(tuple));
    }
    if (tuples.size() == 1) {
      return List.of(get(tuples.get(0), revision));
    }
    List<KvEntry> entries = new ArrayList<>(tuples.size());
    int chunk = options.maxTxnOps();
    for (int from = 0; from < tuples.size(); from += chunk) {
      int to = Math.min(tuples.size(), from + chunk);
      Op[] gets = new Op[to - from];
      GetOption option = at(revision).build();
      for (int i = from; i < to; i++) {
        gets[i - from] = Op.get(etcdKeys.get(i), option);
      }
      TxnResponse response = call("getMany", () -> kv.txn().Then(gets).commit(), revision);
      revision.pin(response.getHeader().getRevision());
      List<GetResponse> answers = response.getGetResponses();
      for (int i = from; i < to; i++) {
        List<KeyValue> kvs = answers.get(i - from).getKvs();
        entries.add(kvs.isEmpty() ? KvEntry.absent(tuples.get(i)) : entry(tuples.get(i), kvs.get(0)));
      }
    }
    return entries;
  }

  /**
   * Reads up to {@code limit} entries of the packed range {@code [from, to)} at {@code revision},
   * ascending or descending.
   */
  List<KeyValue> range(byte[] from, byte[] to, int limit, boolean reverse, Revision revision) {
    GetOption.Builder option = at(revision).withRange(keys.rangeEnd(to)).withLimit(limit);
    if (reverse) {
      option.withSortField(GetOption.SortTarget.KEY).withSortOrder(GetOption.SortOrder.DESCEND);
    }
    ByteSequence start = keys.rangeStart(from);
    GetOption built = option.build();
    GetResponse response = call("list", () -> kv.get(start, built), revision);
    revision.pin(response.getHeader().getRevision());
    return response.getKvs();
  }

  /** The entry of a key-value read for {@code key}. */
  static KvEntry entry(Tuple key, KeyValue kv) {
    return new KvEntry(key, kv.getValue().getBytes(), versionstampOf(kv));
  }

  /**
   * The entry of a listed key, kept packed: checked now to be a packed tuple, decoded only if the
   * caller asks for its key.
   *
   * @throws CorruptEntryException if {@code packedKey} is not a packed tuple
   */
  static KvEntry listedEntry(byte[] packedKey, KeyValue kv) {
    try {
      Tuple.validate(packedKey);
    } catch (TupleDecodingException e) {
      throw new CorruptEntryException(packedKey, null, "the key is not a packed tuple: " + e.getMessage(), e);
    }
    return KvEntry.ofPacked(packedKey, kv.getValue().getBytes(), versionstampOf(kv));
  }

  // etcd's modification revision orders commits; one commit writes each key once, so order 0.
  private static Versionstamp versionstampOf(KeyValue kv) {
    return Versionstamp.of(kv.getModRevision(), 0);
  }

  private static GetOption.Builder at(Revision revision) {
    return GetOption.builder().withRevision(revision.value());
  }
}
