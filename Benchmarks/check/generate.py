#!/usr/bin/env python3
"""Deterministic generator for the `treaty check` throughput benchmark.

Writes a compact JSON array of task records shaped like the rest-sync
reference API response of `GET /projects/{project_id}/tasks`:

    {"id","project_id","title","description","state","assignee_id",
     "author_id","watcher_ids","tag_ids","position","created_at",
     "updated_at","version","deleted_at"}   (exactly these keys, this order)

Invariants of a clean (full) list:
  * every task has the same project_id (the scope);
  * ids are unique lowercase UUIDs; watcher_ids / tag_ids sorted ascending, unique;
  * sorted by position ascending, then id ascending (byte-wise); positions >= 0
    and some positions are shared so the id tie-break is exercised;
  * timestamps are UTC "YYYY-MM-DDTHH:MM:SS.mmmZ", updated_at >= created_at
    (== when version is 1, > otherwise);
  * deleted_at is always null; title is 1..80 ASCII characters.

Output is byte-identical for the same (--records, --seed, --violations):
only `random.Random(seed)` and the stdlib `json` encoder are used.

`--violations N` first builds the same clean list, then injects N violations
spread over the file, rotating through three kinds (camelCase key, missing
key, wrong type) and, within each kind, through several fields.  The list of
injected violations is written to the `<out>.meta.json` sidecar, together with
the record count, byte size and seed.

Usage:
    python3 generate.py --records 300000 --out data/tasks-300k.json
    python3 generate.py --records 300000 --violations 100 \
        --out data/tasks-300k-violations.json
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import sys
import time
import uuid

KEYS = (
    "id", "project_id", "title", "description", "state", "assignee_id",
    "author_id", "watcher_ids", "tag_ids", "position", "created_at",
    "updated_at", "version", "deleted_at",
)

WORDS = (
    "sync api task board sprint review deploy cache index query schema "
    "migrate backlog release ticket client server mobile offline conflict "
    "merge retry timeout payload contract endpoint token session audit "
    "report metric latency throughput bundle widget layout render theme "
    "upload download export import search filter sort page cursor batch "
    "queue worker cron webhook notify email invite member role access "
    "permission policy billing invoice plan quota limit storage backup "
    "restore archive label priority estimate due blocked follow-up"
).split()

# Description fragments that exercise the JSON string decoder: escapes,
# multi-byte UTF-8 (2, 3 and 4 bytes), quotes, backslashes, control chars.
SPICE = (
    'see "RFC 3339"', "path C:\\tmp\\sync", "line one\nline two",
    "tab\tseparated", "café crème", "naïve façade", "Grüße aus Köln",
    "日本語のテキスト", "ship it 🚀", "emoji ✅ done", "x < y && y > z",
    "50% off / 2×", "— em dash —", "\u00a0nbsp",
)

STATES = ("todo", "inProgress", "done")
STATE_WEIGHTS = (5, 3, 4)

BASE = dt.datetime(2025, 1, 1, 0, 0, 0, tzinfo=dt.timezone.utc)
YEAR_MS = 365 * 24 * 3600 * 1000


def ts(ms: int) -> str:
    """UTC timestamp with exactly three fraction digits and a Z."""
    t = BASE + dt.timedelta(milliseconds=ms)
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"


def new_uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))  # lowercase


def sentence(rng: random.Random, lo: int, hi: int) -> str:
    """Random words, total length in [lo, hi] characters (ASCII only)."""
    target = rng.randint(lo, hi)
    out = rng.choice(WORDS).capitalize()
    while len(out) < target:
        out += " " + rng.choice(WORDS)
    return out[:hi].rstrip() or "Task"


def build_clean(n: int, seed: int) -> tuple[list[dict], str]:
    rng = random.Random(seed)
    project_id = new_uuid(rng)
    users = sorted(new_uuid(rng) for _ in range(400))
    tags = sorted(new_uuid(rng) for _ in range(60))

    # Positions: non-decreasing, ~10% shared with the previous record.
    positions = []
    pos = rng.randint(0, 3)
    for i in range(n):
        if i and rng.random() >= 0.10:
            pos += rng.randint(1, 3)
        positions.append(pos)

    seen: set[str] = set()
    tasks = []
    for i in range(n):
        tid = new_uuid(rng)
        while tid in seen:  # astronomically unlikely, but keep ids unique
            tid = new_uuid(rng)
        seen.add(tid)

        r = rng.random()
        if r < 0.25:
            description = None
        else:
            description = sentence(rng, 12, 64)
            if r > 0.85:  # ~15% carry escapes / non-ASCII
                cut = rng.randint(0, len(description))
                description = (description[:cut] + " " + rng.choice(SPICE)
                               + " " + description[cut:])
        state = rng.choices(STATES, STATE_WEIGHTS)[0]
        assignee = None if rng.random() < 0.25 else rng.choice(users)
        author = rng.choice(users)
        watchers = sorted(set(rng.sample(users, rng.choices((0, 1, 2), (2, 2, 1))[0])))
        tag_ids = sorted(set(rng.sample(tags, rng.randint(0, 1))))
        created = rng.randrange(0, YEAR_MS)
        version = 1 if rng.random() < 0.35 else rng.randint(2, 40)
        updated = created if version == 1 else created + rng.randint(1, 90 * 24 * 3600 * 1000)

        tasks.append({
            "id": tid,
            "project_id": project_id,
            "title": sentence(rng, 6, 44),
            "description": description,
            "state": state,
            "assignee_id": assignee,
            "author_id": author,
            "watcher_ids": watchers,
            "tag_ids": tag_ids,
            "position": positions[i],
            "created_at": ts(created),
            "updated_at": ts(updated),
            "version": version,
            "deleted_at": None,
        })

    # The contract order: position ascending, then id ascending (byte-wise;
    # ids are ASCII so str comparison is byte-wise).
    tasks.sort(key=lambda t: (t["position"], t["id"]))
    return tasks, project_id


def camel(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(p.capitalize() for p in rest)


def rename_key(task: dict, old: str, new: str) -> dict:
    """Same key order, one key renamed."""
    return {(new if k == old else k): v for k, v in task.items()}


# Rotation of the injected violations: (kind, field) pairs.
CAMEL_FIELDS = ("project_id", "created_at", "assignee_id", "tag_ids", "updated_at", "deleted_at")
MISSING_FIELDS = ("author_id", "state", "version", "watcher_ids", "deleted_at", "title")
WRONG_TYPE = (
    ("position", lambda v: str(v), "integer -> string"),
    ("version", lambda v: str(v), "integer -> string"),
    ("title", lambda v: 42, "string -> number"),
    ("watcher_ids", lambda v: ",".join(v), "array -> string"),
    ("state", lambda v: None, "string -> null"),
    ("deleted_at", lambda v: False, "null -> boolean"),
)


def inject(tasks: list[dict], count: int, seed: int) -> list[dict]:
    if count > len(tasks):
        sys.exit(f"--violations {count} exceeds --records {len(tasks)}")
    rng = random.Random(seed ^ 0x5EED)
    indices = sorted(rng.sample(range(len(tasks)), count))
    manifest = []
    for k, idx in enumerate(indices):
        task = tasks[idx]
        kind = ("camelCaseKey", "missingKey", "wrongType")[k % 3]
        j = k // 3
        if kind == "camelCaseKey":
            key = CAMEL_FIELDS[j % len(CAMEL_FIELDS)]
            tasks[idx] = rename_key(task, key, camel(key))
            detail = f"{key} -> {camel(key)}"
        elif kind == "missingKey":
            key = MISSING_FIELDS[j % len(MISSING_FIELDS)]
            del task[key]
            detail = f"{key} removed"
        else:
            key, change, detail = WRONG_TYPE[j % len(WRONG_TYPE)]
            task[key] = change(task[key])
            detail = f"{key}: {detail}"
        manifest.append({"index": idx, "id": task["id"], "kind": kind,
                         "key": key, "pointer": f"/{idx}", "detail": detail})
    return manifest


def write_array(path: str, tasks: list[dict]) -> int:
    enc = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"),
                           check_circular=False)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(b"[")
        chunk: list[str] = []
        for i, t in enumerate(tasks):
            if i:
                chunk.append(",")
            chunk.append(enc.encode(t))
            if len(chunk) >= 8192:
                f.write("".join(chunk).encode("utf-8"))
                chunk.clear()
        f.write("".join(chunk).encode("utf-8"))
        f.write(b"]")
    os.replace(tmp, path)
    return os.path.getsize(path)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", type=int, default=300_000)
    ap.add_argument("--out", required=True, help="output .json path")
    ap.add_argument("--seed", type=int, default=20250101)
    ap.add_argument("--violations", type=int, default=0,
                    help="inject N violations (camelCase key / missing key / wrong type)")
    args = ap.parse_args()
    if args.records < 1:
        sys.exit("--records must be >= 1")

    t0 = time.perf_counter()
    tasks, project_id = build_clean(args.records, args.seed)
    manifest = inject(tasks, args.violations, args.seed) if args.violations else []
    size = write_array(args.out, tasks)
    elapsed = time.perf_counter() - t0

    meta = {
        "file": os.path.basename(args.out),
        "records": args.records,
        "bytes": size,
        "seed": args.seed,
        "project_id": project_id,
        "violations": manifest,
    }
    with open(args.out + ".meta.json", "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")

    print(f"wrote {args.out}: {args.records} records, {size} bytes "
          f"({size / 1e6:.1f} MB, {size / 2**20:.1f} MiB, "
          f"{size / args.records:.0f} B/record), "
          f"{len(manifest)} violations, {elapsed:.1f}s")


if __name__ == "__main__":
    main()
