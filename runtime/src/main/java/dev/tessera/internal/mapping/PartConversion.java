package dev.tessera.internal.mapping;

import dev.tessera.internal.mapping.FieldCodec;
import dev.tessera.mapping.TypeDescriptor.Kind;
import dev.tessera.mapping.TypeDescriptor;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts one stored tuple part from the encoding of an older component type to the encoding of
 * its current type, when that is lossless: integer widening ({@code byte} to {@code short}, {@code
 * int} or {@code long}, {@code int} to {@code long}...), integers to {@code BigInteger}, the exact
 * widenings to {@code float} and {@code double} ({@code int} to {@code double}, {@code float} to
 * {@code double}...), a primitive to its box, a value to an {@code Optional} of it, enums by name,
 * and element by element inside containers and nested records (whose components are matched by
 * name). {@code null} parts stay {@code null}.
 *
 * <p>Immutable and thread-safe.
 */
@FunctionalInterface
interface PartConversion {
  /** Leaves the part as it is: the encodings agree. */
  PartConversion IDENTITY = part -> part;

  /** Converts a stored part; {@code part} may be {@code null}. */
  Object apply(Object part);

  /**
   * The conversion of values stored as {@code from} into {@code to}, or {@code null} when {@code
   * from}'s values cannot all be read as {@code to} without loss.
   */
  static PartConversion between(TypeDescriptor from, TypeDescriptor to) {
    if (from.equals(to)) {
      return IDENTITY;
    }
    if (to.kind() == Kind.OPTIONAL && from.kind() != Kind.OPTIONAL) {
      // Optional stores empty as null and a value as the value's own part.
      return between(from, to.arguments().get(0));
    }
    if (from.scalar() && to.scalar()) {
      return widening(from, to);
    }
    if (from.kind() != to.kind()) {
      return null;
    }
    switch (from.kind()) {
      case ENUM:
        return IDENTITY; // stored by constant name
      case OPTIONAL:
        return between(from.arguments().get(0), to.arguments().get(0));
      case LIST:
      case SET:
        PartConversion element = between(from.arguments().get(0), to.arguments().get(0));
        return element == null ? null : elements(element, element);
      case MAP:
        PartConversion key = between(from.arguments().get(0), to.arguments().get(0));
        PartConversion value = between(from.arguments().get(1), to.arguments().get(1));
        return key == null || value == null ? null : elements(key, value);
      case RECORD:
        return nestedRecord(from, to);
      default:
        return null;
    }
  }

  /**
   * True if a primary key stored as {@code from} keeps its key bytes as {@code to}: the same type
   * (primitive or box), or a wider integer type.
   */
  static boolean keepsKeyBytes(TypeDescriptor from, TypeDescriptor to) {
    if (from.scalar() && to.scalar()) {
      return from.kind() == to.kind()
          || (from.integral() && (to.integral() || to.kind() == Kind.BIG_INTEGER)
              && widening(from, withBox(to)) == IDENTITY);
    }
    return from.equals(to);
  }

  /**
   * The part a component of {@code type} reads when its record was stored without it: {@code 0}
   * or {@code false} for primitives, an empty tuple (an empty collection) for {@code List}, {@code
   * Set} and {@code Map}, otherwise {@code null} ({@code Optional.empty()} for an {@code Optional}).
   */
  static Object defaultPart(TypeDescriptor type) {
    if (type.primitive()) {
      switch (type.kind()) {
        case BOOLEAN:
          return Boolean.FALSE;
        case FLOAT:
          return 0f;
        case DOUBLE:
          return 0d;
        default:
          return 0L;
      }
    }
    switch (type.kind()) {
      case LIST:
      case SET:
      case MAP:
        return Tuple.of();
      default:
        return null;
    }
  }

  private static PartConversion widening(TypeDescriptor from, TypeDescriptor to) {
    if (to.primitive() && !from.primitive()) {
      return null; // a stored null has no primitive value
    }
    Kind source = from.kind();
    Kind target = to.kind();
    if (source == target) {
      return IDENTITY;
    }
    if (from.integral()) {
      if (to.integral() && widerInteger(source, target)) {
        return IDENTITY; // every integer is stored as a tuple integer
      }
      if (target == Kind.BIG_INTEGER) {
        return IDENTITY;
      }
      if (target == Kind.DOUBLE && source != Kind.LONG) {
        return nonNull(part -> (double) (Long) part);
      }
      if (target == Kind.FLOAT && source != Kind.LONG && source != Kind.INT) {
        return nonNull(part -> (float) (Long) part);
      }
    }
    if (source == Kind.FLOAT && target == Kind.DOUBLE) {
      return nonNull(part -> ((Float) part).doubleValue());
    }
    return null;
  }

  private static boolean widerInteger(Kind from, Kind to) {
    List<Kind> wider;
    switch (from) {
      case BYTE:
        wider = List.of(Kind.SHORT, Kind.INT, Kind.LONG);
        break;
      case SHORT:
      case CHAR:
        wider = List.of(Kind.INT, Kind.LONG);
        break;
      case INT:
        wider = List.of(Kind.LONG);
        break;
      default:
        wider = List.of();
    }
    return wider.contains(to);
  }

  private static TypeDescriptor withBox(TypeDescriptor type) {
    return new TypeDescriptor(type.kind(), false, "", List.of(), List.of());
  }

  private static PartConversion nonNull(PartConversion conversion) {
    return part -> part == null ? null : conversion.apply(part);
  }

  /** Converts each element of a nested tuple, alternating {@code even} and {@code odd} (map entries). */
  private static PartConversion elements(PartConversion even, PartConversion odd) {
    if (even == IDENTITY && odd == IDENTITY) {
      return IDENTITY;
    }
    return nonNull(
        part -> {
          Tuple stored = FieldCodec.decodeTuple(part);
          List<Object> converted = new ArrayList<>(stored.size());
          for (int i = 0; i < stored.size(); i++) {
            converted.add((i % 2 == 0 ? even : odd).apply(stored.get(i)));
          }
          return Tuple.fromList(converted);
        });
  }

  /** A nested record: its components matched by name; added ones read their type's default. */
  private static PartConversion nestedRecord(TypeDescriptor from, TypeDescriptor to) {
    Map<String, Integer> positions = new HashMap<>();
    for (int i = 0; i < from.components().size(); i++) {
      positions.put(from.components().get(i).name(), i);
    }
    int size = to.components().size();
    int[] sources = new int[size];
    PartConversion[] conversions = new PartConversion[size];
    Object[] defaults = new Object[size];
    boolean identity = from.components().size() == size;
    for (int j = 0; j < size; j++) {
      TypeDescriptor.Component component = to.components().get(j);
      Integer source = positions.get(component.name());
      sources[j] = source == null ? -1 : source;
      if (source == null) {
        defaults[j] = defaultPart(component.type());
        identity = false;
        continue;
      }
      conversions[j] = between(from.components().get(source).type(), component.type());
      if (conversions[j] == null) {
        return null;
      }
      identity &= source == j && conversions[j] == IDENTITY;
    }
    if (identity) {
      return IDENTITY;
    }
    String what = "record " + from.className();
    int storedSize = from.components().size();
    return nonNull(
        part -> {
          Tuple stored = FieldCodec.decodeTuple(part, storedSize, what);
          Object[] converted = new Object[size];
          for (int j = 0; j < size; j++) {
            converted[j] =
                sources[j] < 0 ? defaults[j] : conversions[j].apply(stored.get(sources[j]));
          }
          return Tuple.of(converted);
        });
  }
}
