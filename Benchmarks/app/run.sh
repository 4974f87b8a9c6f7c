#!/usr/bin/env bash
# App benchmark: the whole `swift test` of an app package like Examples/NotesApp whose contract
# yields about 200 generated cases (COPIES=8 notebook/note pairs, 27 cases each), run against the
# in-process simulator through TreatyTesting. Goal (the performance issue): < 2 s.
#
#   Benchmarks/app/run.sh
#
# Prerequisites (installs nothing): a Swift 6.1+ toolchain, python3, hyperfine.
# It generates the package into data/app (make-app.py), builds its tests once (not timed), then:
#   (a) hyperfine: `swift test --skip-build` — the whole run a developer waits for;
#   (b) hyperfine: `swift test --skip-build --filter NoSuchTest` — SwiftPM and the test binary
#       starting with nothing to run, the floor of (a);
#   (c) Swift Testing's own figure for the parameterised test (loading the contract, starting
#       the simulator, every case), read from (a)'s output.
# RUNS (5) timed runs after one warm-up. Outputs in data/ (git-ignored); summary in data/results.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$HERE"
COPIES="${COPIES:-8}"
RUNS="${RUNS:-5}"
PYTHON="${PYTHON:-python3}"
APP="$HERE/data/app"
RES="$HERE/data/results"
mkdir -p "$RES"
command -v hyperfine >/dev/null || { echo "ERROR: hyperfine is missing (apt-get install hyperfine)" >&2; exit 1; }

echo "== generating the app ($COPIES copies of the notes contract)"
"$PYTHON" make-app.py --copies "$COPIES" --out "$APP"
echo "== building its tests (not timed)"
nice -n 15 swift build --build-tests --package-path "$APP" > "$RES/build.log" 2>&1 || { tail -20 "$RES/build.log"; exit 1; }

echo "== (a) swift test --skip-build"
swift test --skip-build --package-path "$APP" > "$RES/test-output.txt" 2>&1 || { tail -30 "$RES/test-output.txt"; exit 1; }
hyperfine --runs "$RUNS" --warmup 1 --export-json "$RES/full.json" \
  "swift test --skip-build --package-path '$APP'" > "$RES/full.txt"
echo "== (b) the same with nothing to run"
hyperfine --runs "$RUNS" --warmup 1 --export-json "$RES/empty.json" \
  "swift test --skip-build --package-path '$APP' --filter NoSuchTest" > "$RES/empty.txt" 2>&1

"$PYTHON" - "$RES" <<'PY' | tee "$RES/summary.md"
import json, re, sys
res = sys.argv[1]
full = json.load(open(f"{res}/full.json"))["results"][0]
empty = json.load(open(f"{res}/empty.json"))["results"][0]
out = open(f"{res}/test-output.txt").read()
cases = re.search(r'with (\d+) test cases passed after ([\d.]+) seconds', out)
count, inner = (int(cases.group(1)), float(cases.group(2))) if cases else (0, float("nan"))
print("| what | seconds, mean ± sd (min) |")
print("|---|---|")
print(f"| (a) `swift test --skip-build`, {count} contract cases | {full['mean']:.2f} ± {full['stddev']:.2f} ({full['min']:.2f}) |")
print(f"| (b) the same with nothing to run (SwiftPM and the test binary's start) | {empty['mean']:.2f} ± {empty['stddev']:.2f} ({empty['min']:.2f}) |")
print(f"| (c) the parameterised test itself, as Swift Testing reports it (last run) | {inner:.2f} |")
print()
print(f"Goal < 2 s for (a): {'met' if full['mean'] < 2 else 'not met'}.")
PY
