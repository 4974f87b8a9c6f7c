#!/usr/bin/env python3
"""Fixture sets for the server benchmark (demo contract, rest-sync).

Writes <out>/user.json, project.json, tag.json and task.json, each a JSON
array, in the shape of Fixtures/demo/*.json (Contracts/demo/contract.yaml):

  * users, projects and tags are the demo fixture set's own records (read
    from Fixtures/demo/, versions 1..8);
  * N tasks, all in the first demo project, each referencing existing users
    (author, assignee, watchers) and tags; unique uppercase UUID ids;
    position 0..N-1 (so the list is already in the contract's order);
    created_at == updated_at, spaced one second apart from
    2025-01-01T05:00:00.000Z; version 9..8+N (unique across the set);
    deleted_at null. watcher_ids / tag_ids are sorted and unique.

Deterministic: the same --tasks and --seed give byte-identical files.
One record per line, compact (about 500 bytes a task).

    python3 make-fixtures.py --tasks 10000  --out data/fixtures-10k
    python3 make-fixtures.py --tasks 100000 --out data/fixtures-100k
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
DEMO = os.path.normpath(os.path.join(HERE, "..", "..", "Fixtures", "demo"))

WORDS = (
    "sync api task board sprint review deploy cache index query schema "
    "migrate backlog release ticket client server mobile offline conflict "
    "merge retry timeout payload contract endpoint token session audit "
    "report metric latency bundle widget layout render theme upload export "
    "search filter page cursor batch queue worker webhook notify invite"
).split()
STATES = ("todo", "inProgress", "done")
START = dt.datetime(2025, 1, 1, 5, 0, 0, tzinfo=dt.timezone.utc)


def ts(t: dt.datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"


def words(rng: random.Random, lo: int, hi: int) -> str:
    n = rng.randint(lo, hi)
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize()


def load(name: str) -> list[dict]:
    with open(os.path.join(DEMO, name), encoding="utf-8") as f:
        return json.load(f)


def dump(path: str, records: list[dict]) -> None:
    lines = [json.dumps(r, separators=(",", ":"), ensure_ascii=False) for r in records]
    with open(path, "w", encoding="utf-8") as f:
        f.write("[\n" + ",\n".join(lines) + "\n]\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tasks", type=int, required=True, help="number of tasks")
    ap.add_argument("--out", required=True, help="directory to write (created if missing)")
    ap.add_argument("--seed", type=int, default=42)
    args = ap.parse_args()
    if args.tasks < 1:
        ap.error("--tasks must be at least 1")

    users, projects, tags = load("user.json"), load("project.json"), load("tag.json")
    versions = [r["version"] for r in users + projects + tags]
    first_version = max(versions) + 1
    project_id = projects[0]["id"]
    user_ids = [u["id"] for u in users]
    tag_ids = [t["id"] for t in tags]

    rng = random.Random(args.seed)
    seen: set[str] = set()
    tasks = []
    for i in range(args.tasks):
        tid = str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper()
        while tid in seen:
            tid = str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper()
        seen.add(tid)
        stamp = ts(START + dt.timedelta(seconds=i))
        tasks.append({
            "id": tid,
            "project_id": project_id,
            "title": words(rng, 2, 6)[:80],
            "description": None if rng.random() < 0.3 else words(rng, 3, 8),
            "state": rng.choice(STATES),
            "assignee_id": None if rng.random() < 0.25 else rng.choice(user_ids),
            "author_id": rng.choice(user_ids),
            "watcher_ids": sorted(rng.sample(user_ids, rng.randint(0, 2))),
            "tag_ids": sorted(rng.sample(tag_ids, rng.randint(0, 2))),
            "position": i,
            "created_at": stamp,
            "updated_at": stamp,
            "version": first_version + i,
            "deleted_at": None,
        })

    os.makedirs(args.out, exist_ok=True)
    dump(os.path.join(args.out, "user.json"), users)
    dump(os.path.join(args.out, "project.json"), projects)
    dump(os.path.join(args.out, "tag.json"), tags)
    dump(os.path.join(args.out, "task.json"), tasks)
    size = os.path.getsize(os.path.join(args.out, "task.json"))
    print(f"wrote {args.out}: {len(users)} users, {len(projects)} projects, {len(tags)} tags, "
          f"{len(tasks)} tasks in project {project_id} ({size} bytes, first task {tasks[0]['id']})")


if __name__ == "__main__":
    main()
