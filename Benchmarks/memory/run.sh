#!/usr/bin/env bash
# Memory per record: `treaty serve` RSS right after start-up with 10,000 and 100,000 records,
# for rest-sync (the demo contract's tasks, Benchmarks/server/make-fixtures.py) and PocketBase
# (the benchmark's posts, Benchmarks/pocketbase/make-data.py), against the fixture bytes.
#
#   Benchmarks/memory/run.sh
#
# Each figure is the median VmRSS of RUNS (3) starts, read once the `treaty: serving` line is
# printed. "per fixture byte" is RSS / fixture bytes; "marginal" is (RSS - the same server with
# no records) / fixture bytes — what the records themselves cost. Installs nothing; needs python3
# and a treaty binary (TREATY_BIN, default: a release build into .build-bench).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$HERE"
source "$ROOT/Benchmarks/lib.sh"
RUNS="${RUNS:-3}"
build_treaty || die "treaty did not build"

mkdir -p data
for n in 10000 100000; do
  k=$((n / 1000))k
  [[ -f "data/tasks-$k/task.json" ]] || "$PYTHON" "$ROOT/Benchmarks/server/make-fixtures.py" --tasks "$n" --out "data/tasks-$k"
  [[ -d "data/posts-$k/fixtures" ]] || "$PYTHON" "$ROOT/Benchmarks/pocketbase/make-data.py" --records "$n" --seed 42 --out "data/posts-$k"
done
mkdir -p data/empty-tasks

rss() { # label fixture-dir command... -> prints "label bytes rss_kb"
  local label="$1" dir="$2"; shift 2
  local samples=() i pid log
  for ((i = 0; i < RUNS; i++)); do
    log="$(mktemp)"
    "$@" --port 0 >"$log" 2>&1 &
    pid=$!
    for _ in $(seq 1 600); do grep -q "serving" "$log" && break; sleep 0.05; done
    samples+=("$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")")
    kill "$pid"; wait "$pid" 2>/dev/null || true; rm -f "$log"
  done
  local median; median="$(printf '%s\n' "${samples[@]}" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p")"
  local bytes=0
  [[ -n "$dir" ]] && bytes="$(du -sb "$dir" | cut -f1)"
  echo "$label $bytes $median"
}

{
  rss rest-empty "" "$TREATY_BIN" serve --contract "$ROOT/Contracts/demo/contract.yaml" --fixtures data/empty-tasks
  rss rest-10k data/tasks-10k "$TREATY_BIN" serve --contract "$ROOT/Contracts/demo/contract.yaml" --fixtures data/tasks-10k
  rss rest-100k data/tasks-100k "$TREATY_BIN" serve --contract "$ROOT/Contracts/demo/contract.yaml" --fixtures data/tasks-100k
  rss pb-empty "" "$TREATY_BIN" serve --dialect pocketbase --collections data/posts-10k/pb_schema.json
  rss pb-10k data/posts-10k/fixtures "$TREATY_BIN" serve --dialect pocketbase --collections data/posts-10k/pb_schema.json --fixtures data/posts-10k/fixtures
  rss pb-100k data/posts-100k/fixtures "$TREATY_BIN" serve --dialect pocketbase --collections data/posts-100k/pb_schema.json --fixtures data/posts-100k/fixtures
} > data/rss.txt

mkdir -p data/results
"$PYTHON" - data/rss.txt <<'PY' | tee data/results/summary.md
import sys
rows = {label: (int(b), int(kb)) for label, b, kb in (line.split() for line in open(sys.argv[1]))}
print("| store | records | fixture bytes | VmRSS after start | RSS per fixture byte | marginal (over no records) |")
print("|---|---:|---:|---:|---:|---:|")
for dialect, empty in (("rest", "rest-empty"), ("pb", "pb-empty")):
    base = rows[empty][1] * 1024
    name = "rest-sync (tasks)" if dialect == "rest" else "pocketbase (posts)"
    print(f"| {name} | 0 | 0 | {base / 2**20:.0f} MiB | – | – |")
    for k in ("10k", "100k"):
        b, kb = rows[f"{dialect}-{k}"]
        rss = kb * 1024
        print(f"| {name} | {k.replace('k', ',000')} | {b / 1e6:.1f} MB | {rss / 2**20:.0f} MiB | {rss / b:.1f} | {(rss - base) / b:.1f} |")
PY
