package dev.tessera.processor.codegen;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.tessera.annotations.Normalize;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.IndexModel;
import dev.tessera.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The typed queries of one index: the repository's {@code byX()} method and the nested stage
 * classes it returns. Stage {@code k} holds equal values for the first {@code k} components and
 * offers operations on component {@code k + 1} only: {@code equalTo} (the next stage, or the
 * runtime query after the last component), the ranges and, for strings, {@code startsWith}. So a
 * range on a component that is not the next one cannot be written. Stages only encode their typed
 * arguments as writes do; the runtime's {@code IndexQueryStage} builds the key ranges.
 *
 * <p>Not thread-safe: one instance per generated file.
 */
final class QueryStageWriter {
  private final EntityModel model;
  private final ClassName entity;
  private final ClassName repository;
  private final IndexMembers members;
  private final TypeName runtimeQuery;

  QueryStageWriter(EntityModel model, IndexMembers members) {
    this.model = model;
    this.entity = JavaTypes.className(model.type());
    this.repository = GeneratedNames.repository(model);
    this.members = members;
    this.runtimeQuery = ParameterizedTypeName.get(TypeNames.INDEX_QUERY, entity);
  }

  /** {@code public ByAgeQuery byAge()}: the entry point of the index's typed queries. */
  MethodSpec queryMethod(IndexModel index) {
    ClassName first = stage(index, 0);
    ComponentModel leading = model.component(index.fields().get(0));
    return MethodSpec.methodBuilder(GeneratedNames.queryMethod(index))
        .addModifiers(Modifier.PUBLIC)
        .returns(first)
        .addJavadoc(
            "A typed query over the {@code $L} index ({@code $L}): every $L in index order until"
                + " narrowed by {@code equalTo}$L on {@code $L}. Served by a scan of the index"
                + " keys, then one multi-get of the records.\n\n",
            index.name(),
            String.join(", ", index.fields()),
            model.entityName(),
            model.multiValue(index) ? " or {@code in} (each record once)" : narrowings(index, leading),
            leading.name())
        .addJavadoc("@return the query, to narrow and run\n")
        .addStatement(
            "return new $T(query($N))", first, GeneratedNames.indexConstant(index))
        .build();
  }

  /** The first stage of {@code index}, with the later stages nested in it. */
  TypeSpec stages(IndexModel index) {
    TypeSpec.Builder first = stageBuilder(index, 0);
    for (int fixed = 1; fixed < index.fields().size(); fixed++) {
      first.addType(stageBuilder(index, fixed).build());
    }
    return first.build();
  }

  /** The class of the stage with the first {@code fixed} components of {@code index} given. */
  private ClassName stage(IndexModel index, int fixed) {
    ClassName first = repository.nestedClass(GeneratedNames.queryStage(index));
    return fixed == 0
        ? first
        : first.nestedClass(GeneratedNames.givenStage(index.fields().subList(0, fixed)));
  }

  private TypeSpec.Builder stageBuilder(IndexModel index, int fixed) {
    ComponentModel next = model.component(index.fields().get(fixed));
    if (model.multiValue(index)) {
      return multiValueStage(index, next);
    }
    // A primitive keeps generated operations: a runtime stage's boxed parameters would refuse
    // widening (equalTo(1) on a long) and primitive arrays (in(double[])).
    if (fixed + 1 == index.fields().size() && !next.type().primitive()) {
      return lastStage(index, fixed, next);
    }
    TypeSpec.Builder stage =
        TypeSpec.classBuilder(stage(index, fixed))
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .superclass(ParameterizedTypeName.get(TypeNames.INDEX_QUERY_STAGE, entity))
            .addJavadoc(stageJavadoc(index, fixed, next))
            .addMethod(
                MethodSpec.constructorBuilder()
                    .addModifiers(Modifier.PRIVATE)
                    .addParameter(runtimeQuery, "query")
                    .addStatement("super(query)")
                    .build());
    boolean last = fixed + 1 == index.fields().size();
    TypeName afterEqual = last ? runtimeQuery : stage(index, fixed + 1);
    CodeBlock equal = CodeBlock.of("equal($L)", members.encodedValue(index, next, next.name()));
    stage.addMethod(
        operation("equalTo", afterEqual, JavaTypes.of(next.type()), List.of(next.name()))
            .addJavadoc(
                "The $L records whose {@code $L} equals {@code $N}$L.\n",
                model.entityName(),
                next.name(),
                next.name(),
                last ? "" : ", in index order; narrow by {@code " + index.fields().get(fixed + 1) + "} next")
            .addJavadoc(paramsAndReturn(index, next, List.of(next.name()), List.of(valueDoc(next)),
                last ? "the query" : "the next stage"))
            .addCode(
                last
                    ? CodeBlock.of("return $L;\n", equal)
                    : CodeBlock.of("return new $T($L);\n", afterEqual, equal))
            .build());
    stage.addMethod(anyOf(index, next, afterEqual, last, false));
    stage.addMethod(anyOf(index, next, afterEqual, last, true));
    String from = "from" + GeneratedNames.capitalized(next.name());
    String to = "to" + GeneratedNames.capitalized(next.name());
    stage.addMethod(
        range(index, next, "between", JavaTypes.of(next.type()), List.of(from, to),
            List.of("the lowest {@code " + next.name() + "}, inclusive" + notNull(next),
                "the highest {@code " + next.name() + "}, inclusive" + notNull(next)),
            "lies between {@code $N} and {@code $N}, both inclusive",
            CodeBlock.of("rangeBetween($L, $L)",
                members.encodedValue(index, next, from), members.encodedValue(index, next, to))));
    stage.addMethod(bound(index, next, "greaterThan", "is greater than", "rangeFrom", false));
    stage.addMethod(bound(index, next, "atLeast", "is at least", "rangeFrom", true));
    stage.addMethod(bound(index, next, "lessThan", "is less than", "rangeTo", false));
    stage.addMethod(bound(index, next, "atMost", "is at most", "rangeTo", true));
    if (next.type().kind() == ValueKind.STRING) {
      String prefix = next.name() + "Prefix";
      stage.addMethod(
          range(index, next, "startsWith", TypeNames.STRING, List.of(prefix),
              List.of("the start of the {@code " + next.name() + "} values (empty: every value), not null"),
              "starts with {@code $N} (autocomplete)",
              CodeBlock.of("prefixed($L)", IndexMembers.normalizedText(index, prefix))));
    }
    return stage;
  }

  /**
   * The stage of the index's last component: a subclass of the runtime's stage, which offers
   * {@code equalTo}, {@code in}, the ranges and (for strings) {@code startsWith} through the
   * component's index key method.
   */
  private TypeSpec.Builder lastStage(IndexModel index, int fixed, ComponentModel next) {
    boolean text = next.type().kind() == ValueKind.STRING;
    TypeName superclass =
        text
            ? ParameterizedTypeName.get(TypeNames.LAST_TEXT_COMPONENT_STAGE, entity)
            : ParameterizedTypeName.get(
                TypeNames.LAST_COMPONENT_STAGE, entity, JavaTypes.boxed(next.type()));
    CodeBlock keyFunction =
        CodeBlock.of("$T::$N", repository, GeneratedNames.indexKey(index, next.name()));
    CodeBlock.Builder javadoc = stageJavadoc(index, fixed, next).toBuilder();
    if (text && index.normalize() != Normalize.NONE) {
      javadoc.add(
          "\n<p>Values are compared after {@link $T#$N} normalisation, as on write.\n",
          TypeNames.NORMALIZE,
          index.normalize().name());
    }
    if (next.type().kind() == ValueKind.ENUM) {
      javadoc.add("\n<p>Constants compare in declaration order, as {@link Enum#compareTo}.\n");
    }
    return runtimeStage(
        stage(index, fixed),
        superclass,
        javadoc.build(),
        text
            ? CodeBlock.of(
                "super(query, $S, $L, $T.$N)",
                next.name(),
                keyFunction,
                TypeNames.NORMALIZE,
                index.normalize().name())
            : CodeBlock.of("super(query, $S, $L)", next.name(), keyFunction));
  }

  /** A stage class subclassing a runtime stage, whose private constructor calls {@code superCall}. */
  private TypeSpec.Builder runtimeStage(
      ClassName name, TypeName superclass, CodeBlock javadoc, CodeBlock superCall) {
    return TypeSpec.classBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .superclass(superclass)
        .addJavadoc(javadoc)
        .addMethod(
            MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PRIVATE)
                .addParameter(runtimeQuery, "query")
                .addStatement(superCall)
                .build());
  }

  /**
   * The stage of a multi-value index: a subclass of the runtime's {@code MultiValueStage}, which
   * offers {@code equalTo} and {@code in} on one element, each finding a record once. No ranges:
   * a record holding several elements in a range would be found once per element.
   */
  private TypeSpec.Builder multiValueStage(IndexModel index, ComponentModel collection) {
    ComponentModel element = collection.indexed();
    CodeBlock.Builder javadoc = CodeBlock.builder()
        .add("The typed query over the multi-value {@code $L} index of {@link $T} (one entry per"
                + " element of {@code $L}). Run it as it is (every record once per element, in index"
                + " order), or narrow it by {@code equalTo} or {@code in} on one element, which find"
                + " each record once.\n",
            index.name(), entity, collection.name());
    if (element.type().kind() == ValueKind.STRING && index.normalize() != Normalize.NONE) {
      javadoc.add(
          "\n<p>Elements are compared after {@link $T#$N} normalisation, as on write.\n",
          TypeNames.NORMALIZE,
          index.normalize().name());
    }
    return runtimeStage(
        stage(index, 0),
        ParameterizedTypeName.get(TypeNames.MULTI_VALUE_STAGE, entity, JavaTypes.boxed(element.type())),
        javadoc.build(),
        CodeBlock.of(
            "super(query, $S, $T::$N)",
            collection.name(),
            repository,
            GeneratedNames.indexKey(index, collection.name())));
  }

  /**
   * {@code in(T... values)}, or {@code in(Collection<T> values)} when {@code collection}: equality
   * on any of the values, which counts as equality for the components after it, so it returns what
   * {@code equalTo} returns.
   */
  private MethodSpec anyOf(
      IndexModel index, ComponentModel next, TypeName afterEqual, boolean last, boolean collection) {
    String values = next.name();
    String value = next.name() + "Value";
    String parts = next.name() + "Parts";
    TypeName type = collection ? JavaTypes.of(next.type()).box() : JavaTypes.of(next.type());
    MethodSpec.Builder method = MethodSpec.methodBuilder("in")
        .addModifiers(Modifier.PUBLIC)
        .returns(afterEqual)
        .addParameter(collection
            ? ParameterizedTypeName.get(TypeNames.COLLECTION, type)
            : ArrayTypeName.of(type), values)
        .addStatement("$T.requireNonNull($N, $S)", TypeNames.OBJECTS, values, values)
        .addStatement("$T<$T> $N = new $T<>($N.$L)", TypeNames.LIST, Object.class, parts,
            ArrayList.class, values, collection ? "size()" : "length")
        .beginControlFlow("for ($T $N : $N)", type, value, values);
    if (!collection) {
      method.varargs();
    }
    if (!type.isPrimitive()) {
      method.addStatement("$T.requireNonNull($N, $S)", TypeNames.OBJECTS, value, values);
    }
    CodeBlock call = CodeBlock.of("anyOf($N)", parts);
    return method
        .addStatement("$N.add($L)", parts, members.encodedValue(index, next, value))
        .endControlFlow()
        .addCode(last ? CodeBlock.of("return $L;\n", call) : CodeBlock.of("return new $T($L);\n", afterEqual, call))
        .addJavadoc(
            "The $L records whose {@code $L} equals any of {@code $N}$L: one range scan per distinct"
                + " value, merged in index order (by {@code $L}, then as {@code equalTo} orders). A"
                + " value given twice, or two that compare equal as the index stores them, returns"
                + " each record once; no value returns no record.\n",
            model.entityName(), next.name(), values,
            last ? "" : ", narrowed by {@code " + index.fields().get(index.fields().indexOf(next.name()) + 1)
                + "} next as after {@code equalTo} (any-of counts as equality)",
            next.name())
        .addJavadoc(paramsAndReturn(index, next, List.of(values),
            List.of("the {@code " + next.name() + "} values, not null" + (type.isPrimitive() ? "" : " (nor any of them)")),
            last ? "the query" : "the next stage"))
        .build();
  }

  private MethodSpec bound(
      IndexModel index, ComponentModel next, String name, String relation, String delegate,
      boolean inclusive) {
    return range(index, next, name, JavaTypes.of(next.type()), List.of(next.name()), List.of(valueDoc(next)),
        relation + " {@code $N}",
        CodeBlock.of("$N($L, $L)", delegate, members.encodedValue(index, next, next.name()), inclusive));
  }

  /** A range operation: its parameters, null checks, Javadoc and {@code return <call>}. */
  private MethodSpec range(
      IndexModel index, ComponentModel next, String name, TypeName type, List<String> parameters,
      List<String> parameterDocs, String relation, CodeBlock call) {
    MethodSpec.Builder method = operation(name, runtimeQuery, type, parameters)
        .addJavadoc("The $L records whose {@code $L} " + relation + ", in index order.\n",
            concat(model.entityName(), next.name(), parameters));
    if (next.type().kind() == ValueKind.ENUM) {
      method.addJavadoc("\n<p>Constants compare in declaration order, as {@link Enum#compareTo}.\n");
    }
    return method
        .addJavadoc(paramsAndReturn(index, next, parameters, parameterDocs, "the query"))
        .addStatement("return $L", call)
        .build();
  }

  /** The method's signature: public, parameters of {@code type} and their null checks. */
  private static MethodSpec.Builder operation(
      String name, TypeName returns, TypeName type, List<String> parameters) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC).returns(returns);
    for (String parameter : parameters) {
      method.addParameter(type, parameter);
      if (!type.isPrimitive()) {
        method.addStatement("$T.requireNonNull($N, $S)", TypeNames.OBJECTS, parameter, parameter);
      }
    }
    return method;
  }

  private CodeBlock paramsAndReturn(
      IndexModel index, ComponentModel next, List<String> parameters, List<String> parameterDocs,
      String returns) {
    CodeBlock.Builder doc = CodeBlock.builder();
    if (index.normalize() != Normalize.NONE && next.type().kind() == ValueKind.STRING) {
      doc.add(
          "\n<p>Compared after {@link $T#$N} normalisation, as on write.\n",
          TypeNames.NORMALIZE,
          index.normalize().name());
    }
    doc.add("\n");
    for (int i = 0; i < parameters.size(); i++) {
      doc.add("@param $N $L\n", parameters.get(i), parameterDocs.get(i));
    }
    return doc.add("@return $L\n", returns).build();
  }

  /** The Javadoc of a parameter holding one value of {@code component}. */
  private static String valueDoc(ComponentModel component) {
    return "the {@code " + component.name() + "} value" + notNull(component);
  }

  private static String notNull(ComponentModel component) {
    return component.type().primitive() ? "" : ", not null";
  }

  private CodeBlock stageJavadoc(IndexModel index, int fixed, ComponentModel next) {
    CodeBlock.Builder doc = CodeBlock.builder();
    if (fixed == 0) {
      doc.add("The typed query over the {@code $L} index of {@link $T} ({@code $L}), before any"
          + " component is given.", index.name(), entity, String.join(", ", index.fields()));
    } else {
      doc.add("The query over the {@code $L} index with {@code $L} given.", index.name(),
          String.join(", ", index.fields().subList(0, fixed)));
    }
    doc.add(" Run it as it is (every matching record, in index order), or narrow"
        + " {@code $L} by {@code equalTo}$L.\n", next.name(), narrowings(index, next));
    if (index.fields().size() > 1) {
      doc.add("\n<p>What this composite index serves: {@code equalTo} or {@code in} on each leading"
          + " component in key order ({@code $L}), then at most one range, {@code startsWith} or"
          + " {@code isNull} on the next, which ends the narrowing. Why: its entries are sorted by"
          + " {@code $L}, then by primary key, so equal leading values followed by one range are"
          + " one contiguous run of keys; a range on a later component alone, or a second range,"
          + " would need a scan of the whole index, and does not compile.\n",
          String.join(", ", index.fields()), String.join("}, then {@code ", index.fields()));
    }
    return doc.build();
  }

  /** The narrowings besides {@code equalTo} a component offers, for Javadoc. */
  private static String narrowings(IndexModel index, ComponentModel component) {
    // Only a non-unique index holds null values, and only of a field that can be null.
    boolean nulls = !index.unique() && !component.type().primitive();
    String others = component.type().kind() == ValueKind.STRING ? ", a range" : " or a range";
    if (component.type().kind() == ValueKind.STRING) {
      others += nulls ? ", {@code startsWith} or {@code isNull}" : " or {@code startsWith}";
    } else if (nulls) {
      others = ", a range or {@code isNull}";
    }
    return ", {@code in} (any of several values)" + others;
  }

  private static Object[] concat(String entityName, String component, List<String> parameters) {
    Object[] arguments = new Object[2 + parameters.size()];
    arguments[0] = entityName;
    arguments[1] = component;
    for (int i = 0; i < parameters.size(); i++) {
      arguments[2 + i] = parameters.get(i);
    }
    return arguments;
  }
}
