package dev.tessera.processor.data;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.tessera.processor.codegen.GeneratedNames;
import dev.tessera.processor.codegen.JavaTypes;
import dev.tessera.processor.codegen.TypeNames;
import dev.tessera.processor.data.DataMethod.LifecycleMethod;
import dev.tessera.processor.data.DataMethod.QueryMethod;
import dev.tessera.processor.data.DataMethod.ResourceMethod;
import dev.tessera.processor.data.DataMethod.Shape;
import dev.tessera.processor.data.DataMethod.Signature;
import dev.tessera.processor.model.EntityModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/**
 * Writes the implementation of a Jakarta Data repository interface: {@code Books_}, a subclass of
 * the runtime's {@code DataRepositorySupport} (which holds the built-in methods and every
 * algorithm) whose methods are calls on the generated Tessera repository, one index query each.
 *
 * <p>Stateless and thread-safe.
 */
public final class DataRepositoryWriter {
  private static final String REPOSITORY = "repository";
  private final String generatorName;
  private final boolean injectAvailable;
  private final boolean injectWithOptions;

  /**
   * @param generatorName the value of the generated {@code @Generated} annotation
   * @param injectAvailable whether {@code jakarta.inject.Inject} is on the compile class path
   * @param injectWithOptions whether {@code @Inject} goes on the {@code (KvStore,
   *     RepositoryOptions)} constructor instead of the {@code (KvStore)} one
   */
  public DataRepositoryWriter(
      String generatorName, boolean injectAvailable, boolean injectWithOptions) {
    this.generatorName = generatorName;
    this.injectAvailable = injectAvailable;
    this.injectWithOptions = injectWithOptions;
  }

  /** The implementation source of {@code model}, generated from {@code originating}. */
  JavaFile write(DataRepositoryModel model, Element originating, boolean withGeneratedAnnotation) {
    EntityModel entity = model.entity();
    ClassName self = JavaTypes.className(model.implementation());
    ClassName tessera = GeneratedNames.repository(entity);
    ClassName entityType = JavaTypes.className(entity.type());
    TypeName id = JavaTypes.boxed(entity.primaryKey().type());
    TypeSpec.Builder type = TypeSpec.classBuilder(self)
        .addOriginatingElement(originating)
        .addModifiers(Modifier.PUBLIC)
        .superclass(ParameterizedTypeName.get(DataTypeNames.DATA_REPOSITORY_SUPPORT, entityType, id))
        .addSuperinterface(JavaTypes.className(model.repository()))
        .addJavadoc("Implements {@link $T} on Tessera: each query reads the index named in its"
                + " documentation, checked when\nthis class was generated. Built-in methods come from"
                + " {@link $T}.\n\n<pre>{@code\n$T books = new $T(store);\n}</pre>\n\n"
                + "<p>Thread-safe; a view bound to a transaction ({@link #in}) is not.\n",
            JavaTypes.className(model.repository()),
            DataTypeNames.DATA_REPOSITORY_SUPPORT, JavaTypes.className(model.repository()), self)
        .addField(FieldSpec.builder(tessera, REPOSITORY, Modifier.PRIVATE, Modifier.FINAL).build())
        .addMethod(constructor(entityType, tessera, false))
        .addMethod(constructor(entityType, tessera, true))
        .addMethod(MethodSpec.constructorBuilder()
            .addModifiers(Modifier.PRIVATE)
            .addParameter(TypeNames.KV_STORE, "store")
            .addParameter(tessera, REPOSITORY)
            .addParameter(TypeNames.TRANSACTION, "tx")
            .addStatement("super(store, $N, tx, $T.ENTITY_NAME, $S)",
                REPOSITORY, tessera, entity.primaryKey().name())
            .addStatement("this.$N = $N", REPOSITORY, REPOSITORY)
            .build())
        .addMethod(MethodSpec.methodBuilder("in")
            .addModifiers(Modifier.PUBLIC)
            .returns(self)
            .addParameter(TypeNames.TRANSACTION, "tx")
            .addJavadoc("This repository bound to {@code tx}: every method reads and writes inside"
                    + " the transaction, which commits\nthem with its other writes, or not at all."
                    + " Valid only inside the transaction's function.\n\n<pre>{@code\n"
                    + "$T.run(store, tx -> books.in(tx).insert(book));\n}</pre>\n\n"
                    + "@param tx the transaction\n@return a view bound to {@code tx}; not"
                    + " thread-safe\n",
                TypeNames.TRANSACTIONS)
            .addStatement("return new $T(store(), $N.in(tx), tx)", self, REPOSITORY)
            .build())
        .addMethod(MethodSpec.methodBuilder("idOf")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PROTECTED)
            .returns(id)
            .addParameter(entityType, "entity")
            .addStatement("return entity.$N()", entity.primaryKey().name())
            .build())
        .addMethod(MethodSpec.methodBuilder("repositoryIn")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PROTECTED)
            .returns(tessera)
            .addParameter(TypeNames.TRANSACTION, "tx")
            .addStatement("return $N.in(tx)", REPOSITORY)
            .build());
    for (DataMethod method : model.methods()) {
      type.addMethod(method(method, entityType));
    }
    if (withGeneratedAnnotation) {
      type.addAnnotation(AnnotationSpec.builder(TypeNames.GENERATED)
          .addMember("value", "$S", generatorName).build());
    }
    return JavaFile.builder(model.repository().packageName(), type.build())
        .skipJavaLangImports(true)
        .build();
  }

  private MethodSpec constructor(ClassName entity, ClassName tessera, boolean withOptions) {
    MethodSpec.Builder constructor = MethodSpec.constructorBuilder()
        .addModifiers(Modifier.PUBLIC)
        .addParameter(TypeNames.KV_STORE, "store")
        .addJavadoc("A repository of {@link $T} records in {@code store}$L.\n\n"
                + "@param store the key store; the repository does not close it\n",
            entity, withOptions ? ", building its indexes as {@code options} say" : "");
    if (withOptions) {
      constructor.addParameter(TypeNames.REPOSITORY_OPTIONS, "options")
          .addJavadoc("@param options the index build policy, batch size and progress listener\n")
          .addStatement("this(store, new $T(store, options), null)", tessera);
    } else {
      constructor.addStatement("this(store, new $T(store), null)", tessera);
    }
    if (injectAvailable && injectWithOptions == withOptions) {
      constructor.addAnnotation(TypeNames.INJECT);
    }
    return constructor.build();
  }

  private MethodSpec method(DataMethod method, ClassName entity) {
    MethodSpec.Builder builder = overriding(method.signature());
    if (method instanceof LifecycleMethod lifecycle) {
      return builder.addCode(lifecycle(lifecycle, entity)).build();
    }
    if (method instanceof ResourceMethod) {
      return builder.addStatement("return store()").build();
    }
    QueryMethod query = (QueryMethod) method;
    AccessPath path = query.path();
    return builder
        .addJavadoc("Served by a scan of $L$L.\n", path.description(),
            path.reverse() ? ", in reverse" : "")
        .addCode(terminal(query, entity, selection(query)))
        .build();
  }

  private static MethodSpec.Builder overriding(Signature signature) {
    MethodSpec.Builder builder = MethodSpec.methodBuilder(signature.name())
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(TypeName.get(signature.returnType()))
        .varargs(signature.varargs());
    for (DataMethod.Parameter parameter : signature.parameters()) {
      builder.addParameter(ParameterSpec.builder(TypeName.get(parameter.type()), parameter.name())
          .build());
    }
    return builder;
  }

  private static CodeBlock lifecycle(LifecycleMethod method, ClassName entity) {
    String argument = method.signature().parameters().get(0).name();
    String verb = method.lifecycle().name().toLowerCase(Locale.ROOT);
    CodeBlock call;
    switch (method.shape()) {
      case SINGLE:
        call = CodeBlock.of("$N($N)", verb, argument);
        break;
      case LIST:
        call = CodeBlock.of("$NAll($N)", verb, argument);
        break;
      default:
        call = CodeBlock.of("$NAll($T.asList($N))", verb, DataTypeNames.ARRAYS, argument);
    }
    if (!method.returnsValue()) {
      return CodeBlock.of("$L;\n", call);
    }
    if (method.lifecycle() == DataMethod.Lifecycle.DELETE) {
      return CodeBlock.of("$L;\nreturn $N;\n", call, argument);
    }
    return method.shape() == Shape.ARRAY
        ? CodeBlock.of("return $L.toArray(new $T[0]);\n", call, entity)
        : CodeBlock.of("return $L;\n", call);
  }

  /** The query expression: the index scan narrowed by the conditions, then the modifiers. */
  private static CodeBlock selection(QueryMethod method) {
    AccessPath path = method.path();
    CodeBlock.Builder query = CodeBlock.builder().add("$N.", REPOSITORY);
    if (path.primaryKey()) {
      query.add("byId()");
    } else {
      query.add("$N()", GeneratedNames.queryMethod(path.index()));
    }
    for (Condition condition : path.conditions()) {
      query.add(".$L", operation(condition, path.primaryKey()));
    }
    CodeBlock selection = query.build();
    if (path.reverse()) {
      selection = CodeBlock.of("$L.reverse()", selection);
    }
    if (method.first() > 0) {
      selection = CodeBlock.of("$L.limit($L)", selection, method.first());
    }
    if (method.sort() != null) {
      List<CodeBlock> order = new ArrayList<>();
      for (String field : path.order()) {
        order.add(CodeBlock.of("$S", field));
      }
      CodeBlock sorts;
      switch (method.sortKind()) {
        case ORDER:
          sorts = CodeBlock.of("$N", method.sort().name());
          break;
        default:
          sorts = CodeBlock.of("$T.of($N)", TypeNames.LIST, method.sort().name());
      }
      selection = CodeBlock.of("sorted($L, $L, $S, $L)",
          selection, sorts, path.description(), CodeBlock.join(order, ", "));
    }
    if (method.limit() != null) {
      selection = CodeBlock.of("limited($L, $N)", selection, method.limit().name());
    }
    return selection;
  }

  private static CodeBlock operation(Condition condition, boolean primaryKey) {
    List<String> parameters = condition.parameters();
    switch (condition.operator()) {
      case EQUAL:
        return primaryKey
            ? CodeBlock.of("between($N, $N)", parameters.get(0), parameters.get(0))
            : CodeBlock.of("equalTo($N)", parameters.get(0));
      case IN:
        return CodeBlock.of("in($N)", parameters.get(0));
      case BETWEEN:
        return CodeBlock.of("between($N, $N)", parameters.get(0), parameters.get(1));
      case GREATER_THAN:
        return CodeBlock.of("greaterThan($N)", parameters.get(0));
      case GREATER_THAN_EQUAL:
        return CodeBlock.of("atLeast($N)", parameters.get(0));
      case LESS_THAN:
        return CodeBlock.of("lessThan($N)", parameters.get(0));
      case LESS_THAN_EQUAL:
        return CodeBlock.of("atMost($N)", parameters.get(0));
      case STARTS_WITH:
        return CodeBlock.of("startsWith($N)", parameters.get(0));
      default:
        return CodeBlock.of("isNull()");
    }
  }

  private static CodeBlock terminal(QueryMethod method, ClassName entity, CodeBlock selection) {
    CodeBlock query = CodeBlock.of("() -> $L", selection);
    switch (method.result()) {
      case ENTITY:
        return CodeBlock.of("return single($L);\n", query);
      case OPTIONAL:
        return CodeBlock.of("return optional($L);\n", query);
      case LIST:
        return CodeBlock.of("return list($L);\n", query);
      case ARRAY:
        return CodeBlock.of("return list($L).toArray(new $T[0]);\n", query, entity);
      case STREAM:
        return CodeBlock.of("return stream($L);\n", query);
      case PAGE:
        return CodeBlock.of("return page($L, $N);\n", query, method.pageRequest().name());
      case CURSORED_PAGE:
        return CodeBlock.of("return cursoredPage($L, $N);\n", query, method.pageRequest().name());
      case BOOLEAN:
        return CodeBlock.of("return exists($L);\n", query);
      default:
        return countOrDelete(method, query);
    }
  }

  private static CodeBlock countOrDelete(QueryMethod method, CodeBlock query) {
    String verb = method.action() == DataMethod.Action.DELETE ? "delete" : "count";
    switch (method.result()) {
      case VOID:
        return CodeBlock.of("$N($L);\n", verb, query);
      case INT:
        return CodeBlock.of("return $T.toIntExact($N($L));\n", DataTypeNames.MATH, verb, query);
      default:
        return CodeBlock.of("return $N($L);\n", verb, query);
    }
  }
}
