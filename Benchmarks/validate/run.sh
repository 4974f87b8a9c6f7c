#!/usr/bin/env bash
# `treaty serve --validate` latency benchmark: what a validating proxy adds per request.
#
#   Benchmarks/validate/run.sh
#
# Three rows, each the same GET of the demo contract's task list (rest-sync, Fixtures/demo,
# three tasks) measured with wrk (Benchmarks/lib.sh: median of REPEAT runs by req/s):
#   direct    wrk -> treaty serve (the "live backend")
#   proxy     wrk -> treaty serve --spy LIVE --no-fixtures -> live
#             (a spy without fixtures forwards every request: a plain proxy)
#   validate  wrk -> treaty serve --validate LIVE -> live, each answer judged by the contract
# The live backend and the proxy share core $SERVER_CPU; wrk runs on $WRK_CPU. The latency a
# proxy adds is its p50/p99 minus the direct row's.
#
# Knobs: DURATION=10s CONNS=32 REPEAT=3 SERVER_CPU=0 WRK_CPU=1 TREATY_BIN=path (else a release
# build in .build-bench). Outputs in Benchmarks/validate/data/ (git-ignored).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$HERE"
source "$ROOT/Benchmarks/lib.sh"
require_bench_tools
build_treaty || die "the release build failed"

CONTRACT="$ROOT/Contracts/demo/contract.yaml"
TASKS="/projects/36F675CC-81E7-4EF5-A8E2-5D940ED90475/tasks"

log "live backend"
start_server live "$TREATY_BIN" serve --contract "$CONTRACT" --fixtures "$ROOT/Fixtures/demo" --port 0 --log-level warning
LIVE_PID="$SERVER_PID"
LIVE_URL="$SERVER_URL"
bench direct "direct: GET tasks from treaty serve" "$TASKS"

log "plain proxy (--spy without fixtures)"
start_server proxy "$TREATY_BIN" serve --contract "$CONTRACT" --no-fixtures --port 0 --log-level warning --spy "$LIVE_URL"
bench proxy "plain proxy: treaty serve --spy, no fixtures" "$TASKS"
stop_server

log "validating proxy"
start_server validate "$TREATY_BIN" serve --contract "$CONTRACT" --no-fixtures --port 0 --log-level warning \
  --validate "$LIVE_URL" --junit "$RES/validate-junit.xml"
bench validate "validating proxy: treaty serve --validate" "$TASKS"
stop_server

SERVER_PID="$LIVE_PID"
stop_server

summary "Validating proxy benchmark" --anchor direct --anchor-label "direct" \
  --row "proxy=(plain proxy)" --row "validate=(validating proxy)"
