package dev.tessera.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.TypeName;
import dev.tessera.processor.model.DataMethod;
import dev.tessera.processor.model.DataRepositoryModel;
import dev.tessera.processor.model.MethodSignature;
import java.util.ArrayList;
import java.util.List;

/**
 * The body of one lifecycle method ({@code @Insert}, {@code @Update}, {@code @Save}, {@code
 * @Delete}): one call of the Tessera repository for one entity; for a list or an array, one call
 * per entity inside one transaction, so that all of them are written or none.
 *
 * <p>Not thread-safe: one instance per generated method.
 */
final class LifecycleBody {
  private final DataRepositoryModel model;
  private final DataMethod.Lifecycle method;
  private final NameAllocator names;

  LifecycleBody(DataRepositoryModel model, DataMethod.Lifecycle method, NameAllocator names) {
    this.model = model;
    this.method = method;
    this.names = names;
  }

  /** The statements of the method; {@code builder} receives its Javadoc. */
  CodeBlock write(MethodSpec.Builder builder) {
    MethodSignature signature = method.signature();
    MethodSignature.Parameter parameter = signature.parameters().get(0);
    TypeName element = DataRepositoryWriter.elementType(parameter.type(), method.multiplicity());
    builder.addJavadoc(javadoc());
    CodeBlock.Builder code =
        CodeBlock.builder()
            .addStatement(
                "$T.requireNonNull($N, $S)", TypeNames.OBJECTS, parameter.name(), parameter.name());
    if (method.multiplicity() == DataMethod.Multiplicity.ONE) {
      CodeBlock self = CodeBlock.of("this.$N", DataRepositoryWriter.REPOSITORY);
      CodeBlock entity = CodeBlock.of("$N", parameter.name());
      if (method.operation() == DataMethod.LifecycleOperation.DELETE) {
        return code.add(deleteOne(self, entity)).build();
      }
      if (method.returnsEntities()) {
        return code.addStatement("return $L", stored(element, call(self, entity))).build();
      }
      return code.addStatement("$L", call(self, entity)).build();
    }
    String repository = names.newName("inTransaction");
    code.add(
        "$L$N($N -> {\n$>",
        method.returnsEntities() ? "return " : "",
        DataRepositoryWriter.ATOMICALLY,
        repository);
    CodeBlock self = CodeBlock.of("$N", repository);
    if (method.returnsEntities()) {
      writeReturningAll(code, self, parameter, element);
    } else {
      String each = names.newName("each");
      code.beginControlFlow("for ($T $N : $N)", element, each, parameter.name());
      CodeBlock entity = CodeBlock.of("$N", each);
      if (method.operation() == DataMethod.LifecycleOperation.DELETE) {
        code.add(deleteOne(self, entity));
      } else {
        code.addStatement("$L", call(self, entity));
      }
      code.endControlFlow().addStatement("return null");
    }
    return code.add("$<});\n").build();
  }

  private void writeReturningAll(
      CodeBlock.Builder code, CodeBlock self, MethodSignature.Parameter parameter, TypeName element) {
    String stored = names.newName("stored");
    TypeName type = JavaTypes.of(parameter.type());
    if (method.multiplicity() == DataMethod.Multiplicity.ARRAY) {
      String i = names.newName("i");
      code.addStatement("$T $N = $N.clone()", type, stored, parameter.name())
          .beginControlFlow("for (int $N = 0; $N < $N.length; $N++)", i, i, stored, i)
          .addStatement(
              "$N[$N] = $L", stored, i, stored(element, call(self, CodeBlock.of("$N[$N]", stored, i))))
          .endControlFlow();
    } else {
      String each = names.newName("each");
      code.addStatement(
              "$T $N = new $T<>($N.size())", type, stored, TypeNames.ARRAY_LIST, parameter.name())
          .beginControlFlow("for ($T $N : $N)", element, each, parameter.name())
          .addStatement("$N.add($L)", stored, stored(element, call(self, CodeBlock.of("$N", each))))
          .endControlFlow();
    }
    code.addStatement("return $N", stored);
  }

  /** The record as stored, cast to the method's type variable when it has one. */
  private CodeBlock stored(TypeName element, CodeBlock call) {
    return method.signature().generic() ? CodeBlock.of("($T) $L", element, call) : call;
  }

  private CodeBlock call(CodeBlock repository, CodeBlock entity) {
    switch (method.operation()) {
      case INSERT:
        return CodeBlock.of("$L.insert($L)", repository, entity);
      case UPDATE:
        return CodeBlock.of("$L.update($L)", repository, entity);
      case SAVE:
        return CodeBlock.of("$L.save($L)", repository, entity);
      default:
        throw new IllegalStateException("no single call for " + method.operation());
    }
  }

  /** Deletes one entity by its key; an entity that is not stored fails, as the specification says. */
  private CodeBlock deleteOne(CodeBlock repository, CodeBlock entity) {
    ClassName tessera = GeneratedNames.repository(model.entity());
    String key = model.entity().primaryKey().name();
    return CodeBlock.builder()
        .beginControlFlow("if (!$L.delete($L.$N()))", repository, entity, key)
        .addStatement(
            "throw $T.notDeleted($T.$N, $L.$N())",
            TypeNames.JAKARTA_DATA_ADAPTER,
            tessera,
            GeneratedNames.ENTITY_NAME,
            entity,
            key)
        .endControlFlow()
        .build();
  }

  private CodeBlock javadoc() {
    boolean many = method.multiplicity() != DataMethod.Multiplicity.ONE;
    String what;
    switch (method.operation()) {
      case INSERT:
        what = "Inserts $L: EntityExistsException if a primary key is taken.";
        break;
      case UPDATE:
        what = "Updates $L: OptimisticLockingFailureException if $L not stored.";
        break;
      case SAVE:
        what = "Inserts or updates $L.";
        break;
      default:
        what = "Deletes $L: OptimisticLockingFailureException if $L not stored.";
        break;
    }
    List<Object> arguments = new ArrayList<>();
    arguments.add(many ? "the entities" : "the entity");
    if (what.contains("if $L")) {
      arguments.add(many ? "one is" : "it is");
    }
    arguments.add(many ? " One transaction: all of them or none." : "");
    return CodeBlock.of(what + "$L\n", arguments.toArray());
  }
}
