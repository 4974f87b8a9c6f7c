#!/usr/bin/env python3
"""A real client's realtime flow: the PyPI `pocketbase` SDK subscribes and receives events.

    python3 sdk_realtime.py URL       # a fresh server with the differential's superuser

The SDK (`pip install pocketbase`, tested with 0.17.3) subscribes with `collection(...).subscribe`
(the collection topic, `posts`) and `subscribe_one` (a record topic); the script creates, updates
and deletes records as the superuser and checks the callbacks' actions and records. It prints one
line per step and `N of N steps passed`; it exits 0 only when every step passes. It passes against
a real PocketBase 0.40.6 (`python3 sdk_realtime.py --real`) and against `treaty serve --dialect
pocketbase`.
"""

from __future__ import annotations

import queue
import sys
import time

from pocketbase import PocketBase

from server import SUPERUSER_EMAIL, SUPERUSER_PASSWORD, PocketBaseServer

TIMEOUT = 10.0


def expect(events: queue.Queue, action: str, title: str | None) -> str | None:
    """The first event's mismatch with (action, title), or None when it matches."""
    try:
        got = events.get(timeout=TIMEOUT)
    except queue.Empty:
        return f"no {action} event in {TIMEOUT}s"
    record_title = getattr(got.record, "title", None)
    if got.action != action or (title is not None and record_title != title):
        return f"expected {action} {title!r}, got {got.action} {record_title!r}"
    return None


def run(url: str) -> int:
    pb = PocketBase(url)
    pb.collection("_superusers").auth_with_password(SUPERUSER_EMAIL, SUPERUSER_PASSWORD)
    pb.collections.create({
        "name": "posts", "type": "base", "listRule": "", "viewRule": "",
        "fields": [{"name": "title", "type": "text"}],
    })
    collection_events: queue.Queue = queue.Queue()
    record_events: queue.Queue = queue.Queue()
    posts = pb.collection("posts")
    results: list[tuple[str, str | None]] = []

    posts.subscribe(collection_events.put)
    deadline = time.monotonic() + TIMEOUT
    while not pb.realtime.client_id and time.monotonic() < deadline:
        time.sleep(0.05)
    results.append(("connect", None if pb.realtime.client_id else "no PB_CONNECT"))
    time.sleep(0.3)  # the subscription request follows PB_CONNECT on the SDK's thread

    first = posts.create({"title": "first"})
    results.append(("create", expect(collection_events, "create", "first")))
    posts.subscribe_one(first.id, record_events.put)
    time.sleep(0.3)
    posts.update(first.id, {"title": "renamed"})
    results.append(("update on the collection topic", expect(collection_events, "update", "renamed")))
    results.append(("update on the record topic", expect(record_events, "update", "renamed")))
    posts.delete(first.id)
    results.append(("delete on the collection topic", expect(collection_events, "delete", "renamed")))
    results.append(("delete on the record topic", expect(record_events, "delete", "renamed")))
    pb.realtime.unsubscribe()
    posts.create({"title": "unheard"})
    time.sleep(0.3)
    results.append(("unsubscribe", None if collection_events.empty() else "an event after unsubscribe"))

    passed = 0
    for name, failure in results:
        print(("ok    " if failure is None else "FAIL  ") + name + ("" if failure is None else ": " + failure))
        passed += failure is None
    print(f"{passed} of {len(results)} steps passed")
    return 0 if passed == len(results) else 1


def main(argv: list[str]) -> int:
    if argv[:1] == ["--real"]:
        with PocketBaseServer() as server:
            return run(server.url)
    if len(argv) != 1:
        print(__doc__)
        return 2
    return run(argv[0])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
