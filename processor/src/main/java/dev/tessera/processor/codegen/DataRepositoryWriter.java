package dev.tessera.processor.codegen;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.TypeVariableName;
import dev.tessera.processor.model.DataMethod;
import dev.tessera.processor.model.DataRepositoryModel;
import dev.tessera.processor.model.MethodSignature;
import dev.tessera.processor.model.TypeRef;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Interface>_}, the implementation of a Jakarta Data {@code @Repository} interface:
 * thin delegation to the entity's generated Tessera repository, each method's failures translated
 * to the Jakarta Data exceptions (by the runtime's {@code JakartaDataAdapter}, which also shapes
 * single results, sorts and pages). Writes to several entities run in one transaction.
 *
 * <p>Stateless and thread-safe.
 */
public final class DataRepositoryWriter {
  static final String STORE = "store";
  static final String REPOSITORY = "repository";
  static final String TRANSACTION = "transaction";
  static final String ATOMICALLY = "atomically";

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

  /**
   * {@return the generated class of {@code model}: {@code com.acme.Books} gets {@code
   * com.acme.Books_}}
   *
   * @param model the repository's model
   */
  public static String implementationName(DataRepositoryModel model) {
    return implementation(model).simpleName();
  }

  private static ClassName implementation(DataRepositoryModel model) {
    return ClassName.get(
        model.type().packageName(), String.join("_", model.type().simpleNames()) + "_");
  }

  /**
   * {@return the implementation source of {@code model}, recorded as generated from {@code
   * originating}}
   *
   * @param withGeneratedAnnotation whether the class carries {@code @Generated}
   * @param model the repository's model
   * @param originating the repository interface
   */
  public JavaFile write(
      DataRepositoryModel model, Element originating, boolean withGeneratedAnnotation) {
    ClassName self = implementation(model);
    ClassName iface = JavaTypes.className(model.type());
    ClassName entity = JavaTypes.className(model.entity().type());
    ClassName repository = GeneratedNames.repository(model.entity());
    TypeSpec.Builder type =
        TypeSpec.classBuilder(self)
            .addOriginatingElement(originating)
            .addModifiers(Modifier.PUBLIC)
            .addSuperinterface(iface)
            .addJavadoc(
                "Implements {@link $T}, a Jakarta Data repository of {@link $T} records, on the"
                    + " generated {@link $T}: each method delegates to it, and its failures are"
                    + " thrown as the\nJakarta Data exceptions that name them, with Tessera's"
                    + " exception as cause.\n\n"
                    + "<pre>{@code\n$T repository = new $T(store);\n}</pre>\n\n"
                    + "<p>Thread-safe, like the repository it delegates to; a view from {@link"
                    + " #in} is not.\n",
                iface, entity, repository, iface, self)
            .addField(
                FieldSpec.builder(TypeNames.KV_STORE, STORE, Modifier.PRIVATE, Modifier.FINAL)
                    .build())
            .addField(
                FieldSpec.builder(repository, REPOSITORY, Modifier.PRIVATE, Modifier.FINAL).build())
            .addField(
                FieldSpec.builder(TypeNames.TRANSACTION, TRANSACTION, Modifier.PRIVATE, Modifier.FINAL)
                    .addJavadoc("The transaction this view is bound to, or null for the store itself.\n")
                    .build())
            .addMethod(constructor(model, repository, false))
            .addMethod(constructor(model, repository, true))
            .addMethod(
                MethodSpec.constructorBuilder()
                    .addModifiers(Modifier.PRIVATE)
                    .addParameter(TypeNames.KV_STORE, STORE)
                    .addParameter(repository, REPOSITORY)
                    .addParameter(TypeNames.TRANSACTION, TRANSACTION)
                    .addStatement("this.$N = $N", STORE, STORE)
                    .addStatement("this.$N = $N", REPOSITORY, REPOSITORY)
                    .addStatement("this.$N = $N", TRANSACTION, TRANSACTION)
                    .build())
            .addMethod(inTransaction(self, iface))
            .addMethod(atomically(repository));
    DataQueryWriter queries = new DataQueryWriter(model);
    for (DataMethod method : model.methods()) {
      type.addMethod(method(method, model, queries));
    }
    return GeneratedFiles.of(
        model.type().packageName(), type, generatorName, withGeneratedAnnotation);
  }

  private MethodSpec method(DataMethod method, DataRepositoryModel model, DataQueryWriter queries) {
    if (method instanceof DataMethod.StoreAccessor) {
      return overriding(method.signature())
          .addJavadoc("The key store this repository reads and writes; it does not close it.\n")
          .addStatement("return this.$N", STORE)
          .build();
    }
    NameAllocator names = names(method.signature());
    MethodSpec.Builder builder = overriding(method.signature());
    CodeBlock body =
        method instanceof DataMethod.Lifecycle
            ? new LifecycleBody(model, (DataMethod.Lifecycle) method, names).write(builder)
            : queries.body((DataMethod.Query) method, names, builder);
    String failure = names.newName("failure");
    return builder
        .beginControlFlow("try")
        .addCode(body)
        .nextControlFlow("catch ($T $N)", TypeNames.TESSERA_EXCEPTION, failure)
        .addStatement("throw $T.translated($N)", TypeNames.JAKARTA_DATA_ADAPTER, failure)
        .endControlFlow()
        .build();
  }

  /** The method's declaration, as its interface declares it, with {@code @Override}. */
  static MethodSpec.Builder overriding(MethodSignature signature) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder(signature.name())
            .addAnnotation(TypeNames.OVERRIDE)
            .addModifiers(Modifier.PUBLIC)
            .returns(JavaTypes.of(signature.returnType()))
            .varargs(signature.varargs());
    for (MethodSignature.TypeVariable variable : signature.typeVariables()) {
      method.addTypeVariable(
          TypeVariableName.get(
              variable.name(),
              variable.bounds().stream().map(JavaTypes::of).toArray(TypeName[]::new)));
    }
    for (MethodSignature.Parameter parameter : signature.parameters()) {
      method.addParameter(JavaTypes.of(parameter.type()), parameter.name());
    }
    if (signature.generic() || genericVarargs(signature)) {
      // The entity is a record, so final: a type variable bounded by it is the entity itself, and
      // the casts of stored records to it cannot fail. A generic variable arity parameter
      // (Sort<Book>... sorts) is only read.
      method.addAnnotation(
          AnnotationSpec.builder(TypeNames.SUPPRESS_WARNINGS).addMember("value", "$S", "unchecked").build());
    }
    return method;
  }

  /** True if the method's last parameter is a variable arity one of a parameterized type. */
  private static boolean genericVarargs(MethodSignature signature) {
    if (!signature.varargs()) {
      return false;
    }
    TypeRef last = signature.parameters().get(signature.parameters().size() - 1).type();
    return last instanceof TypeRef.Array array
        && array.component() instanceof TypeRef.Declared declared
        && !declared.arguments().isEmpty();
  }

  /** Local names that cannot clash with the method's parameters. */
  private static NameAllocator names(MethodSignature signature) {
    NameAllocator names = new NameAllocator();
    for (MethodSignature.Parameter parameter : signature.parameters()) {
      names.newName(parameter.name());
    }
    return names;
  }

  /** The element type of a lifecycle parameter: {@code Book} of {@code List<? extends Book>}. */
  static TypeName elementType(TypeRef parameter, DataMethod.Multiplicity multiplicity) {
    TypeRef element = parameter;
    if (multiplicity == DataMethod.Multiplicity.ARRAY) {
      element = ((TypeRef.Array) parameter).component();
    } else if (multiplicity == DataMethod.Multiplicity.LIST) {
      element = ((TypeRef.Declared) parameter).arguments().get(0);
    }
    if (element instanceof TypeRef.Wildcard) {
      element = ((TypeRef.Wildcard) element).extendsBound();
    }
    return JavaTypes.of(element);
  }

  /**
   * The public {@code (KvStore)} constructor, or {@code (KvStore, RepositoryOptions)} when {@code
   * withOptions}; the one the processor's inject option names carries {@code @Inject}.
   */
  private MethodSpec constructor(
      DataRepositoryModel model, ClassName repository, boolean withOptions) {
    MethodSpec.Builder constructor =
        MethodSpec.constructorBuilder()
            .addModifiers(Modifier.PUBLIC)
            .addJavadoc(
                "The repository of {@link $T} records in {@code store}, $L.\n\n"
                    + "@param store the key store; the repository does not close it\n",
                JavaTypes.className(model.entity().type()),
                withOptions
                    ? "building its indexes as {@code options} say"
                    : "with the default options")
            .addParameter(TypeNames.KV_STORE, STORE);
    if (withOptions) {
      constructor
          .addJavadoc("@param options the index build policy, batch size and progress listener\n")
          .addParameter(TypeNames.REPOSITORY_OPTIONS, "options")
          .addStatement("this($N, new $T($N, options), null)", STORE, repository, STORE);
    } else {
      constructor.addStatement("this($N, new $T($N), null)", STORE, repository, STORE);
    }
    if (injectAvailable && injectWithOptions == withOptions) {
      constructor.addAnnotation(TypeNames.INJECT);
    }
    return constructor.build();
  }

  private static MethodSpec inTransaction(ClassName self, ClassName iface) {
    return MethodSpec.methodBuilder("in")
        .addModifiers(Modifier.PUBLIC)
        .returns(self)
        .addParameter(TypeNames.TRANSACTION, "tx")
        .addJavadoc(
            "This repository bound to {@code tx}: every method reads the transaction's snapshot and"
                + " writes, and its writes join the\ntransaction's one commit. Valid only inside the"
                + " transaction's function.\n\n"
                + "<pre>{@code\n"
                + "Transactions.run(store, tx -> repository.in(tx).insert(entity));\n"
                + "}</pre>\n\n"
                + "@param tx the transaction, from {@link $T#run}\n"
                + "@return a view of this {@link $T} bound to {@code tx}; not thread-safe\n",
            TypeNames.TRANSACTIONS, iface)
        .addStatement("return new $T(this.$N, this.$N.in(tx), tx)", self, STORE, REPOSITORY)
        .build();
  }

  private static MethodSpec atomically(ClassName repository) {
    TypeVariableName result = TypeVariableName.get("R");
    return MethodSpec.methodBuilder(ATOMICALLY)
        .addModifiers(Modifier.PRIVATE)
        .addTypeVariable(result)
        .returns(result)
        .addParameter(ParameterizedTypeName.get(TypeNames.FUNCTION, repository, result), "work")
        .addJavadoc(
            "Runs {@code work} in one transaction (all its writes or none), or in the transaction"
                + " this view is bound to.\n")
        .beginControlFlow("if (this.$N != null)", TRANSACTION)
        .addStatement("return work.apply(this.$N)", REPOSITORY)
        .endControlFlow()
        .addStatement(
            "return $T.run(this.$N, tx -> work.apply(this.$N.in(tx)))",
            TypeNames.TRANSACTIONS, STORE, REPOSITORY)
        .build();
  }
}
