#!/usr/bin/env python3
"""Anchor for the `treaty check` throughput benchmark: orjson + jsonschema-rs.

Loads a task-list JSON file with orjson and validates it against
task-list.schema.json (draft 2020-12) with `jsonschema_rs.validator_for`:

  1. compile the schema (validator_for);
  2. read the file and parse it with orjson.loads;
  3. validator.is_valid(instance)       -- full traversal on a valid file,
                                           short-circuits on an invalid one;
  4. if invalid (or --errors): iterate validator.iter_errors(instance) and
     count every error (this is the "report all violations" work).

Python's cyclic GC is disabled by default (--gc re-enables it): it does no
useful work on a freshly parsed acyclic tree but costs ~2x on orjson.loads.
At exit the process skips the teardown of the parsed tree (os._exit).

Prints a per-phase breakdown, then throughput (MB = 10^6 bytes) computed
from the in-process time (steps 2-4; interpreter start-up and imports are
not included -- for whole-process wall time run it under hyperfine, and for
peak RSS under `/usr/bin/time -v`, as run.sh does).  The last line is
`RESULT {json}` for scripts.  Exit status: 0 valid, 1 invalid, 2 usage error.

    python3 anchor.py data/tasks-300k.json
    /usr/bin/time -v python3 anchor.py data/tasks-300k-violations.json
"""

from __future__ import annotations

import time

T_START = time.perf_counter()

import argparse  # noqa: E402
import gc  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402

import jsonschema_rs  # noqa: E402
import orjson  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def version_of(dist: str) -> str:
    try:
        from importlib.metadata import version
        return version(dist)
    except Exception:  # pragma: no cover
        return "?"


def main() -> int:
    ap = argparse.ArgumentParser(description="orjson + jsonschema-rs anchor")
    ap.add_argument("file", help="task-list JSON file")
    ap.add_argument("--schema", default=os.path.join(HERE, "task-list.schema.json"))
    ap.add_argument("--errors", action="store_true",
                    help="iterate errors even if is_valid() is true")
    ap.add_argument("--show", type=int, default=5,
                    help="print the first N errors (default 5)")
    ap.add_argument("--gc", action="store_true",
                    help="keep Python's cyclic GC enabled (default: disabled, "
                         "as for any bulk load; it only re-scans the parsed tree)")
    args = ap.parse_args()
    if not args.gc:
        gc.disable()
    t_imports = time.perf_counter() - T_START

    with open(args.schema, "rb") as f:
        schema = orjson.loads(f.read())
    t0 = time.perf_counter()
    validator = jsonschema_rs.validator_for(schema)
    t_compile = time.perf_counter() - t0

    t0 = time.perf_counter()
    with open(args.file, "rb") as f:
        raw = f.read()
    t_read = time.perf_counter() - t0
    size = len(raw)

    t0 = time.perf_counter()
    instance = orjson.loads(raw)
    t_parse = time.perf_counter() - t0
    del raw
    records = len(instance) if isinstance(instance, list) else 0

    t0 = time.perf_counter()
    valid = validator.is_valid(instance)
    t_is_valid = time.perf_counter() - t0

    n_errors = 0
    shown = []
    t_iter = 0.0
    if args.errors or not valid:
        t0 = time.perf_counter()
        for err in validator.iter_errors(instance):
            n_errors += 1
            if len(shown) < args.show:
                ptr = "/" + "/".join(str(p) for p in err.instance_path)
                shown.append(f"{ptr}: {err.message}")
        t_iter = time.perf_counter() - t0

    total = t_read + t_parse + t_is_valid + t_iter
    mb = size / 1e6

    def rate(seconds: float) -> str:
        if seconds <= 0:
            return "n/a"
        return f"{mb / seconds:8.1f} MB/s  {records / seconds:12,.0f} records/s"

    print(f"anchor: orjson {version_of('orjson')} + jsonschema-rs "
          f"{version_of('jsonschema-rs')} (Python {sys.version.split()[0]}, "
          f"gc {'on' if args.gc else 'off'})")
    print(f"file:   {args.file}  {size:,} bytes ({mb:.1f} MB), {records:,} records")
    print(f"  imports            {t_imports:8.3f} s")
    print(f"  compile schema     {t_compile:8.3f} s")
    print(f"  read file          {t_read:8.3f} s")
    print(f"  orjson.loads       {t_parse:8.3f} s   {rate(t_parse)}")
    print(f"  is_valid -> {str(valid):5s}  {t_is_valid:8.3f} s   {rate(t_is_valid)}")
    if args.errors or not valid:
        print(f"  iter_errors        {t_iter:8.3f} s   {n_errors:,} errors")
        for line in shown:
            print(f"    {line}")
    print(f"  total (read..end)  {total:8.3f} s   {rate(total)}")
    print(f"  process (in-proc)  {time.perf_counter() - T_START:8.3f} s")
    result = {
        "file": args.file, "gc": args.gc, "bytes": size, "records": records, "valid": valid,
        "errors": n_errors if (args.errors or not valid) else None,
        "imports_s": round(t_imports, 4), "compile_s": round(t_compile, 4),
        "read_s": round(t_read, 4), "parse_s": round(t_parse, 4),
        "is_valid_s": round(t_is_valid, 4), "iter_errors_s": round(t_iter, 4),
        "total_s": round(total, 4),
    }
    print("RESULT " + json.dumps(result))
    sys.stdout.flush()
    # Skip tearing down ~millions of Python objects at exit: it is not part of
    # validation and would only inflate the whole-process wall time.
    os._exit(0 if valid else 1)


if __name__ == "__main__":
    sys.exit(main())
