#!/usr/bin/env python3
"""Crash test for `treaty serve --persist DIR` (demo contract): several clients write (creates,
patches, deletes, three-record /sync/upload batches) while the server is killed with SIGKILL at
random moments and restarted on the same directory. After every restart, with the clients
paused, it checks:

- every acknowledged write is there, with the version its answer gave;
- a write whose answer never came (the kill cut it) is there entirely or not at all — a batch
  all or nothing — and nothing else appeared;
- the log is compacted every 256 KiB of writes (`CRASH_COMPACT_AFTER`), so kills also land during
  compactions;
- the version feed goes on: `Sync-Cursor` of `since_version=0` is at least the highest version
  any answer gave.

At the end, a fresh in-memory server given each client's acknowledged (or found applied) writes in
order holds the same tasks (compared without the server-owned `updated_at`, `version` and
`deleted_at` times, which depend on how the clients interleaved).

    Benchmarks/persist/crash.py                           # 50 kills, at most 80 s
    CRASH_KILLS=200 CRASH_SECONDS=600 Benchmarks/persist/crash.py
"""
import http.client, json, os, random, re, shutil, signal, socket, subprocess, sys, tempfile, threading, time, uuid

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BIN = os.environ.get("TREATY_BIN", os.path.join(ROOT, ".build", "debug", "treaty"))
KILLS = int(os.environ.get("CRASH_KILLS", "50"))
SECONDS = float(os.environ.get("CRASH_SECONDS", "80"))
WORKERS = int(os.environ.get("CRASH_WORKERS", "4"))
PROJECT = "36F675CC-81E7-4EF5-A8E2-5D940ED90475"
TASKS = f"/projects/{PROJECT}/tasks"
AUTHOR = json.load(open(os.path.join(ROOT, "Fixtures/demo/user.json")))[0]["id"]
SHOWN = ("title", "state", "position")
RECOVERY_SECONDS = []


def start(persist=None):
    command = [BIN, "serve", "--contract", os.path.join(ROOT, "Contracts/demo/contract.yaml"),
               "--fixtures", os.path.join(ROOT, "Fixtures/demo"), "--port", "0", "--seed", "7"]
    if persist:
        command += ["--persist", persist, "--compact-after", os.environ.get("CRASH_COMPACT_AFTER", "256K")]
    log = tempfile.TemporaryFile(mode="w+")
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)
    line = process.stdout.readline()
    match = re.search(r"http://([0-9.]+):([0-9]+)", line)
    log.seek(0)
    errors = log.read()
    if not match:
        process.kill()
        sys.exit(f"treaty serve did not start: {line!r} {errors!r}")
    recovered = re.search(r"logged writes? in ([0-9.]+) s", errors)
    if recovered:
        RECOVERY_SECONDS.append(float(recovered.group(1)))
    return process, (match.group(1), int(match.group(2)))


def send(address, method, path, body=None, timeout=30):
    connection = http.client.HTTPConnection(*address, timeout=timeout)
    try:
        data = json.dumps(body).encode() if body is not None else None
        connection.request(method, path, body=data, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        return response.status, response.read(), dict(response.getheaders())
    except (ConnectionError, http.client.HTTPException, socket.timeout, OSError):
        return "cut", b"", {}
    finally:
        connection.close()


def stamp(milliseconds):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(milliseconds / 1000)) + ".%03dZ" % (milliseconds % 1000)


def dump(address):
    status, body, _ = send(address, "GET", "/__treaty/state/task")
    assert status == 200, f"state dump answered {status}"
    return {r["id"]: r for r in json.loads(body)["records"]}


def view(record):
    """What a client set, and whether the record is a tombstone."""
    if record is None:
        return None
    return tuple(record.get(key) for key in SHOWN) + (record.get("deleted_at") is not None,)


class Worker(threading.Thread):
    def __init__(self, index, harness):
        super().__init__(daemon=True)
        self.index, self.harness = index, harness
        self.random = random.Random(index)
        self.tasks = {}          # id -> (title, state, position, deleted) acknowledged
        self.versions = {}       # id -> version the last acknowledged answer gave
        self.writes = []         # acknowledged (or found applied) writes, in order
        self.pending = None      # the write whose answer the kill cut
        self.problems = []
        self.counts = {"acknowledged": 0, "cut": 0, "cut-applied": 0}

    def new_task(self):
        task_id = str(uuid.UUID(int=self.random.getrandbits(128), version=4)).upper()
        now = 1748736000000 + self.random.randrange(10_000_000)
        body = {"id": task_id, "title": f"w{self.index} {self.random.randrange(10**6)}", "state": "todo",
                "author_id": AUTHOR, "position": self.random.randrange(1000), "created_at": stamp(now),
                "updated_at": stamp(now)}
        return task_id, body

    def choose(self):
        live = sorted(i for i, v in self.tasks.items() if not v[3])
        roll = self.random.random()
        if roll < 0.35 or not live:
            task_id, body = self.new_task()
            return {"kind": "create", "method": "POST", "path": TASKS, "body": body,
                    "after": {task_id: (body["title"], "todo", body["position"], False)}}
        if roll < 0.75:
            task_id = self.random.choice(live)
            old = self.tasks[task_id]
            patch = {"title": f"w{self.index} {self.random.randrange(10**6)}",
                     "state": self.random.choice(["todo", "inProgress", "done"]),
                     "position": self.random.randrange(1000)}
            return {"kind": "patch", "method": "PATCH", "path": f"{TASKS}/{task_id}", "body": patch,
                    "after": {task_id: (patch["title"], patch["state"], patch["position"], False)}}
        if roll < 0.87:
            task_id = self.random.choice(live)
            old = self.tasks[task_id]
            return {"kind": "delete", "method": "DELETE", "path": f"{TASKS}/{task_id}", "body": None,
                    "after": {task_id: old[:3] + (True,)}}
        operations, after = [], {}
        for _ in range(3):
            task_id, body = self.new_task()
            data = {k: v for k, v in body.items() if k not in ("id", "updated_at")} | {"project_id": PROJECT}
            operations.append({"operation": "upsert", "type": "tasks", "id": task_id,
                               "updatedAt": body["updated_at"], "data": data})
            after[task_id] = (body["title"], "todo", body["position"], False)
        return {"kind": "batch", "method": "POST", "path": "/sync/upload", "body": {"operations": operations},
                "after": after}

    def acknowledge(self, write, versions):
        self.writes.append((write["method"], write["path"], write["body"]))
        for task_id, value in write["after"].items():
            self.tasks[task_id] = value
            if task_id in versions:
                self.versions[task_id] = versions[task_id]
                self.harness.saw_version(versions[task_id])
            else:  # a 204 names no version
                self.versions.pop(task_id, None)

    def run(self):
        while not self.harness.finished.is_set():
            self.harness.wait_open(self)
            if self.harness.finished.is_set():
                return
            write = self.choose()
            status, payload, _ = send(self.harness.address, write["method"], write["path"], write["body"])
            if status == "cut" or status == 503:
                self.pending = write
                self.counts["cut"] += 1
                self.harness.park(self)
                continue
            if status not in (200, 201, 204):
                self.problems.append(f"{write['kind']} answered {status}: {payload[:200]!r}")
                continue
            versions = {}
            if payload:
                answer = json.loads(payload)
                records = [r["record"] for r in answer.get("results", [])] if "results" in answer else [answer]
                if any(r.get("status") != "applied" for r in answer.get("results", [])):
                    self.problems.append(f"batch not applied: {payload[:200]!r}")
                    continue
                versions = {r["id"]: r["version"] for r in records if r}
            self.counts["acknowledged"] += 1
            self.acknowledge(write, versions)

    def verify(self, state):
        """Checks this worker's tasks in `state` (the server's dump) after a restart."""
        if self.pending:
            write, self.pending = self.pending, None
            found = {i: view(state.get(i)) for i in write["after"]}
            applied = [found[i] == v for i, v in write["after"].items()]
            before = [found[i] == (None if i not in self.tasks else self.tasks[i]) for i in write["after"]]
            if all(applied):
                self.counts["cut-applied"] += 1
                self.acknowledge(write, {i: state[i]["version"] for i in write["after"]})
            elif not all(before):
                self.problems.append(f"a cut {write['kind']} is half applied: {found} (wanted {write['after']})")
        for task_id, value in self.tasks.items():
            record = state.get(task_id)
            if view(record) != value:
                self.problems.append(f"acknowledged task {task_id} is {view(record)}, not {value}")
            elif self.versions.get(task_id, record["version"]) != record["version"]:
                self.problems.append(f"task {task_id} is at version {record['version']}, not {self.versions[task_id]}")
        for task_id, record in state.items():
            if record["title"].startswith(f"w{self.index} ") and task_id not in self.tasks:
                self.problems.append(f"task {task_id} was never acknowledged but is there")


class Harness:
    max_kills = KILLS
    seconds = SECONDS

    def __init__(self, directory):
        self.directory = directory
        self.server, self.address = start(directory)
        self.finished = threading.Event()
        self.condition = threading.Condition()
        self.open = True
        self.parked = set()
        self.highest_version = 0
        self.workers = [Worker(i, self) for i in range(WORKERS)]
        self.problems = []
        self.restart_seconds = []

    def saw_version(self, version):
        with self.condition:
            self.highest_version = max(self.highest_version, version)

    def wait_open(self, worker):
        with self.condition:
            while not self.open and not self.finished.is_set():
                self.parked.add(worker.index)
                self.condition.notify_all()
                self.condition.wait()
            self.parked.discard(worker.index)

    def park(self, worker):
        with self.condition:
            while self.open and not self.finished.is_set():
                self.condition.wait(0.05)

    def pause(self):
        with self.condition:
            self.open = False
            while len(self.parked) < len(self.workers):
                self.condition.wait(0.05)

    def resume(self):
        with self.condition:
            self.open = True
            self.condition.notify_all()

    def verify(self):
        state = dump(self.address)
        for worker in self.workers:
            worker.verify(state)
        status, _, headers = send(self.address, "GET", f"{TASKS}?since_version=0")
        cursor = int(headers.get("Sync-Cursor", headers.get("sync-cursor", "0")))
        if status != 200 or cursor < self.highest_version:
            self.problems.append(f"the version feed went back: cursor {cursor} < {self.highest_version} ({status})")

    def restart(self):
        """Starts the server again on the same directory after a kill."""
        return start(self.directory)

    def run(self):
        deadline = time.time() + self.seconds
        rng = random.Random(26)
        for worker in self.workers:
            worker.start()
        kills = 0
        while kills < self.max_kills and time.time() < deadline:
            time.sleep(rng.uniform(0.02, 0.3))
            with self.condition:
                self.open = False
            self.server.send_signal(signal.SIGKILL)
            self.server.wait()
            kills += 1
            self.pause()
            restarted = time.time()
            self.server, self.address = self.restart()
            self.restart_seconds.append(time.time() - restarted)
            self.verify()
            self.resume()
        self.pause()
        self.finished.set()
        self.resume()
        self.verify()
        return kills


def replay_state(workers):
    server, address = start()
    try:
        for worker in workers:
            for method, path, body in worker.writes:
                status, payload, _ = send(address, method, path, body)
                if status not in (200, 201, 204):
                    sys.exit(f"replay of {method} {path} answered {status}: {payload[:200]!r}")
        return {i: view(r) for i, r in dump(address).items()}
    finally:
        server.terminate()
        server.wait()


def main():
    if not os.path.exists(BIN):
        sys.exit(f"no treaty binary at {BIN}")
    directory = tempfile.mkdtemp(prefix="treaty-crash-")
    harness = Harness(directory + "/state")
    try:
        kills = harness.run()
        persisted = {i: view(r) for i, r in dump(harness.address).items()}
    finally:
        harness.server.terminate()
        harness.server.wait()
    replay = replay_state(harness.workers)
    shutil.rmtree(directory, ignore_errors=True)
    counts = {}
    for worker in harness.workers:
        for key, value in worker.counts.items():
            counts[key] = counts.get(key, 0) + value
    problems = harness.problems + [p for w in harness.workers for p in w.problems]
    if persisted != replay:
        differing = [i for i in set(persisted) | set(replay) if persisted.get(i) != replay.get(i)]
        problems.append(f"state differs from the replay on {len(differing)} tasks, e.g. {differing[:3]}")
    print(f"crash: {kills} SIGKILLs, {WORKERS} clients, {counts['acknowledged']} acknowledged writes, "
          f"{counts['cut']} cut by a kill ({counts['cut-applied']} of them found applied, whole); "
          f"restart to ready {1000 * sum(harness.restart_seconds) / max(1, len(harness.restart_seconds)):.0f} ms "
          f"on average, {1000 * max(harness.restart_seconds, default=0):.0f} ms at most, of which reading the "
          f"state back {1000 * sum(RECOVERY_SECONDS) / max(1, len(RECOVERY_SECONDS)):.0f} ms on average")
    for problem in problems[:20]:
        print("  FAIL:", problem)
    if not problems:
        print(f"  every acknowledged write survived every kill; no cut write half applied; "
              f"state equals the replay of the acknowledged writes ({len(persisted)} tasks)")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
