package dev.tessera.processor.codegen;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.ValueKind;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code _<Entity>}, the Jakarta Data static metamodel of an entity: for each record
 * component, its name as an upper-case {@code String} constant and an attribute ({@code
 * TextAttribute} for text, {@code SortableAttribute} for values an index can order, {@code
 * Attribute} otherwise), so {@code Order.by(_Book.title.asc())} compiles and names only real
 * attributes.
 *
 * <p>Stateless and thread-safe.
 */
public final class MetamodelWriter {
  private final String generatorName;

  /** @param generatorName the value of the generated {@code @Generated} annotation */
  public MetamodelWriter(String generatorName) {
    this.generatorName = generatorName;
  }

  /**
   * {@return the first two components of {@code model} whose metamodel members would share a name
   * ({@code fooBar} and {@code foo_bar} both give the constant {@code FOO_BAR}; a component named
   * {@code ID} is its own constant's name), as {@code [name, first, second]}; such an entity gets
   * no metamodel}
   *
   * @param model the entity's model
   */
  public static Optional<List<String>> constantClash(EntityModel model) {
    Map<String, String> owners = new HashMap<>();
    for (ComponentModel component : model.components()) {
      owners.put(component.name(), component.name());
    }
    for (ComponentModel component : model.components()) {
      String constant = GeneratedNames.upperSnake(component.name());
      String owner = owners.putIfAbsent(constant, component.name());
      if (owner != null) {
        return Optional.of(List.of(constant, owner, component.name()));
      }
    }
    return Optional.empty();
  }

  /**
   * {@return the metamodel source of {@code model}, recorded as generated from {@code originating}}
   *
   * @param model the entity's model
   * @param originating the entity record
   * @param withGeneratedAnnotation whether the class carries {@code @Generated}
   */
  public JavaFile write(EntityModel model, Element originating, boolean withGeneratedAnnotation) {
    ClassName entity = JavaTypes.className(model.type());
    TypeSpec.Builder metamodel =
        TypeSpec.interfaceBuilder(GeneratedNames.metamodel(model))
            .addOriginatingElement(originating)
            .addModifiers(Modifier.PUBLIC)
            .addAnnotation(
                AnnotationSpec.builder(TypeNames.STATIC_METAMODEL)
                    .addMember("value", "$T.class", entity)
                    .build())
            .addJavadoc(
                "The Jakarta Data static metamodel of {@link $T}: its attribute names, and attributes"
                    + " that make sorts,\ne.g. {@code Order.by($T.$N.asc())}.\n",
                entity,
                GeneratedNames.metamodel(model),
                model.components().get(0).name());
    for (ComponentModel component : model.components()) {
      metamodel.addField(
          FieldSpec.builder(TypeNames.STRING, GeneratedNames.upperSnake(component.name()))
              .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
              .addJavadoc("The name of attribute {@code $N}.\n", component.name())
              .initializer("$S", component.name())
              .build());
    }
    for (ComponentModel component : model.components()) {
      ClassName[] kind = kind(component);
      metamodel.addField(
          FieldSpec.builder(ParameterizedTypeName.get(kind[0], entity), component.name())
              .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
              .addJavadoc("Attribute {@code $N}.\n", component.name())
              .initializer("new $T<>($N)", kind[1], GeneratedNames.upperSnake(component.name()))
              .build());
    }
    return GeneratedFiles.of(
        model.type().packageName(), metamodel, generatorName, withGeneratedAnnotation);
  }

  /** The attribute interface and its implementation for {@code component}. */
  private static ClassName[] kind(ComponentModel component) {
    ValueKind kind = component.type().kind();
    if (kind == ValueKind.STRING) {
      return new ClassName[] {TypeNames.TEXT_ATTRIBUTE, TypeNames.TEXT_ATTRIBUTE_RECORD};
    }
    if (kind.indexable()) {
      return new ClassName[] {TypeNames.SORTABLE_ATTRIBUTE, TypeNames.SORTABLE_ATTRIBUTE_RECORD};
    }
    return new ClassName[] {TypeNames.ATTRIBUTE, TypeNames.ATTRIBUTE_RECORD};
  }
}
