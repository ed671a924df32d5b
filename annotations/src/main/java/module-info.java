/**
 * The annotations applications put on their records ({@code @Entity}, {@code @PrimaryKey},
 * {@code @Index}, {@code @UniqueIndex}, {@code @SpatialIndex} and the evolution annotations). No
 * dependencies; read by the annotation processor at compile time and by the runtime.
 */
module dev.tessera.annotations {
  exports dev.tessera.annotations;
}
