package dev.tessera.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import dev.tessera.processor.model.ClassRef;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.FieldType;
import dev.tessera.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * The codecs of a generated repository: one private constant per record component (and one per
 * nested record type, which the components' codecs use), built from the runtime's {@code Codecs}
 * constants and combinators, and the calls that encode and decode through them.
 *
 * <p>Not thread-safe: one instance per generated file.
 */
final class CodecFields {
  private final Map<ClassRef, FieldType> records = new LinkedHashMap<>();
  private final Map<ClassRef, String> recordFields = new LinkedHashMap<>();
  private final Map<String, String> componentFields = new LinkedHashMap<>();
  private final EntityModel model;

  /** Names the codec constants of {@code model}'s components and nested record types. */
  CodecFields(EntityModel model, NameAllocator memberNames) {
    this.model = model;
    for (ComponentModel component : model.components()) {
      collectRecords(component.type());
    }
    for (ClassRef record : records.keySet()) {
      recordFields.put(
          record, memberNames.newName(GeneratedNames.recordCodec(record)));
    }
    for (ComponentModel component : model.components()) {
      componentFields.put(
          component.name(), memberNames.newName(GeneratedNames.componentCodec(component.name())));
    }
  }

  /** The codec constants, nested records first, so every constant is declared before its use. */
  List<FieldSpec> fields() {
    List<FieldSpec> fields = new ArrayList<>();
    for (FieldType record : records.values()) {
      fields.add(field(record, recordFields.get(record.declared()), recordCodec(record)));
    }
    for (ComponentModel component : model.components()) {
      fields.add(
          field(component.type(), componentFields.get(component.name()), codec(component.type())));
    }
    return fields;
  }

  /** {@code EMAIL_CODEC.encode(value)}: a top-level component's value as a tuple part. */
  CodeBlock encode(ComponentModel component, CodeBlock value) {
    return CodeBlock.of("$N.encode($L)", componentFields.get(component.name()), value);
  }

  /** {@code EMAIL_CODEC.decode(part)}: a top-level component's value from its tuple part. */
  CodeBlock decode(ComponentModel component, CodeBlock part) {
    return CodeBlock.of("$N.decode($L)", componentFields.get(component.name()), part);
  }

  /**
   * {@code EMAIL_CODEC.read(parts)}: a top-level component's value read from a tuple reader; for a
   * primitive, {@code Codecs.readLong(parts)} and so on, which read the same value unboxed.
   */
  CodeBlock read(ComponentModel component, CodeBlock parts) {
    FieldType type = component.type();
    if (type.primitive()) {
      return CodeBlock.of("$T.$N($L)", TypeNames.CODECS, RuntimeCodec.of(type).unboxedReader(), parts);
    }
    return CodeBlock.of("$N.read($L)", componentFields.get(component.name()), parts);
  }

  /**
   * {@code EMAIL_CODEC.write(parts, value)}: a top-level component's value written to a tuple
   * writer; for a primitive, {@code Codecs.writeLong(parts, value)} and so on, which write the same
   * bytes from the unboxed value.
   */
  CodeBlock write(ComponentModel component, CodeBlock parts, CodeBlock value) {
    FieldType type = component.type();
    if (type.primitive()) {
      return CodeBlock.of(
          "$T.$N($L, $L)", TypeNames.CODECS, RuntimeCodec.of(type).unboxedWriter(), parts, value);
    }
    return CodeBlock.of("$N.write($L, $L)", componentFields.get(component.name()), parts, value);
  }

  /** {@code EMAIL_CODEC}: the codec constant of a top-level component. */
  CodeBlock codecOf(ComponentModel component) {
    return CodeBlock.of("$N", componentFields.get(component.name()));
  }

  /** The codec of {@code type}, for the elements of a multi-value index. */
  CodeBlock codecOf(FieldType type) {
    return codec(type);
  }

  /** {@code <codec of type>.encode(value)}, for values that are not top-level components. */
  CodeBlock encode(FieldType type, CodeBlock value) {
    return CodeBlock.of("$L.encode($L)", codec(type), value);
  }

  /** {@code <codec of type>.decode(part)}, for values that are not top-level components. */
  CodeBlock decode(FieldType type, CodeBlock part) {
    return CodeBlock.of("$L.decode($L)", codec(type), part);
  }

  /** The expression of the codec of {@code type}: a {@code Codecs} constant or combinator call. */
  private CodeBlock codec(FieldType type) {
    switch (type.kind()) {
      case ENUM:
        return CodecCombinator.ENUM_OF.call(
            List.of(CodeBlock.of("$T.class", JavaTypes.className(type.declared()))));
      case RECORD:
        return CodeBlock.of("$N", recordFields.get(type.declared()));
      case OPTIONAL:
        return CodecCombinator.OPTIONAL.call(List.of(codec(type.arguments().get(0))));
      case LIST:
        return CodecCombinator.LIST.call(List.of(codec(type.arguments().get(0))));
      case SET:
        return CodecCombinator.SET.call(List.of(codec(type.arguments().get(0))));
      case MAP:
        return CodecCombinator.MAP.call(
            List.of(codec(type.arguments().get(0)), codec(type.arguments().get(1))));
      default:
        return RuntimeCodec.of(type).reference();
    }
  }

  /**
   * {@code Codecs.record("com.acme.Address", 2, value -> Tuple.of(...), parts -> new
   * Address(...))}: a nested record as a nested tuple of its components.
   */
  private CodeBlock recordCodec(FieldType record) {
    ClassName type = JavaTypes.className(record.declared());
    List<CodeBlock> encoded = new ArrayList<>();
    List<CodeBlock> decoded = new ArrayList<>();
    for (int i = 0; i < record.components().size(); i++) {
      ComponentModel component = record.components().get(i);
      encoded.add(encode(component.type(), CodeBlock.of("value.$N()", component.name())));
      decoded.add(decode(component.type(), CodeBlock.of("parts.get($L)", i)));
    }
    return CodecCombinator.RECORD.call(
        List.of(
            CodeBlock.of("$S", record.declared().qualifiedName()),
            CodeBlock.of("$L", record.components().size()),
            CodeBlock.of(
                "\nvalue -> $T.of($L)", TypeNames.TUPLE, CodeBlock.join(encoded, ", ")),
            CodeBlock.of("\nparts -> new $T($L)", type, CodeBlock.join(decoded, ", "))));
  }

  private static FieldSpec field(FieldType type, String name, CodeBlock initializer) {
    return FieldSpec.builder(
            ParameterizedTypeName.get(TypeNames.CODEC, JavaTypes.boxed(type)),
            name,
            Modifier.PRIVATE,
            Modifier.STATIC,
            Modifier.FINAL)
        .initializer("$>$>$L$<$<", initializer)
        .build();
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
}
