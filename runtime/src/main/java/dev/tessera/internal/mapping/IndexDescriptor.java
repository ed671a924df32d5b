package dev.tessera.internal.mapping;

import dev.tessera.annotations.Normalize;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.TypeDescriptor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An index descriptor read back: what {@link IndexDefinition#descriptor()} says and the store's
 * catalog keeps, e.g. {@code unique(email:STRING)/CASE_INSENSITIVE;text=NFKC_Casefold r1 Unicode
 * 18.0}, {@code index(shelf:INT,pages:int)/NONE;nulls}, {@code index(tags:each STRING)/NONE} or
 * {@code index(status:enum com.acme.Status{OUT,LOST})/NONE}. This is the one reader of that text,
 * for {@link IndexDefinition} and for the tools that know an index by its catalog entry only.
 *
 * <p>Reading never fails: a hand-written definition may carry any descriptor (e.g. {@code
 * unique(email)}, which names no types); what the text does not say reads as absent.
 *
 * <pre>{@code
 * IndexDescriptor index = IndexDescriptor.parse("index(shelf:INT,pages:int)/NONE;nulls");
 * boolean primitive = index.fields().get(1).type().primitive(); // true
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 *
 * @param text the descriptor, as given
 * @param fieldIndex true for {@code unique(...)} or {@code index(...)} followed by nothing but the
 *     suffixes below (not a spatial index's {@code spatial(...)})
 * @param fields the fields in the brackets, in key order; empty when the text has none
 * @param normalize the normalisation after the {@code '/'}, if it names one
 * @param holdsNulls true if the descriptor says {@code ;nulls}: a non-unique index that holds
 *     records whose field is null
 * @param textRules the folding rules after {@code ;text=}, if any
 */
public record IndexDescriptor(
    String text,
    boolean fieldIndex,
    List<Field> fields,
    Optional<Normalize> normalize,
    boolean holdsNulls,
    Optional<String> textRules) {
  /** What precedes the text folding rules in a descriptor. */
  public static final String TEXT_RULES = ";text=";

  private static final String NULLS = ";nulls";
  private static final String EACH = "each ";

  /**
   * One field of an index descriptor: {@code name:TYPE}, {@code name:each TYPE} (a multi-value
   * index over a {@code List} or {@code Set} of {@code TYPE}) or a bare {@code name}.
   *
   * @param name the record component
   * @param each true for a multi-value index's field, whose type is the element type
   * @param type the declared type (the element type if {@code each}); {@code null} when the
   *     descriptor names none or names one that does not parse
   * @param enumConstants for an enum type, the constants in declaration order as the descriptor
   *     lists them ({@code {OUT,LOST}}), otherwise empty
   */
  public record Field(String name, boolean each, TypeDescriptor type, List<String> enumConstants) {
    /** Copies the constants. */
    public Field {
      Objects.requireNonNull(name, "name");
      enumConstants = List.copyOf(enumConstants);
    }

    /** The field as the descriptor writes it, e.g. {@code tags:each STRING}. */
    @Override
    public String toString() {
      if (type == null) {
        return name;
      }
      String constants = enumConstants.isEmpty() ? "" : "{" + String.join(",", enumConstants) + "}";
      return name + ":" + (each ? EACH : "") + type + constants;
    }

    static Field parse(String text) {
      int colon = text.indexOf(':');
      if (colon < 0) {
        return new Field(text, false, null, List.of());
      }
      String type = text.substring(colon + 1);
      boolean each = type.startsWith(EACH);
      type = each ? type.substring(EACH.length()) : type;
      List<String> constants = List.of();
      int brace = type.indexOf('{');
      if (brace >= 0 && type.endsWith("}")) {
        constants = Arrays.asList(type.substring(brace + 1, type.length() - 1).split(",", -1));
        type = type.substring(0, brace);
      }
      TypeDescriptor descriptor;
      try {
        descriptor = TypeDescriptor.parse(type);
      } catch (IllegalArgumentException e) {
        descriptor = null; // a hand-written descriptor may say anything
      }
      return new Field(text.substring(0, colon), each, descriptor, constants);
    }
  }

  /** Copies the fields and checks that nothing is null. */
  public IndexDescriptor {
    Objects.requireNonNull(text, "text");
    fields = List.copyOf(fields);
    Objects.requireNonNull(normalize, "normalize");
    Objects.requireNonNull(textRules, "textRules");
  }

  /**
   * Reads {@code descriptor}: the suffixes from the end ({@code ;text=} rules, {@code ;nulls}, the
   * normalisation after the last {@code '/'}), then the fields in the brackets, split at the commas
   * outside brackets (an enum's constants and a record's components hold commas too).
   *
   * @param descriptor an index descriptor
   * @return what it says
   */
  public static IndexDescriptor parse(String descriptor) {
    String head = descriptor;
    Optional<String> rules = Optional.empty();
    int text = descriptor.indexOf(TEXT_RULES);
    if (text >= 0) {
      rules = Optional.of(descriptor.substring(text + TEXT_RULES.length()));
      head = descriptor.substring(0, text);
    }
    boolean nulls = head.endsWith(NULLS);
    if (nulls) {
      head = head.substring(0, head.length() - NULLS.length());
    }
    int slash = head.lastIndexOf('/');
    Optional<Normalize> normalize = normalization(head.substring(slash + 1));
    String definition = slash < 0 ? head : head.substring(0, slash);
    int open = definition.indexOf('(');
    List<String> fields = open < 0 ? null : fields(definition, open);
    String keyword = open < 0 ? "" : definition.substring(0, open);
    boolean fieldIndex =
        fields != null && slash >= 0 && (keyword.equals("unique") || keyword.equals("index"));
    List<Field> parsed = new ArrayList<>();
    for (String field : fields == null ? List.<String>of() : fields) {
      parsed.add(Field.parse(field));
    }
    return new IndexDescriptor(descriptor, fieldIndex, parsed, normalize, nulls, rules);
  }

  /** The field named {@code name}, if the descriptor lists it. */
  public Optional<Field> field(String name) {
    return fields.stream().filter(f -> f.name().equals(name)).findFirst();
  }

  /** The descriptor text, as given. */
  @Override
  public String toString() {
    return text;
  }

  private static Optional<Normalize> normalization(String name) {
    for (Normalize mode : Normalize.values()) {
      if (mode.name().equals(name)) {
        return Optional.of(mode);
      }
    }
    return Optional.empty();
  }

  /**
   * The fields between the bracket at {@code open} and its match, which must end {@code
   * definition}; {@code null} when the brackets do not close there.
   */
  private static List<String> fields(String definition, int open) {
    List<String> fields = new ArrayList<>();
    int depth = 0;
    int start = open + 1;
    for (int i = start; i < definition.length(); i++) {
      char c = definition.charAt(i);
      if (depth == 0 && (c == ',' || c == ')')) {
        if (i > start || c == ',' || !fields.isEmpty()) {
          fields.add(definition.substring(start, i));
        }
        if (c == ')') {
          return i == definition.length() - 1 ? fields : null;
        }
        start = i + 1;
      } else if (c == '(' || c == '{' || c == '<') {
        depth++;
      } else if (c == ')' || c == '}' || c == '>') {
        depth--;
      }
    }
    return null;
  }
}
