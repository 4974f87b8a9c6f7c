#!/usr/bin/env bash
# Before/after benchmark: two `treaty` binaries, the same requests, in one run.
#
#   BEFORE_BIN=path/to/old/treaty AFTER_BIN=path/to/new/treaty Benchmarks/compare/run.sh
#
# Build each binary from its commit with `swift build -c release --product treaty` (for
# example in a `git worktree` of the older commit). For each row below, the two servers take
# turns ROUNDS times (before, after, before, after, …) on the same fixtures, so a machine that
# speeds up or slows down during the run shifts both alike; each binary's median run is reported.
# Each ratio is above 1 when the after binary is faster: of req/s, and of the server's CPU time
# per request (which moves less than req/s when other processes share the machine).
#
# Rows: rest-sync GET by id (10k tasks), PocketBase view by id and filtered sorted page (10k
# posts; also with a different filter text each request, so no kept answer serves it), FileMaker record by id and _find (10k artists), CloudKit lookup and query (10k).
#
# Environment knobs besides lib.sh's (DURATION, CONNS, THREADS, WARMUP, SERVER_CPU, WRK_CPU…):
#   ROUNDS=3      turns per binary and row
#   DIALECTS="rest pocketbase filemaker cloudkit"  the dialects whose rows run
#   IDLE_WAIT=0   (lib.sh's idle wait; 0 here because the turns already alternate)
#   MAX_OTHER=400 keep a run whatever other processes used (measure.py --max-other, % of a core):
#                 both binaries share the disturbance, which the alternation spreads
# Outputs go to data/ (git-ignored); the table is data/results/summary.md.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$HERE"

IDLE_WAIT="${IDLE_WAIT:-0}"
REPEAT=1
source "$ROOT/Benchmarks/lib.sh"
ROUNDS="${ROUNDS:-3}"
require_bench_tools
for bin in "${BEFORE_BIN:-}" "${AFTER_BIN:-}"; do
  [[ -n "$bin" && -x "$bin" ]] || die "set BEFORE_BIN and AFTER_BIN to two treaty binaries"
done

log "data"
TASKS="$ROOT/Benchmarks/server/data/tasks-10k"
[[ -f "$TASKS/task.json" ]] || "$PYTHON" "$ROOT/Benchmarks/server/make-fixtures.py" --tasks 10000 --out "$TASKS"
PB="$ROOT/Benchmarks/pocketbase/data/set-10k"
"$PYTHON" "$ROOT/Benchmarks/pocketbase/make-data.py" --records 10000 --seed 42 --out "$PB"
FM="$ROOT/Benchmarks/filemaker/data/set-10k"
"$PYTHON" "$ROOT/Benchmarks/filemaker/make-data.py" --records 10000 --seed 42 --out "$FM"
CK="$ROOT/Benchmarks/cloudkit/data/set-10k"
"$PYTHON" "$ROOT/Benchmarks/cloudkit/make-data.py" --records 10000 --seed 42 --out "$CK"

read -r PROJECT TASK < <("$PYTHON" -c '
import json, sys
tasks = json.load(open(sys.argv[1])); t = tasks[len(tasks) // 2]
print(t["project_id"], t["id"])' "$TASKS/task.json")
POST_ID="$("$PYTHON" -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r[len(r)//2]["id"])' "$PB/fixtures/posts.json")"
PB_LIST="$("$PYTHON" -c '
import urllib.parse
q = urllib.parse.urlencode({"filter": "views > 500 && status = \"published\"", "sort": "-views", "perPage": "30"},
                           quote_via=urllib.parse.quote)
print("/api/collections/posts/records?" + q)')"
FM_LAYOUT="/fmi/data/vLatest/databases/Music/layouts/Artists"
CK_BASE="/database/1/iCloud.com.example.Gallery/development/public"
CK_AUTH="ckAPIToken=gallery-api-token-0001"

ab_bench() { bench "$@" --max-other "${MAX_OTHER:-400}"; }

fm_token() { # prints a FileMaker session token of the server at $SERVER_URL
  "$PYTHON" -c '
import base64, json, sys, urllib.request
request = urllib.request.Request(sys.argv[1] + "/fmi/data/vLatest/databases/Music/sessions", data=b"{}", method="POST",
    headers={"Content-Type": "application/json",
             "Authorization": "Basic " + base64.b64encode(b"admin:admin-password-123").decode()})
print(json.load(urllib.request.urlopen(request))["response"]["token"])' "$SERVER_URL"
}

# One turn of one binary: starts it on a dialect's fixtures, measures that dialect's rows, stops it.
turn() { # side(before|after) bin dialect
  local side="$1" bin="$2" dialect="$3"
  case "$dialect" in
    rest)
      start_server "rest-$side" "$bin" serve --contract "$ROOT/Contracts/demo/contract.yaml" --fixtures "$TASKS" --port 0
      ab_bench "rest-one-$side" "rest-sync GET by id ($side)" "/projects/$PROJECT/tasks/$TASK"
      ;;
    pocketbase)
      start_server "pb-$side" "$bin" serve --dialect pocketbase --collections "$PB/pb_schema.json" \
        --fixtures "$PB/fixtures" --port 0
      ab_bench "pb-one-$side" "pocketbase view by id ($side)" "/api/collections/posts/records/$POST_ID"
      ab_bench "pb-list-$side" "pocketbase filtered sorted page ($side)" "$PB_LIST"
      ab_bench "pb-varying-$side" "pocketbase filtered sorted page, a new filter each request ($side)" "$PB_LIST" \
        --script "$ROOT/Benchmarks/pocketbase/varying-filter.lua"
      ;;
    filemaker)
      start_server "fm-$side" "$bin" serve --contract "$ROOT/Contracts/music/contract.yaml" --fixtures "$FM" --port 0
      local token
      token="$(fm_token)"
      ab_bench "fm-one-$side" "filemaker record by id ($side)" "$FM_LAYOUT/records/5000" --header "Authorization: Bearer $token"
      ab_bench "fm-find-$side" "filemaker _find ($side)" "$FM_LAYOUT/_find" --header "Authorization: Bearer $token" \
        --post-body "$ROOT/Benchmarks/filemaker/find.json"
      ;;
    cloudkit)
      start_server "ck-$side" "$bin" serve --contract "$ROOT/Contracts/gallery/contract.yaml" --fixtures "$CK" --port 0
      ab_bench "ck-lookup-$side" "cloudkit lookup ($side)" "$CK_BASE/records/lookup?$CK_AUTH" \
        --post-body "$ROOT/Benchmarks/cloudkit/lookup.json"
      ab_bench "ck-query-$side" "cloudkit query ($side)" "$CK_BASE/records/query?$CK_AUTH" \
        --post-body "$ROOT/Benchmarks/cloudkit/query.json"
      ;;
  esac
  stop_server
}

for dialect in ${DIALECTS:-rest pocketbase filemaker cloudkit}; do
  for round in $(seq "$ROUNDS"); do
    log "$dialect, round $round of $ROUNDS"
    turn before "$BEFORE_BIN" "$dialect"
    turn after "$AFTER_BIN" "$dialect"
  done
done

log "summary"
{
  echo "# Before/after — $(date -u +%Y-%m-%dT%H:%MZ)"
  echo
  echo "before: $BEFORE_BIN; after: $AFTER_BIN. $ROUNDS alternating turns per binary and row," \
       "\`taskset -c $WRK_CPU wrk -t$THREADS -c$CONNS -d$DURATION\` after a $WARMUP warm-up, server on core $SERVER_CPU."
  echo
  "$PYTHON" - "$JSONL" <<'PY'
import json, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    row = json.loads(line)
    for run in row["runs"]:
        runs.setdefault(row["name"], []).append(run)

def median(side, key):
    values = [run[key] for run in side if run.get(key)]
    return statistics.median(values) if values else None

rows = sorted({name.rsplit("-", 1)[0] for name in runs})
print("| row | before req/s | after req/s | after / before | server CPU µs/req, before → after | before / after |")
print("|---|---:|---:|---:|---:|---:|")
for row in rows:
    before, after = runs.get(row + "-before"), runs.get(row + "-after")
    if not before or not after:
        continue
    b, a = median(before, "rps"), median(after, "rps")
    cb, ca = median(before, "server_cpu_us_per_req"), median(after, "server_cpu_us_per_req")
    print(f"| {row} | {b:,.0f} | {a:,.0f} | {a / b:.2f} | {cb:.1f} → {ca:.1f} | {cb / ca:.2f} |")
PY
} | tee "$RES/summary.md"
