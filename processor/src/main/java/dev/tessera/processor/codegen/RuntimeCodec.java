package dev.tessera.processor.codegen;

import com.palantir.javapoet.CodeBlock;
import dev.tessera.processor.model.FieldType;

/**
 * The codec constants of the runtime's {@code dev.tessera.mapping.Codecs} that generated code
 * names, one per scalar type: each constant's name is the name of the runtime field. The processor
 * does not depend on the runtime, so {@code RuntimeCodecTest} checks every constant against the
 * runtime class: renaming a runtime codec fails the processor's build, not a user's.
 *
 * <p>Immutable and thread-safe.
 */
enum RuntimeCodec {
  BOOLEAN,
  BOXED_BOOLEAN,
  BYTE,
  BOXED_BYTE,
  SHORT,
  BOXED_SHORT,
  INT,
  BOXED_INT,
  LONG,
  BOXED_LONG,
  CHAR,
  BOXED_CHAR,
  FLOAT,
  BOXED_FLOAT,
  DOUBLE,
  BOXED_DOUBLE,
  STRING,
  BYTES,
  UUID,
  INSTANT,
  LOCAL_DATE,
  LOCAL_DATE_TIME,
  LOCAL_TIME,
  OFFSET_DATE_TIME,
  DURATION,
  BIG_INTEGER,
  BIG_DECIMAL;

  /** {@code Codecs.INT} and so on: the expression naming this constant. */
  CodeBlock reference() {
    return CodeBlock.of("$T.$N", TypeNames.CODECS, name());
  }

  /**
   * {@code Codecs.readLong(parts)} and so on: the runtime method that reads this primitive codec's
   * values without boxing them, or null for a codec of reference values (read through {@code
   * Codec.read}).
   */
  String unboxedReader() {
    switch (this) {
      case BOOLEAN:
        return "readBoolean";
      case BYTE:
        return "readByte";
      case SHORT:
        return "readShort";
      case INT:
        return "readInt";
      case LONG:
        return "readLong";
      case CHAR:
        return "readChar";
      case FLOAT:
        return "readFloat";
      case DOUBLE:
        return "readDouble";
      default:
        return null;
    }
  }

  /**
   * {@code Codecs.writeLong(parts, value)} and so on: the runtime method that writes this primitive
   * codec's values without boxing them, or null for a codec of reference values (written through
   * {@code Codec.write}).
   */
  String unboxedWriter() {
    switch (this) {
      case BOOLEAN:
        return "writeBoolean";
      case BYTE:
        return "writeByte";
      case SHORT:
        return "writeShort";
      case INT:
        return "writeInt";
      case LONG:
        return "writeLong";
      case CHAR:
        return "writeChar";
      case FLOAT:
        return "writeFloat";
      case DOUBLE:
        return "writeDouble";
      default:
        return null;
    }
  }

  /** The codec of scalar {@code type} (primitive or boxed as the type says). */
  static RuntimeCodec of(FieldType type) {
    boolean primitive = type.primitive();
    switch (type.kind()) {
      case BOOLEAN:
        return primitive ? BOOLEAN : BOXED_BOOLEAN;
      case BYTE:
        return primitive ? BYTE : BOXED_BYTE;
      case SHORT:
        return primitive ? SHORT : BOXED_SHORT;
      case INT:
        return primitive ? INT : BOXED_INT;
      case LONG:
        return primitive ? LONG : BOXED_LONG;
      case CHAR:
        return primitive ? CHAR : BOXED_CHAR;
      case FLOAT:
        return primitive ? FLOAT : BOXED_FLOAT;
      case DOUBLE:
        return primitive ? DOUBLE : BOXED_DOUBLE;
      case STRING:
        return STRING;
      case BYTES:
        return BYTES;
      case UUID:
        return UUID;
      case INSTANT:
        return INSTANT;
      case LOCAL_DATE:
        return LOCAL_DATE;
      case LOCAL_DATE_TIME:
        return LOCAL_DATE_TIME;
      case LOCAL_TIME:
        return LOCAL_TIME;
      case OFFSET_DATE_TIME:
        return OFFSET_DATE_TIME;
      case DURATION:
        return DURATION;
      case BIG_INTEGER:
        return BIG_INTEGER;
      case BIG_DECIMAL:
        return BIG_DECIMAL;
      default:
        throw new IllegalArgumentException("not a scalar: " + type);
    }
  }
}
