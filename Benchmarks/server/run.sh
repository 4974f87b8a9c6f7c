#!/usr/bin/env bash
# HTTP server benchmark: raw SwiftNIO vs. bare Hummingbird 2 vs. `treaty serve`.
#
#   Benchmarks/server/run.sh
#
# Prerequisites (installs nothing): a Swift 6.1+ toolchain, python3, wrk,
# taskset/stdbuf (util-linux, coreutils), 2+ cores:   apt-get install wrk hyperfine
#
# Each server runs pinned to core $SERVER_CPU (0), wrk to core $WRK_CPU (1):
#   taskset -c 1 wrk -t1 -c32 -d10s --timeout 10s --latency URL
# after a 2 s warm-up run on the same URL, REPEAT (3) times; the median run by
# req/s is reported. Servers bind port 0 (a free port)
# and print their URL; every server started here is stopped on exit.
#
# Environment knobs (all optional):
#   DURATION=10s  CONNS=32  THREADS=1  WARMUP=2s (0 = none)  WRK_TIMEOUT=10s
#   REPEAT=3      measured wrk runs per server (the median one by req/s is reported)
#   SERVER_CPU=0  WRK_CPU=1
#   STARTUP_RUNS=5        launches per fixture set for the start-up time
#   READY_TIMEOUT=300     seconds a server may take to print its URL line
#   BUILD_TIMEOUT=3600    seconds per swift build
#   TREATY_BIN=path       use this treaty binary, do not build it
#   SKIP_TREATY=1         baselines only
#   SKIP_BASELINES=1      treaty only
#   IDLE_WAIT=120         before each measurement, wait up to this many seconds for
#                         the machine to idle (<10% of a core); 0 = do not wait
#   PYTHON=python3
#
# Outputs go to data/ (git-ignored): fixtures in data/fixtures-{10k,100k}/,
# wrk logs, server logs, results.jsonl and summary.md in data/results/.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$HERE"

source "$ROOT/Benchmarks/lib.sh"
CONTRACT="$ROOT/Contracts/demo/contract.yaml"
require_bench_tools

# --- builds -------------------------------------------------------------------
build() { # package-dir -> prints the executable's path
  local pkg="$1"
  timeout "$BUILD_TIMEOUT" nice -n 15 swift build -c release --package-path "$pkg" >&2
  echo "$(swift build -c release --package-path "$pkg" --show-bin-path)/$(basename "$pkg")"
}

if [[ "${SKIP_BASELINES:-0}" != 1 ]]; then
  log "build baselines (release, nice -n 15)"
  RAWNIO_BIN="$(build RawNIO)"
  HUMMINGBIRD_BIN="$(build BareHummingbird)"
fi

HAVE_TREATY=0
if [[ "${SKIP_TREATY:-0}" != 1 ]]; then
  build_treaty || warn "treaty did not build: the treaty rows are skipped"
  if [[ -n "${TREATY_BIN:-}" ]]; then
    if [[ ! -x "$TREATY_BIN" ]]; then warn "no treaty binary at $TREATY_BIN: the treaty rows are skipped"
    elif ! "$TREATY_BIN" serve --help >/dev/null 2>&1; then warn "$TREATY_BIN has no 'serve' command: the treaty rows are skipped"
    else HAVE_TREATY=1; fi
  fi
fi

# --- fixtures -----------------------------------------------------------------
log "fixtures"
for n in 10000 100000; do
  dir="data/fixtures-$((n / 1000))k"
  if [[ -f "$dir/task.json" && -f "$dir/user.json" && -f "$dir/project.json" && -f "$dir/tag.json" ]] &&
     [[ "$("$PYTHON" -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$dir/task.json")" == "$n" ]]; then
    echo "using existing $dir"
  else
    "$PYTHON" make-fixtures.py --tasks "$n" --out "$dir"
  fi
done
if (( HAVE_TREATY )); then
  "$TREATY_BIN" check --contract "$CONTRACT" --resource task data/fixtures-10k/task.json \
    || die "data/fixtures-10k/task.json does not pass treaty check"
fi
# The single-task request asks for the fixture task whose compact JSON is closest
# in size to the baselines' fixed body (549 bytes), so (a)-(c) move the same bytes.
read -r PROJECT_ID TASK_ID TASK_BYTES < <("$PYTHON" -c '
import json, sys
tasks = json.load(open(sys.argv[1]))
size = lambda t: len(json.dumps(t, separators=(",", ":")).encode())
t = min(tasks, key=lambda t: (abs(size(t) - 549), t["position"]))
print(t["project_id"], t["id"], size(t))' data/fixtures-10k/task.json)
ONE="/projects/$PROJECT_ID/tasks/$TASK_ID"
LIST="/projects/$PROJECT_ID/tasks"

if [[ "${SKIP_BASELINES:-0}" != 1 ]]; then
  log "(a) raw SwiftNIO"
  start_server rawnio "$RAWNIO_BIN" 0
  bench rawnio "fixed bytes" "$ONE"
  stop_server

  log "(b) bare Hummingbird 2"
  start_server hummingbird "$HUMMINGBIRD_BIN" 0
  bench hummingbird "fixed bytes" "$ONE"
  stop_server
fi

if (( HAVE_TREATY )); then
  serve=("$TREATY_BIN" serve --contract "$CONTRACT" --port 0 --clock 2025-01-01T00:00:00Z)

  log "(c) treaty serve, one task (10k-task fixture)"
  start_server treaty-one "${serve[@]}" --fixtures data/fixtures-10k
  bench treaty-one "GET /projects/{p}/tasks/{id}, 10k fixture" "$ONE"
  stop_server

  log "(d) treaty serve, full list (10k-task fixture)"
  start_server treaty-list "${serve[@]}" --fixtures data/fixtures-10k
  bench treaty-list "GET /projects/{p}/tasks, 10k fixture" "$LIST"
  stop_server

  log "start-up time and memory"
  for set in demo:"$ROOT/Fixtures/demo" 10k:data/fixtures-10k 100k:data/fixtures-100k; do
    label="${set%%:*}" dir="${set#*:}"
    get=()
    [[ "$label" == 100k ]] && get=(--get-path "$LIST")
    wait_idle
    "$PYTHON" "$MEASURE" startup --name "treaty serve" --label "$label fixture" --jsonl "$JSONL" \
      --runs "$STARTUP_RUNS" --cpu "$SERVER_CPU" --pidfile "$RES/.startup.pid" \
      --ready-timeout "$READY_TIMEOUT" --stderr-log "$RES/startup-$label.stderr" "${get[@]}" \
      -- "${serve[@]}" --fixtures "$dir"
  done
fi

# --- summary ------------------------------------------------------------------
log "summary"
{
  echo "# Server benchmark — $(date -u +%Y-%m-%dT%H:%MZ)"
  echo
  echo "Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, $(uname -sr);" \
       "$(swift --version 2>/dev/null | head -n1); $(wrk --version 2>&1 | head -n1 | cut -d' ' -f1-2)."
  echo "Server on core $SERVER_CPU, \`taskset -c $WRK_CPU wrk -t$THREADS -c$CONNS -d$DURATION --timeout $WRK_TIMEOUT --latency URL\`" \
       "after a $WARMUP warm-up, $REPEAT measured runs per server on one server process; the figures are the median run's by req/s. CPU µs/req (1e6/req/s) assumes the server's one core is busy; the measured" \
       "column is the server process's own CPU time (/proc/PID/stat) over the run divided by the requests." \
       "\"Other CPU\" is what everything except the server and wrk used (% of one core; irq/softirq excluded)."
  echo
  "$PYTHON" "$MEASURE" table --jsonl "$JSONL"
  if (( ${#NOTES[@]} )); then echo; printf -- '- %s\n' "${NOTES[@]}"; fi
  "$PYTHON" - "$JSONL" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
busy = [r["name"] for r in rows if r["kind"] == "wrk" and r.get("other_cpu_pct_max", r["other_cpu_pct"]) > 10]
if busy:
    print(f"\n- WARNING: other processes used more than 10% of a core during: {', '.join(busy)}; rerun on an idle machine.")
PY
} | tee "$RES/summary.md"
