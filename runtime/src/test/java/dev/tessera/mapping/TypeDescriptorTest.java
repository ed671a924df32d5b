package dev.tessera.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
    assertThat(TypeDescriptor.parse("int").kind()).isEqualTo("INT");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "List<", "List<INT", "Map<INT>", "record X(a INT)", "INT>"})
  void malformedDescriptorsAreRejectedWithThePosition(String descriptor) {
    assertThatThrownBy(() -> TypeDescriptor.parse(descriptor))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("does not parse at position");
  }
}
