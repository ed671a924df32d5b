package dev.tessera.processor;

import dev.tessera.annotations.DefaultValue;
import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.Indexes;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.Renamed;
import dev.tessera.annotations.SpatialIndex;
import dev.tessera.annotations.SpatialIndexes;
import dev.tessera.annotations.UniqueIndex;
import dev.tessera.annotations.UniqueIndexes;

/**
 * The qualified names of the Tessera annotations the processor reads from elements, taken from the
 * annotation classes (the processor compiles against tessera-annotations): an annotation renamed or
 * moved breaks this build instead of silently matching nothing in users' builds. Constants only.
 */
public final class AnnotationNames {
  /** Every annotation of the package, as {@code getSupportedAnnotationTypes} names them. */
  public static final String ALL = Entity.class.getPackageName() + ".*";
  /** The canonical name of {@link Entity}. */
  public static final String ENTITY = Entity.class.getCanonicalName();
  /** The canonical name of {@link PrimaryKey}. */
  public static final String PRIMARY_KEY = PrimaryKey.class.getCanonicalName();
  /** The canonical name of {@link Index}. */
  public static final String INDEX = Index.class.getCanonicalName();
  /** The canonical name of {@link Indexes}. */
  public static final String INDEXES = Indexes.class.getCanonicalName();
  /** The canonical name of {@link UniqueIndex}. */
  public static final String UNIQUE_INDEX = UniqueIndex.class.getCanonicalName();
  /** The canonical name of {@link UniqueIndexes}. */
  public static final String UNIQUE_INDEXES = UniqueIndexes.class.getCanonicalName();
  /** The canonical name of {@link SpatialIndex}. */
  public static final String SPATIAL_INDEX = SpatialIndex.class.getCanonicalName();
  /** The canonical name of {@link SpatialIndexes}. */
  public static final String SPATIAL_INDEXES = SpatialIndexes.class.getCanonicalName();
  /** The canonical name of {@link DefaultValue}. */
  public static final String DEFAULT_VALUE = DefaultValue.class.getCanonicalName();
  /** The canonical name of {@link Renamed}. */
  public static final String RENAMED = Renamed.class.getCanonicalName();

  private AnnotationNames() {}
}
