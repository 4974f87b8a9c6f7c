#!/usr/bin/env python3
"""Crash test for `treaty serve --persist DIR` serving PocketBase (Contracts/blog): a superuser
makes a `notes` collection and enables batch requests over the API, then several clients create
(server-chosen ids), patch and delete notes and send three-create `/api/batch` requests while the
server is killed with SIGKILL at random moments and restarted on the same directory. After every
restart, with the clients paused, it checks:

- the superuser token issued before the first kill still works (the signing secret survived),
  and the collection and the batch settings are still there;
- every acknowledged write is there; a write whose answer never came is there entirely or not at
  all (a batch all or nothing), and nothing else appeared;
- no id the server handed out is ever handed out again.

At the end, a fresh in-memory server given each client's acknowledged (or found applied) writes in
order holds the same notes (compared by title, since ids are the server's).

    Benchmarks/persist/crash_pocketbase.py               # 50 kills, at most 120 s
    CRASH_KILLS=200 CRASH_SECONDS=600 Benchmarks/persist/crash_pocketbase.py
"""
import json, os, random, shutil, signal, sys, tempfile, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import crash  # noqa: E402  (the demo crash test: server start, HTTP, pause and resume)

ROOT = crash.ROOT
KILLS = int(os.environ.get("CRASH_KILLS", "50"))
SECONDS = float(os.environ.get("CRASH_SECONDS", "120"))
WORKERS = int(os.environ.get("CRASH_WORKERS", "4"))
NOTES = "/api/collections/notes/records"
SUPERUSER = {"identity": "admin@example.com", "password": "admin-password-123"}
COLLECTION = {"name": "notes", "type": "base", "listRule": "", "viewRule": "", "createRule": "", "updateRule": "",
              "deleteRule": "", "fields": [{"name": "title", "type": "text"}]}


def start(persist=None):
    command = [crash.BIN, "serve", "--contract", os.path.join(ROOT, "Contracts/blog"), "--port", "0", "--seed", "7"]
    if persist:
        command += ["--persist", persist, "--compact-after", os.environ.get("CRASH_COMPACT_AFTER", "256K")]
    process = crash.subprocess.Popen(command, stdout=crash.subprocess.PIPE, stderr=crash.subprocess.DEVNULL, text=True)
    match = crash.re.search(r"http://([0-9.]+):([0-9]+)", process.stdout.readline())
    if not match:
        process.kill()
        sys.exit("treaty serve did not start")
    return process, (match.group(1), int(match.group(2)))


def send(address, method, path, body=None, token=None):
    connection = crash.http.client.HTTPConnection(*address, timeout=30)
    try:
        headers = {"Content-Type": "application/json"} | ({"Authorization": token} if token else {})
        connection.request(method, path, body=json.dumps(body).encode() if body is not None else None, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    except (ConnectionError, crash.http.client.HTTPException, crash.socket.timeout, OSError):
        return "cut", b""
    finally:
        connection.close()


def prepare(address):
    """The superuser's token, the notes collection and batch requests enabled."""
    status, body = send(address, "POST", "/api/collections/_superusers/auth-with-password", SUPERUSER)
    assert status == 200, f"superuser login answered {status}: {body[:200]!r}"
    token = json.loads(body)["token"]
    for method, path, payload in (("POST", "/api/collections", COLLECTION),
                                  ("PATCH", "/api/settings", {"batch": {"enabled": True, "maxRequests": 10}})):
        status, body = send(address, method, path, payload, token)
        assert status == 200, f"{method} {path} answered {status}: {body[:200]!r}"
    return token


def dump(address):
    status, body = send(address, "GET", "/__treaty/state/notes")
    assert status == 200, f"state dump answered {status}"
    return {r["id"]: r["title"] for r in json.loads(body)["records"]}


class Worker(threading.Thread):
    def __init__(self, index, harness):
        super().__init__(daemon=True)
        self.index, self.harness = index, harness
        self.random = random.Random(index)
        self.notes = {}        # id -> title, acknowledged (absent: deleted or never made)
        self.writes = []       # acknowledged (or found applied) writes: (kind, ids, titles)
        self.pending = None
        self.problems = []
        self.counts = {"acknowledged": 0, "cut": 0, "cut-applied": 0}

    def title(self):
        return f"w{self.index} {self.random.randrange(10**9)}"

    def choose(self):
        live = sorted(self.notes)
        roll = self.random.random()
        if roll < 0.4 or not live:
            title = self.title()
            return {"kind": "create", "method": "POST", "path": NOTES, "body": {"title": title}, "titles": [title]}
        if roll < 0.7:
            note = self.random.choice(live)
            title = self.title()
            return {"kind": "patch", "method": "PATCH", "path": f"{NOTES}/{note}", "body": {"title": title},
                    "id": note, "titles": [title]}
        if roll < 0.85:
            note = self.random.choice(live)
            return {"kind": "delete", "method": "DELETE", "path": f"{NOTES}/{note}", "body": None, "id": note,
                    "titles": []}
        titles = [self.title() for _ in range(3)]
        requests = [{"method": "POST", "url": NOTES, "body": {"title": t}} for t in titles]
        return {"kind": "batch", "method": "POST", "path": "/api/batch", "body": {"requests": requests},
                "titles": titles}

    def acknowledge(self, write, ids):
        if write["kind"] == "delete":
            self.notes.pop(write["id"], None)
        else:
            for note, title in zip(ids, write["titles"]):
                self.notes[note] = title
        self.writes.append((write["kind"], ids, write["titles"]))

    def run(self):
        while not self.harness.finished.is_set():
            self.harness.wait_open(self)
            if self.harness.finished.is_set():
                return
            write = self.choose()
            status, payload = send(self.harness.address, write["method"], write["path"], write["body"],
                                   self.harness.token)
            if status == "cut" or status == 503:
                self.pending = write
                self.counts["cut"] += 1
                self.harness.park(self)
                continue
            if status not in (200, 204):
                self.problems.append(f"{write['kind']} answered {status}: {payload[:200]!r}")
                continue
            if write["kind"] in ("patch", "delete"):
                ids = [write["id"]]
            else:
                answer = json.loads(payload)
                records = [item["body"] for item in answer] if write["kind"] == "batch" else [answer]
                ids = [record["id"] for record in records]
                self.harness.saw_ids(ids, self)
            self.counts["acknowledged"] += 1
            self.acknowledge(write, ids)

    def verify(self, state):
        if self.pending:
            write, self.pending = self.pending, None
            if write["kind"] in ("create", "batch"):
                found = [next((i for i, t in state.items() if t == title), None) for title in write["titles"]]
                if all(found):
                    self.harness.saw_ids(found, self)
                    self.counts["cut-applied"] += 1
                    self.acknowledge(write, found)
                elif any(found):
                    self.problems.append(f"a cut {write['kind']} is half applied: {found}")
            elif write["kind"] == "patch" and state.get(write["id"]) == write["titles"][0]:
                self.counts["cut-applied"] += 1
                self.acknowledge(write, [write["id"]])
            elif write["kind"] == "delete" and write["id"] not in state:
                self.counts["cut-applied"] += 1
                self.acknowledge(write, [write["id"]])
        for note, title in self.notes.items():
            if state.get(note) != title:
                self.problems.append(f"acknowledged note {note} is {state.get(note)!r}, not {title!r}")
        for note, title in state.items():
            if title.startswith(f"w{self.index} ") and note not in self.notes:
                self.problems.append(f"note {note} ({title}) was never acknowledged but is there")


class Harness(crash.Harness):
    max_kills = KILLS
    seconds = SECONDS

    def __init__(self, directory):
        self.directory = directory
        self.server, self.address = start(directory)
        self.token = prepare(self.address)
        self.finished = threading.Event()
        self.condition = threading.Condition()
        self.open = True
        self.parked = set()
        self.seen = {}
        self.workers = [Worker(i, self) for i in range(WORKERS)]
        self.problems = []
        self.restart_seconds = []

    def saw_ids(self, ids, worker):
        with self.condition:
            for note in ids:
                if self.seen.setdefault(note, worker.index) != worker.index or ids.count(note) > 1:
                    self.problems.append(f"id {note} was handed out twice")

    def verify(self):
        state = dump(self.address)
        for worker in self.workers:
            worker.verify(state)
        for path in ("/api/collections/notes", "/api/settings"):
            status, body = send(self.address, "GET", path, token=self.token)
            if status != 200:
                self.problems.append(f"GET {path} with the first token answered {status}: {body[:200]!r}")
            elif path == "/api/settings" and json.loads(body)["batch"]["enabled"] is not True:
                self.problems.append("the batch settings were lost")

    def restart(self):
        return start(self.directory)


def replay_state(workers):
    server, address = start()
    try:
        token = prepare(address)
        for worker in workers:
            ids = {}
            for kind, originals, titles in worker.writes:
                if kind == "create":
                    status, body = send(address, "POST", NOTES, {"title": titles[0]}, token)
                    ids[originals[0]] = json.loads(body)["id"] if status == 200 else None
                elif kind == "batch":
                    requests = [{"method": "POST", "url": NOTES, "body": {"title": t}} for t in titles]
                    status, body = send(address, "POST", "/api/batch", {"requests": requests}, token)
                    for original, item in zip(originals, json.loads(body) if status == 200 else []):
                        ids[original] = item["body"]["id"]
                elif kind == "patch":
                    status, body = send(address, "PATCH", f"{NOTES}/{ids.get(originals[0])}", {"title": titles[0]}, token)
                else:
                    status, body = send(address, "DELETE", f"{NOTES}/{ids.get(originals[0])}", None, token)
                if status not in (200, 204):
                    sys.exit(f"replay of a {kind} answered {status}: {body[:200]!r}")
        return sorted(dump(address).values())
    finally:
        server.terminate()
        server.wait()


def main():
    if not os.path.exists(crash.BIN):
        sys.exit(f"no treaty binary at {crash.BIN}")
    directory = tempfile.mkdtemp(prefix="treaty-crash-pb-")
    harness = Harness(directory + "/state")
    try:
        kills = harness.run()
        persisted = sorted(dump(harness.address).values())
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
        problems.append(f"state differs from the replay: {len(persisted)} notes persisted, {len(replay)} replayed")
    print(f"crash (pocketbase): {kills} SIGKILLs, {WORKERS} clients, {counts['acknowledged']} acknowledged writes, "
          f"{counts['cut']} cut by a kill ({counts['cut-applied']} of them found applied, whole); {len(harness.seen)} "
          f"ids handed out; restart to ready "
          f"{1000 * sum(harness.restart_seconds) / max(1, len(harness.restart_seconds)):.0f} ms on average")
    for problem in problems[:20]:
        print("  FAIL:", problem)
    if not problems:
        print(f"  every acknowledged write, the collection, the settings and the token survived every kill; no cut "
              f"write half applied; no id reused; state equals the replay of the acknowledged writes "
              f"({len(persisted)} notes)")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
