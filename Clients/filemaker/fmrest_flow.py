#!/usr/bin/env python3
"""A real client against the FileMaker Data API: the PyPI `python-fmrest` (1.8) runs a flow on
the music contract (Contracts/music) served by `treaty serve`.

    python3 fmrest_flow.py URL [--expiry-url URL2]     # every step, in order
    python3 fmrest_flow.py URL --steps a,b,c           # only these steps (flow order)
    python3 fmrest_flow.py --list                      # the step names

URL serves Contracts/music with Fixtures/music; URL2 (optional) serves the same contract with
`--session-idle 1`, for the expired-token step. python-fmrest refuses a plain-http URL unless it
ends in ":3000"; the script builds its Server with such a URL and then points it at URL, which
changes nothing else the client does.

Exit 0 when every step passes, 1 at the first failed step (its name and the reason printed).
"""

from __future__ import annotations

import argparse
import io
import sys
import time
import traceback
import warnings

try:
    import fmrest
    from fmrest.exceptions import FileMakerError
except ImportError:  # pragma: no cover - reported, not tested
    print("fmrest_flow: python-fmrest is missing; run `python3 -m pip install python-fmrest`", file=sys.stderr)
    sys.exit(3)

warnings.filterwarnings("ignore")

USER, PASSWORD, DATABASE = "admin", "admin-password-123", "Music"


def server(url: str, layout: str = "Artists") -> fmrest.Server:
    fms = fmrest.Server("http://127.0.0.1:3000", user=USER, password=PASSWORD, database=DATABASE,
                        layout=layout, api_version="vLatest", verify_ssl=False)
    fms.url = url.rstrip("/")
    return fms


def expect_fm_error(code: int, call, what: str) -> None:
    try:
        result = call()
    except FileMakerError as error:
        assert f"error {code}," in str(error), f"{what}: expected FileMaker error {code}, got {error}"
        return
    raise AssertionError(f"{what}: expected FileMaker error {code}, got {result!r}")


class Flow:
    def __init__(self, url: str, expiry_url: str | None) -> None:
        self.url = url
        self.expiry_url = expiry_url
        self.fms = server(url)
        self.record_id: int | None = None

    def login(self):
        token = self.fms.login()
        assert token and len(token) >= 16, f"login gave no token: {token!r}"

    def bad_password(self):
        other = server(self.url)
        other.password = "wrong"
        expect_fm_error(212, other.login, "a login with a wrong password")

    def metadata(self):
        info = self.fms.get_product_info()
        assert info["name"] == "FileMaker Data API Engine", info
        databases = [d["name"] for d in self.fms.get_databases()]
        assert "Music" in databases, databases
        layouts = self.fms.get_layouts()
        names = [item["name"] for item in layouts]
        assert "Artists" in names and "Admin" in names, names
        scripts = [item["name"] for item in self.fms.get_scripts()]
        assert "Echo" in scripts, scripts
        fields = [field["name"] for field in self.fms.get_layout()]
        assert "firstName" in fields and "born" in fields, fields
        portals = self.fms.get_layout(metadata="portals")
        assert [f["name"] for f in portals["Albums"]] == ["Albums::title", "Albums::year"], portals
        values = self.fms.get_value_list_values("Genres")
        assert ("Jazz", "Jazz") in values, values

    def create(self):
        self.record_id = self.fms.create_record(
            {"firstName": "Ella", "lastName": "Fitzgerald", "born": 1917, "genre": "Jazz", "since": "01/01/1934"},
            portals={"Albums": [{"Albums::title": "Ella in Berlin", "Albums::year": 1960}]})
        assert isinstance(self.record_id, int) and self.record_id > 4, self.record_id

    def get_record(self):
        record = self.fms.get_record(self.record_id, portals=[{"name": "Albums", "offset": 1, "limit": 5}])
        assert record.firstName == "Ella" and record.born == 1917, record
        assert record.since == "01/01/1934", record.since
        assert record.modId == "0" or str(record.modification_id) == "0", record
        rows = list(record["portal_Albums"])
        assert [row["Albums::title"] for row in rows] == ["Ella in Berlin"], rows
        assert len(record.id) == 36, record.id

    def edit(self):
        record = self.fms.get_record(self.record_id)
        assert self.fms.edit_record(self.record_id, {"lastName": "Fitzgerald Jr."}, mod_id=record.modification_id)
        again = self.fms.get_record(self.record_id)
        assert again.lastName == "Fitzgerald Jr." and str(again.modification_id) == "1", again
        # python-fmrest sends no modId for 0 (`if mod_id:`), so a stale one is a later number.
        expect_fm_error(306, lambda: self.fms.edit_record(self.record_id, {"lastName": "stale"}, mod_id=5),
                        "an edit with a stale modId")
        assert self.fms.get_record(self.record_id).lastName == "Fitzgerald Jr."

    def duplicate(self):
        path = self.fms._get_api_path("record_action").format(record_id=self.record_id)
        response = self.fms._call_filemaker("POST", path, data={"script": None})
        copy = int(response["recordId"])
        assert copy > self.record_id and response["modId"] == "0", response
        assert self.fms.get_record(copy).firstName == "Ella"
        self.fms.delete_record(copy)

    def get_records(self):
        foundset = self.fms.get_records(limit=2, sort=[{"fieldName": "born", "sortOrder": "descend"}],
                                        portals=[{"name": "Albums", "limit": 1}])
        records = list(foundset)
        assert [r.firstName for r in records] == ["Elton John", "Nina"], [r.firstName for r in records]
        assert foundset.info["foundCount"] == 5 and foundset.info["returnedCount"] == 2, foundset.info

    def find(self):
        found = self.fms.find([{"firstName": "John"}, {"lastName": "Coltrane", "omit": "true"}],
                              sort=[{"fieldName": "firstName", "sortOrder": "ascend"}])
        assert [r.firstName for r in found] == ["Elton John"], [r.firstName for r in found]
        numeric = self.fms.find([{"born": ">1930"}], sort=[{"fieldName": "born", "sortOrder": "ascend"}])
        assert [r.born for r in numeric] == [1933, 1947], [r.born for r in numeric]
        ranged = self.fms.find([{"since": "1/1/1940...12/31/1945"}])
        assert sorted(r.firstName for r in ranged) == ["John", "Miles"], [r.firstName for r in ranged]
        expect_fm_error(401, lambda: self.fms.find([{"firstName": "==Nobody"}]), "a find without matches")

    def repetitions_and_related(self):
        miles = self.fms.get_record(1)
        assert miles["instruments(1)"] == "trumpet" and miles["instruments(2)"] == "flugelhorn", miles
        assert self.fms.edit_record(1, {"instruments(3)": "piano"})
        assert self.fms.get_record(1)["instruments(3)"] == "piano"
        sax = self.fms.find([{"instruments": "sax*"}])
        assert [r.firstName for r in sax] == ["John"], [r.firstName for r in sax]
        blue = self.fms.find([{"Albums::title": "blue"}], sort=[{"fieldName": "firstName", "sortOrder": "ascend"}])
        assert [r.firstName for r in blue] == ["Miles"], [r.firstName for r in blue]
        short = self.fms.get_record(1, response_layout="Admin Log")
        assert sorted(short.keys()) == ["firstName", "id", "modId", "recordId"], short.keys()

    def scripts(self):
        error, result = self.fms.perform_script("Echo", "hello")
        assert error == 0 and result == "hello", (error, result)
        record = self.fms.get_record(self.record_id, scripts={"after": ["Echo", "after-get"]})
        assert self.fms.last_script_result["after"] == [0, "after-get"], self.fms.last_script_result
        error, result = self.fms.perform_script("Fail")
        assert error == 3 and result is None, (error, result)

    def globals(self):
        assert self.fms.set_globals({"Artists::gNote": "session note"})
        assert self.fms.get_record(self.record_id).gNote == "session note"
        other = server(self.url)
        other.login()
        assert other.get_record(self.record_id).gNote == "", "globals belong to one session"
        other.logout()

    def container(self):
        png = b"\x89PNG\r\n\x1a\n" + bytes(range(64))
        assert self.fms.upload_container(self.record_id, "photo", io.BytesIO(png))
        record = self.fms.get_record(self.record_id)
        assert "/Streaming_SSL/MainDB/" in record.photo, record.photo
        name, content_type, length, response = self.fms.fetch_file(record.photo)
        assert response.content == png, (len(response.content), content_type)
        assert str(record.modification_id) == "2", record.modification_id
        path = self.fms._get_api_path("record_action").format(record_id=self.record_id) + "/containers/photo/1"
        self.fms._set_content_type(False)  # as upload_container does: requests writes the multipart type
        expect_fm_error(960, lambda: self.fms._call_filemaker("POST", path, files={"other": io.BytesIO(b"x")}),
                        "an upload without a part named 'upload'")

    def delete(self):
        assert self.fms.delete_record(self.record_id)
        expect_fm_error(101, lambda: self.fms.get_record(self.record_id), "a deleted record")

    def logout(self):
        token = self.fms._token
        assert self.fms.logout()
        self.fms._token = token
        expect_fm_error(952, self.fms.get_layouts, "a call with a logged-out token")

    def expired_token(self):
        if not self.expiry_url:
            return
        short = server(self.expiry_url)
        short.login()
        assert short.get_layouts()
        time.sleep(2.2)
        expect_fm_error(952, short.get_layouts, "a call after the session went idle")


STEPS = ["login", "bad_password", "metadata", "create", "get_record", "edit", "duplicate", "get_records", "find",
         "repetitions_and_related", "scripts", "globals", "container", "delete", "logout", "expired_token"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("url", nargs="?")
    parser.add_argument("--expiry-url")
    parser.add_argument("--steps")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    if args.list:
        print("\n".join(STEPS))
        return 0
    if not args.url:
        parser.error("URL is required")
    steps = args.steps.split(",") if args.steps else STEPS
    flow = Flow(args.url, args.expiry_url)
    for step in steps:
        try:
            getattr(flow, step)()
        except Exception as error:  # noqa: BLE001 - every failure is reported the same way
            print(f"FAILED {step}: {error}")
            traceback.print_exc()
            return 1
        print(f"ok {step}")
    print(f"{len(steps)} of {len(STEPS)} steps passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
