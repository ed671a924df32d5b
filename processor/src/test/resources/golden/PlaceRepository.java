package com.acme;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.Codec;
import dev.tessera.mapping.Codecs;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.GeneratedMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.mapping.TypeDescriptor;
import dev.tessera.query.spatial.BoxQuery;
import dev.tessera.query.spatial.CoordinateType;
import dev.tessera.query.spatial.SpatialIndex;
import dev.tessera.repository.EntityRepository;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.repository.Transaction;
import dev.tessera.repository.Transactions;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleReader;
import dev.tessera.tuple.TupleWriter;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Objects;
import javax.annotation.processing.Generated;

/**
 * Stores {@link Place} records under the entity name {@code "place"}, keyed by {@code id}, and keeps their indexes consistent in the same atomic commits.
 *
 * <pre>{@code
 * PlaceRepository repository = new PlaceRepository(store);
 * repository.insert(record);
 * repository.findById(id);
 * }</pre>
 *
 * <p>Thread-safe: the store's atomic commits isolate concurrent calls.
 */
@Generated("dev.tessera.processor.EntityProcessor")
public final class PlaceRepository extends EntityRepository<Place, String> {
  /**
   * The entity name, to which the store's catalog assigns the id every Place record key starts with.
   */
  public static final String ENTITY_NAME = "place";

  /**
   * The schema identifier every stored value starts with: the 64-bit FNV-1a hash of {@code place(id:STRING,x:int,y:int,level:SHORT,height:double,name:STRING)}.
   */
  public static final long SCHEMA_ID = 0x4d25fd84d4080924L;

  private static final Codec<String> ID_CODEC = Codecs.STRING;

  private static final Codec<Integer> X_CODEC = Codecs.INT;

  private static final Codec<Integer> Y_CODEC = Codecs.INT;

  private static final Codec<Short> LEVEL_CODEC = Codecs.BOXED_SHORT;

  private static final Codec<Double> HEIGHT_CODEC = Codecs.DOUBLE;

  private static final Codec<String> NAME_CODEC = Codecs.STRING;

  /**
   * The stored shape of {@link Place} records, with the former names and defaults that read records stored with older shapes.
   */
  public static final RecordSchema SCHEMA = new RecordSchema(ENTITY_NAME, SCHEMA_ID, "id", List.of(
      ComponentSchema.of("id", TypeDescriptor.STRING),
      ComponentSchema.of("x", TypeDescriptor.INT),
      ComponentSchema.of("y", TypeDescriptor.INT),
      ComponentSchema.of("level", TypeDescriptor.BOXED_SHORT),
      ComponentSchema.of("height", TypeDescriptor.DOUBLE),
      ComponentSchema.of("name", TypeDescriptor.STRING)));

  /**
   * The spatial index {@code xY} over {@code x, y}: Z-order codes of the points, with entries under {@code "place_by_xY"}.
   */
  public static final SpatialIndex<Place> BY_X_Y = new SpatialIndex<>("place", "xY", "place_by_xY",
          List.of("x", "y"), List.of(CoordinateType.INT, CoordinateType.INT),
          entity -> xYCoordinates(entity.x(), entity.y()));

  /**
   * The spatial index {@code volume} over {@code x, level, height}: Z-order codes of the points, with entries under {@code "place_by_volume"}.
   */
  public static final SpatialIndex<Place> BY_VOLUME = new SpatialIndex<>("place", "volume",
          "place_by_volume", List.of("x", "level", "height"),
          List.of(CoordinateType.INT, CoordinateType.INT, CoordinateType.DOUBLE),
          entity -> volumeCoordinates(entity.x(), entity.level(), entity.height()));

  private static final List<IndexDefinition<Place>> INDEXES = List.of(BY_X_Y.definition(), BY_VOLUME.definition());

  /**
   * A repository of {@link Place} records in {@code store}.
   *
   * @param store the key store; the repository does not close it
   */
  @Inject
  public PlaceRepository(KvStore store) {
    super(store, new Mapping());
  }

  /**
   * A repository of {@link Place} records in {@code store}, building its indexes as {@code options} say.
   *
   * @param store the key store; the repository does not close it
   * @param options the index build policy, batch size and progress listener
   */
  public PlaceRepository(KvStore store, RepositoryOptions options) {
    super(store, new Mapping(), options);
  }

  private PlaceRepository(PlaceRepository repository, Transaction tx) {
    super(repository, tx);
  }

  /**
   * This repository bound to {@code tx}: the same methods (finders, queries, insert, update, save, delete), each reading and writing inside the transaction, so the
   * transaction reads its own writes and commits them with its other writes, or not at all. Valid only inside the
   * transaction's function, which gets the same view each time it asks.
   *
   * <pre>{@code
   * Transactions.run(store, tx -> repository.in(tx).insert(record));
   * }</pre>
   *
   * @param tx the transaction, from {@link Transactions#run}
   * @return a view of {@link Place} records bound to {@code tx}; not thread-safe
   */
  public PlaceRepository in(Transaction tx) {
    return tx.bind(this, PlaceRepository::new);
  }

  /**
   * Box queries on the spatial index {@code xY} over {@code x, y}:
   *
   * <pre>{@code
   * byXY().within(x0, y0, x1, y1).list();
   * }</pre>
   *
   * @return the queries of the index
   */
  public XYQuery byXY() {
    return new XYQuery();
  }

  /**
   * Box queries on the spatial index {@code volume} over {@code x, level, height}:
   *
   * <pre>{@code
   * byVolume().within(x0, level0, height0, x1, level1, height1).list();
   * }</pre>
   *
   * @return the queries of the index
   */
  public VolumeQuery byVolume() {
    return new VolumeQuery();
  }

  /**
   * The coordinates of spatial index {@code xY}, or null when a value is missing.
   */
  private static long[] xYCoordinates(int x, int y) {
    return new long[] {BY_X_Y.fromInteger(0, x), BY_X_Y.fromInteger(1, y)};
  }

  /**
   * The coordinates of spatial index {@code volume}, or null when a value is missing.
   */
  private static long[] volumeCoordinates(int x, Short level, double height) {
    if (level == null) {
      return null;
    }
    return new long[] {BY_VOLUME.fromInteger(0, x), BY_VOLUME.fromInteger(1, level),
            BY_VOLUME.fromFloating(2, height)};
  }

  /**
   * Box queries on the spatial index {@code xY} of {@link Place} records.
   */
  public final class XYQuery {
    private XYQuery() {
    }

    /**
     * The place records inside the box x0 &lt;= x &lt;= x1, y0 &lt;= y &lt;= y1, every bound inclusive. Records come in Z-order of their points, then primary key order; the index keys are scanned and filtered before any record is read.
     *
     * @param x0 the smallest {@code x}
     * @param y0 the smallest {@code y}
     * @param x1 the largest {@code x}
     * @param y1 the largest {@code y}
     * @return the query; run it with {@code list()}, {@code stream()} or {@code count()}
     * @throws IllegalArgumentException if a low bound is above its high bound
     */
    public BoxQuery<Place> within(int x0, int y0, int x1, int y1) {
      return boxQuery(BY_X_Y, xYCoordinates(x0, y0), xYCoordinates(x1, y1));
    }
  }

  /**
   * Box queries on the spatial index {@code volume} of {@link Place} records.
   */
  public final class VolumeQuery {
    private VolumeQuery() {
    }

    /**
     * The place records inside the box x0 &lt;= x &lt;= x1, level0 &lt;= level &lt;= level1, height0 &lt;= height &lt;= height1, every bound inclusive. Records come in Z-order of their points, then primary key order; the index keys are scanned and filtered before any record is read.
     *
     * @param x0 the smallest {@code x}
     * @param level0 the smallest {@code level}
     * @param height0 the smallest {@code height}
     * @param x1 the largest {@code x}
     * @param level1 the largest {@code level}
     * @param height1 the largest {@code height}
     * @return the query; run it with {@code list()}, {@code stream()} or {@code count()}
     * @throws IllegalArgumentException if a low bound is above its high bound
     * @throws dev.tessera.query.spatial.InvalidCoordinateException if a bound is NaN
     */
    public BoxQuery<Place> within(int x0, short level0, double height0, int x1, short level1,
        double height1) {
      return boxQuery(BY_VOLUME, volumeCoordinates(x0, level0, height0), volumeCoordinates(x1, level1, height1));
    }
  }

  /**
   * How {@link Place} records are stored. Stateless and thread-safe.
   */
  private static final class Mapping extends GeneratedMapping<Place, String> {
    Mapping() {
      super(ENTITY_NAME, Place.class, "id", KeyGeneration.NONE, SCHEMA, INDEXES);
    }

    @Override
    public String idOf(Place entity) {
      return entity.id();
    }

    @Override
    public Place withId(Place entity, String id) {
      return new Place(id, entity.x(), entity.y(), entity.level(), entity.height(), entity.name());
    }

    @Override
    public Tuple keyParts(String id) {
      Objects.requireNonNull(id, "id");
      return Tuple.of(ID_CODEC.encode(id));
    }

    @Override
    public Tuple appendKeyParts(Tuple prefix, String id) {
      Objects.requireNonNull(id, "id");
      return prefix.addParts(ID_CODEC.encode(id));
    }

    @Override
    public String idFromKeyParts(Tuple parts) {
      return ID_CODEC.decode(parts.get(0));
    }

    @Override
    protected void write(Place entity, TupleWriter parts) {
      ID_CODEC.write(parts, entity.id());
      Codecs.writeInt(parts, entity.x());
      Codecs.writeInt(parts, entity.y());
      LEVEL_CODEC.write(parts, entity.level());
      Codecs.writeDouble(parts, entity.height());
      NAME_CODEC.write(parts, entity.name());
    }

    @Override
    public Place decode(Tuple record) {
      return new Place(ID_CODEC.decode(record.get(1)), X_CODEC.decode(record.get(2)),
              Y_CODEC.decode(record.get(3)), LEVEL_CODEC.decode(record.get(4)),
              HEIGHT_CODEC.decode(record.get(5)), NAME_CODEC.decode(record.get(6)));
    }

    @Override
    public Place read(TupleReader parts) {
      return new Place(ID_CODEC.read(parts), Codecs.readInt(parts), Codecs.readInt(parts),
              LEVEL_CODEC.read(parts), Codecs.readDouble(parts), NAME_CODEC.read(parts));
    }
  }
}
