package dev.tessera.kv.lmdb;

import dev.tessera.tuple.TupleDecodingException;
import dev.tessera.tuple.TupleValidator;
import java.nio.ByteBuffer;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.lmdbjava.PutFlags;

/**
 * A direct buffer that hands a packed key to LMDB. lmdbjava's Agrona proxy passes a buffer's
 * address and capacity to native code, so a key must live in off-heap memory and the view must be
 * exactly as long as the key. One per thread (see {@link #forCurrentThread}); valid until the next
 * {@link #load} on the same thread, which is enough because LMDB copies or compares keys during
 * the call. Not thread-safe by design.
 */
final class KeyScratch {
  /** No put flags, shared: lmdbjava's varargs parameter would otherwise allocate an array per put. */
  static final PutFlags[] NO_FLAGS = {};

  private static final ThreadLocal<KeyScratch> PER_THREAD = ThreadLocal.withInitial(KeyScratch::new);

  private final ByteBuffer memory = ByteBuffer.allocateDirect(StoredEntry.MAX_KEY_SIZE);
  private final UnsafeBuffer view = new UnsafeBuffer(memory);
  private final byte[] heap = new byte[StoredEntry.MAX_KEY_SIZE];
  private final TupleValidator validator = new TupleValidator();

  private KeyScratch() {}

  /** The calling thread's scratch buffer. */
  static KeyScratch forCurrentThread() {
    return PER_THREAD.get();
  }

  /** Copies {@code key} (at most {@link StoredEntry#MAX_KEY_SIZE} bytes) into off-heap memory. */
  DirectBuffer load(byte[] key) {
    view.wrap(memory, 0, StoredEntry.MAX_KEY_SIZE);
    view.putBytes(0, key);
    view.wrap(memory, 0, key.length);
    return view;
  }

  /**
   * True if {@code key}, read from LMDB, is no longer than any stored key may be and is a packed
   * tuple, given that its first {@code checkedLength} bytes are whole parts of one (see {@link
   * StoredEntry#wholePartsShared}): only the rest is checked, in this thread's heap array, by this
   * thread's validator, allocating nothing.
   */
  boolean isTuple(DirectBuffer key, int checkedLength) {
    int length = key.capacity() - checkedLength;
    if (key.capacity() > heap.length || length < 0) {
      return false;
    }
    key.getBytes(checkedLength, heap, 0, length);
    try {
      validator.validate(heap, 0, length);
      return true;
    } catch (TupleDecodingException e) {
      return false;
    }
  }

  /** A standalone off-heap copy of {@code bytes}, for constants shared between threads. */
  static DirectBuffer constant(byte[] bytes) {
    ByteBuffer memory = ByteBuffer.allocateDirect(bytes.length);
    memory.put(bytes).flip();
    return new UnsafeBuffer(memory);
  }
}
