package dev.tessera.processor.codegen;

import com.palantir.javapoet.CodeBlock;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.FieldType;
import java.util.ArrayList;
import java.util.List;

/**
 * The factories of the runtime's {@code dev.tessera.mapping.TypeDescriptor} that generated schemas
 * call, and the expression of a type's descriptor built from them: a scalar is the {@code
 * TypeDescriptor} constant named as its {@link RuntimeCodec} ({@code TypeDescriptor.INT} for {@code
 * int}, {@code TypeDescriptor.BOXED_INT} for {@code Integer}), anything else a factory call, e.g.
 * {@code TypeDescriptor.list(TypeDescriptor.STRING)}. The runtime prints each as the text {@link
 * FieldType#descriptor()} gives, which schemas store; {@code RuntimeCodecTest} checks the names
 * and the text against the runtime class.
 *
 * <p>Immutable and thread-safe.
 */
enum DescriptorFactory {
  ENUM_OF("enumOf"),
  RECORD("record"),
  OPTIONAL("optional"),
  LIST("list"),
  SET("set"),
  MAP("map");

  private final String methodName;

  DescriptorFactory(String methodName) {
    this.methodName = methodName;
  }

  /** The name of the runtime method. */
  String methodName() {
    return methodName;
  }

  /**
   * The expression of {@code type}'s descriptor, e.g. {@code
   * TypeDescriptor.list(TypeDescriptor.STRING)}.
   */
  static CodeBlock of(FieldType type) {
    switch (type.kind()) {
      case ENUM:
        return ENUM_OF.call(List.of(CodeBlock.of("$S", type.declared().qualifiedName())));
      case RECORD:
        List<CodeBlock> arguments = new ArrayList<>();
        arguments.add(CodeBlock.of("$S", type.declared().qualifiedName()));
        for (ComponentModel component : type.components()) {
          arguments.add(
              CodeBlock.of(
                  "new $T($S, $L)",
                  TypeNames.TYPE_DESCRIPTOR_COMPONENT,
                  component.name(),
                  of(component.type())));
        }
        return RECORD.call(arguments);
      case OPTIONAL:
        return OPTIONAL.call(List.of(of(type.arguments().get(0))));
      case LIST:
        return LIST.call(List.of(of(type.arguments().get(0))));
      case SET:
        return SET.call(List.of(of(type.arguments().get(0))));
      case MAP:
        return MAP.call(List.of(of(type.arguments().get(0)), of(type.arguments().get(1))));
      default:
        return CodeBlock.of("$T.$N", TypeNames.TYPE_DESCRIPTOR, RuntimeCodec.of(type).name());
    }
  }

  private CodeBlock call(List<CodeBlock> arguments) {
    return CodeBlock.of(
        "$T.$N($L)", TypeNames.TYPE_DESCRIPTOR, methodName, CodeBlock.join(arguments, ", "));
  }
}
