package dev.tessera.processor.data;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import dev.tessera.processor.codegen.GeneratedNames;
import dev.tessera.processor.codegen.JavaTypes;
import dev.tessera.processor.codegen.TypeNames;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.ValueKind;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/**
 * Writes the Jakarta Data static metamodel of an entity: for {@code com.acme.Book}, {@code
 * com.acme._Book} with, per component, an upper-case {@code String} constant holding its name and
 * an attribute ({@code TextAttribute} for strings, {@code SortableAttribute} for the kinds an index
 * orders, {@code Attribute} otherwise), so {@code Order.by(_Book.title.asc())} compiles and a
 * renamed field breaks the build rather than a query.
 *
 * <p>Stateless and thread-safe.
 */
public final class MetamodelWriter {
  private final String generatorName;

  /** @param generatorName the value of the generated {@code @Generated} annotation */
  public MetamodelWriter(String generatorName) {
    this.generatorName = generatorName;
  }

  /** The metamodel class of {@code entity}: {@code _Book} beside {@code Book}. */
  public static ClassName metamodel(EntityModel entity) {
    return ClassName.get(entity.type().packageName(),
        "_" + String.join("_", entity.type().simpleNames()));
  }

  /** The metamodel source of {@code entity}, generated from {@code originating}. */
  public JavaFile write(EntityModel entity, Element originating, boolean withGeneratedAnnotation) {
    ClassName type = JavaTypes.className(entity.type());
    TypeSpec.Builder metamodel = TypeSpec.classBuilder(metamodel(entity))
        .addOriginatingElement(originating)
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addAnnotation(AnnotationSpec.builder(DataTypeNames.STATIC_METAMODEL)
            .addMember("value", "$T.class", type).build())
        .addJavadoc("The static metamodel of {@link $T}: its field names as constants and as"
            + " attributes to sort by.\n\n<pre>{@code\n"
            + "Order<$T> order = Order.by($T.$N.asc());\n}</pre>\n",
            type, type, metamodel(entity), entity.primaryKey().name())
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    for (ComponentModel component : entity.components()) {
      String constant = GeneratedNames.upperSnake(component.name());
      metamodel.addField(FieldSpec.builder(TypeNames.STRING, constant,
              Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
          .addJavadoc("The name of {@link $T#$N()}.\n", type, component.name())
          .initializer("$S", component.name())
          .build());
    }
    for (ComponentModel component : entity.components()) {
      ValueKind kind = component.type().kind();
      ClassName attribute;
      ClassName implementation;
      if (kind == ValueKind.STRING) {
        attribute = DataTypeNames.TEXT_ATTRIBUTE;
        implementation = DataTypeNames.TEXT_ATTRIBUTE_RECORD;
      } else if (kind.indexable() && kind != ValueKind.BYTES) {
        attribute = DataTypeNames.SORTABLE_ATTRIBUTE;
        implementation = DataTypeNames.SORTABLE_ATTRIBUTE_RECORD;
      } else {
        attribute = DataTypeNames.ATTRIBUTE;
        implementation = DataTypeNames.ATTRIBUTE_RECORD;
      }
      metamodel.addField(FieldSpec.builder(ParameterizedTypeName.get(attribute, type),
              component.name(), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
          .addJavadoc("The attribute {@link $T#$N()}.\n", type, component.name())
          .initializer("new $T<>($N)", implementation, GeneratedNames.upperSnake(component.name()))
          .build());
    }
    if (withGeneratedAnnotation) {
      metamodel.addAnnotation(AnnotationSpec.builder(TypeNames.GENERATED)
          .addMember("value", "$S", generatorName).build());
    }
    return JavaFile.builder(entity.type().packageName(), metamodel.build())
        .skipJavaLangImports(true)
        .build();
  }
}
