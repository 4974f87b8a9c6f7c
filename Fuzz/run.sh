#!/usr/bin/env bash
# Fuzz Treaty's parsers and request paths with libFuzzer (AddressSanitizer on).
#
#   Fuzz/run.sh                 # every target for 60 s each (what CI can call)
#   SECONDS_PER_TARGET=3600 Fuzz/run.sh FuzzRequest   # one target for an hour
#
# Each target starts from its committed seed corpus (Fuzz/Corpus/<target>/, from
# make-corpus.py) and adds what it finds to a scratch copy; a crash or hang leaves its input in
# Fuzz/findings/ and fails the run. Prints executions, coverage and corpus size per target.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
SCRATCH="$ROOT/.build-fuzz"
SECONDS_PER_TARGET="${SECONDS_PER_TARGET:-60}"
TARGETS=("$@")
[[ ${#TARGETS[@]} -gt 0 ]] || TARGETS=(FuzzJSON FuzzContract FuzzJUnit FuzzPocketBaseQuery FuzzFileMakerRequest FuzzRequest)

cd "$HERE"
swift build -c debug --scratch-path "$SCRATCH" -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld >&2
mkdir -p "$HERE/findings"
status=0
printf '| target | seconds | executions | exec/s | coverage (edges) | corpus | result |\n|---|---:|---:|---:|---:|---:|---|\n'
for target in "${TARGETS[@]}"; do
  work="$(mktemp -d)"
  cp -r "$HERE/Corpus/$target/." "$work/" 2>/dev/null || true
  log="$SCRATCH/$target.log"
  set +e
  # Leak checks are off: LeakSanitizer reports the Swift runtime's and parsers' small one-off
  # allocations at exit (a few KB), which are no crash, hang or growth.
  ASAN_OPTIONS=detect_leaks=0 "$SCRATCH/debug/$target" "$work" -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
    -artifact_prefix="$HERE/findings/$target-" -print_final_stats=1 >"$log" 2>&1
  code=$?
  set -e
  runs="$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || echo 0)"
  speed="$(grep -o 'exec/s: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || echo 0)"
  cov="$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo 0)"
  corpus="$(ls "$work" | wc -l)"
  result="ok"
  if [[ $code -ne 0 ]]; then result="**failed** (exit $code; see $log and Fuzz/findings/)"; status=1; fi
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$target" "$SECONDS_PER_TARGET" "$runs" "$speed" "$cov" "$corpus" "$result"
  rm -rf "$work"
done
exit $status
