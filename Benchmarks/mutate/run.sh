#!/usr/bin/env bash
# How long `treaty mutate` takes per example contract: the whole mutation run (baseline plus
# every mutant, in-process, --jobs parallel), with its tally, from a release build.
#
#   Benchmarks/mutate/run.sh
#
# Knobs: JOBS=2 REPEAT=3 TREATY_BIN=path (else a release build in .build-bench).
# Outputs in Benchmarks/mutate/data/: results.tsv (contract, run, seconds, tally line) and
# summary.md (median seconds per contract).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$HERE"
source "$ROOT/Benchmarks/lib.sh"
build_treaty || die "the release build failed"

JOBS="${JOBS:-2}"
mkdir -p data
printf 'contract\trun\tseconds\ttally\n' >data/results.tsv
for contract in demo blog music gallery; do
  for run in $(seq "$REPEAT"); do
    start="$(date +%s.%N)"
    tally="$(cd "$ROOT" && "$TREATY_BIN" mutate --contract "Contracts/$contract/contract.yaml" --jobs "$JOBS" \
      2>/dev/null | head -n1)" || true
    end="$(date +%s.%N)"
    seconds="$("$PYTHON" -c "print(round($end - $start, 2))")"
    printf '%s\t%s\t%s\t%s\n' "$contract" "$run" "$seconds" "$tally" | tee -a data/results.tsv
  done
done
"$PYTHON" - data/results.tsv >data/summary.md <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
print("| contract | median s | runs | tally |\n| --- | --- | --- | --- |")
for contract in dict.fromkeys(r["contract"] for r in rows):
    mine = [r for r in rows if r["contract"] == contract]
    seconds = statistics.median(float(r["seconds"]) for r in mine)
    print(f"| {contract} | {seconds:.2f} | {len(mine)} | {mine[-1]['tally']} |")
PY
cat data/summary.md
