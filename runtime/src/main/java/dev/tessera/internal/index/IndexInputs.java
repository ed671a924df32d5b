package dev.tessera.internal.index;

import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleDecodingException;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * Which parts of an entity's stored record value its indexes derive their entries from, so an
 * update can tell from the bytes alone that it changes no index entry: when the value it writes
 * holds the same bytes as the stored one in the schema part, the primary key part and every part an
 * index reads, both records have the same entries (encoding is deterministic, and an index whose
 * {@linkplain IndexDefinition#exactInputs() inputs are exact} derives them through functions of
 * those components' values), so nothing needs decoding or deriving.
 *
 * <p>A stored value is {@code (schema, component...)}, one part per component of the {@link
 * RecordSchema} in its order after the part that names the schema. Equal schema parts and part
 * counts mean both values have that layout. When one index of the entity does not know its inputs
 * exactly (a hand-written definition), or names a field the schema does not have, {@link
 * #unchanged} always says false and every update derives and compares the entries.
 *
 * <p>Immutable and thread-safe.
 */
public final class IndexInputs {
  private static final IndexInputs UNKNOWN = new IndexInputs(null, 0);

  /** The parts compared, ascending: 0 (the schema), the primary key's and the indexed ones. */
  private final int[] parts;
  /** How many parts a value of the schema has. */
  private final int partCount;

  private IndexInputs(int[] parts, int partCount) {
    this.parts = parts;
    this.partCount = partCount;
  }

  /** The inputs of {@code indexes} in values stored with {@code schema}. */
  public static <T> IndexInputs of(RecordSchema schema, List<IndexDefinition<T>> indexes) {
    List<ComponentSchema> components = schema.components();
    TreeSet<Integer> parts = new TreeSet<>();
    parts.add(0);
    parts.add(partOf(components, schema.primaryKeyName()));
    for (IndexDefinition<T> index : indexes) {
      if (!index.exactInputs()) {
        return UNKNOWN;
      }
      for (String field : index.fields()) {
        int part = partOf(components, field);
        if (part < 0) {
          return UNKNOWN;
        }
        parts.add(part);
      }
    }
    return new IndexInputs(parts.stream().mapToInt(Integer::intValue).toArray(), components.size() + 1);
  }

  private static int partOf(List<ComponentSchema> components, String name) {
    for (int i = 0; i < components.size(); i++) {
      if (components.get(i).name().equals(name)) {
        return i + 1;
      }
    }
    return -1;
  }

  /**
   * True if {@code written}, a value about to replace {@code stored}, holds the same bytes in every
   * part the index entries and the record's key derive from, and both have the schema's layout:
   * then the update leaves every index entry as it is. Allocates nothing. False whenever that is
   * not certain, including when {@code stored} is not a valid packing (the caller's decoding then
   * reports it).
   */
  public boolean unchanged(byte[] stored, byte[] written) {
    if (parts == null) {
      return false;
    }
    try {
      return sameParts(stored, written);
    } catch (TupleDecodingException damaged) {
      return false; // the full path decodes the stored value and reports the damage
    }
  }

  private boolean sameParts(byte[] stored, byte[] written) {
    int a = 0;
    int b = 0;
    int next = 0;
    for (int part = 0; part < partCount; part++) {
      if (a == stored.length || b == written.length) {
        return false; // fewer parts than the schema has
      }
      int aEnd = Tuple.partEnd(stored, a, stored.length);
      int bEnd = Tuple.partEnd(written, b, written.length);
      if (next < parts.length && parts[next] == part) {
        if (!Arrays.equals(stored, a, aEnd, written, b, bEnd)) {
          return false;
        }
        next++;
      }
      a = aEnd;
      b = bEnd;
    }
    return a == stored.length && b == written.length;
  }
}
