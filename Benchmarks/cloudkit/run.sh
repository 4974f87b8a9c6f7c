#!/usr/bin/env bash
# CloudKit benchmark: `treaty serve` with the gallery contract (Contracts/gallery) on 10,000
# artists, next to rest-sync GET-by-id on 10,000 tasks in the same run.
#
#   Benchmarks/cloudkit/run.sh
#
# Prerequisites (installs nothing): a Swift 6.1+ toolchain, python3, wrk, taskset/stdbuf,
# 2+ cores:   apt-get install wrk
#
# One server at a time pinned to core $SERVER_CPU (0), wrk pinned to core $WRK_CPU (1):
#   (a) rest-sync  GET /projects/{p}/tasks/{id}                     (Benchmarks/server's fixture)
#   (b) cloudkit   POST …/public/records/lookup of one record (lookup.json)
#   (c) cloudkit   POST …/public/records/query: born ≥ 1950 and genres LIST_CONTAINS "ink",
#                  sorted by born descending then name, 30 a page (query.json)
#   (d) cloudkit   the same query with a different body on each request (1,000 rotating
#                  thresholds and genres), so kept answers never help
#   taskset -c 1 wrk -t1 -c32 -d10s --timeout 10s --latency URL
# after a 2 s warm-up, REPEAT (3) times; the median run by req/s is reported
# (Benchmarks/server/measure.py). Then start-up: launch -> the URL line of `treaty serve` with
# the 10,000 artists, STARTUP_RUNS (5) times. Goal (the CloudKit issue): (c) ≥ 25 % and (b)
# ≥ 70 % of (a).
#
# Environment knobs: as Benchmarks/lib.sh (DURATION, CONNS, REPEAT, SERVER_CPU, WRK_CPU,
# STARTUP_RUNS, IDLE_WAIT, TREATY_BIN, PYTHON), and RECORDS=10000 SEED=42.
# Outputs go to data/ (git-ignored): the data set, wrk and server logs, results.jsonl and
# summary.md in data/results/.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$HERE"

source "$ROOT/Benchmarks/lib.sh"
RECORDS="${RECORDS:-10000}"
SEED="${SEED:-42}"
SET="data/set-$((RECORDS / 1000))k"
CONTRACT="$ROOT/Contracts/gallery/contract.yaml"
BASE="/database/1/iCloud.com.example.Gallery/development/public"
AUTH="ckAPIToken=gallery-api-token-0001"

require_bench_tools
build_treaty || die "treaty did not build"
[[ -x "$TREATY_BIN" ]] || die "no treaty binary at $TREATY_BIN"

log "data"
"$PYTHON" make-data.py --records "$RECORDS" --seed "$SEED" --out "$SET"

bench_rest_anchor

log "(b), (c), (d) cloudkit"
start_server cloudkit "$TREATY_BIN" serve --contract "$CONTRACT" --fixtures "$SET" --port 0
bench cloudkit-lookup "cloudkit POST …/records/lookup, one record of 10k" "$BASE/records/lookup?$AUTH" \
  --post-body "$HERE/lookup.json"
bench cloudkit-query "cloudkit POST …/records/query (2 filters, 2 sorts, 30), 10k artists" "$BASE/records/query?$AUTH" \
  --post-body "$HERE/query.json"
"$PYTHON" - "$HERE/query.json" > "$RES/queries.jsonl" <<'PY'
import json, sys
body = json.load(open(sys.argv[1]))
genres = ["ink", "landscape", "sculpture", "photography", "portrait", "abstract", "ink", "ink", "landscape", "portrait"]
for born in range(1900, 2000):
    for genre in genres:
        body["query"]["filterBy"][0]["fieldValue"]["value"] = born
        body["query"]["filterBy"][1]["fieldValue"]["value"] = genre
        print(json.dumps(body))
PY
bench cloudkit-query-varied "cloudkit POST …/records/query, a different body each request (1,000 rotating), 10k artists" \
  "$BASE/records/query?$AUTH" --post-bodies "$RES/queries.jsonl"
stop_server

log "start-up"
wait_idle
"$PYTHON" "$MEASURE" startup --name "treaty serve" --label "cloudkit, $RECORDS artists" --jsonl "$JSONL" \
  --runs "$STARTUP_RUNS" --cpu "$SERVER_CPU" --pidfile "$RES/.startup.pid" --ready-timeout "$READY_TIMEOUT" \
  --stderr-log "$RES/startup.stderr" -- "$TREATY_BIN" serve --contract "$CONTRACT" --fixtures "$SET" --port 0

log "summary"
summary "CloudKit benchmark" --anchor rest-one --anchor-label "rest-sync GET" --row "cloudkit-lookup=≥ 70 %" --row "cloudkit-query=≥ 25 %" --row "cloudkit-query-varied=(no repeat: kept answers miss)"
