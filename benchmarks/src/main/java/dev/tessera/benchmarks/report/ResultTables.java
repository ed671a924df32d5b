package dev.tessera.benchmarks.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Turns JMH's JSON results ({@code -rf json -rff FILE}) into the Markdown tables of {@code
 * docs/benchmarks.md}: first the speed targets, each computed from the results and marked met or
 * not, with the same ratios for raw lmdbjava (the floor: a target raw lmdbjava misses in the same
 * run is beyond any layer over LMDB on that machine); then the group-commit curve; then one table
 * per benchmark with every store's throughput, its ratio to raw lmdbjava at the same durability
 * and its allocation per operation (when run with {@code -prof gc}).
 *
 * <p>Run it with {@code benchmarks/report.sh FILE...}; results of several files are merged.
 */
public final class ResultTables {
  private static final String RAW = "raw-lmdbjava";
  private static final String TESSERA = "tessera";
  private static final List<String> PEERS = List.of("sqlite", "h2", "bdb-je");
  /** Workloads where the targets ask for 3 times the peers, not just more. */
  private static final List<String> THREE_TIMES =
      List.of("insertOne", "insertBatch", "findById", "findByEmail");
  private static final String ALLOCATION = "gc.alloc.rate.norm";

  private final List<Result> results;

  ResultTables(List<Result> results) {
    this.results = results;
  }

  /**
   * One benchmark result.
   *
   * @param benchmark the class's simple name and the method, e.g. {@code ReadBenchmark.findById}
   * @param params the JMH parameters (no {@code store} parameter reads as {@code tessera:no-sync})
   * @param score the primary score, ops/s
   * @param error JMH's 99.9% half-interval, NaN when it has too few iterations
   * @param secondary the secondary scores by name (allocation, auxiliary counters)
   */
  record Result(String benchmark, Map<String, String> params, double score, double error,
      Map<String, Double> secondary) {

    String store() {
      return params.getOrDefault("store", TESSERA + ":no-sync");
    }

    String contender() {
      return store().substring(0, store().indexOf(':'));
    }

    String durability() {
      return store().substring(store().indexOf(':') + 1);
    }

    /** The parameters other than {@code store}, as a caption. */
    String otherParams() {
      StringBuilder caption = new StringBuilder();
      params.forEach((name, value) -> {
        if (!name.equals("store")) {
          caption.append(caption.length() == 0 ? "" : ", ").append(name).append(" = ")
              .append(value);
        }
      });
      return caption.toString();
    }
  }

  /** Prints the tables for the JSON result files named by the arguments. */
  public static void main(String[] args) throws IOException {
    if (args.length == 0) {
      System.err.println("usage: ResultTables RESULTS.json [MORE.json...]");
      System.exit(2);
    }
    List<Result> results = new ArrayList<>();
    for (String file : args) {
      results.addAll(read(Path.of(file)));
    }
    System.out.print(new ResultTables(results).render());
  }

  static List<Result> read(Path file) throws IOException {
    List<Result> results = new ArrayList<>();
    try (Reader reader = Files.newBufferedReader(file)) {
      for (JsonElement element : JsonParser.parseReader(reader).getAsJsonArray()) {
        results.add(result(element.getAsJsonObject()));
      }
    }
    return results;
  }

  private static Result result(JsonObject json) {
    String name = json.get("benchmark").getAsString();
    String[] parts = name.split("\\.");
    String benchmark = parts[parts.length - 2] + "." + parts[parts.length - 1];
    Map<String, String> params = new TreeMap<>();
    if (json.has("params")) {
      json.getAsJsonObject("params").entrySet()
          .forEach(e -> params.put(e.getKey(), e.getValue().getAsString()));
    }
    JsonObject primary = json.getAsJsonObject("primaryMetric");
    Map<String, Double> secondary = new LinkedHashMap<>();
    if (json.has("secondaryMetrics")) {
      json.getAsJsonObject("secondaryMetrics").entrySet().forEach(e -> secondary.put(
          e.getKey(), number(e.getValue().getAsJsonObject().get("score"))));
    }
    return new Result(benchmark, params, number(primary.get("score")),
        number(primary.get("scoreError")), secondary);
  }

  // JMH writes "NaN" as a string when the error cannot be computed.
  private static double number(JsonElement element) {
    return element.getAsJsonPrimitive().isNumber() ? element.getAsDouble() : Double.NaN;
  }

  String render() {
    StringBuilder out = new StringBuilder();
    targets(out);
    groupCommitCurve(out);
    perBenchmark(out);
    return out.toString();
  }

  private Optional<Result> find(String benchmark, String store, Predicate<Result> more) {
    return results.stream()
        .filter(r -> r.benchmark().equals(benchmark) && r.store().equals(store) && more.test(r))
        .findFirst();
  }

  private Optional<Double> score(String benchmark, String store) {
    return find(benchmark, store, r -> true).map(Result::score);
  }

  private Optional<Double> ratio(String benchmark, String store, String over) {
    Optional<Double> a = score(benchmark, store);
    Optional<Double> b = score(benchmark, over);
    return a.isPresent() && b.isPresent() ? Optional.of(a.get() / b.get()) : Optional.empty();
  }

  private void targets(StringBuilder out) {
    out.append("### Speed targets\n\n");
    out.append("Each ratio is computed from this run. The floor column gives the same ratio for raw")
        .append(" lmdbjava, which writes and reads the same keys with no layer at all: a target the")
        .append(" floor misses too is beyond any layer over LMDB on this machine.\n\n");
    out.append("| Target | Tessera | Met? | Floor (raw lmdbjava) |\n|---|---:|---|---:|\n");
    rawRatio(out, "insert one per commit, no-sync, ≥ 0.7 × raw", "WriteBenchmark.insertOne", 0.7);
    rawRatio(out, "batched insert, no-sync, ≥ 0.6 × raw", "WriteBenchmark.insertBatch", 0.6);
    rawRatio(out, "find by id ≥ 0.8 × raw", "ReadBenchmark.findById", 0.8);
    rawRatio(out, "find by unique email ≥ 0.45 × raw", "ReadBenchmark.findByEmail", 0.45);
    Optional<Double> one = score("GroupCommitBenchmark.writers01", TESSERA + ":durable");
    Optional<Double> sixteen = score("GroupCommitBenchmark.writers16", TESSERA + ":durable");
    if (one.isPresent() && sixteen.isPresent()) {
      double r = sixteen.get() / one.get();
      out.append(String.format(Locale.ROOT,
          "| durable commits/s, 16 writers ≥ 8 × one writer | %s × (%s vs %s /s) | %s | %s |\n",
          fixed(r), whole(sixteen.get()), whole(one.get()), met(r >= 8), flushCeiling()));
    }
    find("ReadBenchmark.findById", TESSERA + ":no-sync", r -> r.secondary().containsKey(ALLOCATION))
        .ifPresent(t -> find("ReadBenchmark.findById", RAW + ":no-sync", r -> true)
            .ifPresent(raw -> {
              double beyond = t.secondary().get(ALLOCATION) - raw.secondary().get(ALLOCATION);
              out.append(String.format(Locale.ROOT,
                  "| allocation per find by id < 500 B beyond the record (raw's bytes) | %s B"
                      + " (%s B vs raw's %s B) | %s | |\n",
                  whole(beyond), whole(t.secondary().get(ALLOCATION)),
                  whole(raw.secondary().get(ALLOCATION)), met(beyond < 500)));
            }));
    out.append('\n');
    peers(out);
  }

  private void rawRatio(StringBuilder out, String label, String benchmark, double target) {
    String tessera = TESSERA + ":no-sync";
    String raw = RAW + ":no-sync";
    ratio(benchmark, tessera, raw).ifPresent(r -> out.append(
        String.format(Locale.ROOT, "| %s | %s × (%s vs %s /s) | %s | |\n", label, fixed(r),
            whole(score(benchmark, tessera).orElseThrow()),
            whole(score(benchmark, raw).orElseThrow()), met(r >= target))));
  }

  // Users/s of raw lmdbjava writing 16 users per durable commit over 1 per commit: what a group
  // commit of 16 writers could reach at best on this disk.
  private String flushCeiling() {
    Optional<Result> one = find("FlushCeilingBenchmark.insertBatch", RAW + ":durable",
        r -> "1".equals(r.params().get("usersPerCommit")));
    Optional<Result> sixteen = find("FlushCeilingBenchmark.insertBatch", RAW + ":durable",
        r -> "16".equals(r.params().get("usersPerCommit")));
    if (one.isEmpty() || sixteen.isEmpty()) {
      return "";
    }
    double users16 = sixteen.get().secondary().getOrDefault("users", Double.NaN);
    double users1 = one.get().secondary().getOrDefault("users", Double.NaN);
    return String.format(Locale.ROOT, "%s × (16 users per commit: %s users/s, 1: %s)",
        fixed(users16 / users1), whole(users16), whole(users1));
  }

  // Tessera and raw lmdbjava against each peer, workload by workload, at equal durability.
  private void peers(StringBuilder out) {
    out.append("Against the databases a user would embed instead, at equal durability (Tessera ÷")
        .append(" peer; the floor, raw lmdbjava ÷ peer, in brackets). The targets ask for more than")
        .append(" 1 × everywhere and at least 3 × on inserts and point lookups (marked ³); ✓ met,")
        .append(" ✗ missed, – the peer does not offer that durability.\n\n");
    out.append("| Workload | durability |");
    PEERS.forEach(p -> out.append(' ').append(p).append(" |"));
    out.append("\n|---|---|");
    PEERS.forEach(p -> out.append("---:|"));
    out.append('\n');
    Map<String, List<String>> rows = new LinkedHashMap<>();
    for (Result r : results) {
      if (r.contender().equals(TESSERA) && r.params().containsKey("store")
          && !r.benchmark().startsWith("GroupCommit") && !r.benchmark().startsWith("FlushCeiling")) {
        rows.computeIfAbsent(r.benchmark(), b -> new ArrayList<>()).add(r.durability());
      }
    }
    rows.forEach((benchmark, durabilities) -> durabilities.forEach(durability -> {
      String method = benchmark.substring(benchmark.indexOf('.') + 1);
      boolean threeTimes = THREE_TIMES.contains(method);
      double needed = threeTimes ? 3 : 1;
      out.append("| ").append(benchmark).append(threeTimes ? " ³" : "").append(" | ")
          .append(durability).append(" |");
      for (String peer : PEERS) {
        Optional<Double> tessera = ratio(benchmark, TESSERA + ":" + durability, peer + ":" + durability);
        Optional<Double> raw = ratio(benchmark, RAW + ":" + durability, peer + ":" + durability);
        out.append(' ').append(tessera.map(t -> fixed(t) + " × " + (t >= needed ? "✓" : "✗"))
            .orElse("–"));
        raw.ifPresent(f -> out.append(" (").append(fixed(f)).append(")"));
        out.append(" |");
      }
      out.append('\n');
    }));
    out.append('\n');
  }

  private void groupCommitCurve(StringBuilder out) {
    List<String> methods = List.of("writers01", "writers02", "writers04", "writers08", "writers16",
        "writers64");
    List<String> stores = results.stream()
        .filter(r -> r.benchmark().startsWith("GroupCommitBenchmark."))
        .map(Result::store).distinct().toList();
    if (stores.isEmpty()) {
      return;
    }
    out.append("### Group commit: durable commits/s by writer threads\n\n| store |");
    methods.forEach(m -> out.append(' ').append(Integer.parseInt(m.substring(7))).append(" |"));
    out.append(" 16 ÷ 1 |\n|---|");
    methods.forEach(m -> out.append("---:|"));
    out.append("---:|\n");
    for (String store : stores) {
      out.append("| ").append(store).append(" |");
      for (String m : methods) {
        out.append(' ').append(score("GroupCommitBenchmark." + m, store).map(ResultTables::whole)
            .orElse("")).append(" |");
      }
      Optional<Double> one = score("GroupCommitBenchmark.writers01", store);
      Optional<Double> sixteen = score("GroupCommitBenchmark.writers16", store);
      out.append(' ').append(one.isPresent() && sixteen.isPresent()
          ? fixed(sixteen.get() / one.get()) + " ×" : "").append(" |\n");
    }
    out.append('\n');
  }

  private void perBenchmark(StringBuilder out) {
    Map<String, List<Result>> tables = new LinkedHashMap<>();
    results.stream()
        .filter(r -> !r.benchmark().startsWith("GroupCommitBenchmark."))
        .forEach(r -> tables.computeIfAbsent(
            r.benchmark() + " (" + r.otherParams() + ")", k -> new ArrayList<>()).add(r));
    tables.forEach((title, rows) -> {
      boolean users = rows.stream().anyMatch(r -> r.secondary().containsKey("users"));
      boolean allocation = rows.stream().anyMatch(r -> r.secondary().containsKey(ALLOCATION));
      out.append("**").append(title).append("**\n\n| store | ops/s | ± |");
      out.append(users ? " users/s |" : "").append(" vs raw lmdbjava (same durability) |");
      out.append(allocation ? " B/op |" : "").append("\n|---|---:|---:|");
      out.append(users ? "---:|" : "").append("---:|").append(allocation ? "---:|" : "");
      out.append('\n');
      for (Result r : rows) {
        Optional<Result> raw = rows.stream()
            .filter(o -> o.store().equals(RAW + ":" + r.durability())).findFirst();
        out.append("| ").append(r.params().containsKey("store") ? r.store() : TESSERA)
            .append(" | ").append(whole(r.score())).append(" | ")
            .append(Double.isNaN(r.error()) ? "n/a" : whole(r.error())).append(" |");
        if (users) {
          out.append(' ').append(whole(r.secondary().getOrDefault("users", Double.NaN)))
              .append(" |");
        }
        out.append(' ').append(raw.isPresent() && raw.get() != r
            ? fixed(r.score() / raw.get().score()) + "×" : "").append(" |");
        if (allocation) {
          out.append(' ').append(whole(r.secondary().getOrDefault(ALLOCATION, Double.NaN)))
              .append(" |");
        }
        out.append('\n');
      }
      out.append('\n');
    });
  }

  private static String whole(double value) {
    return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%,.0f", value);
  }

  private static String fixed(double value) {
    return String.format(Locale.ROOT, "%.2f", value);
  }

  private static String met(boolean met) {
    return met ? "yes" : "**no**";
  }
}
