package dev.tessera.processor.codegen;

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
 * Writes the repository's private nested {@code Mapping} class: a subclass of the runtime's {@code
 * GeneratedMapping}, which takes the entity's constant facts (name, class, key name, key generation,
 * schema, indexes) and packs records, with the code that differs per entity: writing and reading
 * the record's components and encoding and decoding its primary key through the repository's codec
 * constants.
 *
 * <p>Not thread-safe: one instance per generated file.
 */
final class MappingWriter {
  private final EntityModel model;
  private final CodecFields codecs;
  private final ClassName entity;
  private final TypeName id;

  MappingWriter(EntityModel model, CodecFields codecs) {
    this.model = model;
    this.codecs = codecs;
    this.entity = JavaTypes.className(model.type());
    this.id = JavaTypes.boxed(model.primaryKey().type());
  }

  TypeSpec write() {
    return TypeSpec.classBuilder(GeneratedNames.MAPPING)
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("How {@link $T} records are stored. Stateless and thread-safe.\n", entity)
        .superclass(ParameterizedTypeName.get(TypeNames.GENERATED_MAPPING, entity, id))
        .addMethod(
            MethodSpec.constructorBuilder()
                .addStatement(
                    "super($N, $T.class, $S, $T.$N, $N, $N)",
                    GeneratedNames.ENTITY_NAME,
                    entity,
                    model.primaryKey().name(),
                    TypeNames.KEY_GENERATION,
                    model.keyGeneration().name(),
                    GeneratedNames.SCHEMA,
                    GeneratedNames.INDEXES)
                .build())
        .addMethod(idOf())
        .addMethod(withId())
        .addMethod(keyParts())
        .addMethod(appendKeyParts())
        .addMethod(idFromKeyParts())
        .addMethod(writeComponents())
        .addMethod(decode())
        .addMethod(read())
        .build();
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
        .addStatement("return new $T($>$>$L$<$<)", entity, CodeBlock.join(arguments, ",$W"))
        .build();
  }

  private MethodSpec keyParts() {
    return override("keyParts", TypeNames.TUPLE)
        .addParameter(id, "id")
        .addStatement("$T.requireNonNull(id, $S)", TypeNames.OBJECTS, model.primaryKey().name())
        .addStatement("return $T.of($L)", TypeNames.TUPLE, encodedKeyParts())
        .build();
  }

  /** The key parts appended straight to the prefix, so a record key is one tuple, not two. */
  private MethodSpec appendKeyParts() {
    return override("appendKeyParts", TypeNames.TUPLE)
        .addParameter(TypeNames.TUPLE, "prefix")
        .addParameter(id, "id")
        .addStatement("$T.requireNonNull(id, $S)", TypeNames.OBJECTS, model.primaryKey().name())
        .addStatement("return prefix.addParts($L)", encodedKeyParts())
        .build();
  }

  /** The encoded key parts of {@code id}, as arguments. */
  private CodeBlock encodedKeyParts() {
    FieldType key = model.primaryKey().type();
    if (key.kind() == ValueKind.RECORD) {
      // A composite key: one key part per component, so keys sort component by component.
      return key.components().stream()
          .map(c -> codecs.encode(c.type(), CodeBlock.of("id.$N()", c.name())))
          .collect(CodeBlock.joining(", "));
    }
    return codecs.encode(model.primaryKey(), CodeBlock.of("id"));
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
      value = codecs.decode(model.primaryKey(), CodeBlock.of("parts.get(0)"));
    }
    return override("idFromKeyParts", id)
        .addParameter(TypeNames.TUPLE, "parts")
        .addStatement("return $L", value)
        .build();
  }

  /** The components written in declaration order; the runtime packs the record around them. */
  private MethodSpec writeComponents() {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder("write")
            .addAnnotation(TypeNames.OVERRIDE)
            .addModifiers(Modifier.PROTECTED)
            .addParameter(entity, "entity")
            .addParameter(TypeNames.TUPLE_WRITER, "parts");
    for (ComponentModel component : model.components()) {
      method.addStatement(
          "$L",
          codecs.write(
              component, CodeBlock.of("parts"), CodeBlock.of("entity.$N()", component.name())));
    }
    return method.build();
  }

  private MethodSpec decode() {
    List<CodeBlock> components = new ArrayList<>();
    for (int i = 0; i < model.components().size(); i++) {
      components.add(
          codecs.decode(model.components().get(i), CodeBlock.of("record.get($L)", i + 1)));
    }
    return override("decode", entity)
        .addParameter(TypeNames.TUPLE, "record")
        .addStatement(
            "return new $T($>$>$L$<$<)", entity, CodeBlock.join(components, ",$W"))
        .build();
  }

  private MethodSpec read() {
    List<CodeBlock> components = new ArrayList<>();
    for (ComponentModel component : model.components()) {
      components.add(codecs.read(component, CodeBlock.of("parts")));
    }
    // Java evaluates the arguments left to right: one part per component, in declaration order.
    return override("read", entity)
        .addParameter(TypeNames.TUPLE_READER, "parts")
        .addStatement(
            "return new $T($>$>$L$<$<)", entity, CodeBlock.join(components, ",$W"))
        .build();
  }

  private static MethodSpec.Builder override(String name, TypeName returns) {
    return MethodSpec.methodBuilder(name)
        .addAnnotation(TypeNames.OVERRIDE)
        .addModifiers(Modifier.PUBLIC)
        .returns(returns);
  }
}
