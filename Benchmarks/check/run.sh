#!/usr/bin/env bash
# Throughput benchmark: `treaty check` vs. the orjson + jsonschema-rs anchor.
#
#   Benchmarks/check/run.sh
#
# Environment knobs (all optional):
#   RECORDS=300000     records in the generated files
#   VIOLATIONS=100     violations injected into the secondary file
#   RUNS=3             timed runs per command (hyperfine, or a plain loop)
#   WARMUP=0           extra hyperfine warm-up runs (the instrumented
#                      /usr/bin/time run before it already warms the page cache)
#   PYTHON=python3     interpreter for generate.py / anchor.py
#   NO_HYPERFINE=1     time with a plain loop even if hyperfine is installed
#   SKIP_ANCHOR=1      do not run the anchor
#   SKIP_TREATY=1      do not build / run treaty
#   TREATY_BIN=path    use this treaty binary instead of building one
#   CONTRACT=path      contract (default: $ROOT/Contracts/demo/contract.yaml)
#
# Outputs go to data/ (git-ignored); per-command logs and the summary to
# data/results/.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$HERE"

RECORDS="${RECORDS:-300000}"
VIOLATIONS="${VIOLATIONS:-100}"
RUNS="${RUNS:-3}"
WARMUP="${WARMUP:-0}"
PYTHON="${PYTHON:-python3}"
CONTRACT="${CONTRACT:-$ROOT/Contracts/demo/contract.yaml}"
ENDPOINT="GET /projects/{project_id}/tasks"

if (( RECORDS % 1000 == 0 )); then TAG="$((RECORDS / 1000))k"; else TAG="$RECORDS"; fi
CLEAN="data/tasks-$TAG.json"
DIRTY="data/tasks-$TAG-violations.json"
RES="data/results"
RESULTS="$RES/results.jsonl"

log()  { printf '\n== %s\n' "$*"; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die()  { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

# --- prerequisites -----------------------------------------------------------
command -v "$PYTHON" >/dev/null || die "$PYTHON not found"
# Resolve to the real interpreter: a pyenv/asdf shim adds ~0.1 s per launch.
PYTHON="$("$PYTHON" -c 'import sys; print(sys.executable)')"
[[ -x /usr/bin/time ]] || die "/usr/bin/time (GNU time) not found: apt-get install time"
HAVE_HYPERFINE=0
if [[ "${NO_HYPERFINE:-0}" != 1 ]] && command -v hyperfine >/dev/null; then HAVE_HYPERFINE=1
else warn "hyperfine not used (not installed: apt-get install hyperfine, or NO_HYPERFINE=1); timing with a plain loop"; fi

mkdir -p data "$RES"
rm -f "$RES"/*   # results of the previous run
: >"$RESULTS"

# --- data --------------------------------------------------------------------
# Regenerate when the file or its sidecar is missing or was made with other
# parameters (the generator is deterministic, so this is only about staleness).
ensure_data() { # file violations
  local file="$1" nviol="$2"
  if [[ -f "$file" && -f "$file.meta.json" ]] &&
     "$PYTHON" - "$file" "$RECORDS" "$nviol" <<'PY'
import json, os, sys
f, n, v = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
m = json.load(open(f + ".meta.json"))
ok = m["records"] == n and len(m["violations"]) == v and m["bytes"] == os.path.getsize(f)
sys.exit(0 if ok else 1)
PY
  then
    echo "using existing $file"
  else
    local extra=()
    (( nviol > 0 )) && extra=(--violations "$nviol")
    "$PYTHON" generate.py --records "$RECORDS" "${extra[@]}" --out "$file"
  fi
}

log "data"
ensure_data "$CLEAN" 0
ensure_data "$DIRTY" "$VIOLATIONS"

# --- measurement helpers -----------------------------------------------------
shq() { printf "'%s'" "${1//\'/\'\\\'\'}"; }   # POSIX single-quote one word
# Busy CPU time of the whole machine (all cores), in clock ticks.
cpu_busy() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }
CLK_TCK="$(getconf CLK_TCK)"

# measure TOOL FILE CMD...
#   1 instrumented run under /usr/bin/time -v  -> peak RSS, exit code, output
#   RUNS timed runs (hyperfine if present)     -> mean / stddev / min / max
#   machine busy CPU during the timed runs minus the command's own CPU
#                                              -> "other CPU" (contention check)
# Appends one JSON line to $RESULTS.
measure() {
  local tool="$1" file="$2"; shift 2
  local slug; slug="$tool-$(basename "$file" .json)"
  local cmdline="" w
  for w in "$@"; do cmdline+="${cmdline:+ }$(shq "$w")"; done

  echo "-- $tool on $file"
  echo "   \$ $cmdline"
  local rc=0
  /usr/bin/time -v -o "$RES/$slug.time" "$@" >"$RES/$slug.out" 2>"$RES/$slug.err" || rc=$?
  local rss_kb
  rss_kb="$(awk -F': ' '/Maximum resident set size/ {print $2}' "$RES/$slug.time")"
  echo "   exit $rc, peak RSS $((rss_kb / 1024)) MiB (output: $RES/$slug.out)"
  if (( rc != 0 )) && [[ -s "$RES/$slug.err" ]]; then
    head -n 5 "$RES/$slug.err" | sed 's/^/   ! /'
  fi

  local times="$RES/$slug.times" own="$RES/$slug.own-cpu" busy0 busy1 w1
  busy0="$(cpu_busy)"; local w0; w0="$(date +%s%N)"
  if (( HAVE_HYPERFINE )); then
    hyperfine --style basic --runs "$RUNS" --warmup "$WARMUP" --ignore-failure \
      --command-name "$tool $(basename "$file")" \
      --export-json "$RES/$slug.hyperfine.json" -- "$cmdline" | sed 's/^/   /'
    busy1="$(cpu_busy)"; w1="$(date +%s%N)"
    "$PYTHON" - "$RES/$slug.hyperfine.json" "$times" "$own" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
open(sys.argv[2], "w").write("\n".join(map(str, r["times"])) + "\n")
open(sys.argv[3], "w").write(f"{(r['user'] + r['system']) * len(r['times'])}\n")
PY
  else
    : >"$times"
    : >"$own.runs"
    local i t0 t1
    for ((i = 1; i <= RUNS; i++)); do
      t0="$(date +%s%N)"
      /usr/bin/time -f '%U %S' -a -o "$own.runs" "$@" >/dev/null 2>&1 || true
      t1="$(date +%s%N)"
      awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", (b - a) / 1e9 }' >>"$times"
      echo "   run $i: $(tail -n1 "$times") s"
    done
    busy1="$(cpu_busy)"; w1="$(date +%s%N)"
    awk 'NF == 2 && $1 ~ /^[0-9.]+$/ { s += $1 + $2 } END { print s + 0 }' "$own.runs" >"$own"
  fi

  "$PYTHON" - "$tool" "$file" "$rc" "$rss_kb" "$times" "$RES/$slug.out" \
    "$(( busy1 - busy0 ))" "$CLK_TCK" "$own" "$(( (w1 - w0) / 1000000 ))" >>"$RESULTS" <<'PY'
import json, statistics, sys
tool, file, rc, rss_kb, times_path, out_path, busy, tck, own_path, window_ms = sys.argv[1:11]
times = [float(x) for x in open(times_path).read().split()]
own = float(open(own_path).read().strip() or 0)
other = max(0.0, int(busy) / int(tck) - own)
meta = json.load(open(file + ".meta.json"))
row = {
    "tool": tool, "file": file, "records": meta["records"], "bytes": meta["bytes"],
    "injected": len(meta["violations"]), "exit": int(rc), "rss_kb": int(rss_kb),
    "runs": len(times), "mean_s": statistics.mean(times),
    "stddev_s": statistics.stdev(times) if len(times) > 1 else 0.0,
    "min_s": min(times), "max_s": max(times),
    # CPU seconds used by anything else (incl. hyperfine itself) while the
    # timed runs ran, as % of one core over that window: > ~10% means the
    # figures are probably contaminated by other load.
    "other_cpu_s": round(other, 2),
    "other_cpu_pct": round(100 * other / max(int(window_ms) / 1000, 1e-3), 1),
}
for line in open(out_path, errors="replace"):
    if line.startswith("RESULT "):          # anchor.py's machine-readable line
        row["detail"] = json.loads(line[len("RESULT "):])
print(json.dumps(row))
PY
}

# --- anchor ------------------------------------------------------------------
if [[ "${SKIP_ANCHOR:-0}" == 1 ]]; then
  log "anchor: skipped (SKIP_ANCHOR=1)"
else
  log "anchor: orjson + jsonschema-rs"
  "$PYTHON" -c 'import orjson, jsonschema_rs' 2>/dev/null ||
    die "anchor needs: $PYTHON -m pip install jsonschema-rs orjson"
  measure anchor "$CLEAN" "$PYTHON" anchor.py "$CLEAN"
  measure anchor "$DIRTY" "$PYTHON" anchor.py "$DIRTY"
fi

# --- treaty ------------------------------------------------------------------
TREATY=""
if [[ "${SKIP_TREATY:-0}" == 1 ]]; then
  log "treaty: skipped (SKIP_TREATY=1)"
elif [[ -n "${TREATY_BIN:-}" ]]; then
  TREATY="$TREATY_BIN"
  log "treaty: using TREATY_BIN=$TREATY"
  [[ -x "$TREATY" ]] || { warn "TREATY_BIN is not executable; skipping treaty"; TREATY=""; }
elif ! command -v swift >/dev/null; then
  log "treaty: SKIPPED -- swift toolchain not found"
else
  log "treaty: swift build -c release --package-path $ROOT"
  if swift build -c release --package-path "$ROOT" >"$RES/treaty-build.log" 2>&1 &&
     [[ -x "$ROOT/.build/release/treaty" ]]; then
    TREATY="$ROOT/.build/release/treaty"
  else
    tail -n 15 "$RES/treaty-build.log" | sed 's/^/   | /'
    echo "treaty: SKIPPED -- release build failed or produced no treaty binary" \
         "(full log: $HERE/$RES/treaty-build.log)"
  fi
fi
if [[ -n "$TREATY" && ! -f "$CONTRACT" ]]; then
  echo "treaty: SKIPPED -- contract not found: $CONTRACT"
  TREATY=""
fi
if [[ -n "$TREATY" ]]; then
  measure treaty "$CLEAN" "$TREATY" check --contract "$CONTRACT" --endpoint "$ENDPOINT" "$CLEAN"
  measure treaty "$DIRTY" "$TREATY" check --contract "$CONTRACT" --endpoint "$ENDPOINT" "$DIRTY"
  # One thread, as the anchor runs: the per-thread comparison.
  measure treaty-jobs1 "$CLEAN" "$TREATY" check --jobs 1 --contract "$CONTRACT" --endpoint "$ENDPOINT" "$CLEAN"
fi

# --- summary -----------------------------------------------------------------
log "summary"
{
  echo "host: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr)"
  echo "python: $("$PYTHON" -c 'import sys; print(sys.version.split()[0])')," \
       "orjson $("$PYTHON" -c 'import importlib.metadata as m; print(m.version("orjson"))' 2>/dev/null || echo '?')," \
       "jsonschema-rs $("$PYTHON" -c 'import importlib.metadata as m; print(m.version("jsonschema-rs"))' 2>/dev/null || echo '?')"
  (( HAVE_HYPERFINE )) && echo "timing: $(hyperfine --version), $RUNS runs, warmup $WARMUP" \
                       || echo "timing: shell loop, $RUNS runs"
  "$PYTHON" - "$RESULTS" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
if not rows:
    print("(no results)"); sys.exit(0)
hdr = ("tool", "file", "seconds mean ± sd (min)", "MB/s", "records/s", "peak RSS MiB", "exit",
       "other CPU", "note")
out = []
for r in rows:
    s = r["mean_s"]
    note = ""
    d = r.get("detail")
    if d is not None:
        note = (f"parse {d['parse_s']:.2f}s + is_valid {d['is_valid_s']:.2f}s"
                + (f" + iter_errors {d['iter_errors_s']:.2f}s, {d['errors']} errors"
                   if d.get("errors") is not None else ""))
    expected = 0 if r["injected"] == 0 else None
    if expected is not None and r["exit"] != expected:
        note = (note + "; " if note else "") + f"UNEXPECTED exit {r['exit']} on a clean file"
    if r["injected"] and r["exit"] == 0:
        note = (note + "; " if note else "") + "exit 0 despite injected violations"
    out.append((r["tool"], r["file"].split("/")[-1], f"{s:.3f} ± {r['stddev_s']:.3f} ({r['min_s']:.3f})",
                f"{r['bytes'] / 1e6 / s:.1f}", f"{r['records'] / s:,.0f}",
                f"{r['rss_kb'] / 1024:,.0f}", str(r["exit"]), f"{r['other_cpu_pct']:.0f}%", note))
w = [max(len(str(x[i])) for x in out + [hdr]) for i in range(len(hdr))]
line = lambda cells: "| " + " | ".join(str(c).ljust(w[i]) for i, c in enumerate(cells)) + " |"
print(line(hdr))
print("|" + "|".join("-" * (x + 2) for x in w) + "|")
for o in out:
    print(line(o))
busy = [r for r in rows if r["other_cpu_pct"] > 10]
r0 = rows[0]
print(f"\nseconds = whole-process wall time over {r0['runs']} runs; MB/s and records/s "
      f"from the mean; MB = 10^6 bytes "
      f"({r0['bytes'] / 1e6:.1f} MB, {r0['records']:,} records); "
      f"peak RSS from /usr/bin/time -v; other CPU = CPU used by other processes "
      f"during the timed runs, % of one core.")
if busy:
    print("WARNING: the machine was not idle during "
          + ", ".join(f"{r['tool']} {r['file'].split('/')[-1]}" for r in busy)
          + " (other CPU > 10%); rerun on an idle machine.")
PY
} | tee "$RES/summary.md"
echo
echo "results: $HERE/$RES/ (summary.md, results.jsonl, per-command .out/.err/.time)"
