package dev.tessera.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TypeDescriptorTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "int",
        "INT",
        "STRING",
        "BIG_DECIMAL",
        "enum com.acme.Everything.Color",
        "record com.acme.Geo(latitude:double,longitude:double)",
        "record com.acme.Empty()",
        "Optional<record com.acme.Address(street:STRING,geo:Optional<record com.acme.Geo(a:double)>)>",
        "Map<STRING,List<INSTANT>>",
        "List<List<Map<LONG,Optional<STRING>>>>"
      })
  void parsesWhatTheProcessorWritesAndPrintsItBack(String descriptor) {
    assertThat(TypeDescriptor.parse(descriptor).toString()).isEqualTo(descriptor);
  }

  @Test
  void primitivesAreLowerCaseAndBoxesUpperCase() {
    assertThat(TypeDescriptor.parse("int").primitive()).isTrue();
    assertThat(TypeDescriptor.parse("INT").primitive()).isFalse();
    assertThat(TypeDescriptor.parse("int").kind()).isEqualTo(TypeDescriptor.Kind.INT);
    assertThat(TypeDescriptor.parse("int")).isEqualTo(TypeDescriptor.INT);
    assertThat(TypeDescriptor.parse("INT")).isEqualTo(TypeDescriptor.BOXED_INT);
  }

  @Test
  void theFactoriesBuildWhatTheTextSays() {
    TypeDescriptor built =
        TypeDescriptor.optional(
            TypeDescriptor.record(
                "com.acme.Address",
                new TypeDescriptor.Component("street", TypeDescriptor.STRING),
                new TypeDescriptor.Component(
                    "visits", TypeDescriptor.map(TypeDescriptor.LOCAL_DATE, TypeDescriptor.LONG)),
                new TypeDescriptor.Component(
                    "tags", TypeDescriptor.set(TypeDescriptor.enumOf("com.acme.Tag"))),
                new TypeDescriptor.Component("seen", TypeDescriptor.list(TypeDescriptor.INSTANT))));
    String text =
        "Optional<record com.acme.Address(street:STRING,visits:Map<LOCAL_DATE,long>,"
            + "tags:Set<enum com.acme.Tag>,seen:List<INSTANT>)>";
    assertThat(built.toString()).isEqualTo(text);
    assertThat(TypeDescriptor.parse(text)).isEqualTo(built);
  }

  @Test
  void everyScalarKindReadsAsItsBoxAndEachPrimitiveAsItself() {
    for (TypeDescriptor.Kind kind : TypeDescriptor.Kind.values()) {
      if (!kind.scalar()) {
        continue;
      }
      TypeDescriptor box = TypeDescriptor.parse(kind.name());
      assertThat(box.kind()).isEqualTo(kind);
      assertThat(box.primitive()).isFalse();
      String lower = kind.name().toLowerCase(java.util.Locale.ROOT);
      if (kind.hasPrimitive()) {
        assertThat(TypeDescriptor.parse(lower).primitive()).isTrue();
        assertThat(TypeDescriptor.parse(lower).toString()).isEqualTo(lower);
      } else {
        assertThatThrownBy(() -> TypeDescriptor.parse(lower))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("unknown type '" + lower + "'");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"FOO", "Int", "List<FOO>", "LIST", "record X(a:ENUM)", "string"})
  void unknownTypeNamesAreRejectedNamingThem(String descriptor) {
    assertThatThrownBy(() -> TypeDescriptor.parse(descriptor))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("type descriptor '" + descriptor + "' does not parse at position")
        .hasMessageContaining("unknown type");
  }

  @Test
  void partsThatDoNotFitTheKindAreRejected() {
    assertThatThrownBy(
            () -> new TypeDescriptor(TypeDescriptor.Kind.STRING, true, "", List.of(), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("STRING has no primitive type");
    assertThatThrownBy(
            () -> new TypeDescriptor(TypeDescriptor.Kind.ENUM, false, "", List.of(), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("ENUM needs a class name");
    assertThatThrownBy(
            () ->
                new TypeDescriptor(
                    TypeDescriptor.Kind.MAP, false, "", List.of(TypeDescriptor.INT), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("MAP takes 2 type argument(s), not 1");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "List<", "List<INT", "Map<INT>", "record X(a INT)", "INT>"})
  void malformedDescriptorsAreRejectedWithThePosition(String descriptor) {
    assertThatThrownBy(() -> TypeDescriptor.parse(descriptor))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("does not parse at position");
  }
}
