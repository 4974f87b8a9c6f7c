#!/usr/bin/env bash
# FileMaker benchmark: `treaty serve` with the music contract (Contracts/music) on 10,000
# artists, next to rest-sync GET-by-id on 10,000 tasks in the same run.
#
#   Benchmarks/filemaker/run.sh
#
# Prerequisites (installs nothing): a Swift 6.1+ toolchain, python3, wrk, taskset/stdbuf,
# 2+ cores:   apt-get install wrk
#
# One server at a time pinned to core $SERVER_CPU (0), wrk pinned to core $WRK_CPU (1):
#   (a) rest-sync  GET /projects/{p}/tasks/{id}                     (Benchmarks/server's fixture)
#   (b) filemaker  GET /fmi/data/vLatest/databases/Music/layouts/Artists/records/{id}  (Bearer token)
#   (c) filemaker  POST …/layouts/Artists/_find with two requests (find.json: Jazz born after 1950,
#                  or a first name starting "Jo"), sorted by born, 30 a page
#   (d) filemaker  the same find with a different body on each request (1,000 rotating `born`
#                  thresholds and first-name starts), so recent finds' kept outcomes never help
#   taskset -c 1 wrk -t1 -c32 -d10s --timeout 10s --latency URL
# after a 2 s warm-up, REPEAT (3) times; the median run by req/s is reported
# (Benchmarks/server/measure.py). Then start-up: launch -> the URL line of `treaty serve` with
# the 10,000 artists, STARTUP_RUNS (5) times. Goal (the FileMaker issue): (c) ≥ 25 % and (b)
# ≥ 70 % of (a); start-up < 500 ms.
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
CONTRACT="$ROOT/Contracts/music/contract.yaml"

require_bench_tools
build_treaty || die "treaty did not build"
[[ -x "$TREATY_BIN" ]] || die "no treaty binary at $TREATY_BIN"

log "data"
"$PYTHON" make-data.py --records "$RECORDS" --seed "$SEED" --out "$SET"
ARTIST="/fmi/data/vLatest/databases/Music/layouts/Artists/records/$((RECORDS / 2))"
FIND="/fmi/data/vLatest/databases/Music/layouts/Artists/_find"

bench_rest_anchor

log "(b), (c) filemaker"
start_server filemaker "$TREATY_BIN" serve --contract "$CONTRACT" --fixtures "$SET" --port 0
TOKEN="$("$PYTHON" -c '
import base64, json, sys, urllib.request
request = urllib.request.Request(sys.argv[1] + "/fmi/data/vLatest/databases/Music/sessions", data=b"{}", method="POST",
    headers={"Content-Type": "application/json",
             "Authorization": "Basic " + base64.b64encode(b"admin:admin-password-123").decode()})
print(json.load(urllib.request.urlopen(request))["response"]["token"])' "$SERVER_URL")"
bench filemaker-one "filemaker GET …/Artists/records/{id}, 10k artists" "$ARTIST" --header "Authorization: Bearer $TOKEN"
bench filemaker-find "filemaker POST …/Artists/_find (2 requests, sorted, 30), 10k artists" "$FIND" \
  --header "Authorization: Bearer $TOKEN" --post-body "$HERE/find.json"
"$PYTHON" - "$HERE/find.json" > "$RES/finds.jsonl" <<'PY'
import json, sys
body = json.load(open(sys.argv[1]))
prefixes = ["Jo", "Mi", "Ni", "El", "Bi", "Ch", "Ar", "Lo", "Sa", "Di"]
for born in range(1900, 2000):
    for prefix in prefixes:
        body["query"] = [{"genre": "==Jazz", "born": f">{born}"}, {"firstName": prefix + "*"}]
        print(json.dumps(body))
PY
bench filemaker-find-varied "filemaker POST …/Artists/_find, a different body each request (1,000 rotating), 10k artists" \
  "$FIND" --header "Authorization: Bearer $TOKEN" --post-bodies "$RES/finds.jsonl"
stop_server

log "start-up"
wait_idle
"$PYTHON" "$MEASURE" startup --name "treaty serve" --label "filemaker, $RECORDS artists" --jsonl "$JSONL" \
  --runs "$STARTUP_RUNS" --cpu "$SERVER_CPU" --pidfile "$RES/.startup.pid" --ready-timeout "$READY_TIMEOUT" \
  --stderr-log "$RES/startup.stderr" -- "$TREATY_BIN" serve --contract "$CONTRACT" --fixtures "$SET" --port 0

log "summary"
summary "FileMaker benchmark" --anchor rest-one --anchor-label "rest-sync GET" --row "filemaker-one=≥ 70 %" --row "filemaker-find=≥ 25 %" --row "filemaker-find-varied=(no repeat: found-set cache misses)"
