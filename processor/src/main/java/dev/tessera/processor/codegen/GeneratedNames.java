package dev.tessera.processor.codegen;

import com.palantir.javapoet.ClassName;
import dev.tessera.processor.model.ClassRef;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.IndexModel;
import dev.tessera.processor.model.SpatialIndexModel;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The names of generated classes and members, decided in one place. Stateless. */
final class GeneratedNames {
  static final String ENTITY_NAME = "ENTITY_NAME";
  static final String SCHEMA = "SCHEMA";
  static final String SCHEMA_ID = "SCHEMA_ID";
  static final String INDEXES = "INDEXES";
  static final String MAPPING = "Mapping";

  private GeneratedNames() {}

  /** {@code com.acme.Book} gets {@code com.acme._Book}, the Jakarta Data static metamodel. */
  static ClassName metamodel(EntityModel model) {
    return ClassName.get(
        model.type().packageName(), "_" + String.join("_", model.type().simpleNames()));
  }

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
    return verb + "By" + capitalized(index.name());
  }

  /** The repository method starting an index's typed query: {@code roomAndPrice} gets {@code byRoomAndPrice}. */
  static String queryMethod(IndexModel index) {
    return "by" + capitalized(index.name());
  }

  /** The first query stage of an index: {@code roomAndPrice} gets {@code ByRoomAndPriceQuery}. */
  static String queryStage(IndexModel index) {
    return "By" + capitalized(index.name()) + "Query";
  }

  /** The query stage with components {@code given} fixed: {@code [room]} gets {@code WithRoom}. */
  static String givenStage(List<String> given) {
    StringBuilder name = new StringBuilder("With");
    for (int i = 0; i < given.size(); i++) {
      name.append(i == 0 ? "" : "And").append(capitalized(given.get(i)));
    }
    return name.toString();
  }

  /** {@code name} with its first letter in upper case. */
  static String capitalized(String name) {
    return name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
  }

  /** The public constant holding a spatial index: {@code xY} gets {@code BY_X_Y}. */
  static String spatialConstant(SpatialIndexModel index) {
    return "BY_" + upperSnake(index.name());
  }

  /** The private method deriving a spatial index's coordinates: {@code xYCoordinates}. */
  static String spatialCoordinates(SpatialIndexModel index) {
    return index.name() + "Coordinates";
  }

  /** The query method of a spatial index: {@code xY} gets {@code byXY}. */
  static String spatialQueryMethod(SpatialIndexModel index) {
    return "by" + capitalized(index.name());
  }

  /** The nested class of a spatial index's queries: {@code xY} gets {@code XYQuery}. */
  static String spatialQueryClass(SpatialIndexModel index) {
    return capitalized(index.name()) + "Query";
  }

  /** The private codec constant of a component: {@code favoriteColor} gets {@code FAVORITE_COLOR_CODEC}. */
  static String componentCodec(String component) {
    return upperSnake(component) + "_CODEC";
  }

  /** The private codec constant of a nested record type: {@code Outer.Address} gets {@code OUTER_ADDRESS_RECORD}. */
  static String recordCodec(ClassRef record) {
    return upperSnake(String.join("", record.simpleNames())) + "_RECORD";
  }

  /** The private method giving an index component's key: {@code email} gets {@code emailKey}. */
  static String indexKey(IndexModel index, String component) {
    return index.fields().size() == 1 ? index.name() + "Key" : index.name() + capitalized(component) + "Key";
  }

  /**
   * The first key method name two indexes of {@code model} would both get ({@code aBKey} for an
   * index {@code aB} and a composite index {@code a} over {@code b}), with the two index names.
   */
  static Optional<List<String>> keyMethodClash(EntityModel model) {
    Map<String, String> owners = new HashMap<>();
    for (IndexModel index : model.indexes()) {
      for (String field : index.fields()) {
        String method = indexKey(index, field);
        String owner = owners.putIfAbsent(method, index.name());
        if (owner != null && !owner.equals(index.name())) {
          return Optional.of(List.of(method, owner, index.name()));
        }
      }
    }
    return Optional.empty();
  }

  /** {@code favoriteColor} gets {@code FAVORITE_COLOR}. */
  static String upperSnake(String camel) {
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
