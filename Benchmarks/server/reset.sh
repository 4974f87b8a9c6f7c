#!/usr/bin/env bash
# What a reset costs next to a snapshot restore, on `treaty serve` with 100,000 tasks.
#
#   Benchmarks/server/reset.sh
#
# Starts the release `treaty serve` (pinned to core $SERVER_CPU) on the demo contract with
# data/fixtures-100k (made by make-fixtures.py when missing), takes a snapshot, then ROUNDS
# times: PATCHes one task, POSTs /__treaty/reset; PATCHes, POSTs the snapshot's restore. Each
# admin call's wall time is taken by the client (python, one keep-alive connection) and the
# medians and maxima are printed, with the restore as the anchor: the goal is reset ≈ restore.
#
# Knobs: ROUNDS=30, TASKS=100000, TREATY_BIN=path (else built into .build-bench), SERVER_CPU=0,
# WRITE=0 to skip the PATCH before each call (then nothing is copied or freed).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$HERE"
source "$ROOT/Benchmarks/lib.sh"
ROUNDS="${ROUNDS:-30}"
TASKS="${TASKS:-100000}"
mkdir -p "$RES"

build_treaty || die "treaty did not build"
dir="data/fixtures-$((TASKS / 1000))k"
[[ -f "$dir/task.json" ]] || "$PYTHON" make-fixtures.py --tasks "$TASKS" --out "$dir"

start_server reset "$TREATY_BIN" serve --contract "$ROOT/Contracts/demo/contract.yaml" --fixtures "$dir" --port 0
"$PYTHON" - "$SERVER_URL" "$ROUNDS" "$dir/task.json" "${WRITE:-1}" <<'PY'
import http.client, json, statistics, sys, time, urllib.parse

url, rounds, tasks, write = urllib.parse.urlparse(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4] == "1"
with open(tasks) as file:
    file.readline()
    first = json.loads(file.readline().rstrip().rstrip(","))
patch_path = f"/projects/{first['project_id']}/tasks/{first['id']}"
connection = http.client.HTTPConnection(url.hostname, url.port)

def call(method, path, body=None):
    headers = {"Content-Type": "application/json"} if body is not None else {}
    start = time.perf_counter()
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    response.read()
    elapsed = time.perf_counter() - start
    if response.status >= 300:
        sys.exit(f"{method} {path} answered {response.status}")
    return elapsed

call("POST", "/__treaty/snapshots/start")
timings = {"reset": [], "restore": []}
for round in range(rounds):
    for kind, path in (("reset", "/__treaty/reset"), ("restore", "/__treaty/snapshots/start/restore")):
        if write:
            call("PATCH", patch_path, json.dumps({"title": f"round {round}"}))
        timings[kind].append(call("POST", path))
restore = statistics.median(timings["restore"])
for kind, values in timings.items():
    median = statistics.median(values)
    print(f"{kind:8} median {median * 1000:7.3f} ms  max {max(values) * 1000:7.3f} ms  ({median / restore:.2f}× restore)")
PY
stop_server
