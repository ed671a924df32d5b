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
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.IndexModel;
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

  /**
   * @param generatorName the value of the generated {@code @Generated} annotation
   * @param injectAvailable whether {@code jakarta.inject.Inject} is on the compile class path, so
   *     the constructor can carry it
   */
  public RepositoryWriter(String generatorName, boolean injectAvailable) {
    this.generatorName = generatorName;
    this.injectAvailable = injectAvailable;
  }

  /** The repository source of {@code model}, recorded as generated from {@code originating}. */
  public JavaFile write(EntityModel model, Element originating) {
    ClassName entity = JavaTypes.className(model.type());
    TypeName id = JavaTypes.boxed(model.primaryKey().type());
    NameAllocator memberNames = reservedMemberNames(model);
    CodecExpressions codecs = new CodecExpressions(model, memberNames);
    IndexMembers indexMembers = new IndexMembers(model, codecs);

    TypeSpec.Builder repository =
        TypeSpec.classBuilder(GeneratedNames.repository(model))
            .addOriginatingElement(originating)
            .addAnnotation(
                AnnotationSpec.builder(TypeNames.GENERATED)
                    .addMember("value", "$S", generatorName)
                    .build())
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .superclass(ParameterizedTypeName.get(TypeNames.ENTITY_REPOSITORY, entity, id))
            .addJavadoc(classJavadoc(model, entity))
            .addField(
                constant(TypeNames.STRING, GeneratedNames.ENTITY_NAME, "$S", model.entityName())
                    .addJavadoc("The entity name: the first key part of every $T record.\n", entity)
                    .build())
            .addField(
                constant(
                        TypeNames.STRING,
                        GeneratedNames.SCHEMA_DESCRIPTOR,
                        "$S",
                        model.schemaDescriptor())
                    .addJavadoc(
                        "The canonical description of the stored shape that {@link #$N} is derived"
                            + " from.\n",
                        GeneratedNames.SCHEMA_ID)
                    .build())
            .addField(
                constant(
                        TypeName.LONG,
                        GeneratedNames.SCHEMA_ID,
                        "$L",
                        String.format("0x%016xL", model.schemaId()))
                    .addJavadoc(
                        "The schema identifier every stored value starts with: the 64-bit FNV-1a"
                            + " hash of {@link #$N}.\n",
                        GeneratedNames.SCHEMA_DESCRIPTOR)
                    .build());
    for (IndexModel index : model.indexes()) {
      repository.addField(indexMembers.constant(index));
    }
    repository.addField(indexList(model, entity)).addMethod(constructor(entity));
    repository.addMethod(constructorWithOptions(entity));
    for (IndexModel index : model.indexes()) {
      repository.addMethods(indexMembers.finders(index));
    }
    for (IndexModel index : model.indexes()) {
      repository.addMethod(indexMembers.valuesMethod(index));
    }
    repository.addType(new MappingWriter(model, codecs).write());
    return JavaFile.builder(model.type().packageName(), repository.build())
        .skipJavaLangImports(true)
        .build();
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
    if (injectAvailable) {
      constructor.addAnnotation(TypeNames.INJECT);
    }
    return constructor.build();
  }

  private static MethodSpec constructorWithOptions(ClassName entity) {
    return MethodSpec.constructorBuilder()
        .addModifiers(Modifier.PUBLIC)
        .addJavadoc(
            "A repository of {@link $T} records in {@code store}, building its indexes as {@code"
                + " options} say.\n\n"
                + "@param store the key store; the repository does not close it\n"
                + "@param options the index build policy, batch size and progress listener\n",
            entity)
        .addParameter(TypeNames.KV_STORE, "store")
        .addParameter(TypeNames.REPOSITORY_OPTIONS, "options")
        .addStatement("super(store, new $N(), options)", GeneratedNames.MAPPING)
        .build();
  }

  private static FieldSpec indexList(EntityModel model, ClassName entity) {
    CodeBlock constants =
        model.indexes().stream()
            .map(index -> CodeBlock.of("$N", GeneratedNames.indexConstant(index)))
            .collect(CodeBlock.joining(", "));
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
    }
    for (String reserved :
        new String[] {"encode", "decode", "entityName", "entityType", "idOf", "withId"}) {
      names.newName(reserved);
    }
    return names;
  }
}
