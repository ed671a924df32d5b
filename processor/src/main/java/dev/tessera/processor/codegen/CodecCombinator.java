package dev.tessera.processor.codegen;

import com.palantir.javapoet.CodeBlock;
import java.util.List;

/**
 * The codec factories of the runtime's {@code dev.tessera.mapping.Codecs} that generated code
 * calls, with the number of arguments each takes. {@code RuntimeCodecTest} checks each against the
 * runtime class, so a renamed factory fails the processor's build.
 *
 * <p>Immutable and thread-safe.
 */
enum CodecCombinator {
  ENUM_OF("enumOf", 1),
  OPTIONAL("optional", 1),
  LIST("list", 1),
  SET("set", 1),
  MAP("map", 2),
  RECORD("record", 4);

  private final String methodName;
  private final int arity;

  CodecCombinator(String methodName, int arity) {
    this.methodName = methodName;
    this.arity = arity;
  }

  /** The name of the runtime method. */
  String methodName() {
    return methodName;
  }

  /** The number of arguments the runtime method takes. */
  int arity() {
    return arity;
  }

  /** {@code Codecs.list(<arguments>)} and so on. */
  CodeBlock call(List<CodeBlock> arguments) {
    if (arguments.size() != arity) {
      throw new IllegalArgumentException(methodName + " takes " + arity + " arguments: " + arguments);
    }
    return CodeBlock.of("$T.$N($L)", TypeNames.CODECS, methodName, CodeBlock.join(arguments, ", "));
  }
}
