#!/usr/bin/env python3
"""An app package like Examples/NotesApp whose contract has COPIES notebook/note pairs
(`notebook`, `note`, `notebook_2`, `note_2`, …), so its `swift test` runs COPIES times the notes
contract's generated cases against the in-process simulator.

    python3 make-app.py --copies 8 --out data/app
"""
from __future__ import annotations

import argparse
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
NOTES = os.path.join(ROOT, "Examples", "NotesApp")


def uuid_for(original: str, copy: int) -> str:
    """The fixture id of `copy`: the original with its last 4 hex digits shifted."""
    head, tail = original[:-4], int(original[-4:], 16)
    return f"{head}{(tail + copy * 0x111) % 0x10000:04X}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--copies", type=int, default=8)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    out = os.path.abspath(a.out)
    contract = open(os.path.join(NOTES, "Contracts/notes/contract.yaml")).read()
    head, _, rest = contract.partition("resources:\n")
    resources, _, endpoints = rest.partition("endpoints:\n")
    parts = [head.replace("api: notes", "api: app"), "resources:\n"]
    endpoint_lines = []
    for copy in range(1, a.copies + 1):
        suffix = "" if copy == 1 else f"_{copy}"
        block = re.sub(r"^  notebook:", f"  notebook{suffix}:", resources, flags=re.M)
        block = re.sub(r"^  note:", f"  note{suffix}:", block, flags=re.M)
        block = block.replace("parent: notebook,", f"parent: notebook{suffix},")
        parts.append(block)
        # Paths name their resource in the plural (`/notebook_2s/{notebook_id}/note_2s`), as
        # Treaty infers an endpoint's resource from its last segment.
        endpoint_lines.append(endpoints.replace("/notebooks", f"/notebook{suffix}s").replace("/notes", f"/note{suffix}s"))
    parts.append("endpoints:\n" + "".join(endpoint_lines))
    os.makedirs(os.path.join(out, "Contracts/app"), exist_ok=True)
    with open(os.path.join(out, "Contracts/app/contract.yaml"), "w") as f:
        f.write("".join(parts))
    fixtures = os.path.join(out, "Fixtures/app")
    os.makedirs(fixtures, exist_ok=True)
    notebooks = json.load(open(os.path.join(NOTES, "Fixtures/notes/notebook.json")))
    notes = json.load(open(os.path.join(NOTES, "Fixtures/notes/note.json")))
    for copy in range(1, a.copies + 1):
        suffix = "" if copy == 1 else f"_{copy}"
        shift = (copy - 1) * 100
        books = [dict(b, id=uuid_for(b["id"], copy - 1), version=b["version"] + shift) for b in notebooks]
        items = [dict(n, id=uuid_for(n["id"], copy - 1), notebook_id=uuid_for(n["notebook_id"], copy - 1),
                      version=n["version"] + shift) for n in notes]
        json.dump(books, open(os.path.join(fixtures, f"notebook{suffix}.json"), "w"), indent=1)
        json.dump(items, open(os.path.join(fixtures, f"note{suffix}.json"), "w"), indent=1)
    os.makedirs(os.path.join(out, "Sources/App"), exist_ok=True)
    with open(os.path.join(out, "Sources/App/App.swift"), "w") as f:
        f.write("/// The app whose backend contract the tests check.\npublic enum App {}\n")
    os.makedirs(os.path.join(out, "Tests/AppContractTests"), exist_ok=True)
    with open(os.path.join(out, "Tests/AppContractTests/AppContractTests.swift"), "w") as f:
        f.write('''import Testing
import TreatyTesting

@Suite struct AppContractTests {
    @Test("the backend honours the app contract", arguments: try ContractCases.load(contract: "Contracts/app/contract.yaml"))
    func appContract(_ contractCase: ContractCase) async throws {
        try await contractCase.verify()
    }
}
''')
    with open(os.path.join(out, "Package.swift"), "w") as f:
        f.write(f'''// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Treaty", path: "{ROOT}")],
    targets: [
        .target(name: "App"),
        .testTarget(name: "AppContractTests", dependencies: ["App", .product(name: "TreatyTesting", package: "Treaty")]),
    ]
)
''')


if __name__ == "__main__":
    main()
