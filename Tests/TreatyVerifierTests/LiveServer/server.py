#!/usr/bin/env python3
"""A read-only rest-sync backend that Treaty did not write, for the verifier's live-mode tests.

Serves the demo fixtures (Fixtures/demo/*.json) the way docs rest-sync.md describes:

  GET /users, /projects, /tags           live records
  GET /projects/{project_id}/tasks       live tasks of that project, by position then id
      ?updated_after=TS (or since=TS)    changes after TS, tombstones included, by updated_at then id
      ?since_version=N                   changes after version N, by version then id
  GET /projects/{project_id}/tasks/{id}  one live task of that project, else 404

Every write answers 405. With --omit KEY (repeatable) every task is served without KEY: a
plausible backend bug (a key left out instead of sent as null) that the verifier must report. With --token T every request must carry `Authorization: Bearer T`
(else 401); the header's value is echoed in `X-Seen-Authorization`, as a careless debugging
proxy might, so the tests can prove the verifier redacts it.

Listens on 127.0.0.1 on the port given by --port (0 = any free port) and prints `PORT <n>` on
stdout once it accepts connections. With --lifeline it exits when its stdin closes, so it never
outlives a test process that crashed.
"""

import argparse
import json
import os
import re
import signal
import sys
import threading
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$")


def load(directory, name):
    with open(os.path.join(directory, name + ".json"), encoding="utf-8") as handle:
        return json.load(handle)


def milliseconds(text):
    """Milliseconds since 1970 of an ISO timestamp with or without a fraction, or None."""
    if not isinstance(text, str) or not TIMESTAMP.match(text):
        return None
    seconds, _, fraction = text[:-1].partition(".")
    moment = datetime.strptime(seconds, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)
    return int(moment.timestamp()) * 1000 + int((fraction or "0").ljust(3, "0"))


def byte_key(text):
    """Exact, byte-wise string order (rest-sync §11)."""
    return text.encode("utf-8")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    records = {}
    token = None

    def log_message(self, format, *args):  # keep the test output clean
        pass

    def answer(self, status, value, headers=()):
        body = json.dumps(value, separators=(",", ":")).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        seen = self.headers.get("Authorization")
        if seen is not None:
            self.send_header("X-Seen-Authorization", seen)
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def error(self, status, code, message, field=None, headers=()):
        self.answer(status, {"error": {"code": code, "message": message, "field": field}}, headers)

    def authorized(self):
        if self.token is None or self.headers.get("Authorization") == "Bearer " + self.token:
            return True
        self.error(401, "unauthorized", "send Authorization: Bearer <token>")
        return False

    def refuse_write(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        if self.authorized():
            self.error(405, "method_not_allowed", "this server is read-only", headers=[("Allow", "GET")])

    do_POST = do_PUT = do_PATCH = do_DELETE = refuse_write

    def do_GET(self):
        if not self.authorized():
            return
        target = urlsplit(self.path)
        parts = [unquote(part) for part in target.path.split("/") if part]
        query = {name: values[0] for name, values in parse_qs(target.query, keep_blank_values=True).items()}
        if len(parts) == 1 and parts[0] in ("users", "projects", "tags"):
            resource = parts[0][:-1]
            return self.answer(200, [record for record in self.records[resource] if record["deleted_at"] is None])
        if len(parts) >= 3 and parts[0] == "projects" and parts[2] == "tasks" and len(parts) <= 4:
            project = parts[1]
            if not any(p["id"] == project and p["deleted_at"] is None for p in self.records["project"]):
                return self.error(404, "not_found", "no project '%s'" % project)
            tasks = [task for task in self.records["task"] if task["project_id"] == project]
            if len(parts) == 4:
                for task in tasks:
                    if task["id"] == parts[3] and task["deleted_at"] is None:
                        return self.answer(200, task)
                return self.error(404, "not_found", "no task '%s' in project '%s'" % (parts[3], project))
            return self.list_tasks(tasks, query)
        self.error(404, "not_found", "no endpoint serves %s" % target.path)

    def list_tasks(self, tasks, query):
        after = query.get("updated_after", query.get("since"))
        if after is not None:
            cursor = milliseconds(after)
            if cursor is None:
                return self.error(400, "invalid_query", "'%s' is not a timestamp" % after, "updated_after")
            changed = [task for task in tasks if milliseconds(task["updated_at"]) > cursor]
            changed.sort(key=lambda task: (milliseconds(task["updated_at"]), byte_key(task["id"])))
            next_cursor = changed[-1]["updated_at"] if changed else after
            return self.answer(200, changed, [("Sync-Cursor", next_cursor)])
        if "since_version" in query:
            text = query["since_version"]
            if not text.isdigit():
                return self.error(400, "invalid_query", "'%s' is not a version number" % text, "since_version")
            changed = [task for task in tasks if task["version"] > int(text)]
            changed.sort(key=lambda task: (task["version"], byte_key(task["id"])))
            next_cursor = str(changed[-1]["version"]) if changed else text
            return self.answer(200, changed, [("Sync-Cursor", next_cursor)])
        live = [task for task in tasks if task["deleted_at"] is None]
        live.sort(key=lambda task: (task["position"], byte_key(task["id"])))
        return self.answer(200, live)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixtures", required=True, help="the folder holding user.json, project.json, …")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--token", help="require Authorization: Bearer TOKEN")
    parser.add_argument("--omit", action="append", default=[], help="serve every task without this key")
    parser.add_argument("--lifeline", action="store_true", help="exit when stdin closes (the test process ended)")
    arguments = parser.parse_args()
    # A parent may hand down blocked or ignored signals (the Swift test process blocks SIGTERM):
    # start from the defaults so the usual ways of stopping a server work.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if arguments.lifeline:
        threading.Thread(target=lambda: (sys.stdin.buffer.read(), os._exit(0)), daemon=True).start()
    Handler.records = {name: load(arguments.fixtures, name) for name in ("user", "project", "tag", "task")}
    for task in Handler.records["task"]:
        for key in arguments.omit:
            task.pop(key, None)
    Handler.token = arguments.token
    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)
    print("PORT %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
