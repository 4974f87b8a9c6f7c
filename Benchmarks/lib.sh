# Shared by the wrk benchmarks (server, pocketbase, filemaker, cloudkit, memory; sourced, not run).
#
# Before sourcing, a script sets HERE (its directory) and ROOT (the repository); afterwards it
# has the wrk knobs below, RES/JSONL, and these functions:
#   log/warn/die            progress lines; warn also collects NOTES for the summary
#   require_bench_tools     wrk, taskset, stdbuf, python and two cores, or a clear error
#   build_treaty            a release `treaty` in $ROOT/.build-bench unless TREATY_BIN is set
#   start_server NAME CMD…  runs CMD pinned to SERVER_CPU until it prints its URL line;
#                           sets SERVER_PID and SERVER_URL
#   track_pid PID           stop PID on exit, whatever happens
#   stop_server             stops the server start_server started
#   bench NAME LABEL PATH [ARGS…]  measured wrk runs against $SERVER_URL$PATH (measure.py wrk; ARGS
#                           such as --header 'Name: value' or --post-body FILE go to it)
#   wait_idle               waits up to IDLE_WAIT s for the machine to idle
#   bench_rest_anchor       the rest-sync GET-by-id row `rest-one` other dialects are a share of
#   summary TITLE ARGS…     the ratio table (measure.py ratios ARGS…) and every run, to summary.md
# Every process started through these is stopped on exit, and so is any PID in $RES/*.pid.

DURATION="${DURATION:-10s}"
CONNS="${CONNS:-32}"
THREADS="${THREADS:-1}"
WARMUP="${WARMUP:-2s}"
WRK_TIMEOUT="${WRK_TIMEOUT:-10s}"
REPEAT="${REPEAT:-3}"
SERVER_CPU="${SERVER_CPU:-0}"
WRK_CPU="${WRK_CPU:-1}"
STARTUP_RUNS="${STARTUP_RUNS:-5}"
READY_TIMEOUT="${READY_TIMEOUT:-300}"
BUILD_TIMEOUT="${BUILD_TIMEOUT:-3600}"
IDLE_WAIT="${IDLE_WAIT:-120}"
PYTHON="${PYTHON:-python3}"
MEASURE="$ROOT/Benchmarks/server/measure.py"
RES="data/results"
JSONL="$RES/results.jsonl"

log()  { printf '\n== %s\n' "$*"; }
warn() { printf 'WARNING: %s\n' "$*" >&2; NOTES+=("$*"); }
die()  { printf 'ERROR: %s\n' "$*" >&2; exit 1; }
NOTES=()

PIDS=()
track_pid() { PIDS+=("$1"); }
stop_pid() {
  local pid="$1"
  kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
}
cleanup() {
  local pid f
  for pid in "${PIDS[@]}"; do stop_pid "$pid"; done
  for f in "$RES"/.*.pid; do
    if [[ -f "$f" ]]; then stop_pid "$(cat "$f")"; rm -f "$f"; fi
  done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

require_bench_tools() {
  local tool
  for tool in wrk taskset stdbuf "$PYTHON"; do
    command -v "$tool" >/dev/null || die "$tool not found (apt-get install wrk; taskset: util-linux; stdbuf: coreutils)"
  done
  (( $(nproc) >= 2 )) || die "needs 2 cores (server on core $SERVER_CPU, wrk on core $WRK_CPU)"
  mkdir -p data "$RES"
  rm -f "$RES"/*
  : >"$JSONL"
}

build_treaty() { # sets TREATY_BIN unless given; returns 1 when the build fails
  [[ -n "${TREATY_BIN:-}" ]] && return 0
  log "build treaty (release, nice -n 15, scratch path $ROOT/.build-bench)"
  timeout "$BUILD_TIMEOUT" nice -n 15 swift build -c release --product treaty \
    --package-path "$ROOT" --scratch-path "$ROOT/.build-bench" || return 1
  TREATY_BIN="$ROOT/.build-bench/release/treaty"
}

SERVER_PID="" SERVER_URL=""
start_server() { # name cmd...
  local name="$1"; shift
  local out="$RES/$name.stdout"
  : >"$out"  # exists before the first read below, however late the background job opens it
  taskset -c "$SERVER_CPU" stdbuf -oL "$@" >"$out" 2>"$RES/$name.stderr" &
  SERVER_PID=$!
  track_pid "$SERVER_PID"
  local deadline=$((SECONDS + READY_TIMEOUT))
  SERVER_URL=""
  while [[ -z "$SERVER_URL" ]]; do
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$RES/$name.stderr" >&2; die "$name exited before it printed its URL"; }
    (( SECONDS < deadline )) || die "$name printed no URL within ${READY_TIMEOUT}s"
    SERVER_URL="$(sed -n 's#^.*serving.* at \(http://[^ ]*\).*$#\1#p' "$out" | head -n1)"
    [[ -n "$SERVER_URL" ]] || sleep 0.05
  done
  SERVER_URL="${SERVER_URL%/}"
  echo "$name: $(head -n1 "$out")"
}
stop_server() { stop_pid "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""; }

bench() { # name label path [measure.py wrk args...]
  "$PYTHON" "$MEASURE" wrk --idle-wait "$IDLE_WAIT" --pid "$SERVER_PID" --url "$SERVER_URL$3" --name "$1" --label "$2" \
    --jsonl "$JSONL" --log "$RES/$1.wrk" --wrk-cpu "$WRK_CPU" --threads "$THREADS" --conns "$CONNS" \
    --duration "$DURATION" --timeout "$WRK_TIMEOUT" --warmup "$WARMUP" --repeat "$REPEAT" "${@:4}"
}
wait_idle() { (( IDLE_WAIT > 0 )) && "$PYTHON" "$MEASURE" idle --max-wait "$IDLE_WAIT" || true; }

summary() { # title ratios-args... : the machine, the wrk settings, the ratio table, every run
  local title="$1"; shift
  {
    echo "# $title — $(date -u +%Y-%m-%dT%H:%MZ)"
    echo
    echo "Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, $(uname -sr);" \
         "$(swift --version 2>/dev/null | head -n1); $(wrk --version 2>&1 | head -n1 | cut -d' ' -f1-2)."
    echo "Server on core $SERVER_CPU, \`taskset -c $WRK_CPU wrk -t$THREADS -c$CONNS -d$DURATION --timeout $WRK_TIMEOUT --latency\`" \
         "after a $WARMUP warm-up, $REPEAT measured runs per request; the median run by req/s."
    echo
    "$PYTHON" "$MEASURE" ratios --jsonl "$JSONL" "$@"
    echo
    echo "All runs (Benchmarks/server/measure.py):"
    echo
    "$PYTHON" "$MEASURE" table --jsonl "$JSONL"
  } | tee "$RES/summary.md"
}

bench_rest_anchor() { # (a) rest-sync GET-by-id on 10,000 tasks (data/tasks-10k), the row named rest-one
  local tasks="data/tasks-10k" project task
  [[ -f "$tasks/task.json" ]] || "$PYTHON" "$ROOT/Benchmarks/server/make-fixtures.py" --tasks 10000 --out "$tasks"
  read -r project task < <("$PYTHON" -c '
import json, sys
tasks = json.load(open(sys.argv[1])); t = tasks[len(tasks) // 2]
print(t["project_id"], t["id"])' "$tasks/task.json")
  log "(a) rest-sync: GET by id"
  start_server rest "$TREATY_BIN" serve --contract "$ROOT/Contracts/demo/contract.yaml" --fixtures "$tasks" --port 0
  bench rest-one "rest-sync GET /projects/{p}/tasks/{id}, 10k tasks" "/projects/$project/tasks/$task"
  stop_server
}
