#!/usr/bin/env python3
"""Fixtures for the CloudKit benchmark: N Artist records for Contracts/gallery (name, born,
home, genres), deterministic for a seed.

    python3 make-data.py --records 10000 --seed 42 --out data/set-10k
"""
from __future__ import annotations

import argparse
import json
import os
import random

FIRST = ["Mei", "Ada", "Lars", "Nina", "Omar", "Ines", "Kofi", "Yuki", "Sven", "Lena", "Ravi", "Zoe"]
LAST = ["Chen", "Okafor", "Berg", "Silva", "Haddad", "Novak", "Mensah", "Sato", "Lind", "Costa", "Iyer", "Park"]
GENRES = ["ink", "landscape", "sculpture", "photography", "portrait", "abstract"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(a.out, exist_ok=True)
    artists = []
    for n in range(a.records):
        fields = {
            "name": {"value": f"{rng.choice(FIRST)} {rng.choice(LAST)} {n}", "type": "STRING"},
            "born": {"value": rng.randint(1900, 2005), "type": "INT64"},
            "genres": {"value": rng.sample(GENRES, rng.randint(1, 3)), "type": "STRING_LIST"},
        }
        if n % 4:
            fields["home"] = {"value": {"latitude": round(rng.uniform(-60, 60), 4),
                                        "longitude": round(rng.uniform(-180, 180), 4)}, "type": "LOCATION"}
        artists.append({"recordName": f"artist-{n:05d}", "fields": fields,
                        "created": {"timestamp": 1735689600000 + n * 1000}})
    with open(os.path.join(a.out, "Artist.json"), "w") as f:
        json.dump(artists, f, separators=(",", ":"))


if __name__ == "__main__":
    main()
