#!/usr/bin/env python3
"""Writes a GET /projects/{project_id}/tasks answer of N demo tasks with one violation each.

    make-payload.py N OUT

Every task is the first demo fixture task with a fresh id and position, and `assignee_id` left
out (RS-NL-1: missing instead of null), so `treaty check` finds exactly N violations.
"""

import json
import os
import sys
import uuid


def main():
    count, out = int(sys.argv[1]), sys.argv[2]
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    with open(os.path.join(root, "Fixtures", "demo", "task.json"), encoding="utf-8") as handle:
        template = next(task for task in json.load(handle) if task["deleted_at"] is None)
    tasks = []
    for index in range(count):
        task = dict(template)
        task["id"] = str(uuid.UUID(int=index + 1)).upper()
        task["position"] = index
        task.pop("assignee_id", None)
        tasks.append(task)
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(tasks, handle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
