#!/usr/bin/env bash
# Prints the Markdown tables of docs/benchmarks.md from JMH JSON results: the performance targets (each
# computed and marked met or not, with raw lmdbjava's ratio as the floor), the group-commit curve,
# and one table per benchmark with ratios to raw lmdbjava and bytes per operation.
#
#   benchmarks/report.sh [--offline] RESULTS.json [MORE.json...]
#
# Example (the whole suite, then its tables):
#   benchmarks/run.sh -prof gc -rf json -rff "$PWD/results.json"
#   benchmarks/report.sh results.json > tables.md
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
maven=(mvn -q -B)
files=()
for arg in "$@"; do
  case "$arg" in
    --offline) maven+=(-o) ;;
    *) files+=("$(cd "$(dirname "$arg")" && pwd)/$(basename "$arg")") ;;
  esac
done
if [[ ${#files[@]} -eq 0 ]]; then
  echo "usage: benchmarks/report.sh [--offline] RESULTS.json [MORE.json...]" >&2
  exit 2
fi

cd "$root"
"${maven[@]}" -DskipTests package -pl benchmarks -am >&2   # the tables alone go to standard output
target="$root/benchmarks/target"
java -cp "$target/classes:$(cat "$target/runtime-classpath.txt")" \
  dev.tessera.benchmarks.report.ResultTables "${files[@]}"
