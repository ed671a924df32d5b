package dev.tessera.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ComponentSchemaTest {

  @Test
  void aTypedComponentStoresTheDescriptorText() {
    ComponentSchema typed =
        ComponentSchema.of("visits", TypeDescriptor.map(TypeDescriptor.STRING, TypeDescriptor.INT));

    assertThat(typed.type()).isEqualTo("Map<STRING,int>");
    assertThat(typed.toString()).isEqualTo("visits:Map<STRING,int>");
    assertThat(typed.descriptor()).isEqualTo(TypeDescriptor.parse("Map<STRING,int>"));
  }

  @Test
  void aComponentGivenAsTextKeepsTheTextAndParsesIt() {
    ComponentSchema text = ComponentSchema.of("tags", "List<STRING>").renamedFrom("labels");

    assertThat(text.type()).isEqualTo("List<STRING>");
    assertThat(text.descriptor()).isEqualTo(TypeDescriptor.list(TypeDescriptor.STRING));
    assertThat(text.formerNames()).containsExactly("labels");
    assertThat(text.withDefault(null).descriptor()).isEqualTo(text.descriptor());
  }

  @Test
  void textThatDoesNotParseIsRejectedNamingTheComponentAndTheText() {
    assertThatThrownBy(() -> ComponentSchema.of("email", "Strin"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("component 'email' has no valid type: type descriptor 'Strin'")
        .hasMessageContaining("unknown type 'Strin'");
  }
}
