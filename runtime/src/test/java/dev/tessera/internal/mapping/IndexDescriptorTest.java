package dev.tessera.internal.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.annotations.Normalize;
import dev.tessera.mapping.TypeDescriptor;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IndexDescriptorTest {

  @Test
  void readsTheFieldsTheirTypesTheNormalisationAndTheSuffixes() {
    IndexDescriptor index =
        IndexDescriptor.parse("index(shelf:INT,pages:int,title:STRING)/CASE_INSENSITIVE;nulls;text=r1");

    assertThat(index.fieldIndex()).isTrue();
    assertThat(index.fields())
        .extracting(IndexDescriptor.Field::name)
        .containsExactly("shelf", "pages", "title");
    assertThat(index.fields())
        .extracting(IndexDescriptor.Field::type)
        .containsExactly(TypeDescriptor.BOXED_INT, TypeDescriptor.INT, TypeDescriptor.STRING);
    assertThat(index.normalize()).contains(Normalize.CASE_INSENSITIVE);
    assertThat(index.holdsNulls()).isTrue();
    assertThat(index.textRules()).contains("r1");
    assertThat(index.toString())
        .isEqualTo("index(shelf:INT,pages:int,title:STRING)/CASE_INSENSITIVE;nulls;text=r1");
  }

  @Test
  void anEnumFieldKeepsItsConstantsAndAMultiValueFieldItsElementType() {
    IndexDescriptor index =
        IndexDescriptor.parse("index(status:enum com.acme.Status{OUT,LOST},tags:each STRING)/NONE");

    IndexDescriptor.Field status = index.fields().get(0);
    assertThat(status.type()).isEqualTo(TypeDescriptor.enumOf("com.acme.Status"));
    assertThat(status.enumConstants()).containsExactly("OUT", "LOST");
    assertThat(status.toString()).isEqualTo("status:enum com.acme.Status{OUT,LOST}");
    IndexDescriptor.Field tags = index.fields().get(1);
    assertThat(tags.each()).isTrue();
    assertThat(tags.type()).isEqualTo(TypeDescriptor.STRING);
    assertThat(tags.toString()).isEqualTo("tags:each STRING");
    assertThat(index.holdsNulls()).isFalse();
    assertThat(index.textRules()).isEmpty();
  }

  @Test
  void aHandWrittenDescriptorReadsWithoutTypesOrNormalisation() {
    IndexDescriptor index = IndexDescriptor.parse("unique(email,name)");

    assertThat(index.fieldIndex()).isFalse(); // no normalisation: not a generated field index
    assertThat(index.fields()).extracting(IndexDescriptor.Field::name).containsExactly("email", "name");
    assertThat(index.fields()).extracting(IndexDescriptor.Field::type).containsOnlyNulls();
    assertThat(index.normalize()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"spatial(x:INT,y:INT)/z16", "v2", "", "index(a:INT/NONE", "index(a:INT)x/NONE"})
  void whatIsNotAFieldIndexSaysSo(String descriptor) {
    IndexDescriptor index = IndexDescriptor.parse(descriptor);

    assertThat(index.fieldIndex()).isFalse();
    assertThat(index.toString()).isEqualTo(descriptor);
  }

  @Test
  void aTypeThatDoesNotParseReadsAsNoType() {
    IndexDescriptor index = IndexDescriptor.parse("index(a:FOO,b:List<LONG>)/NONE");

    assertThat(index.fields()).extracting(IndexDescriptor.Field::type)
        .containsExactly(null, TypeDescriptor.list(TypeDescriptor.BOXED_LONG));
    assertThat(index.field("b")).map(IndexDescriptor.Field::each).contains(false);
    assertThat(index.field("c")).isEmpty();
    assertThat(List.of(index.fields().get(0).toString())).containsExactly("a");
  }
}
