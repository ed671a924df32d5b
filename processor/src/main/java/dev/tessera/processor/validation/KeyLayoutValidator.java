package dev.tessera.processor.validation;

import dev.tessera.processor.ProcessorErrors;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.IndexModel;
import dev.tessera.processor.model.SpatialIndexModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.TypeElement;

/**
 * Checks that the entities of one compilation keep their keys apart: every entity name and every
 * index subspace name stands for one key subspace (a store's catalog assigns each name one id, the
 * first key part of its entries), so no two of them may be equal. Claims
 * persist across rounds, so an entity of a later round cannot take an earlier one's prefix.
 *
 * <p>Not thread-safe: one instance per processor.
 */
public final class KeyLayoutValidator {
  private final ErrorReporter errors;
  private final Map<String, Claim> earlierRounds = new HashMap<>();

  /**
   * Reports collisions to {@code errors}.
   *
   * @param errors where to report
   */
  public KeyLayoutValidator(ErrorReporter errors) {
    this.errors = errors;
  }

  /**
   * {@return the entities of this round whose key prefixes collide with no other entity's; every
   * collision is reported on each entity of this round involved, naming the other side}
   *
   * @param entities this round's valid entities with their elements, in a stable order
   */
  public Map<TypeElement, EntityModel> validate(Map<TypeElement, EntityModel> entities) {
    Map<String, List<Claim>> claims = new LinkedHashMap<>();
    for (Map.Entry<TypeElement, EntityModel> entry : entities.entrySet()) {
      for (Claim claim : claimsOf(entry.getKey(), entry.getValue())) {
        claims.computeIfAbsent(claim.prefix(), p -> new ArrayList<>()).add(claim);
      }
    }
    Map<TypeElement, EntityModel> valid = new LinkedHashMap<>(entities);
    for (List<Claim> sharing : claims.values()) {
      Claim earlier = earlierRounds.get(sharing.get(0).prefix());
      if (earlier != null) {
        sharing.add(0, earlier);
      }
      for (Claim claim : sharing) {
        if (claim.element() == null) {
          continue;
        }
        for (Claim other : sharing) {
          if (other != claim) {
            errors.error(
                ProcessorErrors.keyLayoutCollision(claim.prefix(), claim.use(), other.use()),
                claim.element(),
                EntityReader.entityAnnotation(claim.element()));
            valid.remove(claim.element());
          }
        }
      }
    }
    for (EntityModel model : valid.values()) {
      for (Claim claim : claimsOf(null, model)) {
        earlierRounds.put(claim.prefix(), claim);
      }
    }
    return valid;
  }

  private static List<Claim> claimsOf(TypeElement element, EntityModel model) {
    String record = model.type().qualifiedName();
    List<Claim> claims = new ArrayList<>();
    claims.add(new Claim(model.entityName(), "the records of entity " + record, element));
    for (IndexModel index : model.indexes()) {
      claims.add(
          new Claim(index.subspace(), "index '" + index.name() + "' of " + record, element));
    }
    for (SpatialIndexModel index : model.spatialIndexes()) {
      claims.add(
          new Claim(
              index.subspace(), "spatial index '" + index.name() + "' of " + record, element));
    }
    return claims;
  }

  /**
   * One use of a key prefix.
   *
   * @param prefix the first key part
   * @param use what uses it, for messages
   * @param element the entity of this round, or {@code null} for an earlier round's
   */
  private record Claim(String prefix, String use, TypeElement element) {}
}
