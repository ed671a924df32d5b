package dev.tessera.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import dev.tessera.annotations.Normalize;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.FieldType;
import dev.tessera.processor.model.IndexModel;
import dev.tessera.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The repository members of one index: its public definition constant, the private method that
 * derives its normalised values (shared by writes and queries, so both normalise alike) and its
 * typed finders, which delegate to the base class.
 *
 * <p>Not thread-safe: one instance per generated file.
 */
final class IndexMembers {
  private final EntityModel model;
  private final ClassName entity;
  private final CodecFields codecs;

  IndexMembers(EntityModel model, CodecFields codecs) {
    this.model = model;
    this.entity = JavaTypes.className(model.type());
    this.codecs = codecs;
  }

  /**
   * {@code public static final IndexDefinition<User> BY_EMAIL =
   * IndexDefinition.derivedFromFields(new IndexDefinition<>(...))}: the values are derived from the index's fields alone, which lets an
   * update that stores the same bytes for them skip deriving the index's entries.
   */
  FieldSpec constant(IndexModel index) {
    CodeBlock fields =
        index.fields().stream()
            .map(field -> CodeBlock.of("$S", field))
            .collect(CodeBlock.joining(", "));
    CodeBlock arguments =
        index.fields().stream()
            .map(field -> CodeBlock.of("entity.$N()", field))
            .collect(CodeBlock.joining(", "));
    FieldSpec.Builder constant =
        FieldSpec.builder(
                ParameterizedTypeName.get(TypeNames.INDEX_DEFINITION, entity),
                GeneratedNames.indexConstant(index),
                Modifier.PUBLIC,
                Modifier.STATIC,
                Modifier.FINAL)
            .addJavadoc(
                "The $L$L index {@code $L} over {@code $L}; its entries live under {@code $S}.\n",
                index.unique() ? "unique" : "non-unique",
                model.multiValue(index) ? " multi-value" : "",
                index.name(),
                String.join(", ", index.fields()),
                index.subspace());
    if (model.multiValue(index)) {
      // one entry per element: the runtime calls the values method once per distinct element
      return constant
          .initializer(
              "$T.derivedFromFields($>$>$W$T.multiValue($S,$W$S,$W$L,$W$S,$Wentity -> entity.$N(),"
                  + "$Welement -> $N(element),$W$S)$<$<)",
              TypeNames.INDEX_DEFINITION,
              TypeNames.INDEX_DEFINITION,
              index.name(),
              index.subspace(),
              index.unique(),
              index.fields().get(0),
              index.fields().get(0),
              GeneratedNames.indexValues(index),
              model.indexDescriptor(index))
          .build();
    }
    return constant
        .initializer(
            "$T.derivedFromFields($>$>$Wnew $T<>($S,$W$S,$W$L,$W$T.of($L),$Wentity -> $N($L),$W$S)$<$<)",
            TypeNames.INDEX_DEFINITION,
            TypeNames.INDEX_DEFINITION,
            index.name(),
            index.subspace(),
            index.unique(),
            TypeNames.LIST,
            fields,
            GeneratedNames.indexValues(index),
            arguments,
            model.indexDescriptor(index))
        .build();
  }

  /**
   * The method deriving the index's tuple from its field values, through the index definition
   * (the runtime's one derivation): a unique index holds no null value, so the tuple is {@code
   * null} if any field is null (the record is not in the index); a non-unique index holds a null
   * field as a null part, which sorts first, so {@code isNull()} finds it.
   */
  MethodSpec valuesMethod(IndexModel index) {
    CodeBlock parts =
        index.fields().stream()
            .map(field -> encodedValue(index, model.component(field).indexed(), field))
            .collect(CodeBlock.joining(", "));
    return MethodSpec.methodBuilder(GeneratedNames.indexValues(index))
        .addJavadoc(
            index.unique()
                ? "The normalised values of index {@code $L}, or null when a value is missing.\n"
                : "The normalised values of index {@code $L}; a missing value is a null part.\n",
            index.name())
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(TypeNames.TUPLE)
        .addParameters(parameters(index))
        .addStatement("return $N.valuesOf($L)", GeneratedNames.indexConstant(index), parts)
        .build();
  }

  /** The finders of the index: find/exists for a unique one, find/stream/count otherwise. */
  List<MethodSpec> finders(IndexModel index) {
    if (index.unique()) {
      return List.of(
          finder(
              index,
              "find",
              ParameterizedTypeName.get(TypeNames.OPTIONAL, entity),
              "findByUnique",
              "The $L whose {@code $L} index holds the given values, if any.\n",
              CodeBlock.of("@return the record, or empty if no record holds the values\n")),
          finder(
              index,
              "exists",
              TypeName.BOOLEAN,
              "existsByUnique",
              "Whether some $L's {@code $L} index holds the given values.\n",
              CodeBlock.of("@return true if a record holds the values\n")));
    }
    return List.of(
        finder(
            index,
            "find",
            ParameterizedTypeName.get(TypeNames.LIST, entity),
            "findByIndex",
            "Every $L whose {@code $L} index holds the given values, in primary key order.\n",
            CodeBlock.of("@return the records, possibly none\n")),
        finder(
            index,
            "stream",
            ParameterizedTypeName.get(TypeNames.STREAM, entity),
            "streamByIndex",
            "Every $L whose {@code $L} index holds the given values, in primary key order, read"
                + " lazily in batches, each in a short snapshot of its own: the stream holds no"
                + " read transaction between batches, so it need not be closed.\n",
            CodeBlock.of("@return the records, possibly none, as a lazy stream\n")),
        finder(
            index,
            "count",
            TypeName.LONG,
            "countByIndex",
            "The number of $L records whose {@code $L} index holds the given values.\n",
            CodeBlock.of("@return the number of records that hold the values\n")));
  }

  private MethodSpec finder(
      IndexModel index,
      String verb,
      TypeName returns,
      String delegate,
      String javadoc,
      CodeBlock returnsJavadoc) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder(GeneratedNames.finder(verb, index))
            .addModifiers(Modifier.PUBLIC)
            .returns(returns)
            .addParameters(parameters(index))
            .addJavadoc(javadoc, model.entityName(), index.name());
    if (index.normalize() != Normalize.NONE) {
      method.addJavadoc(
          "\n<p>String values are compared after {@link $T#$N} normalisation, as on write.\n",
          TypeNames.NORMALIZE,
          index.normalize().name());
    }
    method.addJavadoc("\n");
    for (String field : index.fields()) {
      method.addJavadoc(
          model.multiValue(index) ? "@param $N one element of {@code $N}" : "@param $N the {@code $N} value",
          field,
          field);
      if (!model.component(field).indexed().type().primitive()) {
        method.addJavadoc(", not null");
        method.addStatement("$T.requireNonNull($N, $S)", TypeNames.OBJECTS, field, field);
      }
      method.addJavadoc("\n");
    }
    method.addJavadoc(returnsJavadoc);
    CodeBlock arguments =
        index.fields().stream().map(field -> CodeBlock.of("$N", field)).collect(CodeBlock.joining(", "));
    return method
        .addStatement(
            "return $N($N, $N($L))",
            delegate,
            GeneratedNames.indexConstant(index),
            GeneratedNames.indexValues(index),
            arguments)
        .build();
  }

  private List<ParameterSpec> parameters(IndexModel index) {
    List<ParameterSpec> parameters = new ArrayList<>();
    for (String field : index.fields()) {
      FieldType type = model.component(field).indexed().type();
      parameters.add(ParameterSpec.builder(JavaTypes.of(type), field).build());
    }
    return parameters;
  }

  /**
   * The private methods giving the index key of each of {@code index}'s components: the
   * component's codec and, for text, the index's normalisation, handed to the runtime's one
   * derivation ({@code IndexDefinition.keyPart} or {@code textKeyPart}), which normalises, then
   * encodes as an index holds the value (an enum by its position in declaration order, so ranges
   * follow the order users read; records keep its name). Writes and queries both call them, so
   * both normalise and encode alike; a null value gives the null part.
   */
  List<MethodSpec> keyMethods(IndexModel index) {
    List<MethodSpec> methods = new ArrayList<>();
    for (String field : index.fields()) {
      ComponentModel component = model.component(field).indexed();
      CodeBlock codec =
          model.multiValue(index)
              ? codecs.codecOf(component.type()) // the element's codec, not the list's
              : codecs.codecOf(component);
      CodeBlock key =
          component.type().kind() == ValueKind.STRING && index.normalize() != Normalize.NONE
              ? CodeBlock.of(
                  "$T.textKeyPart($L, $T.$N, $N)",
                  TypeNames.INDEX_DEFINITION,
                  codec,
                  TypeNames.NORMALIZE,
                  index.normalize().name(),
                  field)
              : CodeBlock.of("$T.keyPart($L, $N)", TypeNames.INDEX_DEFINITION, codec, field);
      methods.add(
          MethodSpec.methodBuilder(GeneratedNames.indexKey(index, field))
              .addJavadoc(
                  "The key of {@code $N} in index {@code $L}, as the index stores it.\n",
                  field,
                  index.name())
              .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
              .returns(ClassName.OBJECT)
              .addParameter(JavaTypes.of(component.type()), field)
              .addStatement("return $L", key)
              .build());
    }
    return methods;
  }

  /** A call of the method giving {@code component}'s key in {@code index} for {@code variable}. */
  CodeBlock encodedValue(IndexModel index, ComponentModel component, String variable) {
    return CodeBlock.of("$N($N)", GeneratedNames.indexKey(index, component.name()), variable);
  }

  /** The expression normalising string variable {@code variable} as {@code index} asks. */
  static CodeBlock normalizedText(IndexModel index, String variable) {
    if (index.normalize() == Normalize.NONE) {
      return CodeBlock.of("$N", variable);
    }
    return CodeBlock.of(
        "$T.normalize($N, $T.$N)",
        TypeNames.TEXT_NORMALIZER,
        variable,
        TypeNames.NORMALIZE,
        index.normalize().name());
  }
}
