package dev.tessera.mapping;

import dev.tessera.annotations.Normalize;
import dev.tessera.internal.mapping.IndexDescriptor;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * CONTRACT. One secondary index of an entity: its name, the key subspace its entries live in, whether
 * it is unique, the record components it covers (in key order), the function that derives its
 * (already normalised) values from a record, and a descriptor that changes whenever the entries it
 * would write change.
 *
 * <p>Key layout: a unique index entry is {@code (subspaceId, value...) -> packed primary key parts};
 * a non-unique entry is {@code (subspaceId, value..., pk parts...) -> empty}. This class is the one
 * place index keys are derived, for generated repositories and for the tools that work from the
 * store's catalog alike: a component's value becomes its key part through {@link #keyPart} (or
 * {@link #textKeyPart}, which normalises first), a record's parts become its values through {@link
 * #valuesOf} (the null rule), a multi-value index fans out in {@link #entryValues}, and the values
 * become the entry's key through {@link #entryKey}; {@link #subspaceKey(long)} and {@link
 * #range(long)} give the index's subspace and the range of all its entries.
 *
 * <p>Keys start with the small integer id the store's catalog assigned to the index's {@linkplain
 * #subspace() subspace name}, not with the name itself: one definition (a generated repository's
 * constant) may serve repositories on several stores, each with its own ids, so every key method
 * takes the id of the store at hand. A repository looks it up once, when it opens.
 *
 * <p>The store's catalog keeps each index's descriptor: a repository opened with a different
 * descriptor for the same index name rebuilds the index (see {@code docs/indexes.md}). A descriptor
 * that ends in a text normalisation ({@code /CASE_INSENSITIVE}, {@code
 * /CASE_AND_ACCENT_INSENSITIVE}) gets the {@linkplain TextNormalizer#rules(Normalize) rules} of that
 * normalisation appended, e.g. {@code unique(email:STRING)/CASE_INSENSITIVE;text=NFKC_Casefold r1
 * Unicode 18.0}, so an index written under other folding rules (an older Tessera, other Unicode
 * data) is rebuilt too.
 *
 * <p>A non-unique index over a nullable field holds the records whose field is null, under a null
 * part; its descriptor says so with a {@code ;nulls} suffix after the normalisation (before the
 * text rules), e.g. {@code index(title:STRING)/NONE;nulls}, so a store written when such records
 * were left out of the index rebuilds it.
 *
 * @param <T> the record type
 * @param name the index name as declared, e.g. {@code "email"}
 * @param subspace the name of the key subspace of its entries, e.g. {@code "user_by_email"}: the
 *     store's catalog assigns it the integer id that is the first part of every entry's key
 * @param unique true for a unique index
 * @param fields the indexed record components, in key order
 * @param values derives the index values of a record, normalised; returns {@code null} when the
 *     record is not in the index (a {@code null} component of a unique index); an index that
 *     {@linkplain #holdsNulls() holds nulls} gets a {@code null} part for a {@code null} component;
 *     a multi-value index has several values per record, so its function throws {@link
 *     IllegalStateException}: use {@link #entryValues(Object)}
 * @param descriptor a stable description of everything that shapes the entries (uniqueness, fields,
 *     their types, normalisation), e.g. {@code unique(email:STRING)/CASE_INSENSITIVE}; the text
 *     rules are appended as above
 * @param multiValues for a multi-value index (one over a {@code List} or {@code Set} component),
 *     the values of each of a record's entries: one tuple per element, in any order, possibly
 *     with repeats and {@code null}s (both ignored); {@code null} for a single-value index, whose
 *     {@code values} then give its one entry
 * @param exactInputs true if {@code values} (or {@code multiValues}) read nothing of a record but
 *     its components {@code fields}, each through a function of its value, as in every generated
 *     definition: two records whose {@code fields} are equal then have the same entries, so an
 *     update that stores the same bytes for them (and for the primary key) leaves the index as it
 *     is without deriving its entries. False when that is not known (the default of the other
 *     constructors): every update derives the entries and compares them. See {@link
 *     #derivedFromFields}
 */
public record IndexDefinition<T>(
    String name,
    String subspace,
    boolean unique,
    List<String> fields,
    Function<T, Tuple> values,
    String descriptor,
    Function<T, ? extends Collection<Tuple>> multiValues,
    boolean exactInputs) {

  /**
   * Validates and copies the fields.
   *
   * @param name the index name as declared, e.g. {@code "email"}
   * @param subspace the name of the key subspace of its entries, e.g. {@code "user_by_email"}: the
   *     store's catalog assigns it the integer id that is the first part of every entry's key
   * @param unique true for a unique index
   * @param fields the indexed record components, in key order
   * @param values derives the index values of a record, normalised; returns {@code null} when the
   *     record is not in the index (a {@code null} component of a unique index); an index that
   *     {@linkplain #holdsNulls() holds nulls} gets a {@code null} part for a {@code null}
   *     component; a multi-value index has several values per record, so its function throws {@link
   *     IllegalStateException}: use {@link #entryValues(Object)}
   * @param descriptor a stable description of everything that shapes the entries (uniqueness,
   *     fields, their types, normalisation), e.g. {@code unique(email:STRING)/CASE_INSENSITIVE};
   *     the text rules are appended as above
   * @param multiValues for a multi-value index (one over a {@code List} or {@code Set} component),
   *     the values of each of a record's entries: one tuple per element, in any order, possibly
   *     with repeats and {@code null}s (both ignored); {@code null} for a single-value index, whose
   *     {@code values} then give its one entry
   * @param exactInputs true if {@code values} (or {@code multiValues}) read nothing of a record but
   *     its components {@code fields}, each through a function of its value, as in every generated
   *     definition: two records whose {@code fields} are equal then have the same entries, so an
   *     update that stores the same bytes for them (and for the primary key) leaves the index as it
   *     is without deriving its entries. False when that is not known (the default of the other
   *     constructors): every update derives the entries and compares them. See {@link
   *     #derivedFromFields}
   */
  public IndexDefinition {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(subspace, "subspace");
    fields = List.copyOf(fields);
    Objects.requireNonNull(values, "values");
    descriptor = withTextRules(Objects.requireNonNull(descriptor, "descriptor"));
    if (multiValues != null && fields.size() != 1) {
      throw new IllegalArgumentException(
          "multi-value index '" + name + "' must cover one field, not " + fields);
    }
  }

  /**
   * A definition whose inputs are not known exactly ({@code exactInputs} false).
   *
   * @param name the index name
   * @param subspace the name of the subspace of its entries (see {@link #subspace()})
   * @param unique true for a unique index
   * @param fields the indexed record components, in key order
   * @param values the record's normalised values, {@code null} when it is not in the index
   * @param descriptor everything that shapes the entries
   * @param multiValues the values of each entry of a multi-value index, {@code null} for a
   *     single-value one
   */
  public IndexDefinition(
      String name,
      String subspace,
      boolean unique,
      List<String> fields,
      Function<T, Tuple> values,
      String descriptor,
      Function<T, ? extends Collection<Tuple>> multiValues) {
    this(name, subspace, unique, fields, values, descriptor, multiValues, false);
  }

  /**
   * {@code definition}, declaring that its values are derived from its {@link #fields()} alone
   * (see {@code exactInputs}): generated repositories declare every index so.
   *
   * <pre>{@code
   * IndexDefinition<User> byEmail = IndexDefinition.derivedFromFields(new IndexDefinition<>(
   *     "email", "user_by_email", true, List.of("email"), user -> Tuple.of(user.email())));
   * }</pre>
   *
   * @param <T> the record type
   * @param definition a definition whose values read nothing of a record but its fields
   * @return a definition equal to {@code definition} but for {@code exactInputs}, which is true
   */
  public static <T> IndexDefinition<T> derivedFromFields(IndexDefinition<T> definition) {
    return new IndexDefinition<>(definition.name, definition.subspace, definition.unique,
        definition.fields, definition.values, definition.descriptor, definition.multiValues, true);
  }

  /**
   * A single-value index: each record has at most one entry, whose values {@code values} derive.
   *
   * @param name the index name
   * @param subspace the name of the subspace of its entries (see {@link #subspace()})
   * @param unique true for a unique index
   * @param fields the indexed record components, in key order
   * @param values the record's normalised values, {@code null} when it is not in the index
   * @param descriptor everything that shapes the entries
   */
  public IndexDefinition(
      String name,
      String subspace,
      boolean unique,
      List<String> fields,
      Function<T, Tuple> values,
      String descriptor) {
    this(name, subspace, unique, fields, values, descriptor, null);
  }

  /**
   * A multi-value index over the collection component {@code field}: one entry per distinct
   * element, none for an empty or {@code null} collection (or a {@code null} element). A unique
   * one rejects an element another record holds; one record may hold an element twice (it is one
   * entry).
   *
   * <pre>{@code
   * IndexDefinition<Book> byTag = IndexDefinition.multiValue(
   *     "tags", "book_by_tags", false, "tags", Book::tags, tag -> Tuple.of(tag), "index(tags:each STRING)/NONE");
   * }</pre>
   *
   * @param <T> the record type
   * @param <E> the element type
   * @param name the index name
   * @param subspace the name of the subspace of its entries (see {@link #subspace()})
   * @param unique true for a unique index
   * @param field the collection component
   * @param elements the record's collection, {@code null} for none
   * @param elementValues the normalised index values of one (non-null) element
   * @param descriptor everything that shapes the entries, marking the index as multi-value
   * @return the definition
   */
  public static <T, E> IndexDefinition<T> multiValue(
      String name,
      String subspace,
      boolean unique,
      String field,
      Function<T, ? extends Collection<? extends E>> elements,
      Function<? super E, Tuple> elementValues,
      String descriptor) {
    Objects.requireNonNull(elements, "elements");
    Objects.requireNonNull(elementValues, "elementValues");
    Function<T, List<Tuple>> all =
        record -> {
          Collection<? extends E> collection = elements.apply(record);
          if (collection == null) {
            return List.of();
          }
          List<Tuple> tuples = new ArrayList<>(collection.size());
          for (E element : collection) {
            if (element != null) {
              tuples.add(elementValues.apply(element));
            }
          }
          return tuples;
        };
    Function<T, Tuple> single =
        record -> {
          throw new IllegalStateException(
              "index '" + name + "' is multi-value: a record has one entry per element of "
                  + field + ", see IndexDefinition.entryValues");
        };
    return new IndexDefinition<>(name, subspace, unique, List.of(field), single, descriptor, all);
  }

  /** {@return true if this index has one entry per element of a collection component} */
  public boolean multiValue() {
    return multiValues != null;
  }

  /**
   * The values of every entry {@code record} has in this index, distinct, each normalised: none
   * when the record is not in the index, one for a single-value index, one per distinct element
   * for a multi-value index.
   *
   * @param record the record
   * @return the values, an immutable list
   */
  public List<Tuple> entryValues(T record) {
    if (multiValues == null) {
      Tuple single = values.apply(record);
      return single == null ? List.of() : List.of(single);
    }
    Set<Tuple> distinct = new LinkedHashSet<>(multiValues.apply(record));
    distinct.remove(null);
    return List.copyOf(distinct);
  }

  /**
   * True if {@code record} has an entry with {@code entryValues} in this index.
   *
   * @param record the record
   * @param entryValues the normalised values of one entry
   * @return whether the record holds them
   */
  public boolean holds(T record, Tuple entryValues) {
    if (multiValues == null) {
      return entryValues.equals(values.apply(record));
    }
    return multiValues.apply(record).contains(entryValues);
  }

  /**
   * An index whose descriptor is derived from its uniqueness and field names only, e.g. {@code
   * unique(email)}: for hand-written definitions. A change of field types or normalisation is then
   * not detected; generated definitions pass a full descriptor.
   *
   * @param name the index name
   * @param subspace the subspace name of its entries
   * @param unique true for a unique index
   * @param fields the indexed components, in key order
   * @param values the index values of a record
   */
  public IndexDefinition(
      String name, String subspace, boolean unique, List<String> fields, Function<T, Tuple> values) {
    this(name, subspace, unique, fields, values, defaultDescriptor(unique, fields));
  }

  /**
   * {@code descriptor} with the rules of the normalisation it ends in appended, or unchanged when it
   * ends in none (or already carries the rules: the suffix contains no {@code '/'}).
   */
  private static String withTextRules(String descriptor) {
    IndexDescriptor parsed = IndexDescriptor.parse(descriptor);
    if (parsed.textRules().isPresent()) {
      return descriptor;
    }
    String rules = parsed.normalize().map(TextNormalizer::rules).orElse(null);
    return rules == null ? descriptor : descriptor + IndexDescriptor.TEXT_RULES + rules;
  }

  /**
   * The part an index key holds for one component value: the codec's {@linkplain Codec#indexKey
   * index key} of {@code value}, or the null part for {@code null}. Generated repositories and the
   * catalog's definitions both derive every key part here.
   *
   * @param <V> the component type
   * @param codec the component's codec
   * @param value the value, possibly {@code null}
   * @return the key part
   */
  public static <V> Object keyPart(Codec<V> codec, V value) {
    return value == null ? null : codec.indexKey(value);
  }

  /**
   * The part an index key holds for one text value: {@code value} normalised as {@code normalize}
   * says (see {@link TextNormalizer}), then encoded as {@link #keyPart} does.
   *
   * @param codec the component's codec
   * @param normalize the index's normalisation
   * @param value the value, possibly {@code null}
   * @return the key part
   */
  public static Object textKeyPart(Codec<String> codec, Normalize normalize, String value) {
    if (value == null) {
      return null;
    }
    return codec.indexKey(
        normalize == Normalize.NONE ? value : TextNormalizer.normalize(value, normalize));
  }

  /**
   * The values of one entry of this index from its components' key parts (see {@link #keyPart}):
   * the parts, a null part sorting before every other value, when none is null or this index
   * {@linkplain #holdsNulls() holds nulls}; otherwise {@code null}, meaning the record has no entry
   * (several records may hold null, none of them is in a unique index).
   *
   * @param keyParts the key parts, in the index's component order
   * @return the entry's values, or {@code null}
   */
  public Tuple valuesOf(Object... keyParts) {
    for (Object part : keyParts) {
      if (part == null) {
        return keyValues(holdsNulls(), keyParts); // the descriptor is read only for a null
      }
    }
    return Tuple.of(keyParts);
  }

  /**
   * {@link #valuesOf} for an index known by its catalog entry: whether it holds nulls is what its
   * stored descriptor says.
   *
   * @param holdsNulls whether the index holds a null part (see {@link #holdsNulls()})
   * @param keyParts the key parts, in the index's component order
   * @return the entry's values, or {@code null}
   */
  public static Tuple keyValues(boolean holdsNulls, Object[] keyParts) {
    if (!holdsNulls) {
      for (Object part : keyParts) {
        if (part == null) {
          return null;
        }
      }
    }
    return Tuple.of(keyParts);
  }

  /**
   * The first part of every key of the index whose subspace has id {@code subspaceId} in a store,
   * as a one-part tuple: {@code (subspaceId)}.
   *
   * @param subspaceId the id the store's catalog assigned to the index's {@link #subspace()}
   * @return the one-part tuple
   */
  public static Tuple subspaceKey(long subspaceId) {
    return Tuple.of(subspaceId);
  }

  /**
   * The key of this index's entries with {@code values}, or of the entries starting with them when
   * {@code values} has fewer parts than the index has components: {@code (subspaceId, values...)}.
   * For a unique index and all its values, this is the entry's whole key.
   *
   * @param subspaceId the id the store's catalog assigned to {@link #subspace()}
   * @param values normalised, encoded values, from {@link #valuesOf} or a query
   * @return the key (prefix)
   */
  public Tuple entryPrefix(long subspaceId, Tuple values) {
    return entryPrefix(subspaceKey(subspaceId), values);
  }

  /**
   * {@link #entryPrefix(long, Tuple)} with the index's first part, {@link #subspaceKey}{@code
   * (subspaceId)}, given as built: a reader that keeps one such tuple per index packs it once.
   *
   * @param subspaceKey {@code subspaceKey(subspaceId)}
   * @param values normalised, encoded values, from {@link #valuesOf} or a query
   * @return the key (prefix)
   */
  public Tuple entryPrefix(Tuple subspaceKey, Tuple values) {
    return subspaceKey.addAll(values);
  }

  /**
   * The key of the entry with {@code values} of the record whose primary key parts are {@code
   * pkParts}: {@code (subspaceId, values...)} for a unique index (the pointer is the value), {@code
   * (subspaceId, values..., pkParts...)} otherwise.
   *
   * @param subspaceId the id the store's catalog assigned to {@link #subspace()}
   * @param values the entry's values
   * @param pkParts the record's primary key parts
   * @return the entry's key
   */
  public Tuple entryKey(long subspaceId, Tuple values, Tuple pkParts) {
    Tuple prefix = entryPrefix(subspaceId, values);
    return unique ? prefix : prefix.addAll(pkParts);
  }

  /**
   * The range of every key of the index whose subspace has id {@code subspaceId}: the keys starting
   * with {@link #subspaceKey(long)}. Also for code that knows the index by its catalog entry only.
   *
   * @param subspaceId the id the store's catalog assigned to the index's subspace
   * @return the range
   */
  public static TupleRange range(long subspaceId) {
    return TupleRange.prefix(subspaceKey(subspaceId));
  }

  /**
   * Whether this index holds the records whose indexed field is null, under a null part (which
   * sorts before every other value): a non-unique index whose descriptor says {@code ;nulls}, as
   * generated ones with a nullable field do. A unique index never does: several records may hold
   * null, and none of them is in the index.
   *
   * @return true if {@code isNull()} queries can be served by this index
   */
  public boolean holdsNulls() {
    return !unique && IndexDescriptor.parse(descriptor).holdsNulls();
  }

  /**
   * Whether this index holds null parts for its component {@code field}: it {@linkplain
   * #holdsNulls() holds nulls} and its descriptor does not give the field a primitive type ({@code
   * pages:int}), which is never null. A composite index holds nulls when any of its fields may be
   * null, so its primitive fields are told apart by their declared types; a descriptor that names no
   * types (a hand-written definition's) leaves every field of an index that holds nulls nullable.
   *
   * @param field one of {@link #fields()}
   * @return true if {@code isNull()} on that component can be served by this index
   * @throws IllegalArgumentException if {@code field} is not one of this index's fields
   */
  public boolean holdsNulls(String field) {
    if (!fields.contains(field)) {
      throw new IllegalArgumentException(
          "index '" + name + "' has no field '" + field + "', only " + fields);
    }
    if (!holdsNulls()) {
      return false;
    }
    TypeDescriptor declared =
        IndexDescriptor.parse(descriptor).field(field).map(IndexDescriptor.Field::type).orElse(null);
    return declared == null || !declared.primitive();
  }

  private static String defaultDescriptor(boolean unique, List<String> fields) {
    return (unique ? "unique" : "index") + "(" + String.join(",", fields) + ")";
  }
}
