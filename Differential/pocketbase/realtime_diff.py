#!/usr/bin/env python3
"""Differential proof for PocketBase realtime (server-sent events).

The same subscriptions (superuser, user and guest clients; list and record topics; expand, fields
and filter options) and the same writes (create, update, delete, a batch, a cascade delete, a rule
that hides records) run against two servers, each fresh. Every client's events are read over plain
HTTP (no SDK), grouped by write step, sorted inside the step (PocketBase sends each message from its
own goroutine, so their order within one write is not fixed), normalised (record ids, client ids,
timestamps) and compared. `--record` keeps the real server's normalised events so a later run can
compare a server with the recording.

    python3 realtime_diff.py                                   # two fresh real servers
    python3 realtime_diff.py --b-command 'CMD'                 # real PocketBase against CMD's server
    python3 realtime_diff.py --record realtime-reference-0.40.json
    python3 realtime_diff.py --against-reference realtime-reference-0.40.json --b-command 'CMD'
    python3 realtime_diff.py --show URL                        # print one server's normalised events

Only the standard library is used, plus the `pocketbase` binary for the real side.
"""

from __future__ import annotations

import argparse
import difflib
import http.client
import json
import queue
import re
import sys
import threading
import time
import urllib.parse
from typing import Any

import run_diff
from server import SUPERUSER_EMAIL, SUPERUSER_PASSWORD

SETTLE = 0.4  # seconds without a new event after which a write's events are taken as all in
SETTLE_MAX = 3.0  # the longest wait for one write's events (a loaded machine delivers late)


class Api:
    """Plain JSON requests to one server."""

    def __init__(self, url: str):
        self.url = url.rstrip("/")
        parsed = urllib.parse.urlparse(self.url)
        self.host, self.port = parsed.hostname, parsed.port

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=10)
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = token
        data = None if body is None else json.dumps(body).encode()
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        raw = response.read()
        conn.close()
        return response.status, (json.loads(raw) if raw.strip() else None)

    def ok(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        status, doc = self.call(method, path, body, token)
        if status >= 300:
            raise RuntimeError(f"{method} {path} -> {status}: {doc}")
        return doc


class Client:
    """One realtime connection: reads its event stream on a thread."""

    def __init__(self, api: Api, name: str):
        self.api, self.name = api, name
        self.events: queue.Queue = queue.Queue()
        self.conn = http.client.HTTPConnection(api.host, api.port, timeout=60)
        self.conn.request("GET", "/api/realtime", headers={"Accept": "text/event-stream"})
        self.response = self.conn.getresponse()
        self.content_type = self.response.getheader("Content-Type")
        threading.Thread(target=self._read, daemon=True).start()
        first = self.events.get(timeout=10)
        if first["event"] != "PB_CONNECT":
            raise RuntimeError(f"{name}: first event {first}")
        self.connect_event = first
        self.id = json.loads(first["data"])["clientId"]

    def _read(self) -> None:
        event: dict[str, str] = {}
        try:
            while True:
                line = self.response.readline()
                if not line:
                    return
                text = line.decode().rstrip("\r\n")
                if text == "":
                    if event:
                        self.events.put(event)
                    event = {}
                    continue
                field, _, value = text.partition(":")
                event[field] = event.get(field, "") + value
        except (OSError, ValueError, http.client.HTTPException):
            return

    def subscribe(self, topics: list[str], token: str | None = None) -> tuple[int, Any]:
        return self.api.call("POST", "/api/realtime", {"clientId": self.id, "subscriptions": topics}, token)

    def drain(self) -> list[dict[str, str]]:
        found = []
        while True:
            try:
                found.append(self.events.get_nowait())
            except queue.Empty:
                return found

    def close(self) -> None:
        try:
            self.conn.sock and self.conn.sock.close()
        except OSError:
            pass


def options(query: dict[str, str]) -> str:
    return "?options=" + urllib.parse.quote(json.dumps({"query": query}, separators=(",", ":")))


class Labels:
    """Relabels random ids (records, clients) by order of first sight."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def name(self, value: str, label: str) -> str:
        return self.names.setdefault(value, label)

    def apply(self, text: str) -> str:
        for value in sorted(self.names, key=len, reverse=True):
            text = text.replace(value, "<" + self.names[value] + ">")
        return re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z", "<time>", text)


def run(url: str) -> dict[str, Any]:
    """Runs the scenario against a fresh server; returns the normalised observations."""
    api = Api(url)
    labels = Labels()
    doc: dict[str, Any] = {"steps": []}
    su = api.ok("POST", "/api/collections/_superusers/auth-with-password",
                {"identity": SUPERUSER_EMAIL, "password": SUPERUSER_PASSWORD})["token"]
    api.ok("PATCH", "/api/settings", {"batch": {"enabled": True, "maxRequests": 20}}, su)
    users = api.ok("GET", "/api/collections/users", token=su)["id"]
    tags = api.ok("POST", "/api/collections", {
        "name": "tags", "type": "base", "listRule": "", "viewRule": "",
        "fields": [{"name": "name", "type": "text"}]}, su)["id"]
    api.ok("POST", "/api/collections", {
        "name": "posts", "type": "base",
        "listRule": "public = true", "viewRule": "public = true || owner = @request.auth.id",
        "createRule": "@request.auth.id != ''",
        "fields": [
            {"name": "title", "type": "text"}, {"name": "public", "type": "bool"},
            {"name": "owner", "type": "relation", "collectionId": users, "maxSelect": 1},
            {"name": "tag", "type": "relation", "collectionId": tags, "maxSelect": 1, "cascadeDelete": True},
        ]}, su)
    alice = api.ok("POST", "/api/collections/users/records", {
        "email": "alice@example.com", "password": "alice-password", "passwordConfirm": "alice-password",
        "name": "Alice"}, su)
    labels.name(alice["id"], "alice")
    bob = api.ok("POST", "/api/collections/users/records", {
        "email": "bob@example.com", "password": "bob-password", "passwordConfirm": "bob-password",
        "name": "Bob"}, su)
    labels.name(bob["id"], "bob")
    alice_token = api.ok("POST", "/api/collections/users/auth-with-password",
                         {"identity": "alice@example.com", "password": "alice-password"})["token"]
    bob_token = api.ok("POST", "/api/collections/users/auth-with-password",
                       {"identity": "bob@example.com", "password": "bob-password"})["token"]

    clients = {name: Client(api, name) for name in ["superuser", "alice", "bob", "guest", "options", "superfilter"]}
    for name, client in clients.items():
        labels.name(client.id, "client-" + name)
    doc["connect"] = {
        "contentType": clients["guest"].content_type,
        "event": labels.apply(json.dumps(clients["guest"].connect_event, sort_keys=True)),
    }
    subscriptions = {
        "superuser": (["posts/*", "tags/*"], su),
        "alice": (["posts/*", "tags"], alice_token),
        "bob": (["posts/*"], bob_token),
        "guest": (["posts/*", "tags/*"], None),
        "options": (["posts/*" + options({"expand": "tag,owner", "fields": "id,title,expand.tag.name"}),
                     "posts/*" + options({"filter": "title ~ 'second'"})], None),
        "superfilter": (["posts/*" + options({"filter": "title ~ 'batch'"})], su),
    }
    for name, (topics, token) in subscriptions.items():
        status, body = clients[name].subscribe(topics, token)
        doc.setdefault("subscribe", {})[name] = [status, body]

    def settle() -> None:
        """Waits until no client has received an event for SETTLE seconds (at most SETTLE_MAX)."""
        deadline = time.monotonic() + SETTLE_MAX
        seen = -1
        while time.monotonic() < deadline:
            time.sleep(SETTLE)
            arrived = sum(client.events.qsize() for client in clients.values())
            if arrived == seen:
                return
            seen = arrived

    def step(name: str, action) -> None:
        result = action()
        settle()
        events = {}
        for client_name, client in clients.items():
            got = [labels.apply(json.dumps({"event": e.get("event"), "id": e.get("id"),
                                            "data": json.loads(e.get("data", "null"))}, sort_keys=True))
                   for e in client.drain()]
            events[client_name] = [json.loads(text) for text in sorted(got)]
        doc["steps"].append({"step": name, "result": json.loads(labels.apply(json.dumps(result))), "events": events})

    def create(collection: str, body: dict, token: str, label: str):
        def go():
            record = api.ok("POST", f"/api/collections/{collection}/records", body, token)
            labels.name(record["id"], label)
            return "created"
        return go

    def write(method: str, path: str, body: Any, token: str):
        def go():
            status, _ = api.call(method, path, body, token)
            return status
        return go

    ids = labels.names
    by_label = lambda label: next(k for k, v in ids.items() if v == label)  # noqa: E731

    step("create a tag", create("tags", {"name": "news"}, su, "tag1"))
    step("alice creates a public post", create(
        "posts", {"title": "first", "public": True, "owner": by_label("alice"), "tag": by_label("tag1")},
        alice_token, "post1"))
    step("alice creates a private post", create(
        "posts", {"title": "second private", "public": False, "owner": by_label("alice")}, alice_token, "post2"))
    step("alice subscribes to her private post",
         lambda: clients["alice"].subscribe(["posts/*", "tags", "posts/" + by_label("post2")], alice_token)[0])
    step("update the private post", write(
        "PATCH", "/api/collections/posts/records/" + by_label("post2"), {"title": "second private (edited)"}, su))
    step("publish the private post", write(
        "PATCH", "/api/collections/posts/records/" + by_label("post2"), {"public": True}, su))
    step("delete the public post", write("DELETE", "/api/collections/posts/records/" + by_label("post1"), None, su))

    def batch():
        status, body = api.call("POST", "/api/batch", {"requests": [
            {"method": "POST", "url": "/api/collections/posts/records",
             "body": {"id": "batchpost000001", "title": "batch second", "public": True, "tag": by_label("tag1")}},
            {"method": "PATCH", "url": "/api/collections/posts/records/batchpost000001", "body": {"title": "batch 2"}},
            {"method": "DELETE", "url": "/api/collections/posts/records/" + by_label("post2")},
        ]}, su)
        return status
    step("a batch: create, update, delete", batch)
    step("deleting the tag cascades to its posts", write(
        "DELETE", "/api/collections/tags/records/" + by_label("tag1"), None, su))

    # Refusals of POST /api/realtime.
    refusals = {}
    refusals["unknown client"] = api.call("POST", "/api/realtime", {"clientId": "nope", "subscriptions": []})
    refusals["missing client id"] = api.call("POST", "/api/realtime", {"subscriptions": ["posts"]})
    refusals["a topic too long"] = api.call(
        "POST", "/api/realtime", {"clientId": clients["guest"].id, "subscriptions": ["x" * 2501]})
    refusals["too many topics"] = api.call(
        "POST", "/api/realtime", {"clientId": clients["guest"].id, "subscriptions": ["t%d" % i for i in range(1001)]})
    refusals["another user's token"] = clients["alice"].subscribe(["posts/*"], bob_token)
    refusals["a guest after auth"] = clients["alice"].subscribe(["posts/*"], None)
    refusals["guest upgrades to auth"] = clients["guest"].subscribe(["posts/*"], bob_token)
    doc["refusals"] = {k: json.loads(labels.apply(json.dumps(list(v)))) for k, v in refusals.items()}
    for client in clients.values():
        client.close()
    return doc


def show_diff(a: Any, b: Any, a_name: str, b_name: str) -> str:
    left = json.dumps(a, indent=1, sort_keys=True).splitlines()
    right = json.dumps(b, indent=1, sort_keys=True).splitlines()
    return "\n".join(list(difflib.unified_diff(left, right, a_name, b_name, lineterm="", n=2))[:80])


def compare(a: dict, b: dict, a_name: str, b_name: str) -> int:
    parts = [("connect", a.get("connect"), b.get("connect")), ("subscribe", a.get("subscribe"), b.get("subscribe"))]
    steps_a, steps_b = a.get("steps", []), b.get("steps", [])
    for index in range(max(len(steps_a), len(steps_b))):
        sa = steps_a[index] if index < len(steps_a) else None
        sb = steps_b[index] if index < len(steps_b) else None
        parts.append(("step " + ((sa or sb) or {}).get("step", str(index)), sa, sb))
    for name in sorted(set(a.get("refusals", {})) | set(b.get("refusals", {}))):
        parts.append(("refusal " + name, a.get("refusals", {}).get(name), b.get("refusals", {}).get(name)))
    matched = 0
    for name, left, right in parts:
        if left == right:
            matched += 1
            print(f"ok    {name}")
        else:
            print(f"DIFF  {name}\n{show_diff(left, right, a_name, b_name)}")
    print(f"{len(parts)} parts, {matched} match")
    return 0 if matched == len(parts) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--a", help="URL of a running fresh server for side A (default: a fresh real PocketBase)")
    parser.add_argument("--b", help="URL of a running fresh server for side B")
    parser.add_argument("--a-command", help="shell command that starts side A and prints its URL")
    parser.add_argument("--b-command", help="shell command that starts side B and prints its URL")
    parser.add_argument("--record", metavar="FILE", help="record side A's normalised events to FILE")
    parser.add_argument("--against-reference", metavar="FILE", help="compare side B with a recording")
    parser.add_argument("--show", action="store_true", help="print side A's normalised events")
    args = parser.parse_args(argv)

    if args.record or args.show:
        with run_diff.server_for(args.a, args.a_command) as server:
            doc = run(server.url)
        if args.show:
            print(json.dumps(doc, indent=1, sort_keys=True))
        if args.record:
            with open(args.record, "w") as f:
                json.dump(doc, f, indent=1, sort_keys=True)
                f.write("\n")
            print(f"recorded {len(doc['steps'])} steps to {args.record}")
        return 0
    if args.against_reference:
        with open(args.against_reference) as f:
            reference = json.load(f)
        with run_diff.server_for(args.b, args.b_command) as server:
            doc = run(server.url)
        return compare(reference, doc, "reference", "B")
    with run_diff.server_for(args.a, args.a_command) as a_server:
        a_doc = run(a_server.url)
    with run_diff.server_for(args.b, args.b_command) as b_server:
        b_doc = run(b_server.url)
    return compare(a_doc, b_doc, "A", "B")


if __name__ == "__main__":
    sys.exit(main())
