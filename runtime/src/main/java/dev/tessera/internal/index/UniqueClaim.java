package dev.tessera.internal.index;

import dev.tessera.internal.kv.Pointer;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvEntry;
import dev.tessera.tuple.Tuple;
import java.util.Arrays;
import java.util.function.Predicate;

/**
 * The one rule for who holds a value of a unique index while the index is not enforced (being
 * built): a writer, the backfill and the resolution of duplicate markers each ask it whether a
 * record may write the entry {@code (subspace, values...) -> its packed primary key}. The entry is
 * the record's if it is absent, already points to the record, or points to a record that no longer
 * holds the value; otherwise another record holds the value and this one gets a duplicate marker
 * (settled, or reported, when the build resolves its markers). Also decodes a unique entry's pointer,
 * the same way for every reader. Stateless.
 */
public final class UniqueClaim {
  /** What a record claiming a unique value does. */
  enum Decision {
    /** The value is free (or held by a stale pointer): write the entry. */
    WRITE_ENTRY,
    /** The entry already points to this record: nothing to write. */
    ALREADY_HELD,
    /** Another record holds the value: record a duplicate marker, or report a duplicate. */
    DUPLICATE
  }

  private UniqueClaim() {}

  /**
   * Decides the claim of the record whose packed primary key is {@code claimant}.
   *
   * @param pointer the entry's stored value (or the value written earlier in the same commit), null
   *     if there is none
   * @param claimant the packed primary key parts of the record claiming the value
   * @param holderHolds asked only when the pointer names another record: true if that record still
   *     holds the value (a writer that cannot tell passes {@code p -> true} and lets resolution decide)
   */
  static Decision decide(byte[] pointer, byte[] claimant, Predicate<byte[]> holderHolds) {
    if (pointer == null) {
      return Decision.WRITE_ENTRY;
    }
    if (Arrays.equals(pointer, claimant)) {
      return Decision.ALREADY_HELD;
    }
    return holderHolds.test(pointer) ? Decision.DUPLICATE : Decision.WRITE_ENTRY;
  }

  /**
   * The primary key parts a unique entry points to.
   *
   * @throws CorruptRecordException naming the entry's key if its value is not a packed tuple
   */
  public static Tuple pointedKey(KvEntry pointer) {
    return pointedKey(pointer.key(), pointer.value());
  }

  /**
   * The primary key parts {@code value}, the value stored under the unique entry {@code key},
   * names (see {@link Pointer}).
   *
   * @throws CorruptRecordException naming {@code key} if the value is not a packed tuple
   */
  public static Tuple pointedKey(Tuple key, byte[] value) {
    return Pointer.parts(key, value);
  }
}
