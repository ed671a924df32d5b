package dev.tessera.processor.codegen;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;

/** What every generated source file shares: {@code @Generated} and the file's form. Stateless. */
final class GeneratedFiles {
  private GeneratedFiles() {}

  /**
   * The file of {@code type} in {@code packageName}, the type annotated {@code
   * @Generated(generatorName)} when {@code withGeneratedAnnotation} (false where the user's module
   * does not read {@code java.compiler}).
   */
  static JavaFile of(
      String packageName,
      TypeSpec.Builder type,
      String generatorName,
      boolean withGeneratedAnnotation) {
    if (withGeneratedAnnotation) {
      type.addAnnotation(
          AnnotationSpec.builder(TypeNames.GENERATED).addMember("value", "$S", generatorName).build());
    }
    return JavaFile.builder(packageName, type.build()).skipJavaLangImports(true).build();
  }
}
