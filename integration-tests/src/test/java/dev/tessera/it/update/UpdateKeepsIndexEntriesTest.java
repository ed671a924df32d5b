package dev.tessera.it.update;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.it.StoredKeys;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.repository.EntityRepository;
import dev.tessera.repository.GeneratedMappings;
import dev.tessera.repository.Transaction;
import dev.tessera.repository.Transactions;
import dev.tessera.repository.Versioned;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An update whose new record stores the same bytes as the old one in every indexed component
 * writes only the record, deriving no index entry; every other update derives and compares the
 * entries. Checked differentially: the same random updates (edge values, case-only changes of
 * case-insensitive values, lists changed in place, composite, multi-value and spatial indexes,
 * through the repository and inside transactions) run on the generated repository and on one
 * whose index definitions do not declare their inputs (so every update takes the full path), each
 * on its own LMDB store; after every step both stores must hold the same index entries, the same
 * records as a model, and report the same outcome.
 */
class UpdateKeepsIndexEntriesTest {
  private static final int RECORDS = 30;
  private static final String[] TAGS = {"red", "Red", "RED", "blue", "Blue", "", "straße", "STRASSE"};
  private static final String[] REGIONS = {"north", "south", "", "North"};
  private static final String[] NOTES = {"", "a", "b", "x\u0000y", "long note text"};

  @TempDir Path directory;

  /** The generated mapping with index definitions that do not say what they read. */
  private static final class Undeclared implements EntityMapping<Parcel, String> {
    private final EntityMapping<Parcel, String> generated;
    private final List<IndexDefinition<Parcel>> indexes = new ArrayList<>();

    Undeclared(EntityMapping<Parcel, String> generated) {
      this.generated = generated;
      for (IndexDefinition<Parcel> d : generated.indexes()) {
        assertThat(d.exactInputs()).as("generated index %s declares its inputs", d.name()).isTrue();
        indexes.add(new IndexDefinition<>(
            d.name(), d.subspace(), d.unique(), d.fields(), d.values(), d.descriptor(), d.multiValues()));
      }
    }

    @Override public String entityName() { return generated.entityName(); }
    @Override public Class<Parcel> entityType() { return generated.entityType(); }
    @Override public String primaryKeyName() { return generated.primaryKeyName(); }
    @Override public KeyGeneration keyGeneration() { return generated.keyGeneration(); }
    @Override public String idOf(Parcel entity) { return generated.idOf(entity); }
    @Override public Parcel withId(Parcel entity, String id) { return generated.withId(entity, id); }
    @Override public Tuple keyParts(String id) { return generated.keyParts(id); }
    @Override public String idFromKeyParts(Tuple parts) { return generated.idFromKeyParts(parts); }
    @Override public RecordSchema schema() { return generated.schema(); }
    @Override public byte[] encode(Parcel entity) { return generated.encode(entity); }
    @Override public Parcel decode(Tuple record) { return generated.decode(record); }
    @Override public List<IndexDefinition<Parcel>> indexes() { return indexes; }
  }

  /** A repository of parcels whose every update derives and compares the index entries. */
  private static final class FullDerivation extends EntityRepository<Parcel, String> {
    FullDerivation(KvStore store, EntityMapping<Parcel, String> generated) {
      super(store, new Undeclared(generated));
    }

    private FullDerivation(FullDerivation repository, Transaction tx) {
      super(repository, tx);
    }

    @Override
    public FullDerivation in(Transaction tx) {
      return new FullDerivation(this, tx);
    }
  }

  /** The operations of a step, on one of the two repositories. */
  private interface Side {
    Parcel update(Parcel p);

    Parcel update(Parcel p, Versionstamp expected);

    Parcel save(Parcel p);

    /** Updates {@code first} then {@code second} (same key) in one transaction. */
    void updateTwiceInTransaction(Parcel first, Parcel second);

    Versioned<Parcel> versioned(String id);
  }

  @Test
  void randomUpdatesLeaveTheSameIndexEntriesWithAndWithoutTheKeptEntriesPath() {
    try (KvStore fastStore = LmdbKvStore.open(directory.resolve("fast"));
        KvStore fullStore = LmdbKvStore.open(directory.resolve("full"))) {
      ParcelRepository fast = new ParcelRepository(fastStore);
      FullDerivation full = new FullDerivation(fullStore, GeneratedMappings.of(fast));
      Side fastSide = side(fastStore, fast, fast::in, ParcelRepository::update);
      Side fullSide = side(fullStore, full, full::in, FullDerivation::update);
      List<String> subspaces = new ArrayList<>();
      for (IndexDefinition<Parcel> index : GeneratedMappings.of(fast).indexes()) {
        subspaces.add(index.subspace());
      }

      Random random = new Random(20261127);
      Map<String, Parcel> model = new LinkedHashMap<>();
      List<Parcel> initial = new ArrayList<>();
      for (int i = 0; i < RECORDS; i++) {
        Parcel p = randomParcel(random, "p" + i);
        initial.add(p);
        model.put(p.id(), p);
      }
      fast.insertAll(initial);
      full.insertAll(initial);

      Map<String, Integer> outcomes = new HashMap<>();
      for (int step = 0; step < 2500; step++) {
        String id = "p" + random.nextInt(RECORDS);
        Parcel old = model.get(id);
        int kind = random.nextInt(12);
        Parcel next = changed(random, old, kind, model);
        String fastOutcome = outcome(() -> apply(fastSide, kind, old, next));
        String fullOutcome = outcome(() -> apply(fullSide, kind, old, next));
        assertThat(fastOutcome).as("step %d (%s): %s -> %s", step, kind, old, next).isEqualTo(fullOutcome);
        if (fastOutcome.equals("ok")) {
          model.put(id, next);
        }
        outcomes.merge(kind + ":" + fastOutcome, 1, Integer::sum);
        for (String subspace : subspaces) {
          assertThat(entries(fastStore, subspace))
              .as("step %d (%s) %s: %s -> %s", step, kind, subspace, old, next)
              .isEqualTo(entries(fullStore, subspace));
        }
        assertThat(fast.findById(id)).as("step %d", step).contains(model.get(id));
        assertThat(full.findById(id)).as("step %d", step).contains(model.get(id));
      }
      assertThat(fast.findAll()).containsExactlyInAnyOrderElementsOf(model.values());
      assertThat(fast.indexAdmin().verifyIndexes().clean()).isTrue();
      // Both kinds of update really happened many times: those that keep every indexed byte
      // (kinds 0 and 1) and those that change indexed values or only their case.
      assertThat(outcomes.getOrDefault("0:ok", 0) + outcomes.getOrDefault("1:ok", 0)).isGreaterThan(300);
      assertThat(outcomes.getOrDefault("2:ok", 0)).isGreaterThan(100);
      assertThat(outcomes.getOrDefault("5:ok", 0)).isGreaterThan(100);
      assertThat(outcomes.keySet()).anyMatch(k -> k.contains("UniqueConstraintViolation"));
      assertThat(outcomes.keySet()).anyMatch(k -> k.contains("ConcurrentModification"));
    }
  }

  /**
   * The new record of a step of {@code kind}; for kind 4 the old record's own tag list is changed
   * in place (the model's record holds it too, so the model already shows the change).
   */
  private static Parcel changed(Random random, Parcel old, int kind, Map<String, Parcel> model) {
    switch (kind) {
      case 0: // components no index reads
        return new Parcel(old.id(), old.code(), old.region(), old.rank(), copy(old.tags()), old.x(),
            old.y(), pick(random, NOTES), random.nextInt(3) - 1L);
      case 1: // nothing at all, in equal but new objects
        return new Parcel(old.id(), old.code() == null ? null : new String(old.code()),
            old.region(), old.rank() == null ? null : Integer.valueOf(old.rank().intValue()),
            copy(old.tags()), old.x(), old.y(), old.note(), old.amount());
      case 2: // the case of the unique code only: its bytes change, its normalised value does not
        return new Parcel(old.id(), flipCase(random, old.code()), old.region(), old.rank(),
            old.tags(), old.x(), old.y(), old.note(), old.amount() + 1);
      case 3: // another code: fresh, none, empty, or another record's in another case
        String code;
        switch (random.nextInt(4)) {
          case 0: code = null; break;
          case 1: code = ""; break;
          case 2: code = "c" + random.nextInt(1000); break;
          default:
            Parcel other = pick(random, new ArrayList<>(model.values()));
            code = other.code() == null ? null : flipCase(random, other.code());
        }
        return new Parcel(old.id(), code, old.region(), old.rank(), old.tags(), old.x(), old.y(),
            old.note(), old.amount());
      case 4: // the tag list changed in place
        List<String> tags = old.tags();
        if (tags != null) {
          mutate(random, tags);
        }
        return old;
      case 5: // another tag list: reordered, duplicated, cased differently, new, empty or null
        return new Parcel(old.id(), old.code(), old.region(), old.rank(), otherTags(random, old.tags()),
            old.x(), old.y(), old.note(), old.amount());
      case 6: // the composite index: one part, the other, or both, to null too
        return new Parcel(old.id(), old.code(),
            random.nextBoolean() ? pick(random, REGIONS) : old.region(),
            random.nextBoolean() ? (random.nextBoolean() ? null : random.nextInt(3)) : old.rank(),
            old.tags(), old.x(), old.y(), old.note(), old.amount());
      case 7: // the spatial index
        return new Parcel(old.id(), old.code(), old.region(), old.rank(), old.tags(),
            random.nextBoolean() ? random.nextInt(5) - 2 : old.x(),
            random.nextBoolean() ? (random.nextBoolean() ? null : random.nextInt(5)) : old.y(),
            old.note(), old.amount());
      default: // anything at all
        return randomParcel(random, old.id());
    }
  }

  /** Runs the step on one side: kinds 8 to 11 go through save, versions and transactions. */
  private static void apply(Side side, int kind, Parcel old, Parcel next) {
    switch (kind) {
      case 8:
        side.save(next);
        break;
      case 9:
        side.update(next, side.versioned(old.id()).versionstamp());
        break;
      case 10:
        side.updateTwiceInTransaction(
            new Parcel(old.id(), old.code(), old.region(), old.rank(), copy(old.tags()), old.x(),
                old.y(), "in between", old.amount()),
            next);
        break;
      case 11:
        side.update(next, Versionstamp.of(1, 0)); // never the current one
        break;
      default:
        side.update(next);
    }
  }

  private static <R extends EntityRepository<Parcel, String>> Side side(
      KvStore store,
      R repository,
      Function<Transaction, R> in,
      BiFunction<R, Parcel, Parcel> update) {
    return new Side() {
      @Override
      public Parcel update(Parcel p) {
        return repository.update(p);
      }

      @Override
      public Parcel update(Parcel p, Versionstamp expected) {
        return repository.update(p, expected);
      }

      @Override
      public Parcel save(Parcel p) {
        return repository.save(p);
      }

      @Override
      public void updateTwiceInTransaction(Parcel first, Parcel second) {
        Transactions.run(store, tx -> {
          R bound = in.apply(tx);
          bound.update(first);
          return update.apply(bound, second);
        });
      }

      @Override
      public Versioned<Parcel> versioned(String id) {
        return repository.findVersionedById(id).orElseThrow();
      }
    };
  }

  private static String outcome(Runnable step) {
    try {
      step.run();
      return "ok";
    } catch (RuntimeException e) {
      return e.getClass().getSimpleName();
    }
  }

  /** The entries under {@code subspace}, each key without its first part (the store's id). */
  private static List<String> entries(KvStore store, String subspace) {
    List<String> entries = new ArrayList<>();
    try (KvIterator it = store.list(ListSelector.of(StoredKeys.range(store, subspace)))) {
      while (it.hasNext()) {
        KvEntry entry = it.next();
        entries.add(entry.key().subTuple(1, entry.key().size()) + " -> " + Arrays.toString(entry.value()));
      }
    }
    return entries;
  }

  private static Parcel randomParcel(Random random, String id) {
    return new Parcel(
        id,
        random.nextInt(5) == 0 ? null : "C" + id + (random.nextBoolean() ? "x" : "X"),
        pick(random, REGIONS),
        random.nextInt(4) == 0 ? null : random.nextInt(3),
        otherTags(random, null),
        random.nextInt(5) - 2,
        random.nextInt(4) == 0 ? null : random.nextInt(5),
        pick(random, NOTES),
        random.nextInt(3));
  }

  private static List<String> otherTags(Random random, List<String> old) {
    switch (random.nextInt(6)) {
      case 0:
        return null;
      case 1:
        return new ArrayList<>();
      case 2:
        if (old != null) {
          List<String> shuffled = new ArrayList<>(old);
          Collections.shuffle(shuffled, random);
          return shuffled;
        }
        return new ArrayList<>(List.of("red"));
      case 3:
        if (old != null) {
          List<String> cased = new ArrayList<>();
          for (String tag : old) {
            cased.add(flipCase(random, tag));
          }
          return cased;
        }
        return new ArrayList<>(List.of("RED", "red"));
      default:
        List<String> tags = new ArrayList<>();
        int n = random.nextInt(4);
        for (int i = 0; i < n; i++) {
          tags.add(pick(random, TAGS));
        }
        return tags;
    }
  }

  private static void mutate(Random random, List<String> tags) {
    if (!tags.isEmpty() && random.nextBoolean()) {
      int at = random.nextInt(tags.size());
      tags.set(at, random.nextBoolean() ? flipCase(random, tags.get(at)) : pick(random, TAGS));
    } else if (!tags.isEmpty() && random.nextBoolean()) {
      tags.remove(random.nextInt(tags.size()));
    } else {
      tags.add(pick(random, TAGS));
    }
  }

  private static String flipCase(Random random, String s) {
    if (s == null) {
      return null;
    }
    StringBuilder out = new StringBuilder();
    for (char c : s.toCharArray()) {
      out.append(random.nextBoolean() ? Character.toUpperCase(c) : Character.toLowerCase(c));
    }
    return out.toString();
  }

  private static List<String> copy(List<String> tags) {
    return tags == null ? null : new ArrayList<>(tags);
  }

  private static <E> E pick(Random random, E[] values) {
    return values[random.nextInt(values.length)];
  }

  private static <E> E pick(Random random, List<E> values) {
    return values.get(random.nextInt(values.size()));
  }
}
