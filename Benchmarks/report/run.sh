#!/usr/bin/env bash
# The HTML report of a 10,000-finding run: how big it is, how long `treaty check --html` takes to
# write it, and how long it takes to open in a real headless Chromium — beside a one-finding
# report (the anchor) opened in the same run.
#
#   Benchmarks/report/run.sh
#
# Knobs: FINDINGS=10000 REPEAT=3 TREATY_BIN=path (else a release build in .build-bench).
# Needs chromium, chromedriver and the Python packages of Tests/TreatyCLITests/Browser/page_check.py.
# Outputs in Benchmarks/report/data/.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$HERE"
source "$ROOT/Benchmarks/lib.sh"
build_treaty || die "the release build failed"

FINDINGS="${FINDINGS:-10000}"
CHECK="$ROOT/Tests/TreatyCLITests/Browser/page_check.py"
mkdir -p data
"$PYTHON" make-payload.py "$FINDINGS" data/tasks.json
"$PYTHON" make-payload.py 1 data/one.json

write_report() {  # NAME PAYLOAD -> prints seconds taken
  local start end
  start="$(date +%s.%N)"
  (cd "$ROOT" && "$TREATY_BIN" check --contract Contracts/demo/contract.yaml \
    --endpoint "GET /projects/{project_id}/tasks" --max-violations $((FINDINGS * 2)) \
    --html "$HERE/data/$1.html" "$HERE/$2" >/dev/null 2>&1) || [ $? -eq 1 ]
  end="$(date +%s.%N)"
  "$PYTHON" -c "print(round($end - $start, 3))"
}

open_ms() {  # NAME -> median load time in ms over REPEAT opens
  local times=()
  for _ in $(seq "$REPEAT"); do
    times+=("$("$PYTHON" "$CHECK" "file://$HERE/data/$1.html" --screenshot "data/$1.png" --skip-axe \
      | "$PYTHON" -c 'import json,sys; print(json.load(sys.stdin)["load_ms"])')")
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (REPEAT + 1) / 2 ))p"
}

log "writing the reports"
big_write="$(write_report big data/tasks.json)"
one_write="$(write_report one data/one.json)"
log "opening them in Chromium ($REPEAT times each)"
big_open="$(open_ms big)"
one_open="$(open_ms one)"
big_size="$(stat -c %s data/big.html)"
one_size="$(stat -c %s data/one.html)"
{
  echo "| report | findings | size (bytes) | written in (s) | opened in (ms, median of $REPEAT) |"
  echo "|---|---:|---:|---:|---:|"
  echo "| one finding (anchor) | 1 | $one_size | $one_write | $one_open |"
  echo "| large | $FINDINGS | $big_size | $big_write | $big_open |"
  echo
  echo "open-time ratio large/anchor: $("$PYTHON" -c "print(round($big_open / max(1, $one_open), 2))")"
} | tee data/summary.md
