#!/usr/bin/env python3
"""Writes the seed corpus of every fuzz target into Corpus/<target>/ from the repository's
examples: contracts, fixtures and payloads, a JUnit report, the PocketBase differential's
filters and sorts, FileMaker finds and an upload, and requests of each dialect."""
import glob, hashlib, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def put(target, data):
    data = data if isinstance(data, bytes) else data.encode()
    directory = os.path.join(HERE, "Corpus", target)
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, hashlib.sha1(data).hexdigest()[:16]), "wb") as f:
        f.write(data)


def main():
    for path in sorted(glob.glob(os.path.join(ROOT, "Fixtures/*/*.json")) + glob.glob(os.path.join(ROOT, "Fixtures/*/payloads/*.json"))):
        data = open(path, "rb").read()
        if len(data) <= 64 * 1024:
            put("FuzzJSON", data)
    for path in sorted(glob.glob(os.path.join(ROOT, "Contracts/*/contract.yaml")) + glob.glob(os.path.join(ROOT, "Contracts/*/suites/*.yaml"))):
        put("FuzzContract", open(path, "rb").read())
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests/TreatyReportsTests/Snapshots/*.xml")))[:8]:
        put("FuzzJUnit", open(path, "rb").read())
    put("FuzzJUnit", '<?xml version="1.0"?><testsuites><testsuite name="s" tests="1"><testcase name="c" classname="s"/></testsuite></testsuites>')
    sys.path.insert(0, os.path.join(ROOT, "Differential/pocketbase"))
    cases = __import__("cases")
    for case in cases.CASES:
        query = case.query if isinstance(case.query, dict) else dict(case.query or [])
        collection = re.search(r"collections/([^/]+)/records", case.path)
        if not collection or collection.group(1) not in ("posts", "comments", "users", "tags"):
            continue
        index = ("posts", "comments", "users", "tags").index(collection.group(1)) << 2
        for key, bit in (("filter", 0), ("sort", 1)):
            value = query.get(key)
            if isinstance(value, str) and "${" not in value:
                put("FuzzPocketBaseQuery", bytes([index | bit]) + value.encode())
    put("FuzzFileMakerRequest", b"\x00" + open(os.path.join(ROOT, "Benchmarks/filemaker/find.json"), "rb").read())
    for body in ('{"query":[{"firstName":"Miles"},{"genre":"==Rock","omit":"true"}],"sort":[{"fieldName":"born","sortOrder":"ascend"}]}',
                 '{"query":[{"born":"1920...1950","since":"//"}],"offset":"2","limit":"1"}',
                 '{"query":[{"lastName":"=","Albums::title":"Kind*"}],"portal":["Albums"],"limit.Albums":"1"}',
                 '{"query":[{"firstName":"!"}],"script":"Echo","script.param":"x"}'):
        put("FuzzFileMakerRequest", b"\x00" + body.encode())
    put("FuzzFileMakerRequest", b"\x01--fuzz\r\nContent-Disposition: form-data; name=\"upload\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--fuzz--\r\n")
    requests = [
        (0, "GET /projects/36F675CC-81E7-4EF5-A8E2-5D940ED90475/tasks?updated_after=2025-01-01T00:00:00.000Z", ""),
        (0, "PATCH /projects/36F675CC-81E7-4EF5-A8E2-5D940ED90475/tasks/0CB1E29C-658C-4A14-95E6-0AF593BD04CF", '{"title":"x","watcher_ids":[]}'),
        (0, "POST /sync/upload", '{"task":[]}'),
        (1, "GET /api/collections/posts/records?expand=author,tags&fields=id,title,expand.author.name&perPage=2", ""),
        (1, "POST /api/batch", '{"requests":[{"method":"POST","url":"/api/collections/tags/records","body":{"name":"q"}}]}'),
        (2, "GET /fmi/data/vLatest/productInfo", ""),
        (2, "GET /fmi/data/vLatest/databases/Music/layouts/Artists", ""),
    ]
    for selector, line, body in requests:
        put("FuzzRequest", bytes([selector]) + (line + "\n" + body).encode())


if __name__ == "__main__":
    main()
