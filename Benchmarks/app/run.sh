#!/usr/bin/env bash
# App benchmark: the whole `swift test` of an app package like Examples/NotesApp whose contract
# yields about 200 generated cases (COPIES=8 notebook/note pairs, 27 cases each), run against the
# in-process simulator through TreatyTesting. Goal (the performance issue): < 2 s.
#
#   Benchmarks/app/run.sh
#
# Prerequisites (installs nothing): a Swift 6.1+ toolchain, python3.
# It generates the package into data/app (make-app.py), builds its tests once (not timed), then:
#   (a) `swift test --skip-build` — the whole run a developer waits for;
#   (b) `swift test --skip-build --filter NoSuchTest` — SwiftPM and the test binary starting
#       with nothing to run, the floor of (a);
#   (c) Swift Testing's own figure for the parameterised test (loading the contract, starting
#       the simulator, every case), read from (a)'s output.
# RUNS (5) timed runs after two warm-ups, timed by a plain loop: hyperfine adds a randomly sized
# environment variable to every run, and SwiftPM re-reads its manifest whenever the environment
# changes (about 1 s), so hyperfine measures SwiftPM's planning rather than the tests.
# Outputs in data/ (git-ignored); summary in data/results.
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

echo "== generating the app ($COPIES copies of the notes contract)"
"$PYTHON" make-app.py --copies "$COPIES" --out "$APP"
echo "== building its tests (not timed)"
nice -n 15 swift build --build-tests --package-path "$APP" > "$RES/build.log" 2>&1 || { tail -20 "$RES/build.log"; exit 1; }

echo "== (a) swift test --skip-build"
swift test --skip-build --package-path "$APP" > "$RES/test-output.txt" 2>&1 || { tail -30 "$RES/test-output.txt"; exit 1; }
time_runs() { # name args... -> data/results/NAME.times (seconds, one per run)
  local name="$1" i start end; shift
  for i in 1 2; do swift test --skip-build --package-path "$APP" "$@" </dev/null >/dev/null 2>&1 || true; done
  : > "$RES/$name.times"
  for ((i = 0; i < RUNS; i++)); do
    start=$(date +%s%N)
    swift test --skip-build --package-path "$APP" "$@" </dev/null >/dev/null 2>&1 || true
    end=$(date +%s%N)
    echo "scale=3; ($end - $start) / 1000000000" | bc >> "$RES/$name.times"
  done
}
time_runs full
echo "== (b) the same with nothing to run"
time_runs empty --filter NoSuchTest

"$PYTHON" - "$RES" <<'PY' | tee "$RES/summary.md"
import re, statistics, sys
res = sys.argv[1]
def stats(name):
    times = [float(line) for line in open(f"{res}/{name}.times") if line.strip()]
    return {"mean": statistics.mean(times), "stddev": statistics.pstdev(times), "min": min(times)}
full, empty = stats("full"), stats("empty")
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
