package dev.tessera.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.FieldType;
import javax.lang.model.element.Modifier;

/**
 * Writes the repository's {@code SCHEMA} constant: the entity's current stored shape (component
 * names and typed descriptors in stored order, e.g. {@code ComponentSchema.of("id",
 * TypeDescriptor.STRING)}, see {@link DescriptorFactory}) with what reads older shapes into it
 * (former names and defaults). The runtime builds its translation plans from it; no reflection is
 * needed.
 *
 * <p>Stateless and thread-safe.
 */
final class SchemaWriter {
  private final CodecFields codecs;

  SchemaWriter(CodecFields codecs) {
    this.codecs = codecs;
  }

  FieldSpec write(EntityModel model) {
    CodeBlock components =
        model.components().stream().map(this::component).collect(CodeBlock.joining(",\n"));
    return FieldSpec.builder(
            TypeNames.RECORD_SCHEMA,
            GeneratedNames.SCHEMA,
            Modifier.PUBLIC,
            Modifier.STATIC,
            Modifier.FINAL)
        .addJavadoc(
            "The stored shape of {@link $T} records, with the former names and defaults that read"
                + " records stored with older shapes.\n",
            JavaTypes.className(model.type()))
        .initializer(
            "new $T($N, $N, $S, $T.of($>$>\n$L$<$<))",
            TypeNames.RECORD_SCHEMA,
            GeneratedNames.ENTITY_NAME,
            GeneratedNames.SCHEMA_ID,
            model.primaryKey().name(),
            TypeNames.LIST,
            components)
        .build();
  }

  private CodeBlock component(ComponentModel component) {
    CodeBlock.Builder code =
        CodeBlock.builder()
            .add(
                "$T.of($S, $L)",
                TypeNames.COMPONENT_SCHEMA,
                component.name(),
                DescriptorFactory.of(component.type()));
    if (!component.formerNames().isEmpty()) {
      code.add(
          ".renamedFrom($L)",
          component.formerNames().stream()
              .map(name -> CodeBlock.of("$S", name))
              .collect(CodeBlock.joining(", ")));
    }
    if (component.defaultValue() != null) {
      code.add(
          ".withDefault($L)",
          codecs.encode(component.type(), literal(component.type(), component.defaultValue())));
    }
    return code.build();
  }

  /** A Java expression of {@code type} for a default's canonical text (checked by the reader). */
  private static CodeBlock literal(FieldType type, String text) {
    switch (type.kind()) {
      case BOOLEAN:
      case INT:
        return CodeBlock.of("$L", text);
      case BYTE:
        return CodeBlock.of("(byte) $L", text);
      case SHORT:
        return CodeBlock.of("(short) $L", text);
      case LONG:
        return CodeBlock.of("$LL", text);
      case CHAR:
        return CodeBlock.of("(char) $L", (int) text.charAt(0));
      case FLOAT:
        return floating(TypeNames.FLOAT, text, "f");
      case DOUBLE:
        return floating(TypeNames.DOUBLE, text, "d");
      case STRING:
        return CodeBlock.of("$S", text);
      case ENUM:
        return CodeBlock.of("$T.$N", JavaTypes.className(type.declared()), text);
      case UUID:
        return CodeBlock.of("$T.fromString($S)", TypeNames.UUID, text);
      case BIG_INTEGER:
      case BIG_DECIMAL:
        return CodeBlock.of("new $T($S)", JavaTypes.of(type), text);
      default: // the java.time types
        return CodeBlock.of("$T.parse($S)", JavaTypes.of(type), text);
    }
  }

  private static CodeBlock floating(ClassName box, String text, String suffix) {
    switch (text) {
      case "NaN":
        return CodeBlock.of("$T.NaN", box);
      case "Infinity":
        return CodeBlock.of("$T.POSITIVE_INFINITY", box);
      case "-Infinity":
        return CodeBlock.of("$T.NEGATIVE_INFINITY", box);
      default:
        return CodeBlock.of("$L$L", text, suffix);
    }
  }
}
