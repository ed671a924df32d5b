package dev.tessera.internal.index;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.internal.catalog.KeySpace;
import dev.tessera.internal.kv.ReservedKeys;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.repository.QuarantinedRecord;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.List;

/**
 * Where repair keeps undecodable records, in the reserved metadata space (named by the entity's
 * name, as all of it), so no query, count or index sees them:
 *
 * <pre>
 * ("\u0000tessera", "quarantine", entity, pk...)              -> the record's stored value
 * ("\u0000tessera", "quarantined key", entity, keyBytes)      -> everything stored under keyBytes
 * </pre>
 *
 * <p>The first holds records whose key decodes; the second entries under the entity's prefix whose
 * key bytes are not a packed tuple (no primary key can be read from them), with the bytes the store
 * held under them, versionstamp included. Stateless.
 */
public final class Quarantine {
  private static final String UNDECODABLE_KEYS = "quarantined key";

  private Quarantine() {}

  /** The quarantine key of the record of {@code keys}' entity stored under {@code recordKey}. */
  static Tuple key(KeySpace keys, Tuple recordKey) {
    return StoreCatalog.quarantineKey(keys.entityName(), recordKey.subTuple(1, recordKey.size()));
  }

  /** The quarantine key of the entry of {@code entityName} stored under key bytes {@code packedKey}. */
  static Tuple keyOfBytes(String entityName, byte[] packedKey) {
    return ReservedKeys.of(UNDECODABLE_KEYS, entityName, packedKey);
  }

  /**
   * The quarantined records of {@code keys}' entity: those with a record key in key order, then
   * those whose key bytes do not decode, in the order of those bytes.
   */
  public static List<QuarantinedRecord> list(KvStore store, KeySpace keys) {
    List<QuarantinedRecord> records = new ArrayList<>();
    Tuple prefix = StoreCatalog.quarantineKey(keys.entityName(), Tuple.of());
    try (KvIterator it = store.list(ListSelector.of(TupleRange.prefix(prefix)))) {
      while (it.hasNext()) {
        KvEntry entry = it.next();
        Tuple pkParts = entry.key().subTuple(prefix.size(), entry.key().size());
        records.add(new QuarantinedRecord(keys.recordKey(pkParts), entry.value(), entry.versionstamp()));
      }
    }
    Tuple raw = ReservedKeys.of(UNDECODABLE_KEYS, keys.entityName());
    try (KvIterator it = store.list(ListSelector.of(TupleRange.prefix(raw)))) {
      while (it.hasNext()) {
        KvEntry entry = it.next();
        records.add(new QuarantinedRecord(
            null, entry.value(), entry.versionstamp(), entry.key().getBytes(raw.size())));
      }
    }
    return records;
  }

  /** Deletes the quarantined copy of the record once stored under {@code recordKey}. */
  public static boolean discard(KvStore store, KeySpace keys, Tuple recordKey) {
    return discard(store, key(keys, recordKey));
  }

  /** Deletes the quarantined copy {@code record} (of {@code keys}' entity). */
  public static boolean discard(KvStore store, KeySpace keys, QuarantinedRecord record) {
    return discard(store, record.recordKey() != null ? key(keys, record.recordKey())
        : keyOfBytes(keys.entityName(), record.packedKey()));
  }

  private static boolean discard(KvStore store, Tuple key) {
    KvEntry entry = store.get(key);
    return entry.exists() && store.atomic().check(entry).delete(key).commit().ok();
  }
}
