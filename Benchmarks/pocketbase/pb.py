#!/usr/bin/env python3
"""Helpers for run.sh (PocketBase benchmark). Standard library only.

  pb.py load --url URL --data DIR [--chunk 500]
      Signs in as the superuser, imports DIR/pb_schema.json (PUT /api/collections/import),
      enables batch requests (PATCH /api/settings) and creates DIR/fixtures/posts.json's
      records in order through POST /api/batch, CHUNK per batch (ids kept; the server
      stamps created/updated itself). Checks the collection then holds every record.

  pb.py compare --path PATH URL_A URL_B
      GETs PATH from both servers and checks that page, perPage, totalItems, totalPages and
      the item ids (in order) are equal; prints the first page's ids and the body sizes.

  pb.py table --jsonl FILE [--extra FILE]
      The Markdown comparison (simulator vs real: req/s, p50, p99; start-up; VmRSS) and
      whether the goals are met.

  pb.py rss --pid PID
      Prints the process's VmRSS in kB.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "Differential", "pocketbase"))
sys.path.insert(0, os.path.join(HERE, "..", "server"))
from server import SUPERUSER_EMAIL, SUPERUSER_PASSWORD  # noqa: E402  (Differential/pocketbase)
from measure import vm_status  # noqa: E402  (Benchmarks/server)


def call(method: str, url: str, body=None, token: str | None = None, timeout: float = 120.0):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", token)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            raw = r.read()
            return r.status, (json.loads(raw) if raw else None), len(raw)
    except urllib.error.HTTPError as e:
        raw = e.read()
        try:
            return e.code, json.loads(raw), len(raw)
        except ValueError:
            return e.code, raw.decode("utf-8", "replace"), len(raw)


def must(result, what: str):
    status, body, _ = result
    if status >= 300:
        raise SystemExit(f"{what}: HTTP {status}: {json.dumps(body)[:500]}")
    return body


def cmd_load(a) -> None:
    url = a.url.rstrip("/")
    auth = must(call("POST", url + "/api/collections/_superusers/auth-with-password",
                     {"identity": SUPERUSER_EMAIL, "password": SUPERUSER_PASSWORD}), "superuser sign-in")
    token = auth["token"]
    schema = json.load(open(os.path.join(a.data, "pb_schema.json")))
    status, _, _ = call("GET", url + "/api/collections/posts", token=token)
    if status == 404:
        must(call("PUT", url + "/api/collections/import", {"collections": schema, "deleteMissing": False}, token),
             "import collections")
    must(call("PATCH", url + "/api/settings",
              {"batch": {"enabled": True, "maxRequests": a.chunk, "timeout": 60, "maxBodySize": 0}}, token),
         "enable batch")
    records = json.load(open(os.path.join(a.data, "fixtures", "posts.json")))
    t0 = time.monotonic()
    for start in range(0, len(records), a.chunk):
        chunk = records[start:start + a.chunk]
        requests = [{"method": "POST", "url": "/api/collections/posts/records",
                     "body": {k: v for k, v in r.items() if k not in ("created", "updated")}} for r in chunk]
        must(call("POST", url + "/api/batch", {"requests": requests}, token, timeout=600),
             f"batch of records {start}..{start + len(chunk) - 1}")
    page = must(call("GET", url + "/api/collections/posts/records?perPage=1", token=token), "count")
    if page["totalItems"] != len(records):
        raise SystemExit(f"{url}: posts holds {page['totalItems']} records, expected {len(records)}")
    print(f"{url}: loaded {len(records)} posts in {time.monotonic() - t0:.1f} s (POST /api/batch, {a.chunk} a batch)")


def cmd_compare(a) -> None:
    pages = []
    for url in a.urls:
        status, body, size = call("GET", url.rstrip("/") + a.path)
        if status != 200:
            raise SystemExit(f"{url}{a.path}: HTTP {status}: {json.dumps(body)[:300]}")
        pages.append((url, body, size))
    (ua, pa, sa), (ub, pb, sb) = pages
    if "items" not in pa:  # one record
        if pa.get("id") != pb.get("id") or sorted(pa) != sorted(pb):
            raise SystemExit(f"the two servers differ:\n{ua}: {json.dumps(pa)}\n{ub}: {json.dumps(pb)}")
        same = [k for k in pa if pa[k] == pb[k]]
        print(f"{a.path}: body {sa:,} vs {sb:,} bytes; same keys, equal values for {', '.join(sorted(same))}")
        return
    keys = ("page", "perPage", "totalItems", "totalPages")
    meta_a, meta_b = [pa.get(k) for k in keys], [pb.get(k) for k in keys]
    ids_a, ids_b = [i["id"] for i in pa["items"]], [i["id"] for i in pb["items"]]
    print(f"{a.path}: {dict(zip(keys, meta_a))}; body {sa:,} vs {sb:,} bytes; first ids {ids_a[:3]}")
    if meta_a != meta_b:
        raise SystemExit(f"the two servers differ: {ua} {dict(zip(keys, meta_a))} vs {ub} {dict(zip(keys, meta_b))}")
    if ids_a != ids_b:
        ties = [i["views"] for i in pa["items"]] == [i["views"] for i in pb["items"]] if "views" in pa["items"][0] else False
        raise SystemExit(f"the two servers list different ids{' (same views, different order of ties)' if ties else ''}:"
                         f"\n{ua}: {ids_a}\n{ub}: {ids_b}")
    print("both servers answer the same page (metadata and ids equal)")


def cmd_table(a) -> None:
    rows = [json.loads(l) for l in open(a.jsonl) if l.strip()]
    extra = json.load(open(a.extra)) if a.extra else {}
    wrk = {r["name"]: r for r in rows if r["kind"] == "wrk"}
    mib = lambda kb: "–" if kb is None else f"{kb / 1024:.0f} MiB"
    ms = lambda v: "–" if v is None else (f"{v:.2f}" if v < 10 else f"{v:.1f}" if v < 100 else f"{v:.0f}")
    out = ["| request | server | req/s, median (min–max) | p50 ms | p99 ms | bytes/resp | errors |",
           "|---|---|---:|---:|---:|---:|---|"]
    goals = []
    # The goals are the latest round's (issue 25): each a ratio of the simulator's req/s to the
    # real server's in the same run.
    for key, what, goal in (("list", "(a) `filter=views > 500 && status = \"published\"&sort=-views&perPage=30`", 20),
                            ("one", "(b) view by id", 10),
                            ("varying", "(c) (a) with a different filter text each request", 10)):
        real, sim = wrk.get(f"pocketbase-{key}"), wrk.get(f"treaty-{key}")
        for name, r in (("real PocketBase", real), ("treaty serve", sim)):
            if not r:
                continue
            errs = (r.get("socket_errors") or 0) + (r.get("non2xx") or 0)
            out.append(f"| {what} | {name} | {r['rps']:,.0f} ({r['rps_min']:,.0f}–{r['rps_max']:,.0f}) "
                       f"| {ms(r['p50_ms'])} | {ms(r['p99_ms'])} | {r['body_bytes']:,} | {errs or 'none'} |")
        if real and sim:
            ratio = sim["rps"] / real["rps"]
            goals.append(f"- {what}: simulator/real = **{ratio:.2f}×** req/s (goal ≥ {goal}×: "
                         f"{'met' if ratio >= goal else f'missed by {goal / ratio:.2f}×'}); p99 {ms(sim['p99_ms'])} ms vs "
                         f"{ms(real['p99_ms'])} ms (goal below the real server's: "
                         f"{'met' if sim['p99_ms'] < real['p99_ms'] else 'missed'}).")
    out += ["", "| start-up (pinned to one core) | runs | median (min–max) | VmRSS then |", "|---|---:|---:|---:|"]
    for r in rows:
        if r["kind"] != "startup":
            continue
        until = "URL line" if r["name"].startswith("treaty") else "GET /api/health 200"
        out.append(f"| {r['name']}, {r['label']} (launch → {until}) | {r['runs']} | {r['startup_median_ms']:.0f} ms "
                   f"({r['startup_min_ms']:.0f}–{r['startup_max_ms']:.0f}) | {mib(r.get('rss_start_kb'))} |")
        if r["name"].startswith("treaty") and r["label"] != "no records":
            t = r["startup_median_ms"]
            goals.append(f"- start-up with {r['label']}: **{t:.0f} ms** median (goal < 1 s: {'met' if t < 1000 else 'missed'}).")
    out += ["", "| VmRSS | after load | after the wrk runs |", "|---|---:|---:|"]
    for name, key in (("real PocketBase", "pocketbase"), ("treaty serve", "treaty")):
        last = wrk.get(f"{key}-one") or wrk.get(f"{key}-list") or {}
        out.append(f"| {name} | {mib(extra.get(f'{key}_rss_after_load_kb'))} | {mib(last.get('vmrss_kb'))} |")
    busy = [r["name"] for r in wrk.values() if r.get("other_cpu_pct_max", 0) > 10]
    if busy:
        goals.append(f"- WARNING: other processes used more than 10% of a core during: {', '.join(busy)}.")
    print("\n".join(out + ["", "Goals:", ""] + goals))


def cmd_rss(a) -> None:
    print(vm_status(a.pid).get("VmRSS", ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd_name", required=True)
    l = sub.add_parser("load")
    l.add_argument("--url", required=True)
    l.add_argument("--data", required=True)
    l.add_argument("--chunk", type=int, default=500)
    c = sub.add_parser("compare")
    c.add_argument("--path", required=True)
    c.add_argument("urls", nargs=2)
    t = sub.add_parser("table")
    t.add_argument("--jsonl", required=True)
    t.add_argument("--extra")
    r = sub.add_parser("rss")
    r.add_argument("--pid", type=int, required=True)
    a = ap.parse_args()
    {"load": cmd_load, "compare": cmd_compare, "rss": cmd_rss, "table": cmd_table}[a.cmd_name](a)


if __name__ == "__main__":
    main()
