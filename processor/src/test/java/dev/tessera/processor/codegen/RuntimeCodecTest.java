package dev.tessera.processor.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.mapping.Codec;
import dev.tessera.mapping.Codecs;
import dev.tessera.mapping.TypeDescriptor;
import dev.tessera.processor.model.FieldType;
import dev.tessera.processor.model.ValueKind;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The processor names the runtime's codecs and type descriptors without depending on the runtime:
 * these tests check every name it generates against {@link Codecs} and {@link TypeDescriptor}, so a
 * renamed or removed runtime member fails the processor's build instead of the code generated for a
 * user, and that each descriptor prints the very text the processor hashes into the schema id.
 */
class RuntimeCodecTest {

  @ParameterizedTest
  @EnumSource(RuntimeCodec.class)
  void everyConstantTheProcessorNamesIsAPublicCodecOfTheRuntime(RuntimeCodec codec)
      throws Exception {
    Field field = Codecs.class.getField(codec.name());

    assertThat(Modifier.isStatic(field.getModifiers())).isTrue();
    assertThat(Modifier.isFinal(field.getModifiers())).isTrue();
    assertThat(field.getType()).isEqualTo(Codec.class);
    assertThat(field.get(null)).isNotNull();
  }

  @ParameterizedTest
  @EnumSource(RuntimeCodec.class)
  void everyUnboxedReaderTheProcessorCallsReadsItsPrimitive(RuntimeCodec codec) throws Exception {
    String reader = codec.unboxedReader();
    Class<?> values = (Class<?>) ((java.lang.reflect.ParameterizedType)
        Codecs.class.getField(codec.name()).getGenericType()).getActualTypeArguments()[0];
    Set<RuntimeCodec> primitives = EnumSet.of(RuntimeCodec.BOOLEAN, RuntimeCodec.BYTE,
        RuntimeCodec.SHORT, RuntimeCodec.INT, RuntimeCodec.LONG, RuntimeCodec.CHAR,
        RuntimeCodec.FLOAT, RuntimeCodec.DOUBLE);
    if (!primitives.contains(codec)) {
      assertThat(reader).as("%s reads references", codec).isNull();
      return;
    }
    Method method = Codecs.class.getMethod(reader, dev.tessera.tuple.TupleReader.class);
    assertThat(Modifier.isStatic(method.getModifiers())).isTrue();
    assertThat(java.lang.invoke.MethodType.methodType(method.getReturnType()).wrap().returnType())
        .as("Codecs.%s returns the primitive of %s", reader, codec)
        .isEqualTo(values);
    assertThat(method.getReturnType().isPrimitive()).isTrue();
  }

  @ParameterizedTest
  @EnumSource(RuntimeCodec.class)
  void everyUnboxedWriterTheProcessorCallsWritesItsPrimitive(RuntimeCodec codec) throws Exception {
    String writer = codec.unboxedWriter();
    Class<?> values = (Class<?>) ((java.lang.reflect.ParameterizedType)
        Codecs.class.getField(codec.name()).getGenericType()).getActualTypeArguments()[0];
    if (codec.unboxedReader() == null) {
      assertThat(writer).as("%s writes references", codec).isNull();
      return;
    }
    Method method = Arrays.stream(Codecs.class.getMethods())
        .filter(m -> m.getName().equals(writer) && m.getParameterCount() == 2
            && m.getParameterTypes()[0] == dev.tessera.tuple.TupleWriter.class)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no Codecs." + writer + "(TupleWriter, ...)"));
    assertThat(Modifier.isStatic(method.getModifiers())).isTrue();
    assertThat(method.getParameterTypes()[1].isPrimitive()).isTrue();
    assertThat(java.lang.invoke.MethodType.methodType(method.getParameterTypes()[1]).wrap().returnType())
        .as("Codecs.%s takes the primitive of %s", writer, codec)
        .isEqualTo(values);
  }

  @ParameterizedTest
  @EnumSource(CodecCombinator.class)
  void everyCombinatorTheProcessorCallsIsAPublicStaticMethodWithItsArity(
      CodecCombinator combinator) {
    List<Method> methods =
        Arrays.stream(Codecs.class.getMethods())
            .filter(m -> m.getName().equals(combinator.methodName()))
            .filter(m -> Modifier.isStatic(m.getModifiers()))
            .collect(Collectors.toList());

    assertThat(methods)
        .as("Codecs.%s", combinator.methodName())
        .singleElement()
        .satisfies(
            m -> {
              assertThat(m.getParameterCount()).isEqualTo(combinator.arity());
              assertThat(m.getReturnType()).isEqualTo(Codec.class);
            });
  }

  @Test
  void everyScalarKindHasARuntimeCodecPrimitiveAndBoxed() {
    Set<ValueKind> composite =
        EnumSet.of(
            ValueKind.ENUM,
            ValueKind.RECORD,
            ValueKind.OPTIONAL,
            ValueKind.LIST,
            ValueKind.SET,
            ValueKind.MAP);
    for (ValueKind kind : EnumSet.complementOf(EnumSet.copyOf(composite))) {
      assertThat(RuntimeCodec.of(FieldType.simple(kind, false))).as("%s", kind).isNotNull();
      assertThat(RuntimeCodec.of(FieldType.simple(kind, true))).as("%s", kind).isNotNull();
    }
  }

  @Test
  void theRuntimeHasNoPublicCodecTheProcessorDoesNotKnow() {
    Set<String> known =
        Arrays.stream(RuntimeCodec.values()).map(Enum::name).collect(Collectors.toSet());
    Set<String> runtime =
        Arrays.stream(Codecs.class.getFields())
            .filter(f -> f.getType() == Codec.class)
            .map(Field::getName)
            .collect(Collectors.toSet());

    assertThat(runtime).isEqualTo(known);
  }

  @Test
  void everyScalarDescriptorTheProcessorNamesPrintsTheProcessorsDescriptor() throws Exception {
    for (ValueKind kind : ValueKind.values()) {
      TypeDescriptor.Kind runtimeKind = TypeDescriptor.Kind.valueOf(kind.name());
      if (!runtimeKind.scalar()) {
        continue;
      }
      for (boolean primitive : runtimeKind.hasPrimitive() ? List.of(false, true) : List.of(false)) {
        FieldType type = FieldType.simple(kind, primitive);
        Field field = TypeDescriptor.class.getField(RuntimeCodec.of(type).name());

        assertThat(Modifier.isStatic(field.getModifiers())).isTrue();
        assertThat(Modifier.isFinal(field.getModifiers())).isTrue();
        assertThat(field.get(null)).as("TypeDescriptor.%s", field.getName())
            .hasToString(type.descriptor());
      }
    }
  }

  @Test
  void theKindsOfBothSidesHaveTheSameNames() {
    assertThat(Arrays.stream(TypeDescriptor.Kind.values()).map(Enum::name))
        .containsExactlyInAnyOrderElementsOf(
            Arrays.stream(ValueKind.values()).map(Enum::name).collect(Collectors.toList()));
  }

  @ParameterizedTest
  @EnumSource(DescriptorFactory.class)
  void everyDescriptorFactoryTheProcessorCallsIsAPublicStaticMethod(DescriptorFactory factory) {
    assertThat(
            Arrays.stream(TypeDescriptor.class.getMethods())
                .filter(m -> m.getName().equals(factory.methodName()))
                .filter(m -> Modifier.isStatic(m.getModifiers())))
        .as("TypeDescriptor.%s", factory.methodName())
        .singleElement()
        .satisfies(m -> assertThat(m.getReturnType()).isEqualTo(TypeDescriptor.class));
  }
}
