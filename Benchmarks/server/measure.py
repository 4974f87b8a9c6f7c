#!/usr/bin/env python3
"""Helpers for run.sh (server benchmark). Standard library only.

  measure.py wrk --pid PID --url URL --name NAME --label LABEL --jsonl FILE --log FILE
                 [--wrk-cpu 1] [--threads 1] [--conns 32] [--duration 10s]
                 [--timeout 10s] [--warmup 2s] [--repeat 3]
      One GET to check status/size, an optional warm-up wrk run, then
      --repeat (3) measured `taskset -c CPU wrk -tT -cC -dD --latency URL`
      runs. Appends one JSON row to FILE with the figures of the median run
      by req/s (and every run under "runs"): req/s, p50/p99 (ms),
      1e6/(req/s), the server's own CPU time per request (/proc/PID/stat),
      the machine's other CPU use, VmRSS/VmHWM after the runs, errors. A run
      during which other processes used more than --max-other (10) % of a
      core is discarded and redone, up to --retries (3) extra runs.

  measure.py startup --name NAME --jsonl FILE --runs N --cpu 0 --pidfile F
                 [--ready-timeout 300] [--ready-health PATH] -- CMD...
      Launches CMD (pinned, stdout line-buffered) N times; times launch until
      the first stdout line `... serving ... at http://HOST:PORT` — or, with
      --ready-health, until GET http://127.0.0.1:PORT/PATH answers 200, where
      PORT is a free port written into CMD in place of `{port}` (a server that
      prints no URL, such as a real PocketBase). Reads VmRSS/VmHWM then and
      after one GET of --get-path (if given), stops it.

  measure.py idle [--max-wait 120] [--threshold 10]
      Waits (at most --max-wait seconds) until the machine has been idle for
      one second: all processes together under --threshold % of one core.

  measure.py table --jsonl FILE
      Markdown tables for everything in FILE.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import resource
import select
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.parse

TICK = os.sysconf("SC_CLK_TCK")


# --- /proc -------------------------------------------------------------------
def proc_cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # after the comm: state is fields[0]; utime = field 14 -> index 11, stime -> 12
    return (int(fields[11]) + int(fields[12])) / TICK


def machine_busy_seconds() -> float:
    """user+nice+system+steal of all CPUs (irq/softirq left out: loopback traffic lands there)."""
    with open("/proc/stat") as f:
        parts = f.readline().split()
    user, nice, system, idle, iowait, irq, softirq, steal = (int(x) for x in parts[1:9])
    return (user + nice + system + steal) / TICK


def vm_status(pid: int) -> dict:
    out = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    key, value, _unit = line.split()
                    out[key.rstrip(":")] = int(value)  # kB
    except OSError:
        pass
    return out


# --- HTTP --------------------------------------------------------------------
def get(url: str, timeout: float = 60.0, headers: dict | None = None, body: bytes | None = None) -> tuple[int, str, int]:
    """GET `url` (POST `body` when given) and return the status, content type and body size."""
    u = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=timeout)
    try:
        conn.request("POST" if body is not None else "GET", (u.path or "/") + (f"?{u.query}" if u.query else ""),
                     body=body, headers=headers or {})
        r = conn.getresponse()
        body = r.read()
        return r.status, r.getheader("Content-Type") or "", len(body)
    finally:
        conn.close()


# --- wrk ---------------------------------------------------------------------
UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 60e3, "h": 3600e3}


def to_ms(text: str) -> float:
    m = re.fullmatch(r"([\d.]+)(us|ms|s|m|h)", text.strip())
    if not m:
        raise ValueError(f"cannot read wrk latency {text!r}")
    return float(m.group(1)) * UNITS[m.group(2)]


def parse_wrk(out: str) -> dict:
    row: dict = {}
    m = re.search(r"Requests/sec:\s+([\d.]+)", out)
    row["rps"] = float(m.group(1)) if m else None
    m = re.search(r"(\d+) requests in ([\d.]+)(\w+), ([\d.]+)(\w+) read", out)
    if m:
        row["requests"] = int(m.group(1))
        scale = {"B": 1, "KB": 1024, "MB": 1024**2, "GB": 1024**3, "TB": 1024**4}
        row["bytes_read"] = float(m.group(4)) * scale.get(m.group(5), 1)
    for pct in ("50", "75", "90", "99"):
        m = re.search(rf"^\s+{pct}%\s+(\S+)", out, re.M)
        row[f"p{pct}_ms"] = to_ms(m.group(1)) if m else None
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    row["socket_errors"] = sum(int(x) for x in m.groups()) if m else 0
    row["timeouts"] = int(m.group(4)) if m else 0
    m = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    row["non2xx"] = int(m.group(1)) if m else 0
    return row


def run_wrk(cmd: list[str], limit: float) -> tuple[str, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=limit)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        raise SystemExit(f"wrk failed ({p.returncode}): {p.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p.stdout, cpu


def seconds(text: str) -> float:
    m = re.fullmatch(r"(\d+)(s|m)?", text)
    if not m:
        raise SystemExit(f"bad duration {text!r} (use e.g. 10s)")
    return int(m.group(1)) * (60 if m.group(2) == "m" else 1)


def wrk_post_script(body: bytes, directory: str) -> str:
    """A wrk Lua script that POSTs `body` as JSON; returns its path."""
    path = os.path.join(directory, f"post-{abs(hash(body))}.lua")
    with open(path, "w") as f:
        f.write('wrk.method = "POST"\n')
        f.write('wrk.headers["Content-Type"] = "application/json"\n')
        f.write("wrk.body = " + json.dumps(body.decode()) + "\n")
    return path


def wrk_rotating_script(bodies: list, directory: str) -> str:
    """A wrk Lua script that POSTs `bodies` as JSON, the next one on each request."""
    path = os.path.join(directory, f"rotate-{abs(hash(tuple(bodies)))}.lua")
    with open(path, "w") as f:
        f.write('wrk.method = "POST"\n')
        f.write('wrk.headers["Content-Type"] = "application/json"\n')
        f.write("local bodies = {" + ",".join(json.dumps(b) for b in bodies) + "}\n")
        f.write("local n = 0\n")
        f.write("request = function()\n  n = n % #bodies + 1\n  return wrk.format(nil, nil, nil, bodies[n])\nend\n")
    return path


def cmd_wrk(a) -> None:
    headers = dict(h.split(": ", 1) for h in a.header)
    rotating = [line.strip() for line in open(a.post_bodies)] if a.post_bodies else None
    if rotating:
        rotating = [line for line in rotating if line]
    body = open(a.post_body, "rb").read() if a.post_body else (rotating[0].encode() if rotating else None)
    if body is not None:
        headers["Content-Type"] = "application/json"
    status, ctype, size = get(a.url, headers=headers, body=body)
    if status != 200:
        raise SystemExit(f"{a.name}: {'POST' if body else 'GET'} {a.url} answered {status}, not 200")
    base = ["taskset", "-c", str(a.wrk_cpu), "wrk", f"-t{a.threads}", f"-c{a.conns}", "--timeout", a.timeout]
    for header in a.header:
        base += ["-H", header]
    if a.script:
        base += ["-s", a.script]
    elif rotating:
        base += ["-s", wrk_rotating_script(rotating, os.path.dirname(os.path.abspath(a.log)))]
    elif body is not None:
        base += ["-s", wrk_post_script(body, os.path.dirname(os.path.abspath(a.log)))]
    limit = seconds(a.duration) + seconds(a.timeout) + 60
    if a.warmup and seconds(a.warmup) > 0:
        run_wrk(base + [f"-d{a.warmup}", a.url], seconds(a.warmup) + seconds(a.timeout) + 60)
    cmd = base + [f"-d{a.duration}", "--latency", a.url]
    runs, discarded, attempt = [], [], 0
    while len(runs) < a.repeat and attempt < a.repeat + a.retries:
        i, attempt = len(runs), attempt + 1
        if a.idle_wait > 0:
            cmd_idle(argparse.Namespace(max_wait=a.idle_wait, threshold=10))
        cpu0, busy0, t0 = proc_cpu_seconds(a.pid), machine_busy_seconds(), time.monotonic()
        out, wrk_cpu = run_wrk(cmd, limit)
        cpu1, busy1, t1 = proc_cpu_seconds(a.pid), machine_busy_seconds(), time.monotonic()
        with open(a.log, "a" if i else "w") as f:
            f.write(f"# run {i + 1}/{a.repeat}\n" + " ".join(cmd) + "\n" + out + "\n")
        run = parse_wrk(out)
        wall, server_cpu = t1 - t0, cpu1 - cpu0
        run["wall_s"] = wall
        run["server_cpu_s"] = server_cpu
        run["server_core_pct"] = 100 * server_cpu / wall
        run["wrk_cpu_s"] = wrk_cpu
        run["other_cpu_pct"] = max(0.0, 100 * ((busy1 - busy0) - server_cpu - wrk_cpu) / wall)
        if run.get("rps"):
            run["us_per_req"] = 1e6 / run["rps"]
        if run.get("requests"):
            run["server_cpu_us_per_req"] = 1e6 * server_cpu / run["requests"]
        if run["other_cpu_pct"] > a.max_other and attempt < a.repeat + a.retries:
            discarded.append(run)
            print(f"{a.name}: run discarded, other processes used {run['other_cpu_pct']:.0f}% of a core "
                  f"({run['rps']:.0f} req/s)")
            continue
        runs.append(run)
        print(f"{a.name} run {i + 1}/{a.repeat}: {run['rps']:.0f} req/s, p50 {run['p50_ms']:.3f} ms, "
              f"p99 {run['p99_ms']:.3f} ms, server core {run['server_core_pct']:.0f}%, "
              f"other CPU {run['other_cpu_pct']:.0f}%, errors {run['socket_errors']} socket / {run['non2xx']} non-2xx")
    # The reported figures are those of the median run by req/s (the middle one of an odd count).
    ordered = sorted(runs, key=lambda r: r["rps"] or 0)
    row = {"kind": "wrk", "name": a.name, "label": a.label, "url": a.url,
           "status": status, "content_type": ctype, "body_bytes": size}
    row.update(ordered[(len(ordered) - 1) // 2])
    row["repeat"] = len(runs)
    row["rps_min"], row["rps_max"] = ordered[0]["rps"], ordered[-1]["rps"]
    row["socket_errors"] = sum(r["socket_errors"] for r in runs)
    row["timeouts"] = sum(r["timeouts"] for r in runs)
    row["non2xx"] = sum(r["non2xx"] for r in runs)
    row["other_cpu_pct_max"] = max(r["other_cpu_pct"] for r in runs)
    row["runs"] = runs
    row["discarded_runs"] = discarded
    row.update({k.lower() + "_kb": v for k, v in vm_status(a.pid).items()})
    with open(a.jsonl, "a") as f:
        f.write(json.dumps(row) + "\n")


# --- start-up ----------------------------------------------------------------
URL_LINE = re.compile(r"serving.* at (http://\S+)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def healthy(url: str) -> bool:
    try:
        return get(url, timeout=1)[0] == 200
    except OSError:
        return False


def await_url_line(p: subprocess.Popen, a, deadline: float) -> tuple[str, str]:
    """The URL the server printed in its first stdout line, and that line."""
    ready, _, _ = select.select([p.stdout], [], [], max(0.0, deadline - time.perf_counter()))
    line = p.stdout.readline() if ready else ""
    if time.perf_counter() > deadline or not line:
        raise SystemExit(f"{a.name}: no URL line within {a.ready_timeout}s (exit code {p.poll()})")
    m = URL_LINE.search(line)
    if not m:
        raise SystemExit(f"{a.name}: unexpected first line {line.strip()!r}")
    return m.group(1), line.strip()


def await_health(p: subprocess.Popen, a, deadline: float, base: str) -> tuple[str, str]:
    """The server's URL once GET --ready-health answers 200."""
    while not healthy(base + a.ready_health):
        if p.poll() is not None:
            raise SystemExit(f"{a.name}: exited with {p.returncode} before GET {a.ready_health} answered 200")
        if time.perf_counter() > deadline:
            raise SystemExit(f"{a.name}: GET {a.ready_health} did not answer 200 within {a.ready_timeout}s")
        time.sleep(0.002)
    return base, f"GET {a.ready_health} 200"


def cmd_startup(a) -> None:
    if a.cmd and a.cmd[0] == "--":
        a.cmd = a.cmd[1:]
    times, rows = [], {}
    child: list[subprocess.Popen] = []

    def stop(*_):
        for p in child:
            if p.poll() is None:
                p.kill()
                p.wait()
        sys.exit(130)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    err = open(a.stderr_log, "w") if a.stderr_log else subprocess.DEVNULL
    line = ""
    for i in range(a.runs):
        port = free_port()
        argv = ["taskset", "-c", str(a.cpu), "stdbuf", "-oL"] + [c.replace("{port}", str(port)) for c in a.cmd]
        out = subprocess.DEVNULL if a.ready_health else subprocess.PIPE
        t0 = time.perf_counter()
        p = subprocess.Popen(argv, stdout=out, stderr=err, text=True)
        child[:] = [p]
        with open(a.pidfile, "w") as f:
            f.write(f"{p.pid}\n")
        try:
            deadline = t0 + a.ready_timeout
            if a.ready_health:
                url, line = await_health(p, a, deadline, f"http://127.0.0.1:{port}")
            else:
                url, line = await_url_line(p, a, deadline)
            times.append(time.perf_counter() - t0)
            if i == a.runs - 1:   # memory on the last run
                rows["after_start"] = vm_status(p.pid)
                if a.get_path:
                    status, _, size = get(url + a.get_path, timeout=300)
                    rows["after_get"] = vm_status(p.pid) | {"status": status, "bytes": size}
        finally:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
            os.remove(a.pidfile)
    row = {"kind": "startup", "name": a.name, "label": a.label, "line": line, "runs": a.runs,
           "startup_ms": [round(t * 1e3, 1) for t in times],
           "startup_median_ms": statistics.median(times) * 1e3,
           "startup_min_ms": min(times) * 1e3, "startup_max_ms": max(times) * 1e3}
    s = rows.get("after_start", {})
    row["rss_start_kb"], row["hwm_start_kb"] = s.get("VmRSS"), s.get("VmHWM")
    if "after_get" in rows:
        g = rows["after_get"]
        row["rss_get_kb"], row["hwm_get_kb"] = g.get("VmRSS"), g.get("VmHWM")
        row["get_status"], row["get_bytes"] = g["status"], g["bytes"]
    with open(a.jsonl, "a") as f:
        f.write(json.dumps(row) + "\n")
    print(f"{a.name}: start-up median {row['startup_median_ms']:.0f} ms "
          f"(min {row['startup_min_ms']:.0f}, max {row['startup_max_ms']:.0f}, {a.runs} runs), "
          f"VmRSS {mib(row['rss_start_kb'])} MiB after start"
          + (f", {mib(row.get('rss_get_kb'))} MiB after one full-list GET" if 'rss_get_kb' in row else ""))


# --- idle --------------------------------------------------------------------
def cmd_idle(a) -> None:
    deadline = time.monotonic() + a.max_wait
    while True:
        b0, t0 = machine_busy_seconds(), time.monotonic()
        time.sleep(1.0)
        load = 100 * (machine_busy_seconds() - b0) / (time.monotonic() - t0)
        if load < a.threshold:
            return
        if time.monotonic() >= deadline:
            print(f"machine still busy ({load:.0f}% of a core) after {a.max_wait:.0f}s; measuring anyway",
                  file=sys.stderr)
            return


# --- table -------------------------------------------------------------------
def mib(kb) -> str:
    return "–" if kb is None else f"{kb / 1024:.0f}"


def ms(v) -> str:
    if v is None:
        return "–"
    return f"{v:.3f}" if v < 10 else f"{v:.1f}" if v < 100 else f"{v:.0f}"


def cmd_table(a) -> None:
    rows = [json.loads(l) for l in open(a.jsonl) if l.strip()]
    wrk = [r for r in rows if r["kind"] == "wrk"]
    start = [r for r in rows if r["kind"] == "startup"]
    out = []
    if wrk:
        out += ["| server | request | bytes/resp | req/s (min–max of runs) | p50 ms | p99 ms | CPU µs/req (1e6/req/s) "
                "| server CPU µs/req (measured) | server core busy | other CPU (max of runs) | VmRSS after | errors, notes |",
                "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
        for r in wrk:
            errs = []
            if r.get("socket_errors"):
                errs.append(f"{r['socket_errors']} socket ({r.get('timeouts', 0)} timeouts)")
            if r.get("non2xx"):
                errs.append(f"{r['non2xx']} non-2xx")
            if r.get("discarded_runs"):
                errs.append(f"{len(r['discarded_runs'])} busy run(s) redone")
            out.append(
                f"| {r['name']} | {r['label']} | {r['body_bytes']:,} | {r['rps']:,.0f} ({r.get('rps_min', r['rps']):,.0f}–{r.get('rps_max', r['rps']):,.0f}) | {ms(r['p50_ms'])} "
                f"| {ms(r['p99_ms'])} | {r['us_per_req']:.1f} | {r.get('server_cpu_us_per_req', 0):.1f} "
                f"| {r['server_core_pct']:.0f}% | {r.get('other_cpu_pct_max', r['other_cpu_pct']):.0f}% | {mib(r.get('vmrss_kb'))} MiB "
                f"| {', '.join(errs) or 'none'} |")
    if start:
        out += ["", "| start-up | runs | launch → URL line, median (min–max) | VmRSS after start | VmRSS after one full-list GET (its VmHWM) |",
                "|---|---:|---:|---:|---:|"]
        for r in start:
            after = (f"{mib(r['rss_get_kb'])} MiB ({mib(r['hwm_get_kb'])} MiB)"
                     if r.get("rss_get_kb") is not None else "–")
            out.append(f"| {r['name']} ({r['label']}) | {r['runs']} | {r['startup_median_ms']:.0f} ms "
                       f"({r['startup_min_ms']:.0f}–{r['startup_max_ms']:.0f} ms) | {mib(r['rss_start_kb'])} MiB | {after} |")
    print("\n".join(out))


def cmd_ratios(a) -> None:
    """Each row's req/s as a share of the anchor's, measured in the same run, with its goal."""
    rows = {r["name"]: r for r in map(json.loads, open(a.jsonl)) if r.get("kind") == "wrk"}
    anchor = rows.get(a.anchor, {}).get("rps") or 0
    out = [f"| request | req/s | of {a.anchor_label} | p50 ms | p99 ms | goal |", "|---|---:|---:|---:|---:|---|"]
    for spec in [a.anchor + "=anchor"] + a.row:
        name, _, goal = spec.partition("=")
        r = rows.get(name)
        if not r:
            continue
        share = f"{100 * r['rps'] / anchor:.0f} %" if anchor else "–"
        out.append(f"| {r['label']} | {r['rps']:,.0f} | {share} | {r['p50_ms']:.2f} | {r['p99_ms']:.2f} | {goal} |")
    print("\n".join(out))


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd_name", required=True)
    w = sub.add_parser("wrk")
    w.add_argument("--pid", type=int, required=True)
    w.add_argument("--url", required=True)
    w.add_argument("--name", required=True)
    w.add_argument("--label", required=True)
    w.add_argument("--jsonl", required=True)
    w.add_argument("--log", required=True)
    w.add_argument("--wrk-cpu", default="1")
    w.add_argument("--threads", type=int, default=1)
    w.add_argument("--conns", type=int, default=32)
    w.add_argument("--duration", default="10s")
    w.add_argument("--timeout", default="10s")
    w.add_argument("--warmup", default="2s")
    w.add_argument("--repeat", type=int, default=3)
    w.add_argument("--max-other", type=float, default=10,
                   help="discard a run during which other processes used more than this %% of a core")
    w.add_argument("--retries", type=int, default=3, help="extra runs allowed to replace discarded ones")
    w.add_argument("--idle-wait", type=float, default=0, help="before each run, wait up to this long for an idle machine")
    w.add_argument("--header", action="append", default=[], help="a request header 'Name: value' (repeatable)")
    w.add_argument("--post-body", help="POST this file's JSON instead of GET")
    w.add_argument("--post-bodies", help="POST these JSON bodies (one per line), the next on each request")
    w.add_argument("--script", help="a wrk Lua script that makes the requests (the URL is still checked first with GET)")
    s = sub.add_parser("startup")
    s.add_argument("--name", required=True)
    s.add_argument("--label", required=True)
    s.add_argument("--jsonl", required=True)
    s.add_argument("--runs", type=int, default=5)
    s.add_argument("--cpu", default="0")
    s.add_argument("--pidfile", required=True)
    s.add_argument("--ready-timeout", type=float, default=300)
    s.add_argument("--get-path")
    s.add_argument("--ready-health", help="ready when GET http://127.0.0.1:{port}PATH answers 200")
    s.add_argument("--stderr-log")
    s.add_argument("cmd", nargs=argparse.REMAINDER)
    i = sub.add_parser("idle")
    i.add_argument("--max-wait", type=float, default=120)
    i.add_argument("--threshold", type=float, default=10)
    t = sub.add_parser("table")
    t.add_argument("--jsonl", required=True)
    r = sub.add_parser("ratios")
    r.add_argument("--jsonl", required=True)
    r.add_argument("--anchor", required=True, help="the wrk row every other is a share of")
    r.add_argument("--anchor-label", default="the anchor")
    r.add_argument("--row", action="append", default=[], help="NAME=GOAL, in table order (repeatable)")
    a = ap.parse_args()
    {"wrk": cmd_wrk, "startup": cmd_startup, "idle": cmd_idle, "table": cmd_table, "ratios": cmd_ratios}[a.cmd_name](a)


if __name__ == "__main__":
    main()
