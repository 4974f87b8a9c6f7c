#!/usr/bin/env bash
# Soak test of `treaty serve` under faults: see soak.py. SOAK_SECONDS (default 1800),
# SOAK_WORKERS (4), TREATY_BIN (default: a debug build, built here).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
if [[ -z "${TREATY_BIN:-}" ]]; then
  (cd "$ROOT" && swift build --product treaty >/dev/null)
fi
exec python3 "$ROOT/Benchmarks/soak/soak.py"
