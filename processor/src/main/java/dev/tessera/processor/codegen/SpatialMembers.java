package dev.tessera.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.SpatialIndexModel;
import dev.tessera.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The repository members of the entity's spatial (Z-order) indexes: per index a public {@code
 * SpatialIndex} constant, the private method mapping a record's components to coordinates, the
 * query method {@code byXY()} and its nested query class with a typed {@code within}. The runtime's
 * {@code SpatialIndex} does the encoding and the querying.
 *
 * <p>Not thread-safe: one instance per generated file.
 */
final class SpatialMembers {
  private final EntityModel model;
  private final ClassName entity;
  private final ClassName repository;

  SpatialMembers(EntityModel model) {
    this.model = model;
    this.entity = JavaTypes.className(model.type());
    this.repository = GeneratedNames.repository(model);
  }

  /** The constants, which the repository's index list refers to, so they come before it. */
  List<FieldSpec> constants() {
    List<FieldSpec> constants = new ArrayList<>();
    for (SpatialIndexModel index : model.spatialIndexes()) {
      constants.add(constant(index));
    }
    return constants;
  }

  /** The index definitions the write path maintains, for the repository's index list. */
  List<CodeBlock> definitions() {
    List<CodeBlock> definitions = new ArrayList<>();
    for (SpatialIndexModel index : model.spatialIndexes()) {
      definitions.add(CodeBlock.of("$N.definition()", GeneratedNames.spatialConstant(index)));
    }
    return definitions;
  }

  /** Adds the query methods, coordinate methods and query classes of every spatial index. */
  void addMembers(TypeSpec.Builder type) {
    for (SpatialIndexModel index : model.spatialIndexes()) {
      type.addMethod(queryMethod(index));
    }
    for (SpatialIndexModel index : model.spatialIndexes()) {
      type.addMethod(coordinatesMethod(index));
    }
    for (SpatialIndexModel index : model.spatialIndexes()) {
      type.addType(queryClass(index));
    }
  }

  private FieldSpec constant(SpatialIndexModel index) {
    CodeBlock fields =
        index.fields().stream().map(f -> CodeBlock.of("$S", f)).collect(CodeBlock.joining(", "));
    CodeBlock types =
        index.fields().stream()
            .map(f -> CodeBlock.of("$T.$N", TypeNames.COORDINATE_TYPE, coordinateType(f)))
            .collect(CodeBlock.joining(", "));
    CodeBlock arguments =
        index.fields().stream()
            .map(f -> CodeBlock.of("entity.$N()", f))
            .collect(CodeBlock.joining(", "));
    return FieldSpec.builder(
            ParameterizedTypeName.get(TypeNames.SPATIAL_INDEX, entity),
            GeneratedNames.spatialConstant(index),
            Modifier.PUBLIC,
            Modifier.STATIC,
            Modifier.FINAL)
        .addJavadoc(
            "The spatial index {@code $L} over {@code $L}: Z-order codes of the points, with"
                + " entries under {@code $S}.\n",
            index.name(),
            String.join(", ", index.fields()),
            index.subspace())
        .initializer(
            "new $T<>($>$>$S,$W$S,$W$S,$W$T.of($L),$W$T.of($L),$Wentity -> $N($L))$<$<",
            TypeNames.SPATIAL_INDEX,
            model.entityName(),
            index.name(),
            index.subspace(),
            TypeNames.LIST,
            fields,
            TypeNames.LIST,
            types,
            GeneratedNames.spatialCoordinates(index),
            arguments)
        .build();
  }

  private MethodSpec coordinatesMethod(SpatialIndexModel index) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder(GeneratedNames.spatialCoordinates(index))
            .addJavadoc(
                "The coordinates of spatial index {@code $L}, or null when a value is missing.\n",
                index.name())
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
            .returns(long[].class);
    List<CodeBlock> nullChecks = new ArrayList<>();
    for (String field : index.fields()) {
      ComponentModel component = model.component(field);
      method.addParameter(JavaTypes.of(component.type()), field);
      if (!component.type().primitive()) {
        nullChecks.add(CodeBlock.of("$N == null", field));
      }
    }
    if (!nullChecks.isEmpty()) {
      // A record with a null coordinate is simply not in the index.
      method
          .beginControlFlow("if ($L)", CodeBlock.join(nullChecks, " || "))
          .addStatement("return null")
          .endControlFlow();
    }
    return method.addStatement("return $L", packedPoint(index)).build();
  }

  private MethodSpec queryMethod(SpatialIndexModel index) {
    ClassName query = repository.nestedClass(GeneratedNames.spatialQueryClass(index));
    List<String> lows = new ArrayList<>();
    List<String> highs = new ArrayList<>();
    for (String field : index.fields()) {
      lows.add(field + "0");
      highs.add(field + "1");
    }
    return MethodSpec.methodBuilder(GeneratedNames.spatialQueryMethod(index))
        .addModifiers(Modifier.PUBLIC)
        .returns(query)
        .addJavadoc(
            "Box queries on the spatial index {@code $L} over {@code $L}:\n\n"
                + "<pre>{@code\n$N().within($L, $L).list();\n}</pre>\n\n"
                + "@return the queries of the index\n",
            index.name(),
            String.join(", ", index.fields()),
            GeneratedNames.spatialQueryMethod(index),
            String.join(", ", lows),
            String.join(", ", highs))
        .addStatement("return new $T()", query)
        .build();
  }

  private TypeSpec queryClass(SpatialIndexModel index) {
    MethodSpec.Builder within =
        MethodSpec.methodBuilder("within")
            .addModifiers(Modifier.PUBLIC)
            .returns(ParameterizedTypeName.get(TypeNames.BOX_QUERY, entity))
            .addJavadoc(
                "The $L records inside the box $L, every bound inclusive. Records come in"
                    + " Z-order of their points, then primary key order; the index keys are"
                    + " scanned and filtered before any record is read.\n\n",
                model.entityName(),
                index.fields().stream()
                    .map(f -> f + "0 &lt;= " + f + " &lt;= " + f + "1")
                    .reduce((a, b) -> a + ", " + b)
                    .orElseThrow());
    for (String suffix : List.of("0", "1")) {
      for (String field : index.fields()) {
        TypeName type = JavaTypes.of(model.component(field).type()).unbox();
        within
            .addParameter(type, field + suffix)
            .addJavadoc(
                "@param $N the $L {@code $N}\n",
                field + suffix,
                suffix.equals("0") ? "smallest" : "largest",
                field);
      }
    }
    within
        .addJavadoc("@return the query; run it with {@code list()}, {@code stream()} or {@code count()}\n")
        .addJavadoc(
            "@throws IllegalArgumentException if a low bound is above its high bound\n")
        .addStatement(
            "return boxQuery($N, $L, $L)",
            GeneratedNames.spatialConstant(index),
            point(index, "0"),
            point(index, "1"));
    if (index.fields().stream().anyMatch(this::floating)) {
      within.addJavadoc(
          "@throws dev.tessera.query.spatial.InvalidCoordinateException if a bound is NaN\n");
    }
    return TypeSpec.classBuilder(GeneratedNames.spatialQueryClass(index))
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addJavadoc(
            "Box queries on the spatial index {@code $L} of {@link $T} records.\n",
            index.name(),
            entity)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .addMethod(within.build())
        .build();
  }

  /**
   * {@code xYCoordinates(x<suffix>, y<suffix>)}: a corner of the box, packed as records' points
   * are (the bounds are primitives, so never a missing value).
   */
  private CodeBlock point(SpatialIndexModel index, String suffix) {
    CodeBlock arguments =
        index.fields().stream()
            .map(field -> CodeBlock.of("$N", field + suffix))
            .collect(CodeBlock.joining(", "));
    return CodeBlock.of("$N($L)", GeneratedNames.spatialCoordinates(index), arguments);
  }

  /** {@code new long[] {BY_X_Y.fromInteger(0, x), ...}}: a record's point, packed. */
  private CodeBlock packedPoint(SpatialIndexModel index) {
    List<CodeBlock> coordinates = new ArrayList<>();
    for (int d = 0; d < index.fields().size(); d++) {
      String field = index.fields().get(d);
      coordinates.add(
          CodeBlock.of(
              "$N.$N($L, $N)",
              GeneratedNames.spatialConstant(index),
              floating(field) ? "fromFloating" : "fromInteger",
              d,
              field));
    }
    return CodeBlock.of("new long[] {$>$>$L}$<$<", CodeBlock.join(coordinates, ",$W"));
  }

  private boolean floating(String field) {
    ValueKind kind = model.component(field).type().kind();
    return kind == ValueKind.FLOAT || kind == ValueKind.DOUBLE;
  }

  private String coordinateType(String field) {
    switch (model.component(field).type().kind()) {
      case LONG:
        return "LONG";
      case FLOAT:
        return "FLOAT";
      case DOUBLE:
        return "DOUBLE";
      default:
        return "INT";
    }
  }
}
