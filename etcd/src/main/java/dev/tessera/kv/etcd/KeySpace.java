package dev.tessera.kv.etcd;

import dev.tessera.kv.KeyTooLargeException;
import dev.tessera.tuple.Tuple;
import io.etcd.jetcd.ByteSequence;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Where the store's keys live in etcd's flat key space: a user key is the store's prefix followed by
 * the packed tuple; the store's own keys (commit outcome markers) follow the prefix and the byte
 * 0xFF, which no packed tuple starts with, so they sort after every user key and no listing of user
 * keys reaches them. Immutable and thread-safe.
 */
final class KeySpace {
  private static final byte[] OUTCOME = "\u00fftessera.outcome/".getBytes(StandardCharsets.ISO_8859_1);

  private final byte[] prefix;
  private final int maxKeySize;

  KeySpace(byte[] prefix, int maxKeySize) {
    this.prefix = prefix.clone();
    this.maxKeySize = maxKeySize;
  }

  /** The etcd key of a user key; checks its size first. */
  ByteSequence key(Tuple key) {
    return ByteSequence.from(withPrefix(packChecked(key)));
  }

  /** The packed tuple, refused when over the key size limit (as on LMDB). */
  byte[] packChecked(Tuple key) {
    if (key.size() == 0) {
      throw new IllegalArgumentException("The empty tuple is not a key");
    }
    byte[] packed = key.pack();
    if (packed.length > maxKeySize) {
      throw new KeyTooLargeException(key, packed.length, maxKeySize);
    }
    return packed;
  }

  /** The etcd key of packed tuple bytes. */
  ByteSequence packed(byte[] packedKey) {
    return ByteSequence.from(withPrefix(packedKey));
  }

  /** The length of the store's prefix, in bytes. */
  int prefixSize() {
    return prefix.length;
  }

  /** The user key's packed bytes of an etcd key under this store's prefix. */
  byte[] unprefixed(ByteSequence etcdKey) {
    byte[] bytes = etcdKey.getBytes();
    return Arrays.copyOfRange(bytes, prefix.length, bytes.length);
  }

  /** The etcd key a range starts at: the prefix and {@code packedBegin} (etcd has no empty key). */
  ByteSequence rangeStart(byte[] packedBegin) {
    byte[] start = withPrefix(packedBegin);
    return ByteSequence.from(start.length == 0 ? new byte[] {0} : start);
  }

  /**
   * The etcd range end for a user range end: a packed end past every user key (0xFF or more) is
   * clamped to the start of the store's own keys.
   */
  ByteSequence rangeEnd(byte[] packedEnd) {
    byte[] clamped = Arrays.compareUnsigned(packedEnd, new byte[] {(byte) 0xFF}) > 0
        ? new byte[] {(byte) 0xFF} : packedEnd;
    return ByteSequence.from(withPrefix(clamped));
  }

  /** The etcd key of the outcome marker {@code commitId}. */
  ByteSequence outcomeMarker(String commitId) {
    byte[] id = commitId.getBytes(StandardCharsets.US_ASCII);
    byte[] key = Arrays.copyOf(prefix, prefix.length + OUTCOME.length + id.length);
    System.arraycopy(OUTCOME, 0, key, prefix.length, OUTCOME.length);
    System.arraycopy(id, 0, key, prefix.length + OUTCOME.length, id.length);
    return ByteSequence.from(key);
  }

  /** The store's prefix, for messages. */
  String describe() {
    return "'" + new String(prefix, StandardCharsets.UTF_8) + "'";
  }

  private byte[] withPrefix(byte[] packed) {
    byte[] key = Arrays.copyOf(prefix, prefix.length + packed.length);
    System.arraycopy(packed, 0, key, prefix.length, packed.length);
    return key;
  }
}
