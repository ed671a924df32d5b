package dev.tessera.it.jakarta;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.it.StoreBackend;
import dev.tessera.kv.KvStore;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The generated {@code Novels_} on every backend (a real LMDB store and a real etcd cluster): the
 * Query by Method Name subset of Jakarta Data 1.0 (its "Query by Method Name" section and keyword
 * table) that keys serve. Each display name names the keyword or clause it checks.
 */
@ParameterizedClass
@EnumSource(StoreBackend.class)
class QueryByMethodNameTest {
  private static final Novel DUNE = new Novel("n-1", "Dune", "Herbert", 1965, "H-1", "Dune");
  private static final Novel MESSIAH = new Novel("n-2", "Dune Messiah", "Herbert", 1969, "H-2", "Dune");
  private static final Novel CHILDREN = new Novel("n-3", "Children of Dune", "Herbert", 1976, "H-3", "Dune");
  private static final Novel EYE = new Novel("n-4", "The Dragon in the Sea", "Herbert", 1956, "H-4", null);
  private static final Novel WIZARD = new Novel("x-5", "A Wizard of Earthsea", "Le Guin", 1968, "L-1", "Earthsea");
  private static final Novel DISPOSSESSED = new Novel("x-6", "The Dispossessed", "Le Guin", 1974, "L-2", null);
  private static final Novel SOLARIS = new Novel("x-7", "Solaris", "Lem", 1961, "M-1", null);

  @Parameter StoreBackend backend;
  @TempDir Path directory;
  private KvStore store;
  private Novels novels;

  @BeforeEach
  void open() {
    store = backend.open(directory);
    novels = new Novels_(store);
    for (Novel novel : List.of(DUNE, MESSIAH, CHILDREN, EYE, WIZARD, DISPOSSESSED, SOLARIS)) {
      novels.save(novel);
    }
  }

  @AfterEach
  void close() {
    store.close();
  }

  private static List<String> titles(List<Novel> found) {
    return found.stream().map(Novel::title).collect(Collectors.toList());
  }

  @Test
  @DisplayName("findBy with an equality: the index prefix, in the index's order")
  void findByEquality() {
    assertThat(titles(novels.findByAuthor("Herbert")))
        .containsExactly("The Dragon in the Sea", "Dune", "Dune Messiah", "Children of Dune");
  }

  @Test
  @DisplayName("And + Between: both bounds inclusive")
  void between() {
    assertThat(novels.findByAuthorAndYearBetween("Herbert", 1965, 1969)).containsExactly(DUNE, MESSIAH);
  }

  @Test
  @DisplayName("GreaterThan is exclusive, LessThanEqual inclusive")
  void greaterThanAndLessThanEqual() {
    assertThat(novels.findByAuthorAndYearGreaterThan("Herbert", 1965)).containsExactly(MESSIAH, CHILDREN);
    assertThat(novels.findByAuthorAndYearLessThanEqual("Herbert", 1965)).containsExactly(EYE, DUNE);
  }

  @Test
  @DisplayName("In: any of a collection's values, then GreaterThanEqual on the next field")
  void in() {
    assertThat(novels.findByAuthorIn(Set.of("Lem", "Le Guin")))
        .containsExactly(WIZARD, DISPOSSESSED, SOLARIS);
    assertThat(novels.findByAuthorInAndYearGreaterThanEqual(new String[] {"Herbert", "Lem"}, 1961))
        .containsExactly(DUNE, MESSIAH, CHILDREN, SOLARIS);
  }

  @Test
  @DisplayName("OrderBy ... Desc the index gives, reversed; First with OrderBy")
  void orderByAndFirst() {
    assertThat(novels.findByAuthorOrderByYearDesc("Herbert"))
        .containsExactly(CHILDREN, MESSIAH, DUNE, EYE);
    assertThat(novels.findFirstByAuthorOrderByYearDesc("Herbert")).contains(CHILDREN);
    assertThat(novels.findFirstByAuthorOrderByYearDesc("Nobody")).isEmpty();
  }

  @Test
  @DisplayName("Top N: at most N results")
  void topN() {
    assertThat(novels.findTop2ByAuthor("Herbert")).containsExactly(EYE, DUNE);
  }

  @Test
  @DisplayName("A method-name query with PageRequest and Order: offset pages, ordered as the index allows")
  void pagesAndOrder() {
    Page<Novel> first =
        novels.findByAuthor("Herbert", PageRequest.ofSize(3), Order.by(Sort.desc("year")));
    assertThat(first.content()).containsExactly(CHILDREN, MESSIAH, DUNE);
    assertThat(first.totalElements()).isEqualTo(4);
    assertThat(novels.findByAuthor("Herbert", first.nextPageRequest(), Order.by(Sort.desc("year"))).content())
        .containsExactly(EYE);
  }

  @Test
  @DisplayName("StartsWith and GreaterThan on the primary key: key ranges")
  void primaryKeyRanges() {
    assertThat(novels.findByIsbnStartsWith("x-")).containsExactly(WIZARD, DISPOSSESSED, SOLARIS);
    assertThat(novels.findByIsbnGreaterThan("n-4")).containsExactly(WIZARD, DISPOSSESSED, SOLARIS);
  }

  @Test
  @DisplayName("IgnoreCase: served by a case-insensitive index")
  void ignoreCase() {
    assertThat(novels.findByCodeIgnoreCase("h-2")).contains(MESSIAH);
  }

  @Test
  @DisplayName("Null: the records whose attribute is null, through a non-unique index")
  void isNull() {
    assertThat(novels.findBySeriesNull()).containsExactlyInAnyOrder(EYE, DISPOSSESSED, SOLARIS);
  }

  @Test
  @DisplayName("StartsWith on an indexed text attribute")
  void startsWith() {
    assertThat(novels.findBySeriesStartsWith("Ear")).containsExactly(WIZARD);
  }

  @Test
  @DisplayName("countBy returns long or int: counted on index keys")
  void countBy() {
    assertThat(novels.countByAuthor("Herbert")).isEqualTo(4);
    assertThat(novels.countByAuthor("Nobody")).isZero();
    assertThat(novels.countByAuthorAndYearLessThan("Herbert", 1969)).isEqualTo(2);
  }

  @Test
  @DisplayName("existsBy returns whether any record matches")
  void existsBy() {
    assertThat(novels.existsByAuthorAndYear("Herbert", 1965)).isTrue();
    assertThat(novels.existsByAuthorAndYear("Herbert", 1966)).isFalse();
  }

  @Test
  @DisplayName("deleteBy deletes the matching records and returns their count, or void")
  void deleteBy() {
    assertThat(novels.deleteByAuthorAndYearLessThan("Herbert", 1969)).isEqualTo(2);
    assertThat(novels.findByAuthor("Herbert")).containsExactly(MESSIAH, CHILDREN);
    novels.deleteBySeries("Dune");
    assertThat(novels.findByAuthor("Herbert")).isEmpty();
    assertThat(novels.findAll()).containsExactly(WIZARD, DISPOSSESSED, SOLARIS);
  }
}
