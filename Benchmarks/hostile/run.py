#!/usr/bin/env python3
"""The hostile-file matrix: every kind of hostile file Treaty reads, each fed to the CLI, with
what it answered, how long it took and the most memory it used (GNU time's max RSS).

    Benchmarks/hostile/run.sh            # builds treaty (debug) first; TREATY_BIN=… to skip

Prints a Markdown table; exits 1 when a file is not refused (exit 0) or a refusal names no rule.
"""
import os, re, shutil, subprocess, sys, tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BIN = os.environ.get("TREATY_BIN", os.path.join(ROOT, ".build", "debug", "treaty"))
MB = 1024 * 1024


def demo():
    return open(os.path.join(ROOT, "Contracts/demo/contract.yaml"), "rb").read()


def cases(d):
    def w(name, data):
        path = os.path.join(d, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())
        return path

    def link(name, target):
        path = os.path.join(d, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        os.symlink(target, path)
        return path

    bomb = 'api: x\ndialect: rest-sync\na: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    previous = "a"
    for letter in "bcdefghij":
        bomb += f"{letter}: &{letter} [" + ",".join([f"*{previous}"] * 9) + "]\n"
        previous = letter
    bomb += "resources: *j\n"
    big_yaml = demo() + b"# " + b"x" * (100 * MB) + b"\n"
    big_json = b"[" + b",".join(b'{"id":"%032d","pad":"%s"}' % (i, b"x" * 900) for i in range(110_000)) + b"]"
    serve = [BIN, "serve", "--port", "0"]
    rest = serve + ["--contract", os.path.join(ROOT, "Contracts/demo/contract.yaml"), "--fixtures"]
    yield "contract, 100 MB", [BIN, "lint", w("c/huge.yaml", big_yaml)]
    yield "contract, nested 100,000 deep", [BIN, "lint", w("c/deep.yaml", "api: x\nresources:\n  a: " + "[" * 100_000 + "]" * 100_000 + "\n")]
    yield "contract, alias bomb (9^10 nodes)", [BIN, "lint", w("c/bomb.yaml", bomb)]
    yield "contract, invalid UTF-8", [BIN, "lint", w("c/utf8.yaml", demo().replace(b"api: demo", b"api: d\xffmo"))]
    yield "contract, NUL byte", [BIN, "lint", w("c/nul.yaml", demo().replace(b"api: demo", b"api: de\x00mo"))]
    yield "contract, duplicate key", [BIN, "lint", w("c/dup.yaml", demo().replace(b"api: demo", b"api: demo\napi: other"))]
    yield "contract, `collections: ../../etc/passwd`", [BIN, "lint", w("t/contract.yaml", "api: b\ndialect: pocketbase\ncollections: ../../../../../../etc/passwd\n")]
    link("s/schema.json", "/etc/passwd")
    yield "contract, `collections:` a link out", [BIN, "lint", w("s/contract.yaml", "api: b\ndialect: pocketbase\ncollections: schema.json\n")]
    w("sc/suites/bomb.yaml", bomb.replace("api: x\ndialect: rest-sync\n", "suite: x\n").replace("resources: *j", "scenarios: *j"))
    contract = w("sc/contract.yaml", demo())
    yield "scenario, alias bomb", [BIN, "verify", "--contract", contract, "--fixtures", os.path.join(ROOT, "Fixtures/demo"),
                                   "--junit", os.path.join(d, "r.xml")]
    w("fx-huge/task.json", big_json)
    yield "fixture, 100 MB (110,000 records)", rest + [os.path.join(d, "fx-huge")]
    w("fx-deep/task.json", "[" * 100_000 + "]" * 100_000)
    yield "fixture, nested 100,000 deep", rest + [os.path.join(d, "fx-deep")]
    w("fx-utf8/task.json", b'[{"id": "\xff"}]')
    yield "fixture, invalid UTF-8", rest + [os.path.join(d, "fx-utf8")]
    w("fx-dup/user.json", '[{"id": "1E1DD8C2-5AB1-4F5C-8F5A-2C8E1B6E2D01", "id": "x", "display_name": "a"}]')
    yield "fixture, duplicate key", rest + [os.path.join(d, "fx-dup")]
    link("fx-link/user.json", "/etc/passwd")
    yield "fixture, a link out of the directory", rest + [os.path.join(d, "fx-link")]
    yield "PocketBase schema, 100 MB", serve + ["--dialect", "pocketbase", "--collections", w("pb/huge.json", big_json)]
    yield "PocketBase schema, nested 100,000 deep", serve + ["--dialect", "pocketbase", "--collections", w("pb/deep.json", "[" * 100_000 + "]" * 100_000)]


def main():
    if not os.path.exists(BIN):
        sys.exit(f"no treaty binary at {BIN}; run swift build --product treaty")
    d = tempfile.mkdtemp(prefix="treaty-hostile-")
    failed = False
    try:
        print("| file | exit | refused with | seconds | max RSS |")
        print("|---|---:|---|---:|---:|")
        for name, command in cases(d):
            timed = ["/usr/bin/time", "-f", "%e %M"] + command
            run = subprocess.run(timed, capture_output=True, text=True, errors="replace", timeout=300, cwd=ROOT)
            *output, last = run.stderr.rstrip("\n").split("\n")
            seconds, kilobytes = last.split()
            text = run.stdout + "\n".join(output)
            rule = re.search(r"\[([a-z0-9.\-]+)\]", text)
            status = run.returncode
            if status == 0 or not rule:
                failed = True
            print(f"| {name} | {status} | {rule.group(1) if rule else '**none**'} | {float(seconds):.2f} | {int(kilobytes) // 1024} MiB |")
    finally:
        shutil.rmtree(d, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
