package dev.tessera.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.FieldType;
import dev.tessera.processor.model.IndexModel;
import dev.tessera.processor.model.SpatialIndexModel;
import dev.tessera.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Entity>Repository}: a final subclass of the runtime's {@code EntityRepository}
 * holding only what is specific to the entity (its constants, index definitions, typed finders and
 * the nested {@code Mapping}); the algorithms stay in the runtime.
 *
 * <p>Stateless and thread-safe.
 */
public final class RepositoryWriter {
  private final String generatorName;
  private final boolean injectAvailable;
  private final boolean injectWithOptions;

  /**
   * @param generatorName the value of the generated {@code @Generated} annotation
   * @param injectAvailable whether {@code jakarta.inject.Inject} is on the compile class path, so
   *     the constructor can carry it
   */
  public RepositoryWriter(String generatorName, boolean injectAvailable) {
    this(generatorName, injectAvailable, false);
  }

  /**
   * @param generatorName the value of the generated {@code @Generated} annotation
   * @param injectAvailable whether {@code jakarta.inject.Inject} is on the compile class path
   * @param injectWithOptions whether {@code @Inject} goes on the {@code (KvStore,
   *     RepositoryOptions)} constructor instead of the {@code (KvStore)} one (JSR-330 allows one)
   */
  public RepositoryWriter(String generatorName, boolean injectAvailable, boolean injectWithOptions) {
    this.generatorName = generatorName;
    this.injectAvailable = injectAvailable;
    this.injectWithOptions = injectWithOptions;
  }

  /**
   * {@return the first generated method name two indexes of {@code model} would share, as {@code
   * [method, first index, second index]}; such an entity must be reported, not generated}
   *
   * @param model the entity's model
   */
  public static Optional<List<String>> nameClash(EntityModel model) {
    return GeneratedNames.keyMethodClash(model);
  }

  /**
   * {@return the repository source of {@code model}, recorded as generated from {@code
   * originating}}
   *
   * @param withGeneratedAnnotation whether the class carries {@code @Generated} (false where the
   *     entity's module does not read {@code java.compiler})
   * @param model the entity's model
   * @param originating the entity record
   */
  public JavaFile write(EntityModel model, Element originating, boolean withGeneratedAnnotation) {
    ClassName entity = JavaTypes.className(model.type());
    TypeName id = JavaTypes.boxed(model.primaryKey().type());
    NameAllocator memberNames = reservedMemberNames(model);
    CodecFields codecs = new CodecFields(model, memberNames);
    IndexMembers indexMembers = new IndexMembers(model, codecs);
    SpatialMembers spatialMembers = new SpatialMembers(model);

    TypeSpec.Builder repository =
        TypeSpec.classBuilder(GeneratedNames.repository(model))
            .addOriginatingElement(originating)
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .superclass(ParameterizedTypeName.get(TypeNames.ENTITY_REPOSITORY, entity, id))
            .addJavadoc(classJavadoc(model, entity))
            .addField(
                constant(TypeNames.STRING, GeneratedNames.ENTITY_NAME, "$S", model.entityName())
                    .addJavadoc("The entity name, to which the store's catalog assigns the id every"
                        + " $T record key starts with.\n", entity)
                    .build())
            .addField(
                constant(
                        TypeName.LONG,
                        GeneratedNames.SCHEMA_ID,
                        "$L",
                        String.format("0x%016xL", model.schemaId()))
                    .addJavadoc(
                        "The schema identifier every stored value starts with: the 64-bit FNV-1a"
                            + " hash of {@code $L}.\n",
                        model.schemaDescriptor())
                    .build())
            .addFields(codecs.fields())
            .addField(new SchemaWriter(codecs).write(model));
    for (IndexModel index : model.indexes()) {
      repository.addField(indexMembers.constant(index));
    }
    repository.addFields(spatialMembers.constants());
    repository
        .addField(indexList(model, entity, spatialMembers.definitions()))
        .addMethod(constructor(entity));
    repository.addMethod(constructorWithOptions(entity));
    repository.addMethod(transactionConstructor(model));
    repository.addMethod(inTransaction(model, entity));
    repository.addMethods(keyPrefixQueries(model, entity, id, codecs));
    QueryStageWriter queries = new QueryStageWriter(model, indexMembers);
    for (IndexModel index : model.indexes()) {
      repository.addMethod(queries.queryMethod(index));
      repository.addMethods(indexMembers.finders(index));
    }
    for (IndexModel index : model.indexes()) {
      repository.addMethod(indexMembers.valuesMethod(index));
      repository.addMethods(indexMembers.keyMethods(index));
    }
    for (IndexModel index : model.indexes()) {
      repository.addType(queries.stages(index));
    }
    spatialMembers.addMembers(repository);
    repository.addType(new MappingWriter(model, codecs).write());
    return GeneratedFiles.of(
        model.type().packageName(), repository, generatorName, withGeneratedAnnotation);
  }

  /**
   * For a composite key, one {@code byIdStartingWith} per proper prefix of its components: each
   * encodes its components as the mapping's {@code keyParts} does and delegates to the runtime.
   */
  private static List<MethodSpec> keyPrefixQueries(
      EntityModel model, ClassName entity, TypeName id, CodecFields codecs) {
    FieldType key = model.primaryKey().type();
    List<MethodSpec> methods = new ArrayList<>();
    if (key.kind() != ValueKind.RECORD) {
      return methods;
    }
    List<ComponentModel> components = key.components();
    for (int length = 1; length < components.size(); length++) {
      MethodSpec.Builder method =
          MethodSpec.methodBuilder("byIdStartingWith")
              .addModifiers(Modifier.PUBLIC)
              .returns(ParameterizedTypeName.get(TypeNames.KEY_QUERY, entity, id))
              .addJavadoc(
                  "The $T records whose key starts with the given leading components, in key"
                      + " order.\n",
                  entity);
      List<CodeBlock> parts = new ArrayList<>();
      for (ComponentModel component : components.subList(0, length)) {
        method.addParameter(JavaTypes.of(component.type()), component.name());
        method.addJavadoc("@param $N the key's {@code $N} component\n", component.name(), component.name());
        if (!component.type().primitive()) {
          method.addStatement(
              "$T.requireNonNull($N, $S)", TypeNames.OBJECTS, component.name(), component.name());
        }
        parts.add(codecs.encode(component.type(), CodeBlock.of("$N", component.name())));
      }
      method
          .addJavadoc("@return the query, to limit, reverse or page\n")
          .addStatement(
              "return byIdStartingWithParts($T.of($L))",
              TypeNames.TUPLE,
              CodeBlock.join(parts, ", "));
      methods.add(method.build());
    }
    return methods;
  }

  private MethodSpec constructor(ClassName entity) {
    MethodSpec.Builder constructor =
        MethodSpec.constructorBuilder()
            .addModifiers(Modifier.PUBLIC)
            .addJavadoc(
                "A repository of {@link $T} records in {@code store}.\n\n"
                    + "@param store the key store; the repository does not close it\n",
                entity)
            .addParameter(TypeNames.KV_STORE, "store")
            .addStatement("super(store, new $N())", GeneratedNames.MAPPING);
    if (injectAvailable && !injectWithOptions) {
      constructor.addAnnotation(TypeNames.INJECT);
    }
    return constructor.build();
  }

  private MethodSpec constructorWithOptions(ClassName entity) {
    MethodSpec.Builder constructor = MethodSpec.constructorBuilder()
        .addModifiers(Modifier.PUBLIC)
        .addJavadoc(
            "A repository of {@link $T} records in {@code store}, building its indexes as {@code"
                + " options} say.\n\n"
                + "@param store the key store; the repository does not close it\n"
                + "@param options the index build policy, batch size and progress listener\n",
            entity)
        .addParameter(TypeNames.KV_STORE, "store")
        .addParameter(TypeNames.REPOSITORY_OPTIONS, "options")
        .addStatement("super(store, new $N(), options)", GeneratedNames.MAPPING);
    if (injectAvailable && injectWithOptions) {
      constructor.addAnnotation(TypeNames.INJECT);
    }
    return constructor.build();
  }

  private static MethodSpec transactionConstructor(EntityModel model) {
    return MethodSpec.constructorBuilder()
        .addModifiers(Modifier.PRIVATE)
        .addParameter(GeneratedNames.repository(model), "repository")
        .addParameter(TypeNames.TRANSACTION, "tx")
        .addStatement("super(repository, tx)")
        .build();
  }

  private static MethodSpec inTransaction(EntityModel model, ClassName entity) {
    ClassName self = GeneratedNames.repository(model);
    return MethodSpec.methodBuilder("in")
        .addModifiers(Modifier.PUBLIC)
        .returns(self)
        .addParameter(TypeNames.TRANSACTION, "tx")
        .addJavadoc(
            "This repository bound to {@code tx}: the same methods (finders, queries, insert, update,"
                + " save, delete), each reading and writing inside the transaction, so the\n"
                + "transaction reads its own writes and commits them with its other writes, or not at"
                + " all. Valid only inside the\ntransaction's function, which gets the same view"
                + " each time it asks.\n\n"
                + "<pre>{@code\n"
                + "Transactions.run(store, tx -> repository.in(tx).insert(record));\n"
                + "}</pre>\n\n"
                + "@param tx the transaction, from {@link $T#run}\n"
                + "@return a view of {@link $T} records bound to {@code tx}; not thread-safe\n",
            TypeNames.TRANSACTIONS, entity)
        .addStatement("return tx.bind(this, $T::new)", self)
        .build();
  }

  private static FieldSpec indexList(
      EntityModel model, ClassName entity, List<CodeBlock> spatialDefinitions) {
    List<CodeBlock> definitions = new ArrayList<>();
    for (IndexModel index : model.indexes()) {
      definitions.add(CodeBlock.of("$N", GeneratedNames.indexConstant(index)));
    }
    definitions.addAll(spatialDefinitions);
    CodeBlock constants = CodeBlock.join(definitions, ", ");
    return FieldSpec.builder(
            ParameterizedTypeName.get(
                TypeNames.LIST, ParameterizedTypeName.get(TypeNames.INDEX_DEFINITION, entity)),
            GeneratedNames.INDEXES,
            Modifier.PRIVATE,
            Modifier.STATIC,
            Modifier.FINAL)
        .initializer("$T.of($L)", TypeNames.LIST, constants)
        .build();
  }

  private static FieldSpec.Builder constant(
      TypeName type, String name, String format, Object value) {
    return FieldSpec.builder(type, name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .initializer(format, value);
  }

  private static CodeBlock classJavadoc(EntityModel model, ClassName entity) {
    CodeBlock.Builder javadoc =
        CodeBlock.builder()
            .add(
                "Stores {@link $T} records under the entity name {@code $S}, keyed by {@code $L}, and"
                    + " keeps their indexes consistent in the same atomic commits.\n\n",
                entity,
                model.entityName(),
                model.primaryKey().name())
            .add("<pre>{@code\n")
            .add("$T repository = new $T(store);\n", GeneratedNames.repository(model),
                GeneratedNames.repository(model))
            .add("repository.insert(record);\n")
            .add("repository.findById(id);\n")
            .add("}</pre>\n\n")
            .add("<p>Thread-safe: the store's atomic commits isolate concurrent calls.\n");
    return javadoc.build();
  }

  /** Member names the generated nested-record codecs must not take. */
  private static NameAllocator reservedMemberNames(EntityModel model) {
    NameAllocator names = new NameAllocator();
    for (IndexModel index : model.indexes()) {
      names.newName(GeneratedNames.indexValues(index));
      names.newName(GeneratedNames.indexConstant(index));
      for (String field : index.fields()) {
        names.newName(GeneratedNames.indexKey(index, field));
      }
    }
    for (String constant :
        new String[] {
          GeneratedNames.ENTITY_NAME, GeneratedNames.SCHEMA, GeneratedNames.SCHEMA_ID,
          GeneratedNames.INDEXES
        }) {
      names.newName(constant);
    }
    for (SpatialIndexModel index : model.spatialIndexes()) {
      names.newName(GeneratedNames.spatialCoordinates(index));
    }
    for (String reserved :
        new String[] {"encode", "decode", "entityName", "entityType", "idOf", "withId"}) {
      names.newName(reserved);
    }
    return names;
  }
}
