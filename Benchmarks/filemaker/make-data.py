#!/usr/bin/env python3
"""Fixtures for the FileMaker benchmark: N artists (and an album for every tenth) for
Contracts/music, deterministic for a seed.

    python3 make-data.py --records 10000 --seed 42 --out data/set-10k
"""
from __future__ import annotations

import argparse
import json
import os
import random
import uuid

FIRST = ["John", "Miles", "Nina", "Ella", "Elton John", "Johnny", "Billie", "Charles", "Aretha", "Louis", "Sarah",
         "Dizzy", "Thelonious", "Herbie", "Joni", "Etta", "Ray", "Chet", "Wayne", "Sonny"]
LAST = ["Davis", "Coltrane", "Simone", "Fitzgerald", "Mingus", "Monk", "Holiday", "Franklin", "Armstrong", "Vaughan",
        "Gillespie", "Hancock", "Mitchell", "James", "Charles", "Baker", "Shorter", "Rollins", "Cash", "Parker"]
GENRES = ["Jazz", "Blues", "Rock", "Soul"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(a.out, exist_ok=True)
    artists, albums = [], []
    for n in range(1, a.records + 1):
        key = str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper()
        year = rng.randint(1900, 2000)
        artists.append({
            "recordId": str(n), "id": key, "serial": n, "firstName": rng.choice(FIRST), "lastName": rng.choice(LAST),
            "born": year, "genre": rng.choice(GENRES), "instruments": [rng.choice(["piano", "trumpet", "voice"])],
            "since": f"{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}/{year + 18}",
            "updated": "01/02/2025 09:00:00",
        })
        if n % 10 == 0:
            albums.append({"recordId": str(len(albums) + 1), "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper(),
                           "artist_id": key, "title": f"Album {n}", "year": year + 25})
    for name, records in (("Artists", artists), ("Albums", albums)):
        with open(os.path.join(a.out, name + ".json"), "w") as f:
            json.dump(records, f, separators=(",", ":"))
    print(f"{a.out}: {len(artists)} artists, {len(albums)} albums")


if __name__ == "__main__":
    main()
