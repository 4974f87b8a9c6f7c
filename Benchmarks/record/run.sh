#!/usr/bin/env bash
# `treaty record` and `treaty diff` benchmark (demo contract, rest-sync), in one run:
#
#   1. record 10,000 records: `treaty serve` of the demo with RECORDS users (plus the demo's
#      projects, tags and tasks), then `treaty record` of all of them, REPEAT times; the median
#      wall time and records/s;
#   2. diff beside verify: against `treaty serve` of the demo fixtures, `treaty verify --target`
#      and `treaty diff --target --fixtures Fixtures/demo` (each runs the same suites; diff runs
#      them twice, live and simulated, and compares), read-only, REPEAT times each; the medians.
#
#   Benchmarks/record/run.sh
#
# Knobs: RECORDS=10000 REPEAT=3 SERVER_CPU=0 TREATY_BIN=path (else a release build in
#        .build-bench). Outputs in Benchmarks/record/data/results/summary.md.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$HERE"
source "$ROOT/Benchmarks/lib.sh"
trap cleanup EXIT
mkdir -p data "$RES"
rm -rf "$RES"/* data/recorded
build_treaty || die "the release build failed"

RECORDS="${RECORDS:-10000}"
CONTRACT="$ROOT/Contracts/demo/contract.yaml"
SET="data/demo-$RECORDS"

log "fixtures: $RECORDS users beside the demo's projects, tags and tasks ($SET)"
rm -rf "$SET" && mkdir -p "$SET"
cp "$ROOT"/Fixtures/demo/{project,tag,task}.json "$SET/"
"$PYTHON" - "$ROOT/Fixtures/demo/user.json" "$SET/user.json" "$RECORDS" <<'PY'
import json, sys, uuid
demo = json.load(open(sys.argv[1]))
count = int(sys.argv[3])
users = demo + [dict(demo[0], id=str(uuid.UUID(int=index + 1)).upper(), display_name="User %d" % index,
                     version=1000 + index) for index in range(count - len(demo))]
json.dump(users, open(sys.argv[2], "w"), indent=1)
PY
TOTAL=$("$PYTHON" -c 'import json,sys; print(sum(len(json.load(open(sys.argv[1]+"/"+n))) for n in ["user.json","project.json","tag.json","task.json"]))' "$SET")

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
seconds() { # runs "$@", prints the wall time in seconds
  local start end
  start=$(date +%s.%N); "$@" >/dev/null 2>>"$RES/stderr.log" || return 1; end=$(date +%s.%N)
  "$PYTHON" -c "print(round($end - $start, 3))"
}

start_server big "$TREATY_BIN" serve --contract "$CONTRACT" --fixtures "$SET" --port 0
RECORD_TIMES=()
for run in $(seq "${REPEAT}"); do
  rm -rf data/recorded
  RECORD_TIMES+=("$(seconds "$TREATY_BIN" record --contract "$CONTRACT" --target "$SERVER_URL" --out data/recorded \
    --max-records $((TOTAL + 1)))")
done
stop_server
RECORDED=$("$PYTHON" -c 'import json,sys,os; print(sum(len(json.load(open(sys.argv[1]+"/"+n))) for n in os.listdir(sys.argv[1])))' data/recorded)
RECORD_MEDIAN=$(printf '%s\n' "${RECORD_TIMES[@]}" | median)

start_server demo "$TREATY_BIN" serve --contract "$CONTRACT" --fixtures "$ROOT/Fixtures/demo" --port 0
VERIFY_TIMES=() DIFF_TIMES=()
for run in $(seq "${REPEAT}"); do
  VERIFY_TIMES+=("$(seconds "$TREATY_BIN" verify --contract "$CONTRACT" --target "$SERVER_URL" --read-only --junit "$RES/verify.xml")")
  DIFF_TIMES+=("$(seconds "$TREATY_BIN" diff --contract "$CONTRACT" --target "$SERVER_URL" --fixtures "$ROOT/Fixtures/demo" --read-only)")
done
stop_server
VERIFY_MEDIAN=$(printf '%s\n' "${VERIFY_TIMES[@]}" | median)
DIFF_MEDIAN=$(printf '%s\n' "${DIFF_TIMES[@]}" | median)

{
  echo "# treaty record / treaty diff ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $TREATY_BIN)"
  echo
  echo "| measurement | median of $REPEAT | runs |"
  echo "| --- | --- | --- |"
  echo "| record $RECORDED records (rest-sync, $(ls data/recorded | wc -l) files) | ${RECORD_MEDIAN} s ($("$PYTHON" -c "print(int($RECORDED / $RECORD_MEDIAN))") records/s) | ${RECORD_TIMES[*]} |"
  echo "| verify --target, read-only demo suites | ${VERIFY_MEDIAN} s | ${VERIFY_TIMES[*]} |"
  echo "| diff --target, the same suites live and simulated, compared | ${DIFF_MEDIAN} s | ${DIFF_TIMES[*]} |"
} | tee "$RES/summary.md"
