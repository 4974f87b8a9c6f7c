#!/usr/bin/env bash
# The hostile-file matrix: see run.py. Builds treaty unless TREATY_BIN names a binary.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
if [[ -z "${TREATY_BIN:-}" ]]; then
  (cd "$ROOT" && swift build --product treaty >/dev/null)
fi
exec python3 "$ROOT/Benchmarks/hostile/run.py"
