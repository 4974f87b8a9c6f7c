#!/usr/bin/env python3
"""Differential runner: the case sequence of cases.py against two PocketBase-speaking servers.

    python3 run_diff.py                          # two fresh real PocketBase servers (server.py)
    python3 run_diff.py --a URL --b URL          # servers already running (fresh, with the superuser)
    python3 run_diff.py --b-command 'CMD'        # A = fresh real PocketBase, B = started by CMD
    python3 run_diff.py --against-reference URL  # one server against reference-0.40.json
    python3 run_diff.py --record FILE            # one fresh real server, normalised responses -> FILE
    python3 run_diff.py --spec                   # one real server, checked against pocketbase.md claims
    python3 run_diff.py --only 'filter/*'        # report only these cases (earlier ones still run, silently)

Prints one line per case, ``ok`` or ``DIFF`` (followed by a short unified diff of the
normalised JSON), then ``N cases, M match``.  Exit 0 only when every reported case matches.
Standard library only.
"""

from __future__ import annotations

import argparse
import difflib
import fnmatch
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.parse
import uuid
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cases as casebook  # noqa: E402
from normalize import Normalizer  # noqa: E402
from server import SUPERUSER_EMAIL, SUPERUSER_PASSWORD, PocketBaseServer, pocketbase_version  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_REFERENCE = os.path.join(HERE, "reference-0.40.json")
VAR_RE = re.compile(r"\$\{([A-Za-z0-9_.]+)\}")


# -- talking to one server ---------------------------------------------------------------------------


class Session:
    """One server's side of a run: its URL, captured variables and normaliser."""

    def __init__(self, url: str, label: str):
        self.url = url.rstrip("/")
        self.label = label
        parsed = urllib.parse.urlsplit(self.url)
        self.host, self.port = parsed.hostname or "127.0.0.1", parsed.port or 80
        self.prefix = parsed.path.rstrip("/")
        self.vars: dict[str, Any] = {"su_email": SUPERUSER_EMAIL, "su_password": SUPERUSER_PASSWORD}
        self.normalizer = Normalizer(base_url=self.url)

    # ${var} substitution in paths, query values, headers and bodies
    def fill(self, value: Any) -> Any:
        if isinstance(value, str):
            whole = VAR_RE.fullmatch(value)
            if whole:  # a lone ${var} keeps the variable's JSON type (lists, numbers)
                return self.lookup(whole.group(1))
            return VAR_RE.sub(lambda m: str(self.lookup(m.group(1))), value)
        if isinstance(value, dict):
            return {self.fill(k): self.fill(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.fill(v) for v in value]
        if isinstance(value, tuple):
            return tuple(self.fill(v) for v in value)
        return value

    def lookup(self, name: str) -> Any:
        if name not in self.vars:
            raise KeyError(f"variable ${{{name}}} was never captured (an earlier case failed?)")
        return self.vars[name]

    def send(self, case: casebook.Case) -> tuple[int, dict[str, str], bytes]:
        path = self.prefix + self.fill(case.path)
        query = [(k, self.fill(v)) for k, v in (case.query.items() if isinstance(case.query, dict) else case.query)]
        if query:
            path += "?" + urllib.parse.urlencode(query, quote_via=urllib.parse.quote)
        if case.raw_query is not None:
            path += ("&" if query else "?") + self.fill(case.raw_query)
        headers = {k: self.fill(v) for k, v in case.headers.items()}
        if case.auth:
            token = self.lookup(case.auth)
            headers["Authorization"] = token if case.raw_token else f"Bearer {token}"
        body: bytes | None = None
        if case.json is not casebook.NO_BODY:
            body = json.dumps(self.fill(case.json)).encode()
            headers.setdefault("Content-Type", "application/json")
        elif case.form is not None or case.files:
            body, ctype = multipart(self.fill(case.form or []), case.files)
            headers["Content-Type"] = ctype
        elif case.raw is not None:
            body = case.raw if isinstance(case.raw, bytes) else self.fill(case.raw).encode()
        if body is not None:
            headers["Content-Length"] = str(len(body))
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            conn.request(case.method, path, body=body, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            return resp.status, {k.lower(): v for k, v in resp.getheaders()}, data
        finally:
            conn.close()

    def capture(self, case: casebook.Case, status: int, body: bytes) -> None:
        if not case.capture:
            return
        try:
            doc = json.loads(body) if body else None
        except json.JSONDecodeError:
            doc = None
        for var, path in case.capture.items():
            value = dig(doc, path)
            if value is not MISSING:
                self.vars[var] = value


MISSING = object()


def dig(doc: Any, path: str) -> Any:
    """The value at a dotted path (`items.0.id`), or MISSING."""
    cur = doc
    for part in path.split(".") if path else []:
        if isinstance(cur, list) and re.fullmatch(r"-?\d+", part):
            idx = int(part)
            if -len(cur) <= idx < len(cur):
                cur = cur[idx]
                continue
            return MISSING
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
            continue
        return MISSING
    return cur


def multipart(form: list[tuple[str, str]], files: list[tuple[str, str, str, bytes]]) -> tuple[bytes, str]:
    boundary = "treaty" + uuid.uuid4().hex
    out = bytearray()
    for name, value in form:
        out += f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n".encode()
        out += (value if isinstance(value, bytes) else str(value).encode()) + b"\r\n"
    for name, filename, ctype, content in files:
        out += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\n"
                f"Content-Type: {ctype}\r\n\r\n").encode()
        out += content + b"\r\n"
    out += f"--{boundary}--\r\n".encode()
    return bytes(out), f"multipart/form-data; boundary={boundary}"


def observe(session: Session, case: casebook.Case) -> tuple[dict[str, Any], Any]:
    """Send one case; return (normalised response, raw parsed body for spec checks)."""
    if case.pause:
        time.sleep(case.pause)
    status, headers, body = session.send(case)
    same = {}
    if case.same_as:
        try:
            doc = json.loads(body) if body else None
        except ValueError:
            doc = None
        same = {label: session.vars.get(var, MISSING) == dig(doc, path)
                for label, (path, var) in case.same_as.items()}
    session.capture(case, status, body)
    session.normalizer.now = time.time()  # token lifetimes and "near now" are judged at the response
    result = session.normalizer.response(status, headers, body)
    if same:
        result["sameAs"] = same
    if case.compare == "status":
        result["body"] = "<not compared>"
    elif case.compare == "unordered" and isinstance(result.get("body"), dict):
        items = result["body"].get("items")
        if isinstance(items, list):
            result["body"]["items"] = sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    try:
        raw = json.loads(body) if body else None
    except ValueError:  # not JSON (file bytes, text)
        raw = body
    return result, {"status": status, "contentType": headers.get("content-type"), "body": raw, "sameAs": same}


# -- comparing -----------------------------------------------------------------------------------------


def render(doc: Any) -> list[str]:
    return json.dumps(doc, indent=1, sort_keys=True, ensure_ascii=False).splitlines()


def short_diff(a: Any, b: Any, a_name: str, b_name: str, limit: int = 40) -> str:
    lines = list(difflib.unified_diff(render(a), render(b), a_name, b_name, n=2, lineterm=""))
    if len(lines) > limit:
        lines = lines[:limit] + [f"... ({len(lines) - limit} more diff lines)"]
    return "\n".join("    " + line for line in lines)


def selected(case: casebook.Case, patterns: list[str] | None) -> bool:
    return not patterns or any(fnmatch.fnmatchcase(case.name, p) for p in patterns)


def spec_failures(case: casebook.Case, raw: dict[str, Any]) -> list[str]:
    """Where the observed response contradicts the case's `expect` (the claims of pocketbase.md)."""
    failures = []
    for path, want in (case.expect or {}).items():
        if path in ("status", "contentType"):
            got = raw.get(path, MISSING)
        elif path.startswith("sameAs."):
            got = dig(raw, path)
        else:
            got = dig(raw.get("body"), path)
        if callable(want):
            ok = got is not MISSING and want(got)
            shown = getattr(want, "__doc__", None) or "predicate"
        elif want is casebook.ABSENT:
            ok, shown = got is MISSING, "absent"
        else:
            ok, shown = got == want, json.dumps(want)
        if not ok:
            failures.append(f"{path}: expected {shown}, got {'absent' if got is MISSING else json.dumps(got)[:200]}")
    return failures


# -- servers ---------------------------------------------------------------------------------------------


class CommandServer:
    """A server started by a shell command that prints a line containing its http:// URL."""

    def __init__(self, command: str, timeout: float = 120):
        self.command, self.timeout = command, timeout
        self.process: subprocess.Popen | None = None
        self.url: str | None = None

    def __enter__(self) -> "CommandServer":
        self.process = subprocess.Popen(self.command, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=None, text=True, start_new_session=True)
        deadline = time.monotonic() + self.timeout
        assert self.process.stdout is not None
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            m = re.search(r"https?://[^\s]+", line)
            if m:
                self.url = m.group(0).rstrip(".,)")
                # keep draining stdout so a chatty server never blocks on a full pipe
                threading.Thread(target=self._drain, args=(self.process.stdout,), daemon=True).start()
                return self
        self.__exit__()
        raise RuntimeError(f"`{self.command}` printed no URL")

    @staticmethod
    def _drain(stream) -> None:
        for _ in stream:
            pass

    def __exit__(self, *exc) -> None:
        proc, self.process = self.process, None
        if proc is None or proc.poll() is not None:
            return
        for sig, wait in ((signal.SIGINT, 10), (signal.SIGTERM, 5), (signal.SIGKILL, 5)):
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                return
            try:
                proc.wait(timeout=wait)
                return
            except subprocess.TimeoutExpired:
                continue


class Given:
    def __init__(self, url: str):
        self.url = url

    def __enter__(self) -> "Given":
        return self

    def __exit__(self, *exc) -> None:
        pass


def server_for(url: str | None, command: str | None):
    if url:
        return Given(url)
    if command:
        return CommandServer(command)
    return PocketBaseServer()


# -- modes -----------------------------------------------------------------------------------------------


def run_pair(a_url: str, b_url: str, args: argparse.Namespace) -> int:
    a, b = Session(a_url, "A"), Session(b_url, "B")
    now = time.time()
    a.normalizer.now = b.normalizer.now = now
    total = matched = 0
    for case in casebook.CASES:
        report = selected(case, args.only)
        ra, _ = observe(a, case)
        rb, _ = observe(b, case)
        if not report or case.group in args.no_compare:
            continue
        total += 1
        if ra == rb:
            matched += 1
            print(f"ok    {case.name}")
        else:
            print(f"DIFF  {case.name}  ({case.method} {case.path})")
            print(short_diff(ra, rb, f"A {a_url}", f"B {b_url}"))
    print(f"{total} cases, {matched} match")
    return 0 if total == matched else 1


def run_single(url: str, args: argparse.Namespace) -> tuple[int, list[tuple[casebook.Case, dict, dict]]]:
    s = Session(url, "A")
    s.normalizer.now = time.time()
    results = []
    for case in casebook.CASES:
        norm, raw = observe(s, case)
        results.append((case, norm, raw))
    return 0, results


def run_against_reference(url: str, args: argparse.Namespace) -> int:
    with open(args.reference) as f:
        reference = json.load(f)
    recorded = {entry["name"]: entry["response"] for entry in reference["cases"]}
    s = Session(url, "B")
    s.normalizer.now = time.time()
    total = matched = 0
    for case in casebook.CASES:
        got, _ = observe(s, case)
        if not selected(case, args.only) or case.group in args.no_compare:
            continue
        total += 1
        want = recorded.get(case.name)
        if want is None:
            print(f"DIFF  {case.name}  (not in the reference recording; re-record it)")
        elif want == got:
            matched += 1
            print(f"ok    {case.name}")
        else:
            print(f"DIFF  {case.name}  ({case.method} {case.path})")
            print(short_diff(want, got, f"reference {reference.get('pocketbase')}", f"server {url}"))
    print(f"{total} cases, {matched} match")
    return 0 if total == matched else 1


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--a", metavar="URL", help="server A (default: a fresh real PocketBase)")
    p.add_argument("--b", metavar="URL", help="server B (default: a fresh real PocketBase)")
    p.add_argument("--a-command", metavar="CMD", help="start server A with CMD (it must print its URL)")
    p.add_argument("--b-command", metavar="CMD", help="start server B with CMD (it must print its URL), "
                   "e.g. 'swift run treaty serve --contract …'")
    p.add_argument("--against-reference", metavar="URL", nargs="?", const="",
                   help="compare one server (URL, or --b-command, or a fresh real one) with the recording")
    p.add_argument("--reference", default=DEFAULT_REFERENCE, help="the recording (default: %(default)s)")
    p.add_argument("--record", metavar="FILE", help="run one fresh real PocketBase and write its normalised responses")
    p.add_argument("--spec", action="store_true",
                   help="run one real PocketBase and list where it contradicts the cases' `expect` (pocketbase.md)")
    p.add_argument("--only", action="append", metavar="NAME",
                   help="report only cases whose name matches (fnmatch pattern; repeatable); earlier cases still run")
    p.add_argument("--no-compare", action="append", default=[], metavar="GROUP",
                   help="send but do not compare the cases of GROUP (e.g. setup, admin)")
    p.add_argument("--list", action="store_true", help="list the cases and exit")
    p.add_argument("--show", action="store_true",
                   help="run one server (A) and print the raw responses (status, headers, body) of the --only cases")
    args = p.parse_args(argv)
    args.no_compare = [g.strip() for item in args.no_compare for g in item.split(",") if g.strip()]
    casebook.validate()

    if args.list:
        for case in casebook.CASES:
            print(f"{case.group:8} {case.name:48} {case.method} {case.path}")
        return 0

    if args.show:
        with server_for(args.a, args.a_command) as server:
            session = Session(server.url, "A")
            for case in casebook.CASES:
                status, headers, body = session.send(case)
                session.capture(case, status, body)
                if selected(case, args.only):
                    print(f"## {case.name}: {case.method} {case.path} -> {status}")
                    for k, v in sorted(headers.items()):
                        print(f"   {k}: {v}")
                    print("   " + body[:3000].decode("utf-8", "replace"))
        return 0

    if args.record or args.spec:
        with server_for(args.a, args.a_command) as server:
            _, results = run_single(server.url, args)
        if args.spec:
            bad = 0
            for case, _, raw in results:
                if not selected(case, args.only):
                    continue
                failures = spec_failures(case, raw)
                if failures:
                    bad += 1
                    print(f"SPEC  {case.name}  ({case.method} {case.path})")
                    for f in failures:
                        print(f"    {f}")
            checked = sum(1 for c, _, _ in results if c.expect and selected(c, args.only))
            print(f"{checked} cases with expectations, {checked - bad} as pocketbase.md says")
            if not args.record:
                return 0 if bad == 0 else 1
        if args.record:
            doc = {
                "pocketbase": pocketbase_version() if not (args.a or args.a_command) else "unknown",
                "note": "Normalised responses of a real PocketBase to the case sequence of cases.py "
                        "(written by run_diff.py --record; see README.md).",
                "cases": [
                    {"name": c.name, "group": c.group, "request": c.describe(), "response": norm}
                    for c, norm, _ in results
                ],
            }
            with open(args.record, "w") as f:
                json.dump(doc, f, indent=1, sort_keys=False, ensure_ascii=False)
                f.write("\n")
            print(f"recorded {len(results)} cases to {args.record}")
        return 0

    if args.against_reference is not None:
        with server_for(args.against_reference or args.b, args.b_command) as server:
            return run_against_reference(server.url, args)

    with server_for(args.a, args.a_command) as sa, server_for(args.b, args.b_command) as sb:
        return run_pair(sa.url, sb.url, args)


if __name__ == "__main__":
    sys.exit(main())
