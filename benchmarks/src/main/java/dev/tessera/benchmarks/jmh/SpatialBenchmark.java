package dev.tessera.benchmarks.jmh;

import dev.tessera.benchmarks.model.Point;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Box queries on a Z-order spatial index: {@code byXY().within(..)} over {@code
 * records} uniformly spread points, a random square box holding about 500 of them. Scores are
 * queries per second.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class SpatialBenchmark {

  /** The records inside a random box (about 500): index scan, filter, multi-get. */
  @Benchmark
  public List<Point> within(SpatialStore s) {
    int[] box = randomBox(s);
    return s.points.byXY().within(box[0], box[1], box[2], box[3]).list();
  }

  /** How many records lie inside a random box: the index keys alone, no record read. */
  @Benchmark
  public long withinCount(SpatialStore s) {
    int[] box = randomBox(s);
    return s.points.byXY().within(box[0], box[1], box[2], box[3]).count();
  }

  private static int[] randomBox(SpatialStore s) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    int range = 2 * SpatialStore.HALF_SIDE - s.boxSide;
    int x0 = -SpatialStore.HALF_SIDE + random.nextInt(range);
    int y0 = -SpatialStore.HALF_SIDE + random.nextInt(range);
    return new int[] {x0, y0, x0 + s.boxSide - 1, y0 + s.boxSide - 1};
  }
}
