package dev.tessera.processor.codegen;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.FieldType;
import dev.tessera.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes the repository's private nested {@code Mapping} class: the entity's implementation of
 * {@code EntityMapping} (record and key encoding, decoding, the list of indexes), plus one encode
 * and decode method per nested record type.
 *
 * <p>Not thread-safe: one instance per generated file.
 */
final class MappingWriter {
  private final EntityModel model;
  private final CodecExpressions codecs;
  private final ClassName entity;
  private final TypeName id;

  MappingWriter(EntityModel model, CodecExpressions codecs) {
    this.model = model;
    this.codecs = codecs;
    this.entity = JavaTypes.className(model.type());
    this.id = JavaTypes.boxed(model.primaryKey().type());
  }

  TypeSpec write() {
    TypeSpec.Builder mapping =
        TypeSpec.classBuilder(GeneratedNames.MAPPING)
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
            .addJavadoc("How {@link $T} records are stored. Stateless and thread-safe.\n", entity)
            .addSuperinterface(ParameterizedTypeName.get(TypeNames.ENTITY_MAPPING, entity, id))
            .addMethod(
                override("entityName", TypeNames.STRING)
                    .addStatement("return $N", GeneratedNames.ENTITY_NAME)
                    .build())
            .addMethod(
                override("entityType", ParameterizedTypeName.get(TypeNames.CLASS, entity))
                    .addStatement("return $T.class", entity)
                    .build())
            .addMethod(
                override("primaryKeyName", TypeNames.STRING)
                    .addStatement("return $S", model.primaryKey().name())
                    .build())
            .addMethod(
                override("keyGeneration", TypeNames.KEY_GENERATION)
                    .addStatement(
                        "return $T.$N", TypeNames.KEY_GENERATION, model.keyGeneration().name())
                    .build())
            .addMethod(idOf())
            .addMethod(withId())
            .addMethod(keyParts())
            .addMethod(idFromKeyParts())
            .addMethod(
                override("schema", TypeNames.RECORD_SCHEMA)
                    .addStatement("return $N", GeneratedNames.SCHEMA)
                    .build())
            .addMethod(encode())
            .addMethod(decode())
            .addMethod(
                override(
                        "indexes",
                        ParameterizedTypeName.get(
                            TypeNames.LIST,
                            ParameterizedTypeName.get(TypeNames.INDEX_DEFINITION, entity)))
                    .addStatement("return $N", GeneratedNames.INDEXES)
                    .build());
    for (FieldType record : codecs.nestedRecords()) {
      mapping.addMethod(recordEncoder(record)).addMethod(recordDecoder(record));
    }
    return mapping.build();
  }

  private MethodSpec idOf() {
    return override("idOf", id)
        .addParameter(entity, "entity")
        .addStatement("return entity.$N()", model.primaryKey().name())
        .build();
  }

  private MethodSpec withId() {
    List<CodeBlock> arguments = new ArrayList<>();
    for (int i = 0; i < model.components().size(); i++) {
      arguments.add(
          i == model.primaryKeyIndex()
              ? CodeBlock.of("id")
              : CodeBlock.of("entity.$N()", model.components().get(i).name()));
    }
    return override("withId", entity)
        .addParameter(entity, "entity")
        .addParameter(id, "id")
        .addStatement("return new $T($>$>\n$L$<$<)", entity, CodeBlock.join(arguments, ",\n"))
        .build();
  }

  private MethodSpec keyParts() {
    FieldType key = model.primaryKey().type();
    CodeBlock parts;
    if (key.kind() == ValueKind.RECORD) {
      // A composite key: one key part per component, so keys sort component by component.
      parts =
          key.components().stream()
              .map(c -> codecs.encode(c.type(), CodeBlock.of("id.$N()", c.name())))
              .collect(CodeBlock.joining(", "));
    } else {
      parts = codecs.encode(key, CodeBlock.of("id"));
    }
    return override("keyParts", TypeNames.TUPLE)
        .addParameter(id, "id")
        .addStatement("$T.requireNonNull(id, $S)", TypeNames.OBJECTS, model.primaryKey().name())
        .addStatement("return $T.of($L)", TypeNames.TUPLE, parts)
        .build();
  }

  private MethodSpec idFromKeyParts() {
    FieldType key = model.primaryKey().type();
    CodeBlock value;
    if (key.kind() == ValueKind.RECORD) {
      List<CodeBlock> components = new ArrayList<>();
      for (int i = 0; i < key.components().size(); i++) {
        components.add(
            codecs.decode(key.components().get(i).type(), CodeBlock.of("parts.get($L)", i)));
      }
      value =
          CodeBlock.of(
              "new $T($L)", JavaTypes.className(key.declared()), CodeBlock.join(components, ", "));
    } else {
      value = codecs.decode(key, CodeBlock.of("parts.get(0)"));
    }
    return override("idFromKeyParts", id)
        .addParameter(TypeNames.TUPLE, "parts")
        .addStatement("return $L", value)
        .build();
  }

  private MethodSpec encode() {
    List<CodeBlock> parts = new ArrayList<>();
    parts.add(CodeBlock.of("$N", GeneratedNames.SCHEMA_ID));
    for (ComponentModel component : model.components()) {
      parts.add(codecs.encode(component.type(), CodeBlock.of("entity.$N()", component.name())));
    }
    return override("encode", ArrayTypeName.of(TypeName.BYTE))
        .addParameter(entity, "entity")
        .addStatement(
            "return $T.of($>$>\n$L$<$<).pack()", TypeNames.TUPLE, CodeBlock.join(parts, ",\n"))
        .build();
  }

  private MethodSpec decode() {
    List<CodeBlock> components = new ArrayList<>();
    for (int i = 0; i < model.components().size(); i++) {
      components.add(
          codecs.decode(
              model.components().get(i).type(), CodeBlock.of("record.get($L)", i + 1)));
    }
    return override("decode", entity)
        .addParameter(TypeNames.TUPLE, "record")
        .addStatement(
            "return new $T($>$>\n$L$<$<)", entity, CodeBlock.join(components, ",\n"))
        .build();
  }

  private MethodSpec recordEncoder(FieldType record) {
    ClassName type = JavaTypes.className(record.declared());
    CodeBlock parts =
        record.components().stream()
            .map(c -> codecs.encode(c.type(), CodeBlock.of("value.$N()", c.name())))
            .collect(CodeBlock.joining(", "));
    return MethodSpec.methodBuilder(codecs.encoderName(record.declared()))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(ClassName.OBJECT)
        .addParameter(type, "value")
        .beginControlFlow("if (value == null)")
        .addStatement("return null")
        .endControlFlow()
        .addStatement("return $T.of($L)", TypeNames.TUPLE, parts)
        .build();
  }

  private MethodSpec recordDecoder(FieldType record) {
    ClassName type = JavaTypes.className(record.declared());
    List<CodeBlock> components = new ArrayList<>();
    for (int i = 0; i < record.components().size(); i++) {
      components.add(
          codecs.decode(record.components().get(i).type(), CodeBlock.of("parts.get($L)", i)));
    }
    return MethodSpec.methodBuilder(codecs.decoderName(record.declared()))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(type)
        .addParameter(ClassName.OBJECT, "part")
        .addStatement(
            "$T parts = $T.decodeTuple(part, $L, $S)",
            TypeNames.TUPLE,
            TypeNames.FIELD_CODEC,
            record.components().size(),
            record.declared().qualifiedName())
        .beginControlFlow("if (parts == null)")
        .addStatement("return null")
        .endControlFlow()
        .addStatement("return new $T($L)", type, CodeBlock.join(components, ", "))
        .build();
  }

  private static MethodSpec.Builder override(String name, TypeName returns) {
    return MethodSpec.methodBuilder(name)
        .addAnnotation(TypeNames.OVERRIDE)
        .addModifiers(Modifier.PUBLIC)
        .returns(returns);
  }
}
