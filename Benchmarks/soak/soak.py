#!/usr/bin/env python3
"""Soak: mixed load on `treaty serve` (demo contract) with latency, status, reset and rate-limit
faults on, bounded in time. Checks, at the end:

- no answer but an injected fault is an error (503, a reset and 429 only on the faulted reads);
- RSS levels off: its peak in the last third of the run is at most half again (plus 32 MiB) its
  peak before (the journal keeps its last 10,000 requests, tombstones stay for the contract's
  retention, and each worker keeps at most 50 live tasks);
- the store equals a replay of the accepted writes: every worker writes only its own tasks, so a
  fresh server given each worker's accepted writes in order holds the same tasks (compared
  without the server-owned `updated_at`, `version` and `deleted_at` times, which depend on how
  the workers interleaved).

    Benchmarks/soak/run.sh                 # 30 minutes
    SOAK_SECONDS=60 Benchmarks/soak/run.sh # the CI version
"""
import http.client, json, os, random, re, socket, subprocess, sys, threading, time, uuid

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BIN = os.environ.get("TREATY_BIN", os.path.join(ROOT, ".build", "debug", "treaty"))
SECONDS = float(os.environ.get("SOAK_SECONDS", "1800"))
WORKERS = int(os.environ.get("SOAK_WORKERS", "4"))
TOKEN = "soak-admin-" + uuid.uuid4().hex
PROJECT = "36F675CC-81E7-4EF5-A8E2-5D940ED90475"
AUTHOR = None


def start(faults: bool):
    command = [BIN, "serve", "--contract", os.path.join(ROOT, "Contracts/demo/contract.yaml"),
               "--fixtures", os.path.join(ROOT, "Fixtures/demo"), "--port", "0", "--clock", "2025-06-01T00:00:00Z",
               "--admin-token", TOKEN, "--seed", "7"]
    if faults:
        command += ["--faults", os.path.join(os.path.dirname(__file__), "faults.yaml")]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    match = re.search(r"http://([0-9.]+):([0-9]+)", line)
    if not match:
        process.kill()
        sys.exit(f"treaty serve did not start: {line!r}")
    return process, match.group(1), int(match.group(2))


class Client:
    def __init__(self, host, port):
        self.host, self.port = host, port
        self.connection = None

    def send(self, method, path, body=None, admin=False):
        headers = {"Content-Type": "application/json"}
        if admin:
            headers["Authorization"] = "Bearer " + TOKEN
        data = json.dumps(body).encode() if body is not None else None
        for _ in range(2):
            try:
                if self.connection is None:
                    self.connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
                self.connection.request(method, path, body=data, headers=headers)
                response = self.connection.getresponse()
                payload = response.read()
                if response.getheader("Connection", "").lower() == "close":
                    self.connection.close()
                    self.connection = None
                return response.status, payload
            except (ConnectionError, http.client.HTTPException, socket.timeout, OSError):
                if self.connection:
                    self.connection.close()
                self.connection = None
                return "reset", b""
        return "reset", b""


def stamp(milliseconds):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(milliseconds / 1000)) + ".%03dZ" % (milliseconds % 1000)


class Worker(threading.Thread):
    def __init__(self, index, host, port, deadline):
        super().__init__(daemon=True)
        self.index, self.client, self.deadline = index, Client(host, port), deadline
        self.random = random.Random(index)
        self.writes = []        # accepted writes, in the order this worker made them
        self.tasks = {}         # live task id -> latest fields this worker set
        self.unexpected = []
        self.counts = {}

    def expect(self, what, status, allowed, faulted=()):
        self.counts[what] = self.counts.get(what, 0) + 1
        if status in allowed:
            return True
        if status in faulted:
            self.counts["fault"] = self.counts.get("fault", 0) + 1
            return False
        self.unexpected.append(f"{what}: {status}")
        return False

    def task_body(self, task_id):
        now = 1748736000000 + self.random.randrange(10_000_000)
        return {"id": task_id, "project_id": PROJECT, "title": f"soak {self.index} {self.random.randrange(1000)}",
                "description": None, "state": self.random.choice(["todo", "inProgress", "done"]),
                "assignee_id": None, "author_id": AUTHOR, "watcher_ids": [], "tag_ids": [],
                "position": self.random.randrange(1000), "created_at": stamp(now), "updated_at": stamp(now)}

    def run(self):
        tasks = f"/projects/{PROJECT}/tasks"
        while time.time() < self.deadline:
            roll = self.random.random()
            if roll < 0.30:
                status, _ = self.client.send("GET", tasks)
                self.expect("list", status, {200}, {503, "reset"})
            elif roll < 0.45:
                status, _ = self.client.send("GET", tasks + "?updated_after=2025-05-31T00:00:00.000Z")
                self.expect("feed", status, {200}, {503, "reset"})
            elif roll < 0.52:
                status, _ = self.client.send("GET", "/users")
                self.expect("users", status, {200}, {"reset"})
            elif roll < 0.58:
                status, _ = self.client.send("GET", "/tags")
                self.expect("tags", status, {200}, {429, "reset"})
            elif roll < 0.60:
                status, _ = self.client.send("GET", "/__treaty/requests/count", admin=True)
                self.expect("admin", status, {200})
            elif (roll < 0.75 or not self.tasks) and len(self.tasks) < 50:
                task_id = str(uuid.UUID(int=self.random.getrandbits(128), version=4)).upper()
                body = self.task_body(task_id)
                status, _ = self.client.send("POST", tasks, body)
                if self.expect("create", status, {201}):
                    self.writes.append(("POST", tasks, body))
                    self.tasks[task_id] = body
            elif roll < 0.92 and len(self.tasks) < 50:
                task_id = self.random.choice(sorted(self.tasks))
                patch = {"title": f"patched {self.random.randrange(10_000)}", "position": self.random.randrange(1000)}
                status, _ = self.client.send("PATCH", f"{tasks}/{task_id}", patch)
                if self.expect("patch", status, {200}):
                    self.writes.append(("PATCH", f"{tasks}/{task_id}", patch))
            else:
                task_id = self.random.choice(sorted(self.tasks))
                status, _ = self.client.send("DELETE", f"{tasks}/{task_id}")
                if self.expect("delete", status, {200, 204}):
                    self.writes.append(("DELETE", f"{tasks}/{task_id}", None))
                    del self.tasks[task_id]


def rss(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) // 1024
    return 0


def state(client):
    status, body = client.send("GET", "/__treaty/state/task", admin=True)
    assert status == 200, f"state dump answered {status}"
    records = json.loads(body)["records"]
    return {r["id"]: {k: v for k, v in r.items() if k not in ("updated_at", "version", "deleted_at")}
            | {"deleted": r.get("deleted_at") is not None} for r in records}


def main():
    global AUTHOR
    if not os.path.exists(BIN):
        sys.exit(f"no treaty binary at {BIN}")
    AUTHOR = json.load(open(os.path.join(ROOT, "Fixtures/demo/user.json")))[0]["id"]
    server, host, port = start(faults=True)
    replayed = None
    try:
        deadline = time.time() + SECONDS
        workers = [Worker(i, host, port, deadline) for i in range(WORKERS)]
        for worker in workers:
            worker.start()
        samples = []
        while any(w.is_alive() for w in workers):
            samples.append((time.time(), rss(server.pid)))
            time.sleep(min(5.0, max(0.5, SECONDS / 60)))
        after = state(Client(host, port))
        replayed, rhost, rport = start(faults=False)
        client = Client(rhost, rport)
        for worker in workers:
            for method, path, body in worker.writes:
                status, payload = client.send(method, path, body)
                if status not in (200, 201, 204):
                    sys.exit(f"replay of {method} {path} answered {status}: {payload[:200]!r}")
        replay = state(client)
    finally:
        server.terminate()
        server.wait()
        if replayed:
            replayed.terminate()
            replayed.wait()
    third = samples[: max(1, len(samples) * 2 // 3)]
    last = samples[len(third):] or samples[-1:]
    peak_before, peak_after = max(r for _, r in third), max(r for _, r in last)
    counts = {}
    for worker in workers:
        for key, value in worker.counts.items():
            counts[key] = counts.get(key, 0) + value
    unexpected = [u for w in workers for u in w.unexpected]
    writes = sum(len(w.writes) for w in workers)
    requests = sum(v for k, v in counts.items() if k != "fault")
    print(f"soak: {SECONDS:.0f} s, {WORKERS} workers, {requests} requests ({requests / SECONDS:.0f}/s), "
          f"{counts.get('fault', 0)} injected faults met, {writes} accepted writes")
    print(f"  by kind: {json.dumps(dict(sorted(counts.items())))}")
    print(f"  RSS: {samples[0][1]} MiB at start, peak {peak_before} MiB in the first two thirds, {peak_after} MiB after")
    problems = []
    if unexpected:
        problems.append(f"{len(unexpected)} answers that no fault explains, e.g. {unexpected[:5]}")
    if peak_after > peak_before * 1.5 + 32:
        problems.append(f"RSS still grows: {peak_before} → {peak_after} MiB")
    if after != replay:
        differing = [i for i in set(after) | set(replay) if after.get(i) != replay.get(i)]
        problems.append(f"state differs from the replay on {len(differing)} tasks, e.g. {differing[:3]}")
    for problem in problems:
        print("  FAIL:", problem)
    if not problems:
        print(f"  state equals the replay of the accepted writes ({len(after)} tasks); every error was an injected fault")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
