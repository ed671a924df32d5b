package dev.tessera.internal.query;

import dev.tessera.internal.index.IndexLifecycle;
import dev.tessera.internal.index.UniqueClaim;
import dev.tessera.internal.kv.PackedKeys;
import dev.tessera.internal.store.RecordCount;
import dev.tessera.internal.write.BindingMemory;
import dev.tessera.internal.write.RecordLayout;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.query.IndexQuery;
import dev.tessera.query.KeyQuery;
import dev.tessera.query.RecordReader;
import dev.tessera.query.spatial.BoxQuery;
import dev.tessera.query.spatial.SpatialIndex;
import dev.tessera.repository.EntityRepository;
import dev.tessera.repository.Versioned;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The read side of a repository: records by primary key, the record count, and the queries its
 * finders build ({@link KeyQuery}, {@link IndexQuery}, {@link BoxQuery}, lookups in a unique index),
 * each reading records through one {@link RecordReader} that decodes them as {@link RecordLayout}
 * does. Every index read first checks that the index is readable ({@link IndexLifecycle}).
 * {@link EntityRepository} documents what each read returns and delegates to it.
 *
 * <p>Thread-safe: it holds the store (or a transaction's view of it), the shared {@link
 * RecordLayout} and {@link IndexLifecycle}, and a stateless reader. A repository bound to a
 * transaction gets its own on the transaction's view ({@link #on}).
 *
 * @param <T> the record type
 * @param <ID> the primary key type
 */
public final class RecordQueries<T, ID> {
  private final KvStore store;
  private final RecordLayout<T, ID> layout;
  private final EntityMapping<T, ID> mapping;
  private final String entityName;
  private final IndexLifecycle<T> lifecycle;
  private final RecordReader<T> reader;
  /** What these reads' binding remembers (entries decoded, keys built); {@link BindingMemory#NONE} on a store. */
  private final BindingMemory memory;

  public RecordQueries(KvStore store, RecordLayout<T, ID> layout, IndexLifecycle<T> lifecycle) {
    this(store, layout, lifecycle, new RecordReader<>() {
      @Override
      public T decode(KvEntry record) {
        try {
          return layout.decode(record);
        } catch (RuntimeException undecodable) {
          throw lifecycle.named(undecodable);
        }
      }

      @Override
      public Tuple pointer(KvEntry uniqueIndexEntry) {
        try {
          return UniqueClaim.pointedKey(uniqueIndexEntry);
        } catch (RuntimeException undecodable) {
          throw lifecycle.named(undecodable);
        }
      }

      @Override
      public RuntimeException named(RuntimeException failure) {
        return lifecycle.named(failure);
      }
    }, BindingMemory.NONE);
  }

  private RecordQueries(KvStore store, RecordLayout<T, ID> layout, IndexLifecycle<T> lifecycle,
      RecordReader<T> reader, BindingMemory memory) {
    this.memory = memory;
    this.store = store;
    this.layout = layout;
    this.mapping = layout.mapping();
    this.entityName = layout.entityName();
    this.lifecycle = lifecycle;
    this.reader = reader;
  }

  /**
   * These reads on {@code view} (a transaction's view of the store) instead of its store, noting in
   * {@code memory} the records they decode by id and the keys they build.
   */
  public RecordQueries<T, ID> on(KvStore view, BindingMemory memory) {
    return new RecordQueries<>(view, layout, lifecycle, reader, memory);
  }

  // ---------------------------------------------------------------- by primary key

  public Optional<T> findById(ID id) {
    try {
      KvEntry entry = store.get(layout.recordKey(id, memory));
      return entry.exists() ? Optional.of(layout.decode(entry, memory)) : Optional.empty();
    } catch (RuntimeException damaged) {
      throw lifecycle.named(damaged); // an entry or a record that does not decode names its entity
    }
  }

  public Optional<Versioned<T>> findVersionedById(ID id) {
    try {
      KvEntry entry = store.get(layout.recordKey(id, memory));
      return entry.exists()
          ? Optional.of(new Versioned<>(layout.decode(entry, memory), entry.versionstamp()))
          : Optional.empty();
    } catch (RuntimeException damaged) {
      throw lifecycle.named(damaged); // an entry or a record that does not decode names its entity
    }
  }

  public boolean existsById(ID id) {
    return store.get(layout.recordKey(id, memory)).exists();
  }

  public List<T> findAllById(Collection<ID> ids) {
    List<Tuple> keys = new ArrayList<>(ids.size());
    for (ID id : ids) {
      keys.add(layout.recordKey(id));
    }
    List<T> found = new ArrayList<>(keys.size());
    for (KvEntry entry : store.getMany(keys)) {
      if (entry.exists()) {
        found.add(reader.decode(entry));
      }
    }
    return found;
  }

  /** The records in primary-key order; {@code stringKey} if the key is stored as one string. */
  public KeyQuery<T, ID> byId(boolean stringKey) {
    return KeyQuery.of(store, entityName, layout.keys().entityId(), mapping.primaryKeyName(), stringKey,
        mapping::keyParts, reader);
  }

  public long count() {
    try {
      return RecordCount.read(store::list, entityName);
    } catch (RuntimeException damaged) {
      throw lifecycle.named(damaged); // a count that does not decode names the catalog's key
    }
  }

  // ---------------------------------------------------------------- by index

  public void requireReadable(IndexDefinition<T> index) {
    lifecycle.requireReadable(index, store);
  }

  /**
   * The record holding {@code values} in unique {@code index}: pointer and record read together
   * ({@link KvStore#getPointed}); a record that no longer holds the values is not found.
   */
  public Optional<T> findByUnique(IndexDefinition<T> index, Tuple values) {
    requireReadable(index);
    Tuple subspace = layout.keys().indexPrefix(index);
    Tuple pointerKey = index.entryPrefix(subspace, values);
    KvEntry entry;
    try {
      entry = store.getPointed(pointerKey, layout.keys().recordPrefix());
    } catch (RuntimeException undecodable) {
      throw lifecycle.named(undecodable); // a pointer that does not decode
    }
    if (entry == null || !entry.exists()) {
      return Optional.empty();
    }
    T record = reader.decode(entry);
    return holdsEntry(index, record, PackedKeys.of(pointerKey), PackedKeys.of(subspace).length)
        ? Optional.of(record) : Optional.empty();
  }

  /**
   * {@code index.holds(record, values)} for the entry whose key, packed, is {@code key}, its values
   * starting at byte {@code from}: the key (packed once, for the read) stands in for the packed
   * values, as a key's packing is its parts' packings one after another.
   */
  private static <T> boolean holdsEntry(IndexDefinition<T> index, T record, byte[] key, int from) {
    for (Tuple held : index.entryValues(record)) {
      byte[] packed = PackedKeys.of(held);
      if (Arrays.equals(packed, 0, packed.length, key, from, key.length)) {
        return true;
      }
    }
    return false;
  }

  public IndexQuery<T> query(IndexDefinition<T> index, Tuple values) {
    requireReadable(index);
    return IndexQuery.of(
        store, entityName, layout.keys().entityId(), index, layout.indexId(index), reader, values);
  }

  public BoxQuery<T> boxQuery(SpatialIndex<T> index, long[] low, long[] high) {
    requireReadable(index.definition());
    return index.within(
        store, layout.keys().entityId(), layout.indexId(index.definition()), reader, low, high);
  }
}
