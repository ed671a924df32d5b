package dev.tessera.processor.codegen;

import com.palantir.javapoet.ClassName;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.IndexModel;
import java.util.Locale;

/** The names of generated classes and members, decided in one place. Stateless. */
final class GeneratedNames {
  static final String ENTITY_NAME = "ENTITY_NAME";
  static final String SCHEMA = "SCHEMA";
  static final String SCHEMA_ID = "SCHEMA_ID";
  static final String INDEXES = "INDEXES";
  static final String MAPPING = "Mapping";

  private GeneratedNames() {}

  /** {@code com.acme.User} gets {@code com.acme.UserRepository}. */
  static ClassName repository(EntityModel model) {
    return ClassName.get(model.type().packageName(), model.type().simpleName() + "Repository");
  }

  /** The public constant holding an index's definition: {@code favoriteColor} gets {@code BY_FAVORITE_COLOR}. */
  static String indexConstant(IndexModel index) {
    return "BY_" + upperSnake(index.name());
  }

  /** The private method deriving an index's normalised values from its fields. */
  static String indexValues(IndexModel index) {
    return index.name() + "Values";
  }

  /** A finder such as {@code findByEmail}: {@code verb} followed by the capitalised index name. */
  static String finder(String verb, IndexModel index) {
    return verb
        + "By"
        + index.name().substring(0, 1).toUpperCase(Locale.ROOT)
        + index.name().substring(1);
  }

  private static String upperSnake(String camel) {
    StringBuilder name = new StringBuilder();
    for (int i = 0; i < camel.length(); i++) {
      char c = camel.charAt(i);
      if (Character.isUpperCase(c) && i > 0 && !Character.isUpperCase(camel.charAt(i - 1))) {
        name.append('_');
      }
      name.append(Character.toUpperCase(c));
    }
    return name.toString();
  }
}
