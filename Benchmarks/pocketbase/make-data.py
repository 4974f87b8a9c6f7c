#!/usr/bin/env python3
"""Data for the PocketBase benchmark: a `posts` collection and N deterministic records.

  python3 make-data.py [--records 10000] [--seed 42] --out data/set-10k

Writes OUT/pb_schema.json (one base collection `posts`: title text, views number,
status select draft/published; list and view rules public, writes superuser-only)
and OUT/fixtures/posts.json (the records, a JSON array; ids 15 chars [a-z0-9],
unique, in ascending order; views 0..1000; status published with probability 1/2; created/updated
one second apart from 2025-01-01). The same file feeds the real server (through
its API) and `treaty serve --dialect pocketbase --fixtures OUT/fixtures`.
Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
from datetime import datetime, timedelta, timezone

ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"
WORDS = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike "
         "november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu").split()

SCHEMA = [{
    "id": "pbc_posts00001",
    "name": "posts",
    "type": "base",
    "system": False,
    "listRule": "",
    "viewRule": "",
    "createRule": None,
    "updateRule": None,
    "deleteRule": None,
    "fields": [
        {"id": "text3208210256", "name": "id", "type": "text", "system": True, "primaryKey": True,
         "required": True, "hidden": False, "presentable": False, "autogeneratePattern": "[a-z0-9]{15}",
         "pattern": "^[a-z0-9]+$", "min": 15, "max": 15},
        {"id": "text724990059", "name": "title", "type": "text", "system": False, "required": True,
         "hidden": False, "presentable": False, "autogeneratePattern": "", "pattern": "", "min": 0, "max": 0,
         "primaryKey": False},
        {"id": "number1245483710", "name": "views", "type": "number", "system": False, "required": False,
         "hidden": False, "presentable": False, "min": 0, "max": 1000, "onlyInt": True},
        {"id": "select2063623452", "name": "status", "type": "select", "system": False, "required": True,
         "hidden": False, "presentable": False, "maxSelect": 1, "values": ["draft", "published"]},
        {"id": "autodate2990389176", "name": "created", "type": "autodate", "system": False,
         "hidden": False, "presentable": False, "onCreate": True, "onUpdate": False},
        {"id": "autodate3332085495", "name": "updated", "type": "autodate", "system": False,
         "hidden": False, "presentable": False, "onCreate": True, "onUpdate": True},
    ],
    "indexes": [],
}]


def records(n: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    start = datetime(2025, 1, 1, tzinfo=timezone.utc)
    seen: set[str] = set()
    while len(seen) < n:
        seen.add("".join(rng.choice(ALPHABET) for _ in range(15)))
    # In id order: the real server orders ties of `sort=-views` by insertion (rowid), the
    # simulator by id, so inserting in id order makes both answer the same page.
    out = []
    for i, rid in enumerate(sorted(seen)):
        stamp = (start + timedelta(seconds=i)).strftime("%Y-%m-%d %H:%M:%S.000Z")
        out.append({
            "id": rid,
            "title": " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6))).capitalize() + f" #{i}",
            "views": rng.randint(0, 1000),
            "status": "published" if rng.random() < 0.5 else "draft",
            "created": stamp,
            "updated": stamp,
        })
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--records", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    os.makedirs(os.path.join(a.out, "fixtures"), exist_ok=True)
    with open(os.path.join(a.out, "pb_schema.json"), "w") as f:
        json.dump(SCHEMA, f, indent=2)
        f.write("\n")
    rows = records(a.records, a.seed)
    with open(os.path.join(a.out, "fixtures", "posts.json"), "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(r, separators=(",", ":")) for r in rows) + "\n]\n")
    published = sum(r["status"] == "published" for r in rows)
    hits = sum(r["status"] == "published" and r["views"] > 500 for r in rows)
    print(f"{a.out}: {len(rows)} posts ({published} published, {hits} match views > 500 && status = \"published\")")


if __name__ == "__main__":
    main()
