#!/usr/bin/env python3
"""1,000 realtime subscribers on one collection of a PocketBase-speaking server.

    python3 bench.py --label NAME --url URL --pid PID [--subscribers 1000] [--paced 100] [--burst 200]

Signs in as the differential's superuser, creates a `bench` collection (open list rule), and
measures:
  * memory per idle subscriber: the server's VmRSS (PID) before the subscribers connect and once
    they are all connected and subscribed (`bench/*`), divided by their number;
  * p99 write→delivery: PACED creates, one every 50 ms, each event timed from just before its
    write was sent to its arrival at each subscriber;
  * events/s delivered: BURST creates sent back to back, the events every subscriber received
    divided by the time from the first write to the last event.
Each subscriber is a plain HTTP/1.1 connection (chunked bodies decoded, SSE parsed); the client
runs on one asyncio loop, so its own speed bounds the rates it can see (`client_cpu_s` says how
busy it was). Prints one JSON line of results.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Differential", "pocketbase"))
from server import SUPERUSER_EMAIL, SUPERUSER_PASSWORD  # noqa: E402


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


async def request(host: str, port: int, method: str, path: str, body=None, token=None) -> tuple[int, bytes]:
    reader, writer = await asyncio.open_connection(host, port)
    data = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: {len(data)}\r\n"
    head += "Content-Type: application/json\r\n"
    if token:
        head += f"Authorization: {token}\r\n"
    writer.write(head.encode() + b"\r\n" + data)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    status = int(raw.split(b" ", 2)[1])
    head_end = raw.find(b"\r\n\r\n")
    payload = raw[head_end + 4:]
    if b"transfer-encoding: chunked" in raw[:head_end].lower():
        out, rest = b"", payload
        while rest:
            size_line, _, rest = rest.partition(b"\r\n")
            size = int(size_line.split(b";")[0] or b"0", 16)
            if size == 0:
                break
            out, rest = out + rest[:size], rest[size + 2:]
        payload = out
    return status, payload


class Subscriber:
    def __init__(self, host: str, port: int, sent: dict[int, float], latencies: list[float]):
        self.host, self.port, self.sent, self.latencies = host, port, sent, latencies
        self.client_id = ""
        self.connected = asyncio.Event()
        self.count = 0
        self.last = 0.0

    async def run(self) -> None:
        reader, writer = await asyncio.open_connection(self.host, self.port, limit=1 << 20)
        writer.write(f"GET /api/realtime HTTP/1.1\r\nHost: {self.host}\r\nAccept: text/event-stream\r\n\r\n".encode())
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        chunked = b"transfer-encoding: chunked" in head.lower()
        buffer = b""
        while True:
            if chunked:
                size_line = await reader.readline()
                if not size_line:
                    return
                size = int(size_line.strip().split(b";")[0] or b"0", 16)
                if size == 0:
                    return
                chunk = await reader.readexactly(size + 2)
                buffer += chunk[:-2]
            else:
                chunk = await reader.read(65536)
                if not chunk:
                    return
                buffer += chunk
            while b"\n\n" in buffer:
                event, buffer = buffer.split(b"\n\n", 1)
                self.handle(event)

    def handle(self, event: bytes) -> None:
        now = time.perf_counter()
        name, data = b"", b""
        for line in event.split(b"\n"):
            if line.startswith(b"event:"):
                name = line[6:]
            elif line.startswith(b"data:"):
                data = line[5:]
        if name == b"PB_CONNECT":
            self.client_id = json.loads(data)["clientId"]
            self.connected.set()
            return
        marker = data.find(b'"title":"w')
        if marker < 0:
            return
        end = data.find(b'"', marker + 10)
        index = int(data[marker + 10:end])
        self.count += 1
        self.last = now
        started = self.sent.get(index)
        if started is not None:
            self.latencies.append(now - started)


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def main_async(args: argparse.Namespace) -> dict:
    parsed = urllib.parse.urlparse(args.url)
    host, port = parsed.hostname, parsed.port
    status, body = await request(host, port, "POST", "/api/collections/_superusers/auth-with-password",
                                 {"identity": SUPERUSER_EMAIL, "password": SUPERUSER_PASSWORD})
    token = json.loads(body)["token"]
    status, body = await request(host, port, "POST", "/api/collections", {
        "name": "bench", "type": "base", "listRule": "", "viewRule": "",
        "fields": [{"name": "title", "type": "text"}]}, token)
    assert status == 200, body
    await asyncio.sleep(0.5)
    rss_before = rss_kb(args.pid)
    sent: dict[int, float] = {}
    paced_latencies: list[float] = []
    subscribers = [Subscriber(host, port, sent, paced_latencies) for _ in range(args.subscribers)]
    tasks = [asyncio.create_task(s.run()) for s in subscribers]
    for batch in range(0, len(subscribers), 100):
        await asyncio.gather(*(s.connected.wait() for s in subscribers[batch:batch + 100]))
    for batch in range(0, len(subscribers), 50):
        results = await asyncio.gather(*(request(host, port, "POST", "/api/realtime",
                                                 {"clientId": s.client_id, "subscriptions": ["bench/*"]})
                                         for s in subscribers[batch:batch + 50]))
        assert all(r[0] == 204 for r in results), results[:3]
    await asyncio.sleep(1.0)
    rss_idle = rss_kb(args.pid)
    cpu0 = resource.getrusage(resource.RUSAGE_SELF).ru_utime

    for index in range(args.paced):
        sent[index] = time.perf_counter()
        await request(host, port, "POST", "/api/collections/bench/records", {"title": f"w{index}"}, token)
        await asyncio.sleep(0.05)
    await asyncio.sleep(1.0)
    paced_received = sum(s.count for s in subscribers)
    paced = list(paced_latencies)

    for s in subscribers:
        s.count = 0
    start = time.perf_counter()
    for index in range(args.paced, args.paced + args.burst):
        await request(host, port, "POST", "/api/collections/bench/records", {"title": f"w{index}"}, token)
    writes_done = time.perf_counter()
    expected = args.burst * args.subscribers
    deadline = time.perf_counter() + 60
    while sum(s.count for s in subscribers) < expected and time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
    received = sum(s.count for s in subscribers)
    last = max((s.last for s in subscribers), default=start)
    cpu1 = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    for task in tasks:
        task.cancel()
    return {
        "label": args.label, "subscribers": args.subscribers,
        "rss_before_kb": rss_before, "rss_idle_kb": rss_idle,
        "kb_per_idle_subscriber": round((rss_idle - rss_before) / args.subscribers, 1),
        "paced_writes": args.paced, "paced_events": paced_received,
        "p50_ms": round(percentile(paced, 50) * 1000, 2), "p99_ms": round(percentile(paced, 99) * 1000, 2),
        "burst_writes": args.burst, "burst_events": received, "burst_expected": expected,
        "burst_writes_per_s": round(args.burst / (writes_done - start), 1),
        "events_per_s": round(received / max(last - start, 1e-9)),
        "client_cpu_s": round(cpu1 - cpu0, 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--label", required=True)
    parser.add_argument("--url", required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--subscribers", type=int, default=1000)
    parser.add_argument("--paced", type=int, default=100)
    parser.add_argument("--burst", type=int, default=200)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(main_async(args))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
