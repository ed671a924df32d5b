#!/usr/bin/env bash
# Builds the benchmark module (and what it depends on) and runs the JMH suite.
#
#   benchmarks/run.sh [--quick] [--offline] [JMH arguments...]
#
#   --quick    10,000 records, 1 fork, 1 warm-up and 1 measured iteration of 0.5 s each: the whole
#              suite in under 5 minutes, to check that it works (the numbers mean little). Leaves
#              out GroupCommitBenchmark, FlushCeilingBenchmark and EtcdBenchmark unless one is
#              named: run.sh --quick GroupCommitBenchmark.
#   --offline  pass -o to Maven.
#   Anything else goes to JMH (org.openjdk.jmh.Main), e.g. a benchmark regex, -p store=sqlite:durable,
#   -prof gc, -rf json -rff results.json. JMH arguments given after --quick override its settings.
#
# Examples:
#   benchmarks/run.sh --quick
#   benchmarks/run.sh ReadBenchmark.findById -p store=raw-lmdbjava:no-sync -prof gc
#   # the transactions (a transfer; count a member's loans, then lend one) on tessera, raw-lmdbjava,
#   # sqlite, h2 and bdb-je, with bytes allocated per transaction:
#   benchmarks/run.sh 'TransferBenchmark.transfer1Thread|LoanBenchmark' -p records=100000 -prof gc
#   benchmarks/run.sh -rf json -rff benchmarks/results.json          # the full suite, 1M records
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

quick=false
maven=(mvn -q -B)
jmh_args=()
for arg in "$@"; do
  case "$arg" in
    --quick) quick=true ;;
    --offline) maven+=(-o) ;;
    *) jmh_args+=("$arg") ;;
  esac
done

# JMH refuses an option given twice: --quick adds only the settings the caller did not give.
given() {
  local a
  for a in "${jmh_args[@]}"; do
    [[ "$a" == "$1" ]] && return 0
  done
  return 1
}
if $quick; then
  given -f || jmh_args+=(-f 1)
  given -wi || jmh_args+=(-wi 1)
  given -w || jmh_args+=(-w 500ms)
  given -i || jmh_args+=(-i 1)
  given -r || jmh_args+=(-r 500ms)
  [[ " ${jmh_args[*]} " == *" records="* ]] || jmh_args+=(-p records=10000)
  # The group-commit curve alone has 30 trials (64 writers among them) and the flush ceiling 6 of
  # durable batches: they would push the quick suite past 5 minutes, so they run in quick mode only
  # when named (run.sh --quick GroupCommit).
  # EtcdBenchmark starts a 3-member etcd cluster per trial: likewise only when named.
  [[ " ${jmh_args[*]} " == *GroupCommit* || " ${jmh_args[*]} " == *FlushCeiling* \
      || " ${jmh_args[*]} " == *Etcd* ]] \
    || jmh_args+=(-e 'GroupCommitBenchmark|FlushCeilingBenchmark|EtcdBenchmark')
fi
# EtcdBenchmark needs the etcd server (apt-get install etcd-server); without it, it is left out.
if ! command -v etcd >/dev/null 2>&1 && [[ -z "${ETCD_BINARY:-}" ]] \
    && [[ " ${jmh_args[*]} " != *" -e "* ]]; then
  echo "run.sh: etcd is not installed; leaving out EtcdBenchmark" >&2
  jmh_args+=(-e EtcdBenchmark)
fi

# package also writes benchmarks/target/runtime-classpath.txt (see benchmarks/pom.xml).
"${maven[@]}" -DskipTests package -pl benchmarks -am
target="$root/benchmarks/target"

# Stores go to a scratch directory (override with TESSERA_BENCH_DIR; it should be on the disk you
# want to measure, not a tmpfs) and are deleted after each trial.
bench_dir="${TESSERA_BENCH_DIR:-$root/benchmarks/target/stores}"
mkdir -p "$bench_dir"

# Each data set is loaded once per run into a template that trials copy (LoadedStores.java); the
# templates are deleted when the run ends, so a later run never sees data of an older build.
templates="$(mktemp -d "$bench_dir/templates.XXXXXX")"
trap 'rm -rf "$templates"' EXIT

# From target/: ObjectBox unpacks its native library into the working directory.
cd "$target"
java -Dtessera.bench.dir="$bench_dir" -Dtessera.bench.templates="$templates" \
  -cp "$target/classes:$(cat "$target/runtime-classpath.txt")" \
  org.openjdk.jmh.Main "${jmh_args[@]}"
