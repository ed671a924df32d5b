package dev.tessera.internal.index;

import dev.tessera.catalog.StoreCatalog;
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
 * the record's stored bytes}, in the reserved metadata space, so no query, count or index sees them.
 * Stateless.
 */
public final class Quarantine {
  private static final Tuple PREFIX = StoreCatalog.quarantineKey(Tuple.of());

  private Quarantine() {}

  /** The quarantine key of the record stored under {@code recordKey}. */
  static Tuple key(Tuple recordKey) {
    return StoreCatalog.quarantineKey(recordKey);
  }

  /** The quarantined records of {@code entityName}, in key order. */
  static List<QuarantinedRecord> list(KvStore store, String entityName) {
    List<QuarantinedRecord> records = new ArrayList<>();
    try (KvIterator it = store.list(ListSelector.of(TupleRange.prefix(PREFIX.add(entityName))))) {
      while (it.hasNext()) {
        KvEntry entry = it.next();
        records.add(new QuarantinedRecord(
            entry.key().subTuple(PREFIX.size(), entry.key().size()), entry.value(), entry.versionstamp()));
      }
    }
    return records;
  }

  /** Deletes the quarantined copy of the record once stored under {@code recordKey}. */
  static boolean discard(KvStore store, Tuple recordKey) {
    Tuple key = key(recordKey);
    KvEntry entry = store.get(key);
    return entry.exists() && store.atomic().check(entry).delete(key).commit().ok();
  }
}
