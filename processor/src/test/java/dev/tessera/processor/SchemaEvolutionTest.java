package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.testing.compile.Compilation;
import dev.tessera.catalog.StoreCatalog;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.query.IndexQueryStage;
import dev.tessera.repository.EntityRepository;
import dev.tessera.repository.IncompatibleSchemaException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Record evolution end to end: version 1 of an entity is compiled with its generated repository and
 * writes records to a real LMDB store; version 2 (same class name, other components) is compiled
 * into a fresh class loader and reads and updates them through its own generated repository. Only
 * this test uses reflection (to build records of classes compiled at run time).
 */
class SchemaEvolutionTest {
  @TempDir Path dir;

  @Test
  void addedComponentsReadTheirTypesDefaultOrTheDeclaredOne() throws Exception {
    Version v1 = Version.of("public record Member(@PrimaryKey String id, String name) {}");
    withRepository(v1, (members, store) -> members.insert(v1.record("u1", "Ann")));

    Version v2 =
        Version.of(
            "public record Member(@PrimaryKey String id, String name, int level,",
            "    List<String> tags, Optional<String> nickname, boolean active, String note,",
            "    @DefaultValue(\"en\") String language, @DefaultValue(\"3\") long rank) {}");
    withRepository(
        v2,
        (members, store) -> {
          Object read = members.findById("u1").orElseThrow();
          Map<String, Object> expected = new LinkedHashMap<>();
          expected.put("id", "u1");
          expected.put("name", "Ann");
          expected.put("level", 0);
          expected.put("tags", List.of());
          expected.put("nickname", Optional.empty());
          expected.put("active", false);
          expected.put("note", null);
          expected.put("language", "en");
          expected.put("rank", 3L);
          assertThat(Version.components(read)).containsExactlyEntriesOf(expected);

          Object changed =
              v2.record("u1", "Ann", 5, List.of("x"), Optional.of("A"), true, "hi", "fr", 9L);
          members.update(changed);
          assertThat(members.findById("u1")).contains(changed);
        });
    try (KvStore store = LmdbKvStore.open(dir)) {
      assertThat((Object) storedValue(store, "u1"))
          .isEqualTo(
              Tuple.of(2L, "u1", "Ann", 5L, Tuple.of("x"), "A", true, "hi", "fr", 9L));
      assertThat(v2.number(store)).isEqualTo(2);
    }
  }

  @Test
  void removedComponentIsIgnoredAndDroppedOnTheNextWrite() throws Exception {
    Version v1 =
        Version.of("public record Member(@PrimaryKey String id, String name, String secret) {}");
    withRepository(v1, (members, store) -> members.insert(v1.record("u1", "Ann", "s3cret")));

    Version v2 = Version.of("public record Member(@PrimaryKey String id, String name) {}");
    withRepository(
        v2,
        (members, store) -> {
          Object read = members.findById("u1").orElseThrow();
          assertThat(read).isEqualTo(v2.record("u1", "Ann"));
          assertThat((Object) storedValue(store, "u1"))
              .isEqualTo(Tuple.of(v1.number(store), "u1", "Ann", "s3cret"));

          members.update(read);

          assertThat((Object) storedValue(store, "u1")).isEqualTo(Tuple.of(v2.number(store), "u1", "Ann"));
        });
  }

  @Test
  void reorderedAndWidenedComponentsReadTransparentlyAndIndexesStillFindThem() throws Exception {
    Version v1 =
        Version.of(
            "public record Member(@PrimaryKey int id, int count, float ratio,",
            "    @Index String name, short small, List<Float> scores) {}");
    withRepository(
        v1,
        (members, store) -> {
          members.insert(v1.record(1, Integer.MAX_VALUE, 0.1f, "Ann", (short) -7, List.of(2.5f)));
          members.insert(v1.record(2, -1, -3.5f, "Bob", (short) 0, List.of()));
        });

    Version v2 =
        Version.of(
            "public record Member(@PrimaryKey long id, @Index String name, double ratio,",
            "    long count, int small, List<Double> scores) {}");
    withRepository(
        v2,
        (members, store) -> {
          Object ann = v2.record(1L, "Ann", (double) 0.1f, (long) Integer.MAX_VALUE, -7, List.of(2.5d));
          assertThat(members.findById(1L)).contains(ann);
          assertThat(v2.find(members, "findByName", "Ann")).containsExactly(ann);

          members.update(v2.record(1L, "Annie", 0.25d, Long.MAX_VALUE, 1, List.of()));

          assertThat(v2.find(members, "findByName", "Ann")).isEmpty();
          assertThat(v2.find(members, "findByName", "Annie")).hasSize(1);
          assertThat(v2.find(members, "findByName", "Bob"))
              .containsExactly(v2.record(2L, "Bob", -3.5d, -1L, 0, List.of()));
        });
  }

  @Test
  void renamedComponentReadsItsFormerName() throws Exception {
    Version v1 = Version.of("public record Member(@PrimaryKey String id, String mail) {}");
    withRepository(v1, (members, store) -> members.insert(v1.record("u1", "a@b.c")));

    Version v2 =
        Version.of(
            "public record Member(@PrimaryKey String id,",
            "    @Renamed(from = \"mail\") String email) {}");
    withRepository(
        v2,
        (members, store) -> {
          assertThat(members.findById("u1")).contains(v2.record("u1", "a@b.c"));
          members.update(v2.record("u1", "x@y.z"));
          assertThat((Object) storedValue(store, "u1")).isEqualTo(Tuple.of(v2.number(store), "u1", "x@y.z"));
        });
  }

  @Test
  void incompatibleComponentTypeIsRejectedAtOpenAndTheStoreIsUntouched() throws Exception {
    Version v1 = Version.of("public record Member(@PrimaryKey String id, String age) {}");
    withRepository(v1, (members, store) -> members.insert(v1.record("u1", "forty")));
    List<String> before = dump();

    Version v2 = Version.of("public record Member(@PrimaryKey String id, int age) {}");
    try (KvStore store = LmdbKvStore.open(dir)) {
      assertThatThrownBy(() -> v2.repository(store))
          .isInstanceOfSatisfying(
              IncompatibleSchemaException.class,
              e -> {
                assertThat(e.entityName()).isEqualTo("member");
                assertThat(e.componentName()).isEqualTo("age");
                assertThat(e.storedType()).isEqualTo("STRING");
                assertThat(e.currentType()).isEqualTo("int");
              })
          .hasMessageContaining("entity 'member'")
          .hasMessageContaining("component 'age' was stored as STRING and is now int")
          .hasMessageContaining("The store was not changed");
    }
    assertThat(dump()).isEqualTo(before);
  }

  @Test
  void primaryKeyTypeChangeIsRejectedAtOpenAndTheStoreIsUntouched() throws Exception {
    Version v1 = Version.of("public record Member(@PrimaryKey String id, String name) {}");
    withRepository(v1, (members, store) -> members.insert(v1.record("17", "Ann")));
    List<String> before = dump();

    Version v2 = Version.of("public record Member(@PrimaryKey long id, String name) {}");
    try (KvStore store = LmdbKvStore.open(dir)) {
      assertThatThrownBy(() -> v2.repository(store))
          .isInstanceOfSatisfying(
              IncompatibleSchemaException.class,
              e -> assertThat(e.componentName()).isEqualTo("id"))
          .hasMessageContaining("entity 'member'")
          .hasMessageContaining("the primary key 'id' was stored as STRING and is now long");
    }
    assertThat(dump()).isEqualTo(before);
  }

  @Test
  void valueWithASchemaUnknownToTheCatalogIsACorruptRecordNamingTheKey() throws Exception {
    Version v1 = Version.of("public record Member(@PrimaryKey String id, String name) {}");
    withRepository(
        v1,
        (members, store) -> {
          Tuple key = recordKey(store, "u1");
          assertThat(
                  store.atomic().set(key, Tuple.of(0x1234L, "u1", "Ann").pack()).commit().ok())
              .isTrue();
          assertThatThrownBy(() -> members.findById("u1"))
              .isInstanceOfSatisfying(
                  CorruptRecordException.class, e -> assertThat((Object) e.key()).isEqualTo(key))
              .hasMessageContaining("stored value of entity 'member' starts with schema number 4660"
                  + " (identifier 0000000000001234), which names none of the entity's schemas");
        });
  }

  @Test
  void reorderedEnumConstantsRebuildTheIndexInTheNewDeclarationOrder() throws Exception {
    Version v1 = Version.of(
        "public record Member(@PrimaryKey String id, @Index Level level) {",
        "  public enum Level { LOW, MID, HIGH }",
        "}");
    withRepository(v1, (members, store) -> {
      members.insert(v1.record("u1", v1.constant("Level", "LOW")));
      members.insert(v1.record("u2", v1.constant("Level", "MID")));
      members.insert(v1.record("u3", v1.constant("Level", "HIGH")));
      assertThat(levelsInIndexOrder(members)).containsExactly("LOW", "MID", "HIGH");
    });

    Version v2 = Version.of(
        "public record Member(@PrimaryKey String id, @Index Level level) {",
        "  public enum Level { HIGH, MID, LOW }",
        "}");
    assertThat(v2.indexDescriptor("BY_LEVEL")).isNotEqualTo(v1.indexDescriptor("BY_LEVEL"))
        .isEqualTo("index(level:enum com.acme.Member.Level{HIGH,MID,LOW})/NONE;nulls");
    withRepository(v2, (members, store) -> {
      assertThat(members.indexAdmin().awaitIndexes(Duration.ofMinutes(2))).isTrue();
      assertThat(levelsInIndexOrder(members)).containsExactly("HIGH", "MID", "LOW");
      assertThat(members.findById("u1")).map(Object::toString).contains("Member[id=u1, level=LOW]");
    });

    Version v3 = Version.of(
        "public record Member(@PrimaryKey String id, @Index Level level) {",
        "  public enum Level { HIGH, MEDIUM, MID, LOW }",
        "}");
    assertThat(v3.indexDescriptor("BY_LEVEL")).isNotEqualTo(v2.indexDescriptor("BY_LEVEL"));
    withRepository(v3, (members, store) -> {
      assertThat(members.indexAdmin().awaitIndexes(Duration.ofMinutes(2))).isTrue();
      members.insert(v3.record("u4", v3.constant("Level", "MEDIUM")));
      assertThat(levelsInIndexOrder(members)).containsExactly("HIGH", "MEDIUM", "MID", "LOW");
      assertThat(members.indexAdmin().verifyIndexes().clean()).isTrue();
    });
  }

  /** The level of every member, in the order of the {@code level} index. */
  private static List<String> levelsInIndexOrder(EntityRepository<Object, Object> members)
      throws ReflectiveOperationException {
    IndexQueryStage<?> byLevel = (IndexQueryStage<?>) members.getClass().getMethod("byLevel")
        .invoke(members);
    List<String> levels = new ArrayList<>();
    for (Object member : byLevel.list()) {
      levels.add(String.valueOf(member.getClass().getMethod("level").invoke(member)));
    }
    return levels;
  }

  // ---------------------------------------------------------------- helpers

  /** Opens the store, runs {@code body} with a repository of {@code version}, closes the store. */
  private void withRepository(Version version, Body body) throws Exception {
    try (KvStore store = LmdbKvStore.open(dir)) {
      body.run(version.repository(store), store);
    }
  }

  /** What a test does with an open repository and its store. */
  @FunctionalInterface
  private interface Body {
    void run(EntityRepository<Object, Object> members, KvStore store) throws Exception;
  }

  /** The unpacked stored value of the member with key {@code id}. */
  private static Tuple storedValue(KvStore store, Object id) {
    return Tuple.unpack(store.get(recordKey(store, id)).value());
  }

  /** The key of the member with key {@code id}: the subspace id the catalog gave "member", the key. */
  private static Tuple recordKey(KvStore store, Object id) {
    return Tuple.of(StoreCatalog.of(store).subspaceId("member").orElseThrow(), id);
  }

  /** Every entry of the store (key, value and versionstamp, in hex), read with it opened anew. */
  private List<String> dump() {
    List<String> lines = new ArrayList<>();
    try (KvStore store = LmdbKvStore.open(dir);
        KvIterator it =
            store.list(
                ListSelector.of(TupleRange.ofPacked(new byte[] {0x00}, new byte[] {(byte) 0xFF})))) {
      while (it.hasNext()) {
        KvEntry e = it.next();
        lines.add(
            HexFormat.of().formatHex(e.key().pack())
                + " = "
                + HexFormat.of().formatHex(e.value())
                + " @ "
                + e.versionstamp());
      }
    }
    return lines;
  }

  /** One version of the {@code com.acme.Member} entity, compiled with its repository. */
  private static final class Version {
    final CompiledClasses classes;

    private Version(CompiledClasses classes) {
      this.classes = classes;
    }

    static Version of(String... declaration) {
      String[] lines = new String[declaration.length + 3];
      lines[0] = "package com.acme;";
      lines[1] = "import dev.tessera.annotations.*; import java.util.*;";
      lines[2] = "@Entity";
      System.arraycopy(declaration, 0, lines, 3, declaration.length);
      Compilation compilation = TesseraCompiler.compile(TesseraCompiler.source("com.acme.Member", lines));
      assertThat(compilation).succeededWithoutWarnings();
      return new Version(new CompiledClasses(compilation));
    }

    /** The number the store's catalog gave this version's shape, which its stored values start with. */
    long number(KvStore store) throws Exception {
      long number = StoreCatalog.of(store).records("member").number(
          (RecordSchema) classes.loadClass("com.acme.MemberRepository").getField("SCHEMA").get(null));
      assertThat(number).isPositive();
      return number;
    }

    @SuppressWarnings("unchecked")
    EntityRepository<Object, Object> repository(KvStore store) throws Exception {
      Constructor<?> constructor =
          classes.loadClass("com.acme.MemberRepository").getConstructor(KvStore.class);
      try {
        return (EntityRepository<Object, Object>) constructor.newInstance(store);
      } catch (InvocationTargetException e) {
        throw (Exception) e.getCause();
      }
    }

    /** The constant {@code name} of the enum {@code enumName} nested in {@code Member}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    Object constant(String enumName, String name) throws ClassNotFoundException {
      return Enum.valueOf((Class) classes.loadClass("com.acme.Member$" + enumName), name);
    }

    /** The descriptor of the generated index definition constant {@code constant}. */
    String indexDescriptor(String constant) throws Exception {
      return ((IndexDefinition<?>) classes.loadClass("com.acme.MemberRepository").getField(constant)
          .get(null)).descriptor();
    }

    Object record(Object... components) {
      try {
        return classes.loadClass("com.acme.Member").getConstructors()[0].newInstance(components);
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(e);
      }
    }

    List<Object> find(EntityRepository<Object, Object> repository, String finder, Object value) {
      try {
        @SuppressWarnings("unchecked")
        List<Object> found =
            (List<Object>)
                repository.getClass().getMethod(finder, value.getClass()).invoke(repository, value);
        return found;
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(e);
      }
    }

    static Map<String, Object> components(Object record) {
      Map<String, Object> values = new LinkedHashMap<>();
      for (RecordComponent component : record.getClass().getRecordComponents()) {
        try {
          values.put(component.getName(), component.getAccessor().invoke(record));
        } catch (ReflectiveOperationException e) {
          throw new AssertionError(e);
        }
      }
      return values;
    }
  }
}
