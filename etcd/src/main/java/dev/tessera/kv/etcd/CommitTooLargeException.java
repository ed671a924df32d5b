package dev.tessera.kv.etcd;

import dev.tessera.kv.KeyDescriber;
import dev.tessera.tuple.Tuple;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Thrown before anything is sent when a commit exceeds a limit of the etcd cluster: more operations
 * in one transaction than {@code --max-txn-ops} allows, or a request larger than {@code
 * --max-request-bytes}. The message names the limit, the commit's size, and its biggest
 * contributors (the subspaces of its keys: once the repository layer {@linkplain #withNames named}
 * them, the entities and indexes, and how many records of each entity fit in one commit). Nothing
 * is written. Split the work into smaller commits, or raise the limit on every member and in {@link
 * EtcdOptions}. Index builds, verify and repair catch its store-neutral parent and use smaller
 * batches. Immutable and thread-safe.
 */
public final class CommitTooLargeException extends dev.tessera.kv.CommitTooLargeException {
  private static final long serialVersionUID = 1L;
  /** How many contributors the message names. */
  private static final int NAMED = 5;
  /** The unit of a request size's contributors. */
  static final String BYTES = "bytes";

  /** What is counted, in full, e.g. {@code "writes"}. */
  private final String counted;
  /** The unit of each contributor's share, e.g. {@code "writes"}. */
  private final String unit;
  private final transient Map<Tuple, Long> contributors;

  /**
   * Creates the exception with contributors already formatted (a store that does not know its
   * keys' subspaces).
   *
   * @param limitName the etcd setting, e.g. {@code --max-txn-ops}
   * @param limit its value
   * @param actual what the commit needed
   * @param counted what is counted, e.g. {@code "writes"}
   * @param contributors the biggest contributors, already formatted
   */
  public CommitTooLargeException(
      String limitName, long limit, long actual, String counted, String contributors) {
    super(message(limitName, limit, actual, counted, contributors, ""), limitName, limit, actual);
    this.counted = counted;
    this.unit = counted;
    this.contributors = Map.of();
  }

  /**
   * Creates the exception.
   *
   * @param limitName the etcd setting, e.g. {@code --max-txn-ops}
   * @param limit its value
   * @param actual what the commit needed
   * @param counted what is counted, in full, e.g. {@code "writes to distinct keys (including 2 of
   *     the store's own)"}
   * @param unit the unit of each contributor's share, e.g. {@code "writes"}
   * @param contributors each subspace's share: the first part of its keys as a one-part tuple (two
   *     parts for the store's reserved keys)
   */
  public CommitTooLargeException(String limitName, long limit, long actual, String counted,
      String unit, Map<Tuple, Long> contributors) {
    this(limitName, limit, actual, counted, unit, contributors, KeyDescriber.tuples(), null);
  }

  private CommitTooLargeException(String limitName, long limit, long actual, String counted,
      String unit, Map<Tuple, Long> contributors, KeyDescriber names, Throwable cause) {
    super(message(limitName, limit, actual, counted, top(contributors, unit, names),
            fits(contributors, unit, limit, names)),
        limitName, limit, actual);
    if (cause != null) {
      initCause(cause);
    }
    this.counted = counted;
    this.unit = unit;
    this.contributors = Map.copyOf(contributors);
  }

  /**
   * Each subspace's share of the commit: the first part of its keys as a one-part tuple (two parts
   * for the store's reserved keys); empty when the store gave them formatted.
   *
   * @return each subspace's share, possibly empty
   */
  public Map<Tuple, Long> contributors() {
    return contributors;
  }

  /** The same refusal, naming the entities and indexes of the contributors. */
  @Override
  public CommitTooLargeException withNames(KeyDescriber names) {
    if (contributors.isEmpty()) {
      return this;
    }
    CommitTooLargeException named = new CommitTooLargeException(
        limitName(), limit(), actual(), counted, unit, contributors, names, getCause());
    named.setStackTrace(getStackTrace());
    return named;
  }

  private static String message(String limitName, long limit, long actual, String counted,
      String contributors, String fits) {
    return "The commit needs " + actual + " " + counted + ", over etcd's limit " + limitName + " = "
        + limit + "; nothing was written. Biggest contributors: " + contributors + fits
        + ". Split it into smaller commits, or raise the limit on every member and in EtcdOptions";
  }

  private static List<Map.Entry<Tuple, Long>> biggestFirst(Map<Tuple, Long> contributors) {
    return contributors.entrySet().stream()
        .sorted(Map.Entry.<Tuple, Long>comparingByValue(Comparator.reverseOrder())
            .thenComparing(e -> e.getKey().toString()))
        .collect(Collectors.toList());
  }

  private static String top(Map<Tuple, Long> contributors, String unit, KeyDescriber names) {
    return biggestFirst(contributors).stream()
        .limit(NAMED)
        .map(e -> {
          String subspace = names.subspace(e.getKey());
          return (subspace == null ? e.getKey().toString() : subspace) + ": " + e.getValue() + " " + unit;
        })
        .collect(Collectors.joining(", "));
  }

  /**
   * For each entity with records in the commit: its share per record (its record keys and its
   * index entries over the records written) and how many records fit in one commit under the
   * limit. Empty without names.
   */
  private static String fits(Map<Tuple, Long> contributors, String unit, long limit, KeyDescriber names) {
    if (unit.equals(BYTES)) {
      return ""; // a record's bytes are not a count of records
    }
    Map<String, long[]> byEntity = new LinkedHashMap<>(); // entity -> {records, total}
    for (Map.Entry<Tuple, Long> e : biggestFirst(contributors)) {
      String entity = names.entity(e.getKey());
      if (entity != null) {
        long[] shares = byEntity.computeIfAbsent(entity, k -> new long[2]);
        if (names.isRecord(e.getKey())) {
          shares[0] += e.getValue();
        }
        shares[1] += e.getValue();
      }
    }
    StringBuilder out = new StringBuilder();
    byEntity.forEach((entity, shares) -> {
      if (shares[0] > 0) {
        long perRecord = (shares[1] + shares[0] - 1) / shares[0];
        out.append(out.length() == 0 ? "; " : ", ").append("a record of entity '").append(entity)
            .append("' takes about ").append(perRecord).append(' ').append(unit)
            .append(" (its key and its index entries), so at most ").append(limit / perRecord)
            .append(" fit in one commit");
      }
    });
    return out.toString();
  }
}
