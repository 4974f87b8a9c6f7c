#!/usr/bin/env bash
# `treaty serve --persist` benchmark (demo contract, rest-sync), in one run:
#
#   1. write throughput and latency: wrk POSTs a new task per request (Benchmarks/persist/creates.lua)
#      against the in-memory server and against --persist on a fresh directory, alternately,
#      REPEAT times each; req/s and p99 of the median run by req/s;
#   2. restart time with 100,000 records and 100,000 logged writes: --persist on a fresh directory
#      from 100,000 task fixtures, 100,000 creates logged (no compaction), SIGKILL, then the time from
#      exec to the "serving" line, RESTARTS times (every start replays the whole log); then once with
#      compaction on (it compacts at start) and once more from the snapshot alone.
#
#   Benchmarks/persist/run.sh
#
# Knobs: DURATION=10s CONNS=32 REPEAT=3 SERVER_CPU=0 WRK_CPU=1 RESTARTS=3 WRITES=100000
#        TREATY_BIN=path (else a release build in .build-bench). Outputs in Benchmarks/persist/data/.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$HERE"
source "$ROOT/Benchmarks/lib.sh"
require_bench_tools
build_treaty || die "the release build failed"

CONTRACT="$ROOT/Contracts/demo/contract.yaml"
RESTARTS="${RESTARTS:-3}"
WRITES="${WRITES:-100000}"
export PROJECT="36F675CC-81E7-4EF5-A8E2-5D940ED90475"
export AUTHOR="$("$PYTHON" -c 'import json,sys; print(json.load(open(sys.argv[1]))[0]["id"])' "$ROOT/Fixtures/demo/user.json")"
STATE="data/state"
RUN=0

load() { # name: one wrk run against $SERVER_URL, its RESULT line appended to $RES/writes.txt
  RUN=$((RUN + 1))
  local line
  line="$(PREFIX="$(printf 'c%07x' "$RUN")" taskset -c "$WRK_CPU" wrk -t1 -c"$CONNS" -d"$DURATION" \
    --timeout "$WRK_TIMEOUT" -s creates.lua "$SERVER_URL" | grep '^RESULT')"
  echo "$1 $line" | tee -a "$RES/writes.txt"
}

log "1. write throughput: in memory vs --persist (group commit), $REPEAT runs each, alternately"
: >"$RES/writes.txt"
for round in $(seq "$REPEAT"); do
  # A name per round, its output file created first: start_server reads the URL from
  # $RES/<name>.stdout, possibly before the server's shell has opened it.
  : >"$RES/memory-$round.stdout"
  : >"$RES/persist-$round.stdout"
  start_server "memory-$round" "$TREATY_BIN" serve --contract "$CONTRACT" --fixtures "$ROOT/Fixtures/demo" --port 0
  load memory
  stop_server
  rm -rf "$STATE"
  start_server "persist-$round" "$TREATY_BIN" serve --contract "$CONTRACT" --fixtures "$ROOT/Fixtures/demo" --port 0 \
    --persist "$STATE"
  load persist
  stop_server
done

log "2. restart with 100,000 records and $WRITES logged writes"
FIXTURES="$ROOT/Benchmarks/server/data/fixtures-100k"
[[ -f "$FIXTURES/task.json" ]] || "$PYTHON" "$ROOT/Benchmarks/server/make-fixtures.py" --tasks 100000 --out "$FIXTURES"
: >"$RES/fill.stdout"
rm -rf "$STATE"
start_server fill "$TREATY_BIN" serve --contract "$CONTRACT" --fixtures "$FIXTURES" --port 0 --persist "$STATE" --compact-after 100G
RUN=$((RUN + 1))
# wrk runs until killed; the version feed tells when $WRITES creates are in (the fixtures end at
# version 100,008 and each create takes the next version).
PREFIX="$(printf 'c%07x' "$RUN")" taskset -c "$WRK_CPU" wrk -t1 -c"$CONNS" -d3600s --timeout "$WRK_TIMEOUT" \
  -s creates.lua "$SERVER_URL" >"$RES/fill.wrk" &
WRK_PID=$!
track_pid "$WRK_PID"
FILL_START=$SECONDS
until [[ "$(curl -s "$SERVER_URL/projects/$PROJECT/tasks?since_version=$((100008 + WRITES - 1))" | head -c 2)" == '[{' ]]; do
  sleep 0.5
done
kill -KILL "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true
kill "$WRK_PID" 2>/dev/null; wait "$WRK_PID" 2>/dev/null || true
echo "fill: $WRITES creates logged in $((SECONDS - FILL_START)) s, then SIGKILL" | tee -a "$RES/writes.txt"
du -sh "$STATE" | tee "$RES/state-size.txt"; ls -l "$STATE" | tee -a "$RES/state-size.txt"

restart() { # label compact-after: seconds from exec to the serving line, and what recovery said
  "$PYTHON" - "$TREATY_BIN" "$CONTRACT" "$FIXTURES" "$STATE" "$2" "$1" "$SERVER_CPU" <<'PY' | tee -a "$RES/restarts.txt"
import subprocess, sys, time
treaty, contract, fixtures, state, compact, label, cpu = sys.argv[1:]
started = time.time()
p = subprocess.Popen(["taskset", "-c", cpu, treaty, "serve", "--contract", contract, "--fixtures", fixtures, "--port", "0",
                      "--persist", state, "--compact-after", compact], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
line = p.stdout.readline()
ready = time.time() - started
p.kill(); p.wait()
said = [l.strip() for l in p.stderr.read().splitlines() if l.startswith("treaty:")]
print(f"{label}: ready in {ready:.2f} s; {' / '.join(said)}")
PY
}
: >"$RES/restarts.txt"
for _ in $(seq "$RESTARTS"); do restart "replay $WRITES logged writes" 100G; done
restart "with compaction at start (snapshot written)" 64M
restart "from the snapshot alone" 64M

log "summary"
"$PYTHON" - "$RES/writes.txt" <<'PY' | tee "$RES/summary.md"
import re, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    name, rest = line.split(" ", 1)
    values = dict(re.findall(r"(\w+)=([0-9.]+)", rest))
    runs.setdefault(name, []).append({k: float(v) for k, v in values.items()})
rows = {}
for name in ("memory", "persist"):
    ordered = sorted(runs.get(name, []), key=lambda r: r["requests"] / r["seconds"])
    if ordered:
        median = ordered[len(ordered) // 2]
        rows[name] = (median["requests"] / median["seconds"], median["p99_ms"], median["errors"])
print("| server | creates/s (median of runs) | p99 ms | errors |")
print("|---|---|---|---|")
for name, (rate, p99, errors) in rows.items():
    print(f"| {name} | {rate:.0f} | {p99:.2f} | {errors:.0f} |")
if len(rows) == 2:
    print(f"\n--persist writes at {rows['persist'][0] / rows['memory'][0]:.2f} of the in-memory rate (goal: at least 0.33)")
PY
cat "$RES/restarts.txt"
