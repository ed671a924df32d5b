package dev.tessera.processor.codegen;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.NameAllocator;
import dev.tessera.processor.model.ClassRef;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.FieldType;
import dev.tessera.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the expressions that encode a value into a tuple part and decode it back, as calls to the
 * runtime's {@code FieldCodec}. Nested records get a pair of generated methods each (see {@link
 * #nestedRecords()}), named here so every expression calls the same ones.
 *
 * <p>Not thread-safe: one instance per generated file.
 */
final class CodecExpressions {
  private final Map<ClassRef, FieldType> records = new LinkedHashMap<>();
  private final Map<ClassRef, String> encoders = new LinkedHashMap<>();
  private final Map<ClassRef, String> decoders = new LinkedHashMap<>();

  /** Prepares the expressions for {@code model}'s component types. */
  CodecExpressions(EntityModel model, NameAllocator memberNames) {
    for (ComponentModel component : model.components()) {
      collectRecords(component.type());
    }
    for (ClassRef record : records.keySet()) {
      String suffix = String.join("", record.simpleNames());
      encoders.put(record, memberNames.newName("encode" + suffix));
      decoders.put(record, memberNames.newName("decode" + suffix));
    }
  }

  /** The nested record types that need generated codec methods, in a stable order. */
  List<FieldType> nestedRecords() {
    return new ArrayList<>(records.values());
  }

  /** The name of the generated method encoding {@code record}. */
  String encoderName(ClassRef record) {
    return encoders.get(record);
  }

  /** The name of the generated method decoding {@code record}. */
  String decoderName(ClassRef record) {
    return decoders.get(record);
  }

  /** An expression encoding {@code value} (of {@code type}) into a tuple part. */
  CodeBlock encode(FieldType type, CodeBlock value) {
    return encode(type, value, 1);
  }

  /** An expression decoding tuple part {@code part} into a value of {@code type}. */
  CodeBlock decode(FieldType type, CodeBlock part) {
    return decode(type, part, 1);
  }

  private CodeBlock encode(FieldType type, CodeBlock value, int depth) {
    switch (type.kind()) {
      case ENUM:
        return CodeBlock.of("$T.encodeEnum($L)", TypeNames.FIELD_CODEC, value);
      case RECORD:
        return CodeBlock.of("$N($L)", encoderName(type.declared()), value);
      case OPTIONAL:
      case LIST:
      case SET:
        return CodeBlock.of(
            "$T.$N($L, $L)",
            TypeNames.FIELD_CODEC,
            "encode" + containerName(type),
            value,
            encoder(type.arguments().get(0), depth));
      case MAP:
        return CodeBlock.of(
            "$T.encodeMap($L, $L, $L)",
            TypeNames.FIELD_CODEC,
            value,
            encoder(type.arguments().get(0), depth),
            encoder(type.arguments().get(1), depth));
      default:
        return CodeBlock.of("$T.$N($L)", TypeNames.FIELD_CODEC, "encode" + scalarName(type), value);
    }
  }

  private CodeBlock decode(FieldType type, CodeBlock part, int depth) {
    switch (type.kind()) {
      case ENUM:
        return CodeBlock.of(
            "$T.decodeEnum($L, $T.class)",
            TypeNames.FIELD_CODEC,
            part,
            JavaTypes.className(type.declared()));
      case RECORD:
        return CodeBlock.of("$N($L)", decoderName(type.declared()), part);
      case OPTIONAL:
      case LIST:
      case SET:
        return CodeBlock.of(
            "$T.$N($L, $L)",
            TypeNames.FIELD_CODEC,
            "decode" + containerName(type),
            part,
            decoder(type.arguments().get(0), depth));
      case MAP:
        return CodeBlock.of(
            "$T.decodeMap($L, $L, $L)",
            TypeNames.FIELD_CODEC,
            part,
            decoder(type.arguments().get(0), depth),
            decoder(type.arguments().get(1), depth));
      default:
        return CodeBlock.of("$T.$N($L)", TypeNames.FIELD_CODEC, "decode" + scalarName(type), part);
    }
  }

  /** A lambda encoding one element; the parameter is named after the nesting depth. */
  private CodeBlock encoder(FieldType element, int depth) {
    String parameter = "v" + depth;
    return CodeBlock.of(
        "$N -> $L", parameter, encode(element, CodeBlock.of("$N", parameter), depth + 1));
  }

  private CodeBlock decoder(FieldType element, int depth) {
    String parameter = "v" + depth;
    return CodeBlock.of(
        "$N -> $L", parameter, decode(element, CodeBlock.of("$N", parameter), depth + 1));
  }

  private void collectRecords(FieldType type) {
    for (FieldType argument : type.arguments()) {
      collectRecords(argument);
    }
    for (ComponentModel component : type.components()) {
      collectRecords(component.type());
    }
    if (type.kind() == ValueKind.RECORD) {
      records.putIfAbsent(type.declared(), type);
    }
  }

  private static String containerName(FieldType type) {
    switch (type.kind()) {
      case OPTIONAL:
        return "Optional";
      case LIST:
        return "List";
      case SET:
        return "Set";
      default:
        throw new IllegalArgumentException("not a one-argument container: " + type);
    }
  }

  /** The suffix of the {@code FieldCodec} methods for a scalar type. */
  private static String scalarName(FieldType type) {
    String box = type.primitive() ? "" : "Boxed";
    switch (type.kind()) {
      case BOOLEAN:
        return box + "Boolean";
      case BYTE:
        return box + "Byte";
      case SHORT:
        return box + "Short";
      case INT:
        return box + "Int";
      case LONG:
        return box + "Long";
      case CHAR:
        return box + "Char";
      case FLOAT:
        return box + "Float";
      case DOUBLE:
        return box + "Double";
      case STRING:
        return "String";
      case BYTES:
        return "Bytes";
      case UUID:
        return "Uuid";
      case INSTANT:
        return "Instant";
      case LOCAL_DATE:
        return "LocalDate";
      case LOCAL_DATE_TIME:
        return "LocalDateTime";
      case LOCAL_TIME:
        return "LocalTime";
      case DURATION:
        return "Duration";
      case BIG_INTEGER:
        return "BigInteger";
      case BIG_DECIMAL:
        return "BigDecimal";
      default:
        throw new IllegalArgumentException("not a scalar: " + type);
    }
  }
}
