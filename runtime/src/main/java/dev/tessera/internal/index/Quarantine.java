package dev.tessera.internal.index;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.internal.catalog.KeySpace;
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
 * Where repair keeps undecodable records: {@code ("\u0000tessera", "quarantine", entity, pk...) ->
 * the record's stored bytes}, in the reserved metadata space (named by the entity's name, as all
 * of it), so no query, count or index sees them. Stateless.
 */
public final class Quarantine {
  private Quarantine() {}

  /** The quarantine key of the record of {@code keys}' entity stored under {@code recordKey}. */
  static Tuple key(KeySpace keys, Tuple recordKey) {
    return StoreCatalog.quarantineKey(keys.entityName(), recordKey.subTuple(1, recordKey.size()));
  }

  /** The quarantined records of {@code keys}' entity, in key order, by their record keys. */
  static List<QuarantinedRecord> list(KvStore store, KeySpace keys) {
    List<QuarantinedRecord> records = new ArrayList<>();
    Tuple prefix = StoreCatalog.quarantineKey(keys.entityName(), Tuple.of());
    try (KvIterator it = store.list(ListSelector.of(TupleRange.prefix(prefix)))) {
      while (it.hasNext()) {
        KvEntry entry = it.next();
        Tuple pkParts = entry.key().subTuple(prefix.size(), entry.key().size());
        records.add(new QuarantinedRecord(keys.recordKey(pkParts), entry.value(), entry.versionstamp()));
      }
    }
    return records;
  }

  /** Deletes the quarantined copy of the record once stored under {@code recordKey}. */
  static boolean discard(KvStore store, KeySpace keys, Tuple recordKey) {
    Tuple key = key(keys, recordKey);
    KvEntry entry = store.get(key);
    return entry.exists() && store.atomic().check(entry).delete(key).commit().ok();
  }
}
