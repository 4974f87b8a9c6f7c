#!/usr/bin/env python3
"""Black-box conformance probe ("judge") for a CloudKit Web Services simulator.

Written only from the wire specification (shared/dialects/cloudkit.md, whose
section 12 wins over the rest) and Apple's public "CloudKit Web Services Reference".
It talks HTTP to a running server, seeds everything it needs through the API, and
asserts status codes and JSON bodies.

    python3 probe.py keygen --out DIR
    python3 probe.py run --base-url http://127.0.0.1:PORT --container iCloud.com.example.Treaty \
        --api-token TOKEN --web-auth-token WEBTOKEN [--key-id KEYID --private-key DIR/private.pem] \
        [--json OUT.json] [--only GROUP,...] [--verbose]
    python3 probe.py selftest          # offline: sign/verify round trip, no server needed

Exit status of `run`: 0 all checks passed, 1 some failed, 2 usage or connection error.
Standard library only, plus `cryptography` for ECDSA P-256 (keygen and signed requests).
"""

import argparse
import base64
import datetime
import hashlib
import http.client
import json
import math
import os
import secrets
import socket
import sys
import time
import urllib.parse

GROUPS = ["auth", "users", "zones", "modify", "atomic", "types", "lookup", "query",
          "changes", "assets", "env", "errors"]

# Spec section 8: serverErrorCode -> HTTP status of a request-level error.
STATUS_FOR_CODE = {
    "ACCESS_DENIED": 403,
    "ATOMIC_ERROR": 400,
    "AUTHENTICATION_FAILED": 401,
    "AUTHENTICATION_REQUIRED": 421,
    "BAD_REQUEST": 400,
    "CONFLICT": 409,
    "EXISTS": 409,
    "INTERNAL_ERROR": 500,
    "NOT_FOUND": 404,
    "QUOTA_EXCEEDED": 413,
    "THROTTLED": 429,
    "TRY_AGAIN_LATER": 503,
    "VALIDATING_REFERENCE_ERROR": 412,
    "ZONE_NOT_FOUND": 404,
}

H_KEYID = "X-Apple-CloudKit-Request-KeyID"
H_DATE = "X-Apple-CloudKit-Request-ISO8601Date"
H_SIG = "X-Apple-CloudKit-Request-SignatureV1"

DEFAULT_ZONE = "_defaultZone"


class ConnError(Exception):
    """The server could not be reached (refused, reset, timed out)."""


class Abort(Exception):
    """A group cannot continue (its seeding failed)."""


# --------------------------------------------------------------------------- crypto

def _crypto():
    try:
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
    except ImportError:  # pragma: no cover
        sys.stderr.write("probe: the Python package 'cryptography' is required "
                         "(pip install -r Clients/cloudkit/requirements.txt)\n")
        sys.exit(2)
    return hashes, serialization, ec


def iso_date(dt=None):
    """UTC, no milliseconds: 2016-01-25T22:15:43Z."""
    dt = dt or datetime.datetime.now(datetime.timezone.utc)
    return dt.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def signing_payload(date, body, path):
    """`<date>:<base64(sha256(body))>:<path without host and query>` as UTF-8."""
    digest = base64.b64encode(hashlib.sha256(body).digest()).decode("ascii")
    return f"{date}:{digest}:{path}".encode("utf-8")


def sign(private_key, date, body, path):
    hashes, _, ec = _crypto()
    der = private_key.sign(signing_payload(date, body, path), ec.ECDSA(hashes.SHA256()))
    return base64.b64encode(der).decode("ascii")


def load_private_key(path):
    _, serialization, ec = _crypto()
    with open(path, "rb") as fh:
        key = serialization.load_pem_private_key(fh.read(), password=None)
    if not isinstance(key, ec.EllipticCurvePrivateKey) or key.curve.name != "secp256r1":
        raise ValueError("the private key is not an EC P-256 key")
    return key


def key_id_for(public_key):
    _, serialization, _ = _crypto()
    der = public_key.public_bytes(serialization.Encoding.DER,
                                  serialization.PublicFormat.SubjectPublicKeyInfo)
    return hashlib.sha256(der).hexdigest()[:32]


def cmd_keygen(args):
    _, serialization, ec = _crypto()
    os.makedirs(args.out, exist_ok=True)
    key = ec.generate_private_key(ec.SECP256R1())
    priv = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())
    pub = key.public_key().public_bytes(serialization.Encoding.PEM,
                                        serialization.PublicFormat.SubjectPublicKeyInfo)
    priv_path = os.path.join(args.out, "private.pem")
    pub_path = os.path.join(args.out, "public.pem")
    fd = os.open(priv_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(priv)
    with open(pub_path, "wb") as fh:
        fh.write(pub)
    kid = key_id_for(key.public_key())
    sys.stderr.write(f"probe: wrote {priv_path} and {pub_path}; key id on stdout\n")
    print(kid)
    return 0


def cmd_selftest(_args):
    """Offline check of the signing path: sign with a fresh key, verify with its public half."""
    hashes, serialization, ec = _crypto()
    from cryptography.exceptions import InvalidSignature
    key = ec.generate_private_key(ec.SECP256R1())
    body = b'{"query":{"recordType":"Artist"}}'
    path = "/database/1/iCloud.com.example.App/development/public/records/query"
    date = "2016-01-25T22:15:43Z"
    sig = base64.b64decode(sign(key, date, body, path))
    pub = serialization.load_pem_public_key(key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))
    ok = True
    try:
        pub.verify(sig, signing_payload(date, body, path), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        ok = False
    tampered_rejected = False
    try:
        pub.verify(sig, signing_payload(date, body + b" ", path), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        tampered_rejected = True
    payload = signing_payload(date, b"", path).decode()
    expected_empty = "2016-01-25T22:15:43Z:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:" + path
    print(f"selftest: signature verifies: {ok}; tampered body rejected: {tampered_rejected}; "
          f"empty-body payload ok: {payload == expected_empty}; date format ok: "
          f"{len(iso_date()) == 20 and iso_date().endswith('Z')}")
    return 0 if ok and tampered_rejected and payload == expected_empty else 1


# --------------------------------------------------------------------------- HTTP

class Resp:
    def __init__(self, status, raw, headers):
        self.status = status
        self.raw = raw
        self.headers = headers
        self.json = None
        if raw:
            try:
                self.json = json.loads(raw.decode("utf-8"))
            except (ValueError, UnicodeDecodeError):
                self.json = None

    def summary(self, limit=400):
        if self.json is not None:
            text = json.dumps(self.json, separators=(",", ":"), ensure_ascii=False)
        else:
            text = repr(self.raw[:200])
        if len(text) > limit:
            text = text[:limit] + "..."
        return f"HTTP {self.status} {text}"


class Client:
    def __init__(self, base_url, container, api_token, web_token, key_id=None, key=None,
                 timeout=30.0):
        parsed = urllib.parse.urlsplit(base_url.rstrip("/"))
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            raise ValueError(f"--base-url must be http(s)://host[:port][/prefix], got {base_url!r}")
        self.scheme = parsed.scheme
        self.host = parsed.hostname
        self.port = parsed.port or (443 if parsed.scheme == "https" else 80)
        self.base_path = parsed.path.rstrip("/")
        self.container = container
        self.api_token = api_token
        self.web_token = web_token
        self.key_id = key_id
        self.key = key
        self.timeout = timeout
        self.observer = None   # called with (Resp, label) for every CloudKit call
        self.verbose = False

    # raw ---------------------------------------------------------------
    def _conn(self, scheme, host, port):
        if scheme == "https":
            return http.client.HTTPSConnection(host, port, timeout=self.timeout)
        return http.client.HTTPConnection(host, port, timeout=self.timeout)

    def raw_request(self, method, url_or_path, body=None, headers=None):
        """url_or_path: absolute URL, or a path(+query) on the base host."""
        if url_or_path.startswith("http://") or url_or_path.startswith("https://"):
            p = urllib.parse.urlsplit(url_or_path)
            scheme, host = p.scheme, p.hostname
            port = p.port or (443 if scheme == "https" else 80)
            target = (p.path or "/") + (("?" + p.query) if p.query else "")
        else:
            scheme, host, port, target = self.scheme, self.host, self.port, url_or_path
        hdrs = {"Accept": "application/json"}
        if headers:
            hdrs.update(headers)
        if body is not None:
            hdrs.setdefault("Content-Type", "application/json")
        try:
            conn = self._conn(scheme, host, port)
            conn.request(method, target, body=body, headers=hdrs)
            r = conn.getresponse()
            raw = r.read()
            status = r.status
            rh = {k.lower(): v for k, v in r.getheaders()}
            conn.close()
        except (OSError, http.client.HTTPException) as exc:
            raise ConnError(f"{type(exc).__name__}: {exc}") from None
        if self.verbose:
            sys.stdout.write(f"    {method} {target.split('?')[0]} -> {status}\n")
        return Resp(status, raw, rh)

    # CloudKit ------------------------------------------------------------
    def path(self, env, db, op, container=None, version="1"):
        return (f"{self.base_path}/database/{version}/{container or self.container}"
                f"/{env}/{db}/{op}")

    def ck(self, method, env, db, op, body=None, *, api=True, web=True, api_token=None,
           web_token=None, raw=None, signed=False, sign_date=None, sign_path=None,
           sign_body=None, sign_key=None, key_id=None, headers=None, container=None,
           version="1", content_type="application/json"):
        """One CloudKit Web Services call.  body: a JSON-able object (or raw bytes via raw=)."""
        path = self.path(env, db, op, container=container, version=version)
        if raw is not None:
            data = raw
        elif body is not None:
            data = json.dumps(body, separators=(",", ":")).encode("utf-8")
        else:
            data = None
        params = []
        if api:
            params.append(("ckAPIToken", api_token if api_token is not None else self.api_token))
        if web:
            params.append(("ckWebAuthToken", web_token if web_token is not None else self.web_token))
        query = "&".join(f"{k}={urllib.parse.quote(v, safe='')}" for k, v in params)
        hdrs = {}
        if content_type and data is not None:
            hdrs["Content-Type"] = content_type
        if signed:
            date = sign_date or iso_date()
            sbody = sign_body if sign_body is not None else (data or b"")
            hdrs[H_KEYID] = key_id if key_id is not None else self.key_id
            hdrs[H_DATE] = date
            hdrs[H_SIG] = sign(sign_key or self.key, date, sbody, sign_path or path)
        if headers:
            hdrs.update(headers)
        resp = self.raw_request(method, path + (("?" + query) if query else ""), data, hdrs)
        if self.observer:
            self.observer(resp, f"{method} {env}/{db}/{op}")
        return resp


# --------------------------------------------------------------------------- helpers

def S(v):
    return {"value": v, "type": "STRING"}


def I(v):
    return {"value": v, "type": "INT64"}


def D(v):
    return {"value": v, "type": "DOUBLE"}


def TS(v):
    return {"value": v, "type": "TIMESTAMP"}


def REF(name, action="NONE", zone=None):
    v = {"recordName": name, "action": action}
    if zone:
        v["zoneID"] = {"zoneName": zone}
    return {"value": v, "type": "REFERENCE"}


def LOC(lat, lon, **extra):
    v = {"latitude": lat, "longitude": lon}
    v.update(extra)
    return {"value": v, "type": "LOCATION"}


def LST(typ, vals):
    return {"value": vals, "type": typ}


def zid(name):
    return {"zoneName": name}


def op(kind, name=None, rtype=None, fields=None, tag=None, desired=None, **extra):
    rec = {}
    if name is not None:
        rec["recordName"] = name
    if rtype is not None:
        rec["recordType"] = rtype
    if fields is not None:
        rec["fields"] = fields
    if tag is not None:
        rec["recordChangeTag"] = tag
    rec.update(extra)
    o = {"operationType": kind, "record": rec}
    if desired is not None:
        o["desiredKeys"] = desired
    return o


def is_dict(x):
    return isinstance(x, dict)


def records_of(resp, key="records"):
    if resp is None or not is_dict(resp.json):
        return None
    r = resp.json.get(key)
    return r if isinstance(r, list) else None


def entry(resp, i=0, key="records"):
    r = records_of(resp, key)
    if r is None or len(r) <= i or not is_dict(r[i]):
        return None
    return r[i]


def nonempty_str(x):
    return isinstance(x, str) and x != ""


def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def is_num(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def is_success(e, name=None):
    """A saved/fetched record dictionary (no error, not a deletion marker)."""
    return (is_dict(e) and "serverErrorCode" not in e and nonempty_str(e.get("recordName"))
            and (name is None or e.get("recordName") == name)
            and nonempty_str(e.get("recordChangeTag")) and e.get("deleted") is not True)


def is_deleted_marker(e, name):
    return is_dict(e) and e.get("recordName") == name and e.get("deleted") is True \
        and "serverErrorCode" not in e


def is_rec_error(e, code, name=None):
    """Per-record error entry: serverErrorCode, reason, recordName, uuid (spec 5, 12)."""
    if not is_dict(e):
        return False
    if isinstance(code, (tuple, list, set)):
        code_ok = e.get("serverErrorCode") in code
    else:
        code_ok = e.get("serverErrorCode") == code
    return (code_ok and isinstance(e.get("reason"), str) and nonempty_str(e.get("uuid"))
            and (name is None or e.get("recordName") == name))


def is_ck_error(resp):
    """Request-level error body: uuid, serverErrorCode, reason (spec 8)."""
    return (resp is not None and is_dict(resp.json) and nonempty_str(resp.json.get("uuid"))
            and nonempty_str(resp.json.get("serverErrorCode"))
            and isinstance(resp.json.get("reason"), str))


def is_req_error(resp, code, status=None):
    if status is None:
        status = STATUS_FOR_CODE[code if isinstance(code, str) else code[0]]
    codes = (code,) if isinstance(code, str) else tuple(code)
    return (is_ck_error(resp) and resp.status == status
            and resp.json.get("serverErrorCode") in codes)


def is_auth_required(resp):
    return (is_req_error(resp, "AUTHENTICATION_REQUIRED", 421)
            and nonempty_str(resp.json.get("redirectURL")))


def is_auth_failed(resp):
    return is_req_error(resp, "AUTHENTICATION_FAILED", 401)


def err_either(resp, code, idx=0, name=None, key="records"):
    """The spec leaves open whether this failure is reported for the whole request or per
    item; accept a request-level error with the code's HTTP status, or HTTP 200 whose
    idx-th item carries the code."""
    if is_req_error(resp, code):
        return True
    return resp.status == 200 and is_rec_error(entry(resp, idx, key), code, name)


def fields_of(rec):
    f = rec.get("fields") if is_dict(rec) else None
    return f if is_dict(f) else {}


def fval(rec, f):
    fd = fields_of(rec).get(f)
    return fd.get("value") if is_dict(fd) else None


def ftype(rec, f):
    fd = fields_of(rec).get(f)
    return fd.get("type") if is_dict(fd) else None


def absent(rec, f):
    """A null field: absent from `fields`, or present with a null value."""
    fd = fields_of(rec).get(f)
    return fd is None or (is_dict(fd) and fd.get("value") is None)


def field_keys(rec):
    return {k for k, v in fields_of(rec).items() if not (is_dict(v) and v.get("value") is None)}


def names_of(entries):
    return [e.get("recordName") if is_dict(e) else None for e in (entries or [])]


def ts_of(rec, which):
    d = rec.get(which) if is_dict(rec) else None
    return d.get("timestamp") if is_dict(d) else None


def b64_bytes(s):
    try:
        return base64.b64decode(s, validate=False)
    except (ValueError, TypeError):
        return None


def haversine_m(a, b):
    lat1, lon1, lat2, lon2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = (math.sin((lat2 - lat1) / 2) ** 2
         + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2)
    return 2 * 6371000.0 * math.asin(math.sqrt(h))


def eq_value(typ, exp, got):
    """Compare a field value as sent (exp) with what came back (got)."""
    if typ.endswith("_LIST"):
        et = typ[:-5]
        return (isinstance(got, list) and len(got) == len(exp)
                and all(eq_value(et, e, g) for e, g in zip(exp, got)))
    if typ == "STRING":
        return got == exp and isinstance(got, str)
    if typ in ("INT64", "TIMESTAMP"):
        return is_int(got) and got == exp
    if typ == "DOUBLE":
        return is_num(got) and float(got) == float(exp)
    if typ == "BYTES":
        return isinstance(got, str) and b64_bytes(got) == b64_bytes(exp)
    if typ == "REFERENCE":
        return (is_dict(got) and got.get("recordName") == exp.get("recordName")
                and ("action" not in exp or got.get("action") == exp["action"]))
    if typ == "LOCATION":
        if not is_dict(got):
            return False
        for k, v in exp.items():
            g = got.get(k)
            if not is_num(g) or abs(float(g) - float(v)) > 1e-9:
                return False
        return True
    return got == exp


# --------------------------------------------------------------------------- the probe

class Probe:
    def __init__(self, client, run_id, verbose=False, has_key=False):
        self.c = client
        self.run = run_id
        self.verbose = verbose
        self.has_key = has_key
        self.results = []
        self.skipped = []
        self.group = None
        self.req_errors = []     # (status, serverErrorCode, label) of request-level errors
        self.uuids = []
        client.observer = self._observe
        self.secrets = [s for s in (client.api_token, client.web_token) if s]

    # bookkeeping -----------------------------------------------------------
    def _observe(self, resp, label):
        if is_dict(resp.json) and isinstance(resp.json.get("serverErrorCode"), str):
            self.req_errors.append((resp.status, resp.json["serverErrorCode"], label))
            if nonempty_str(resp.json.get("uuid")):
                self.uuids.append(resp.json["uuid"])

    def redact(self, text):
        text = str(text)
        for s in self.secrets:
            if s:
                text = text.replace(s, "<redacted>")
                q = urllib.parse.quote(s, safe="")
                if q != s:
                    text = text.replace(q, "<redacted>")
        return text.replace("\n", " ")

    def check(self, name, ok, expected, got=None):
        if isinstance(got, Resp):
            got = got.summary()
        detail = "ok" if ok else f"expected {expected}; got {got}"
        detail = self.redact(detail)
        self.results.append({"name": name, "group": self.group, "passed": bool(ok),
                             "detail": detail})
        if ok:
            if self.verbose:
                print(f"PASS {name}")
        else:
            print(f"FAIL {name}: {detail}")
        return bool(ok)

    def skip(self, name, why):
        self.skipped.append({"name": name, "group": self.group, "reason": why})
        if self.verbose:
            print(f"SKIP {name}: {why}")

    # API shortcuts -------------------------------------------------------
    def post(self, db, opname, body, env="development", **kw):
        return self.c.ck("POST", env, db, opname, body, **kw)

    def get(self, db, opname, env="development", **kw):
        return self.c.ck("GET", env, db, opname, None, **kw)

    def modify(self, ops, db="private", zone=None, env="development", **extra):
        body = {"operations": ops}
        if zone is not None:
            body["zoneID"] = zid(zone)
        body.update(extra)
        return self.post(db, "records/modify", body, env=env)

    def lookup(self, names, db="private", zone=None, env="development", **extra):
        recs = [n if is_dict(n) else {"recordName": n} for n in names]
        body = {"records": recs}
        if zone is not None:
            body["zoneID"] = zid(zone)
        body.update(extra)
        return self.post(db, "records/lookup", body, env=env)

    def fetch(self, name, db="private", zone=None, env="development"):
        """The stored record, or None when the lookup does not return it."""
        e = entry(self.lookup([name], db=db, zone=zone, env=env))
        return e if is_success(e, name) else None

    def is_gone(self, name, db="private", zone=None, env="development"):
        """Lookup answers NOT_FOUND for the name.  Deliberately lenient about the entry's
        other keys: the error-entry shape has checks of its own, and "nothing was written"
        checks should fail only when something was written."""
        r = self.lookup([name], db=db, zone=zone, env=env)
        e = entry(r)
        return (r.status == 200 and is_dict(e) and e.get("serverErrorCode") == "NOT_FOUND"
                and e.get("recordName") == name)

    def save(self, rtype, name, fields, db="private", zone=None, env="development",
             kind="create"):
        """Seed one record; raise Abort when the server does not save it."""
        r = self.modify([op(kind, name, rtype, fields)], db=db, zone=zone, env=env)
        e = entry(r)
        if r.status != 200 or not is_success(e, name):
            raise Abort(f"seeding {kind} {name} ({rtype}) failed: {r.summary()}")
        return e

    def zone_create(self, name, db="private", env="development"):
        return self.post(db, "zones/modify", {"operations": [
            {"operationType": "create", "zone": {"zoneID": zid(name)}}]}, env=env)

    def zone_delete(self, name, db="private", env="development"):
        return self.post(db, "zones/modify", {"operations": [
            {"operationType": "delete", "zone": {"zoneID": zid(name)}}]}, env=env)

    def need_zone(self, name):
        r = self.zone_create(name)
        e = entry(r, 0, "zones")
        if r.status != 200 or not is_dict(e) or "serverErrorCode" in e:
            raise Abort(f"creating zone {name} failed: {r.summary()}")
        return e

    def zone_names(self, db="private", env="development"):
        r = self.get(db, "zones/list", env=env)
        zs = records_of(r, "zones") or []
        return r, [z.get("zoneID", {}).get("zoneName") for z in zs
                   if is_dict(z) and is_dict(z.get("zoneID"))]

    def query(self, rtype, filters=None, sorts=None, zone=DEFAULT_ZONE, db="private",
              env="development", **extra):
        q = {"recordType": rtype}
        if filters is not None:
            q["filterBy"] = filters
        if sorts is not None:
            q["sortBy"] = sorts
        body = {"query": q}
        if zone is not None:
            body["zoneID"] = zid(zone)
        body.update(extra)
        return self.post(db, "records/query", body, env=env)

    def N(self, tag):
        return f"{self.group}-{self.run}-{tag}"

    def T(self, tag=""):
        return f"Probe{self.group.capitalize()}{tag}{self.run}"

    def Z(self, tag):
        return f"probe_{self.group}_{tag}_{self.run}"

    # ======================================================================= auth
    def g_auth(self):
        c = self.c
        T = self.T()
        lookup_body = {"records": [{"recordName": self.N("nobody")}]}

        r = self.get("public", "users/current")
        self.check("auth.users-current.shape",
                   r.status == 200 and is_dict(r.json)
                   and nonempty_str(r.json.get("userRecordName"))
                   and r.json["userRecordName"].startswith("_"),
                   'HTTP 200 {"userRecordName":"_..."}', r)

        def auth_refused(resp):
            # spec 12: missing/invalid ckAPIToken -> 421 with redirectURL; 401 also acceptable
            return is_auth_required(resp) or is_auth_failed(resp)

        r = self.post("public", "records/lookup", lookup_body, api=False, web=False)
        self.check("auth.api-token.missing", auth_refused(r),
                   "421 AUTHENTICATION_REQUIRED with redirectURL (or 401 AUTHENTICATION_FAILED)", r)
        r = self.post("public", "records/lookup", lookup_body,
                      api_token="bogus-" + self.run, web=False)
        self.check("auth.api-token.unknown", auth_refused(r),
                   "421 AUTHENTICATION_REQUIRED with redirectURL (or 401 AUTHENTICATION_FAILED)", r)
        r = self.get("public", "zones/list", api=False, web=False)
        self.check("auth.api-token.missing.get", auth_refused(r),
                   "421/401 auth error on GET zones/list without ckAPIToken", r)
        r = self.post("private", "records/lookup", lookup_body, api=False, web=True)
        self.check("auth.api-token.missing.private", auth_refused(r),
                   "421/401 auth error without ckAPIToken even with ckWebAuthToken", r)

        r = self.post("public", "records/lookup", lookup_body, web=False)
        self.check("auth.public-read.api-token-only",
                   r.status == 200 and is_rec_error(entry(r), "NOT_FOUND", self.N("nobody")),
                   "HTTP 200 with a NOT_FOUND entry (public reads need only the API token)", r)
        r = self.get("public", "zones/list", web=False)
        zs = [z.get("zoneID", {}).get("zoneName") for z in (records_of(r, "zones") or [])
              if is_dict(z) and is_dict(z.get("zoneID"))]
        self.check("auth.public-read.zones-list", r.status == 200 and DEFAULT_ZONE in zs,
                   "HTTP 200 listing _defaultZone with the API token only", r)

        r = self.post("private", "records/lookup", lookup_body, web=False)
        self.check("auth.private.no-web-token", is_auth_required(r),
                   "421 AUTHENTICATION_REQUIRED with uuid, reason, redirectURL", r)
        r = self.get("private", "zones/list", web=False)
        self.check("auth.private.no-web-token.get", is_auth_required(r),
                   "421 AUTHENTICATION_REQUIRED with redirectURL", r)
        r = self.post("shared", "records/lookup", lookup_body, web=False)
        self.check("auth.shared.no-web-token", is_auth_required(r),
                   "421 AUTHENTICATION_REQUIRED with redirectURL", r)
        # An unknown web auth token: the spec does not name the code; accept 421 or 401.
        r = self.post("private", "records/lookup", lookup_body, web_token="bogus-" + self.run)
        self.check("auth.private.unknown-web-token", is_auth_required(r) or is_auth_failed(r),
                   "421 AUTHENTICATION_REQUIRED or 401 AUTHENTICATION_FAILED", r)
        r = self.get("private", "zones/list")
        self.check("auth.private.with-web-token", r.status == 200 and
                   records_of(r, "zones") is not None, "HTTP 200 {zones:[...]}", r)

        nm = self.N("w-noweb")
        r = self.post("public", "records/modify",
                      {"operations": [op("create", nm, T, {"v": S("x")})]}, web=False)
        self.check("auth.public-write.no-web-token", is_auth_required(r),
                   "421 AUTHENTICATION_REQUIRED with redirectURL for a public write "
                   "without ckWebAuthToken", r)
        self.check("auth.public-write.no-web-token.nothing-written",
                   self.is_gone(nm, db="public"), f"{nm} not created", "found it")
        nm = self.N("w-web")
        r = self.modify([op("create", nm, T, {"v": S("x")})], db="public")
        self.check("auth.public-write.with-web-token", r.status == 200 and
                   is_success(entry(r), nm), "HTTP 200 with the saved record", r)

        # ---- server-to-server signed requests (public database only)
        signed_names = ["auth.signed.read", "auth.signed.write", "auth.signed.write.visible",
                        "auth.signed.get-empty-body", "auth.signed.date-two-minutes-old",
                        "auth.signed.tampered-body", "auth.signed.tampered-body.nothing-written",
                        "auth.signed.expired-date", "auth.signed.future-date",
                        "auth.signed.unknown-key-id", "auth.signed.wrong-key",
                        "auth.signed.garbage-signature", "auth.signed.wrong-path",
                        "auth.signed.missing-signature", "auth.signed.private-refused"]
        if not self.has_key:
            for n in signed_names:
                self.skip(n, "no --key-id/--private-key given")
            return

        r = self.post("public", "records/lookup", lookup_body, api=False, web=False, signed=True)
        self.check("auth.signed.read",
                   r.status == 200 and is_rec_error(entry(r), "NOT_FOUND", self.N("nobody")),
                   "HTTP 200 for a correctly signed request without ckAPIToken", r)
        nm = self.N("signed")
        r = self.post("public", "records/modify",
                      {"operations": [op("create", nm, T, {"v": S("signed")})]},
                      api=False, web=False, signed=True)
        self.check("auth.signed.write", r.status == 200 and is_success(entry(r), nm),
                   "HTTP 200 with the record created by a signed request", r)
        e = self.fetch(nm, db="public")
        self.check("auth.signed.write.visible", e is not None and fval(e, "v") == "signed",
                   "the signed write is readable with the API token", e)
        r = self.get("public", "zones/list", api=False, web=False, signed=True)
        self.check("auth.signed.get-empty-body", r.status == 200 and
                   records_of(r, "zones") is not None,
                   "HTTP 200 for a signed GET (signature over sha256 of the empty body)", r)
        two_min = iso_date(datetime.datetime.now(datetime.timezone.utc)
                           - datetime.timedelta(minutes=2))
        r = self.post("public", "records/lookup", lookup_body, api=False, web=False,
                      signed=True, sign_date=two_min)
        self.check("auth.signed.date-two-minutes-old", r.status == 200,
                   "HTTP 200 for a signature dated 2 minutes ago (window is 10 minutes)", r)

        nm = self.N("tampered")
        real = json.dumps({"operations": [op("create", nm, T, {"v": S("tampered")})]},
                          separators=(",", ":")).encode()
        signed_over = json.dumps({"operations": [op("create", nm, T, {"v": S("original")})]},
                                 separators=(",", ":")).encode()
        r = self.post("public", "records/modify", None, raw=real, api=False, web=False,
                      signed=True, sign_body=signed_over)
        self.check("auth.signed.tampered-body", is_auth_failed(r),
                   "401 AUTHENTICATION_FAILED when the body differs from the signed one", r)
        self.check("auth.signed.tampered-body.nothing-written", self.is_gone(nm, db="public"),
                   f"{nm} not created", "found it")
        old = iso_date(datetime.datetime.now(datetime.timezone.utc)
                       - datetime.timedelta(minutes=20))
        r = self.post("public", "records/lookup", lookup_body, api=False, web=False,
                      signed=True, sign_date=old)
        self.check("auth.signed.expired-date", is_auth_failed(r),
                   "401 AUTHENTICATION_FAILED for a date 20 minutes old", r)
        future = iso_date(datetime.datetime.now(datetime.timezone.utc)
                          + datetime.timedelta(minutes=20))
        r = self.post("public", "records/lookup", lookup_body, api=False, web=False,
                      signed=True, sign_date=future)
        self.check("auth.signed.future-date", is_auth_failed(r),
                   "401 AUTHENTICATION_FAILED for a date 20 minutes ahead", r)
        r = self.post("public", "records/lookup", lookup_body, api=False, web=False,
                      signed=True, key_id="0" * 32 + self.run)
        self.check("auth.signed.unknown-key-id", is_auth_failed(r),
                   "401 AUTHENTICATION_FAILED for an unregistered key id", r)
        _, _, ec = _crypto()
        other = ec.generate_private_key(ec.SECP256R1())
        r = self.post("public", "records/lookup", lookup_body, api=False, web=False,
                      signed=True, sign_key=other)
        self.check("auth.signed.wrong-key", is_auth_failed(r),
                   "401 AUTHENTICATION_FAILED for a signature by another key", r)
        path = c.path("development", "public", "records/lookup")
        data = json.dumps(lookup_body, separators=(",", ":")).encode()
        r = c.raw_request("POST", path, data, {H_KEYID: c.key_id, H_DATE: iso_date(),
                                               H_SIG: "bm90IGEgc2lnbmF0dXJl",
                                               "Content-Type": "application/json"})
        self._observe(r, "POST public/records/lookup")
        self.check("auth.signed.garbage-signature", is_auth_failed(r),
                   "401 AUTHENTICATION_FAILED for a signature that is not DER ECDSA", r)
        r = self.post("public", "records/lookup", lookup_body, api=False, web=False,
                      signed=True, sign_path=c.path("development", "public", "records/query"))
        self.check("auth.signed.wrong-path", is_auth_failed(r),
                   "401 AUTHENTICATION_FAILED for a signature over another path", r)
        r = c.raw_request("POST", path, data, {H_KEYID: c.key_id, H_DATE: iso_date(),
                                               "Content-Type": "application/json"})
        self._observe(r, "POST public/records/lookup")
        # No signature and no ckAPIToken: either auth error is a reasonable reading.
        self.check("auth.signed.missing-signature", is_auth_failed(r) or is_auth_required(r),
                   "401 AUTHENTICATION_FAILED or 421 AUTHENTICATION_REQUIRED", r)
        r = self.post("private", "records/lookup", lookup_body, api=False, web=False,
                      signed=True)
        # Signed requests are for the public database only; the refusal code is not
        # named by the spec, so accept any auth/permission error.
        self.check("auth.signed.private-refused",
                   400 <= r.status < 500 and is_ck_error(r) and r.json["serverErrorCode"] in
                   ("AUTHENTICATION_REQUIRED", "AUTHENTICATION_FAILED", "ACCESS_DENIED"),
                   "a 4xx AUTHENTICATION_REQUIRED/AUTHENTICATION_FAILED/ACCESS_DENIED error", r)

    # ======================================================================= users
    def g_users(self):
        """Apple's reference: users/caller, GET and POST users/discover, users/lookup/email
        and users/lookup/id, each answering {"users": [...]} for a signed-in user."""
        me = self.get("public", "users/current")
        me_name = me.json.get("userRecordName") if is_dict(me.json) else None

        r = self.get("public", "users/caller")
        callers = records_of(r, "users")
        self.check("users.caller.shape",
                   r.status == 200 and callers is not None and len(callers) == 1
                   and is_dict(callers[0]) and callers[0].get("userRecordName") == me_name
                   and is_dict(callers[0].get("lookupInfo")),
                   'HTTP 200 {"users":[{"userRecordName": <users/current\'s>, "lookupInfo": {...}}]}', r)
        r = self.get("public", "users/caller", web=False)
        self.check("users.caller.needs-user", is_auth_required(r),
                   "421 AUTHENTICATION_REQUIRED without ckWebAuthToken", r)

        r = self.get("public", "users/discover")
        found = records_of(r, "users")
        self.check("users.discover.all.shape",
                   r.status == 200 and found is not None
                   and all(is_dict(u) and nonempty_str(u.get("userRecordName")) for u in found),
                   'HTTP 200 {"users":[identity...]}', r)

        nobody = f"nobody-{self.run}@example.invalid"
        r = self.post("public", "users/discover", {"lookupInfos": [{"emailAddress": nobody}]})
        found = records_of(r, "users")
        self.check("users.discover.unknown",
                   r.status == 200 and found is not None
                   and all(is_dict(u) and "nameComponents" not in u for u in found),
                   'HTTP 200 {"users":[...]} without nameComponents for an unknown address', r)
        r = self.post("public", "users/discover", {})
        self.check("users.discover.no-lookup-infos", r.status == 400 and is_ck_error(r)
                   and r.json["serverErrorCode"] == "BAD_REQUEST",
                   "400 BAD_REQUEST without lookupInfos", r)

        r = self.post("public", "users/lookup/email", {"users": [{"emailAddress": nobody}]})
        self.check("users.lookup-email.unknown", r.status == 200 and records_of(r, "users") == [],
                   'HTTP 200 {"users": []} for an unknown address', r)
        r = self.post("public", "users/lookup/id", {"users": [{"userRecordName": me_name}]})
        found = records_of(r, "users")
        self.check("users.lookup-id.shape",
                   r.status == 200 and found is not None and len(found) <= 1
                   and all(is_dict(u) and u.get("userRecordName") == me_name and "emailAddress" not in u
                           for u in found),
                   'HTTP 200 {"users":[...]} naming only the asked record, without emailAddress', r)

    # ======================================================================= zones
    def g_zones(self):
        Z1, Z2, Z3, Z4, Z5 = (self.Z(t) for t in ("a", "b", "c", "d", "e"))
        T = self.T()
        r = self.zone_create(Z1)
        e = entry(r, 0, "zones")
        self.check("zones.create", r.status == 200 and is_dict(e) and "serverErrorCode" not in e
                   and is_dict(e.get("zoneID")) and e["zoneID"].get("zoneName") == Z1,
                   f'HTTP 200 {{"zones":[{{"zoneID":{{"zoneName":"{Z1}"}},...}}]}}', r)
        self.check("zones.create.atomic", is_dict(e) and e.get("atomic") is True,
                   "the created custom zone advertises atomic:true", r)
        self.save(T, self.N("zr1"), {"v": S("kept")}, zone=Z1)

        r = self.zone_create(Z1)
        e = entry(r, 0, "zones")
        # The spec does not say what creating an existing zone answers: accept the zone
        # (idempotent save) or an EXISTS entry; either way under HTTP 200.
        self.check("zones.create.existing",
                   r.status == 200 and is_dict(e) and (
                       (is_dict(e.get("zoneID")) and e["zoneID"].get("zoneName") == Z1
                        and "serverErrorCode" not in e)
                       or e.get("serverErrorCode") == "EXISTS"),
                   "HTTP 200 with the zone or an EXISTS entry", r)
        rec = self.fetch(self.N("zr1"), zone=Z1)
        self.check("zones.create.existing.keeps-records",
                   rec is not None and fval(rec, "v") == "kept",
                   "records of the zone survive a second create", rec)

        r, names = self.zone_names()
        self.check("zones.list.default-zone", r.status == 200 and DEFAULT_ZONE in names,
                   "GET zones/list includes _defaultZone", r)
        self.check("zones.list.custom-zone", Z1 in names, f"GET zones/list includes {Z1}", names)
        self.check("zones.list.no-duplicates", names.count(Z1) == 1,
                   f"{Z1} listed once", names)

        r = self.post("private", "zones/lookup", {"zones": [zid(Z1)]})
        e = entry(r, 0, "zones")
        self.check("zones.lookup.hit", r.status == 200 and is_dict(e)
                   and is_dict(e.get("zoneID")) and e["zoneID"].get("zoneName") == Z1
                   and "serverErrorCode" not in e, f"the zone dictionary of {Z1}", r)
        self.check("zones.lookup.zone-dictionary",
                   is_dict(e) and e.get("atomic") is True and nonempty_str(e.get("syncToken")),
                   "zone dictionary carries atomic:true and a syncToken", r)
        missing = self.Z("missing")
        r = self.post("private", "zones/lookup", {"zones": [zid(missing), zid(Z1)]})
        zs = records_of(r, "zones") or []
        e0 = zs[0] if zs else None
        self.check("zones.lookup.miss",
                   r.status == 200 and is_dict(e0) and e0.get("serverErrorCode") == "ZONE_NOT_FOUND"
                   and isinstance(e0.get("reason"), str)
                   and is_dict(e0.get("zoneID")) and e0["zoneID"].get("zoneName") == missing,
                   "HTTP 200, first entry ZONE_NOT_FOUND with zoneID and reason", r)
        self.check("zones.lookup.order", len(zs) == 2 and is_dict(zs[1]) and
                   is_dict(zs[1].get("zoneID")) and zs[1]["zoneID"].get("zoneName") == Z1
                   and "serverErrorCode" not in zs[1],
                   "two entries in request order, the second the found zone", r)
        r = self.post("private", "zones/lookup", {"zones": [zid(DEFAULT_ZONE)]})
        e = entry(r, 0, "zones")
        self.check("zones.lookup.default-zone", r.status == 200 and is_dict(e) and
                   "serverErrorCode" not in e and e.get("zoneID", {}).get("zoneName") == DEFAULT_ZONE,
                   "zones/lookup finds _defaultZone", r)

        r = self.post("private", "zones/changes", {})
        zs = records_of(r, "zones") or []
        ch = [z.get("zoneID", {}).get("zoneName") for z in zs if is_dict(z) and is_dict(z.get("zoneID"))]
        tok = r.json.get("syncToken") if is_dict(r.json) else None
        self.check("zones.changes.no-token", r.status == 200 and Z1 in ch,
                   f"zones/changes without syncToken lists {Z1}", r)
        self.check("zones.changes.shape", nonempty_str(tok) and is_dict(r.json)
                   and isinstance(r.json.get("moreComing"), bool),
                   "syncToken string and moreComing boolean", r)
        self.need_zone(Z2)
        r = self.post("private", "zones/changes", {"syncToken": tok} if tok else {})
        zs = records_of(r, "zones") or []
        ch = [z.get("zoneID", {}).get("zoneName") for z in zs if is_dict(z) and is_dict(z.get("zoneID"))]
        tok2 = r.json.get("syncToken") if is_dict(r.json) else None
        self.check("zones.changes.since-token.new-zone", r.status == 200 and Z2 in ch,
                   f"changes since the token list the new zone {Z2}", r)
        self.check("zones.changes.since-token.unchanged-zone-absent", r.status == 200 and Z1 not in ch,
                   f"changes since the token omit the untouched zone {Z1}", ch)
        self.check("zones.changes.token-advances", nonempty_str(tok2) and tok2 != tok,
                   "a new syncToken after a zone was created", tok2)

        self.need_zone(Z3)
        zr3 = self.N("zr3")
        self.save(T, zr3, {"v": S("doomed")}, zone=Z3)
        r = self.zone_delete(Z3)
        e = entry(r, 0, "zones")
        self.check("zones.delete", r.status == 200 and is_dict(e) and "serverErrorCode" not in e
                   and is_dict(e.get("zoneID")) and e["zoneID"].get("zoneName") == Z3,
                   "HTTP 200 with the deleted zone's entry", r)
        r, names = self.zone_names()
        self.check("zones.delete.unlisted", r.status == 200 and Z3 not in names,
                   f"{Z3} no longer in zones/list", names)
        r = self.post("private", "zones/lookup", {"zones": [zid(Z3)]})
        self.check("zones.delete.lookup-zone-not-found",
                   r.status == 200 and is_dict(entry(r, 0, "zones"))
                   and entry(r, 0, "zones").get("serverErrorCode") == "ZONE_NOT_FOUND",
                   "zones/lookup of the deleted zone -> ZONE_NOT_FOUND entry", r)
        r = self.lookup([zr3], zone=Z3)
        self.check("zones.delete.records-unreachable", err_either(r, "ZONE_NOT_FOUND"),
                   "records/lookup in the deleted zone -> ZONE_NOT_FOUND "
                   "(request-level 404 or per-record)", r)
        self.need_zone(Z3)
        r = self.lookup([zr3], zone=Z3)
        self.check("zones.delete.records-deleted",
                   r.status == 200 and is_rec_error(entry(r), "NOT_FOUND", zr3),
                   "after re-creating the zone its old record is NOT_FOUND", r)

        r = self.post("private", "zones/modify", {"operations": [
            {"operationType": "create", "zone": {"zoneID": zid(Z4)}},
            {"operationType": "create", "zone": {"zoneID": zid(Z5)}}]})
        zs = records_of(r, "zones") or []
        got = [z.get("zoneID", {}).get("zoneName") if is_dict(z) and is_dict(z.get("zoneID")) else None
               for z in zs]
        self.check("zones.modify.batch-in-order", r.status == 200 and got == [Z4, Z5],
                   f"entries for [{Z4}, {Z5}] in order", r)

        zp = self.Z("pub")
        r = self.zone_create(zp, db="public")
        e = entry(r, 0, "zones")
        # Custom zones exist only in private; the refusal code is not named by the spec.
        self.check("zones.public.custom-zone-refused",
                   (400 <= r.status < 500 and is_ck_error(r))
                   or (r.status == 200 and is_dict(e) and nonempty_str(e.get("serverErrorCode"))),
                   "a CloudKit error (request-level 4xx or per-zone entry)", r)
        r, names = self.zone_names("public")
        self.check("zones.public.custom-zone-not-created", r.status == 200 and zp not in names
                   and names == [DEFAULT_ZONE],
                   "public zones/list is exactly [_defaultZone]", names)

    # ======================================================================= modify
    def g_modify(self):
        T = self.T()
        R1, R2, R3 = self.N("r1"), self.N("r2"), self.N("r3")
        now_ms = int(time.time() * 1000)

        r = self.modify([op("create", R1, T, {"name": S("one"), "count": I(1), "note": S("keep")})])
        e = entry(r)
        self.check("modify.create.ok", r.status == 200 and is_success(e, R1),
                   "HTTP 200 with the saved record", r)
        if not is_success(e, R1):
            raise Abort("create failed; cannot continue the modify group")
        tag1 = e["recordChangeTag"]
        self.check("modify.create.record-type", e.get("recordType") == T, f"recordType {T}", e)
        self.check("modify.create.fields",
                   fval(e, "name") == "one" and fval(e, "count") == 1 and fval(e, "note") == "keep"
                   and ftype(e, "name") == "STRING" and ftype(e, "count") == "INT64",
                   "the saved fields with their types", e)
        ct, mt = ts_of(e, "created"), ts_of(e, "modified")
        self.check("modify.create.timestamps",
                   is_int(ct) and is_int(mt) and abs(ct - now_ms) < 86400000 and mt >= ct,
                   "created/modified {timestamp: ms since 1970} near now, modified >= created",
                   {"created": e.get("created"), "modified": e.get("modified")})
        self.check("modify.create.user-record-name",
                   is_dict(e.get("created")) and nonempty_str(e["created"].get("userRecordName"))
                   and is_dict(e.get("modified")) and nonempty_str(e["modified"].get("userRecordName")),
                   "created/modified carry userRecordName",
                   {"created": e.get("created"), "modified": e.get("modified")})

        r = self.modify([op("create", None, T, {"name": S("anon1")}),
                         op("create", None, T, {"name": S("anon2")})])
        recs = records_of(r) or []
        nms = names_of(recs)
        self.check("modify.create.server-chosen-name",
                   r.status == 200 and len(recs) == 2 and all(is_success(x) for x in recs)
                   and len(set(nms)) == 2,
                   "two successes with distinct server-chosen recordNames", r)
        if len(recs) == 2 and all(is_success(x) for x in recs):
            got = self.fetch(nms[1])
            self.check("modify.create.server-chosen-name.stored",
                       got is not None and fval(got, "name") == "anon2",
                       "the record is found under the chosen name", got)
        else:
            self.check("modify.create.server-chosen-name.stored", False,
                       "the record is found under the chosen name", "no names")

        r = self.modify([op("create", R1, T, {"name": S("clobber")})])
        self.check("modify.create.exists",
                   r.status == 200 and is_rec_error(entry(r), "EXISTS", R1),
                   "HTTP 200, entry {recordName, serverErrorCode:EXISTS, reason, uuid}", r)
        got = self.fetch(R1)
        self.check("modify.create.exists.unchanged",
                   got is not None and fval(got, "name") == "one" and got.get("recordChangeTag") == tag1,
                   "the existing record is untouched", got)
        r = self.modify([op("create", self.N("notype"), None, {"name": S("x")})])
        self.check("modify.create.no-record-type", err_either(r, "BAD_REQUEST"),
                   "BAD_REQUEST (request-level 400 or per-record) for a create without recordType", r)
        r = self.modify([op("create", self.N("nofields"), T)])
        self.check("modify.create.no-fields", r.status == 200 and is_success(entry(r), self.N("nofields"))
                   and field_keys(entry(r)) == set(),
                   "a create without fields saves an empty record", r)

        # update ------------------------------------------------------------
        r = self.modify([op("update", R1, None, {"count": I(2)}, tag=tag1)])
        e = entry(r)
        self.check("modify.update.current-tag", r.status == 200 and is_success(e, R1),
                   "HTTP 200 with the updated record", r)
        tag2 = e.get("recordChangeTag") if is_dict(e) else None
        self.check("modify.update.new-change-tag", nonempty_str(tag2) and tag2 != tag1,
                   "a recordChangeTag different from the previous one", tag2)
        self.check("modify.update.timestamps",
                   is_dict(e) and ts_of(e, "created") == ct and is_int(ts_of(e, "modified"))
                   and ts_of(e, "modified") >= mt,
                   "created unchanged, modified not earlier", e)
        got = self.fetch(R1)
        self.check("modify.update.only-given-fields",
                   got is not None and fval(got, "count") == 2 and fval(got, "name") == "one"
                   and fval(got, "note") == "keep",
                   "count changed, name and note untouched", got)

        r = self.modify([op("update", R1, None, {"count": I(99)}, tag=tag1)])
        self.check("modify.update.stale-tag-conflict",
                   r.status == 200 and is_rec_error(entry(r), "CONFLICT", R1),
                   "HTTP 200, entry CONFLICT with recordName, reason, uuid", r)
        got = self.fetch(R1)
        self.check("modify.update.stale-tag.nothing-written",
                   got is not None and fval(got, "count") == 2 and got.get("recordChangeTag") == tag2,
                   "count still 2 and the tag unchanged", got)
        r = self.modify([op("update", R1, None, {"count": I(98)})])
        # The tag is required for update; the spec names no code for its absence.
        self.check("modify.update.no-tag-refused",
                   err_either(r, "BAD_REQUEST") or
                   (r.status == 200 and is_rec_error(entry(r), "CONFLICT", R1)),
                   "BAD_REQUEST or CONFLICT for an update without recordChangeTag", r)
        got = self.fetch(R1)
        self.check("modify.update.no-tag.nothing-written",
                   got is not None and fval(got, "count") == 2, "count still 2", got)
        r = self.modify([op("update", self.N("ghost"), T, {"count": I(1)}, tag=tag1)])
        self.check("modify.update.missing-not-found",
                   r.status == 200 and is_rec_error(entry(r), "NOT_FOUND", self.N("ghost")),
                   "HTTP 200, entry NOT_FOUND", r)
        self.check("modify.update.missing.not-created", self.is_gone(self.N("ghost")),
                   "no record created by a failed update", "found it")

        # forceUpdate ---------------------------------------------------------
        r = self.modify([op("forceUpdate", R1, None, {"count": I(3)}, tag=tag1)])
        e = entry(r)
        self.check("modify.force-update.ignores-tag", r.status == 200 and is_success(e, R1),
                   "HTTP 200 success despite a stale tag", r)
        tag3 = e.get("recordChangeTag") if is_dict(e) else None
        got = self.fetch(R1)
        self.check("modify.force-update.only-given-fields",
                   got is not None and fval(got, "count") == 3 and fval(got, "name") == "one"
                   and fval(got, "note") == "keep", "count 3, other fields untouched", got)
        r = self.modify([op("forceUpdate", R2, T, {"name": S("two"), "count": I(20)})])
        self.check("modify.force-update.creates-missing",
                   r.status == 200 and is_success(entry(r), R2), "HTTP 200, record created", r)
        got = self.fetch(R2)
        self.check("modify.force-update.creates-missing.stored",
                   got is not None and fval(got, "name") == "two" and got.get("recordType") == T,
                   "the new record is stored", got)

        # replace -------------------------------------------------------------
        r = self.modify([op("replace", R1, T, {"count": I(4)}, tag=tag3)])
        e = entry(r)
        self.check("modify.replace.current-tag", r.status == 200 and is_success(e, R1),
                   "HTTP 200 with the replaced record", r)
        tag4 = e.get("recordChangeTag") if is_dict(e) else None
        got = self.fetch(R1)
        self.check("modify.replace.unspecified-fields-nulled",
                   got is not None and fval(got, "count") == 4 and absent(got, "name")
                   and absent(got, "note"),
                   "count 4, name and note gone", got)
        r = self.modify([op("replace", R1, T, {"name": S("stale")}, tag=tag2)])
        self.check("modify.replace.stale-tag-conflict",
                   r.status == 200 and is_rec_error(entry(r), "CONFLICT", R1),
                   "HTTP 200, entry CONFLICT", r)
        got = self.fetch(R1)
        self.check("modify.replace.stale-tag.nothing-written",
                   got is not None and fval(got, "count") == 4 and absent(got, "name")
                   and got.get("recordChangeTag") == tag4, "record unchanged", got)
        r = self.modify([op("replace", self.N("ghost2"), T, {"count": I(1)}, tag=tag1)])
        self.check("modify.replace.missing-not-found",
                   r.status == 200 and is_rec_error(entry(r), "NOT_FOUND", self.N("ghost2")),
                   "HTTP 200, entry NOT_FOUND", r)

        # forceReplace ----------------------------------------------------------
        r = self.modify([op("forceReplace", R2, T, {"count": I(21)}, tag=tag1)])
        self.check("modify.force-replace.ignores-tag", r.status == 200 and is_success(entry(r), R2),
                   "HTTP 200 success regardless of the tag", r)
        got = self.fetch(R2)
        self.check("modify.force-replace.unspecified-fields-nulled",
                   got is not None and fval(got, "count") == 21 and absent(got, "name"),
                   "count 21, name gone", got)
        r = self.modify([op("forceReplace", R3, T, {"name": S("three"), "count": I(30)})])
        self.check("modify.force-replace.creates-missing",
                   r.status == 200 and is_success(entry(r), R3), "HTTP 200, record created", r)
        got = self.fetch(R3)
        self.check("modify.force-replace.creates-missing.stored",
                   got is not None and fval(got, "name") == "three", "record stored", got)

        # {"value": null} clears ------------------------------------------------
        t = got.get("recordChangeTag") if got else None
        r = self.modify([op("update", R3, None, {"name": {"value": None}}, tag=t)])
        self.check("modify.null-value.accepted", r.status == 200 and is_success(entry(r), R3),
                   "HTTP 200 for an update setting a field to {value:null}", r)
        got = self.fetch(R3)
        self.check("modify.null-value.clears-field",
                   got is not None and absent(got, "name") and fval(got, "count") == 30,
                   "name cleared, count kept", got)

        tags = [tag1, tag2, tag3, tag4]
        self.check("modify.change-tag.unique-per-save",
                   all(nonempty_str(x) for x in tags) and len(set(tags)) == 4,
                   "four saves of one record give four distinct tags", tags)

        # delete --------------------------------------------------------------
        r = self.modify([op("delete", R1, None, None, tag=tag2)])
        self.check("modify.delete.stale-tag-conflict",
                   r.status == 200 and is_rec_error(entry(r), "CONFLICT", R1),
                   "HTTP 200, entry CONFLICT", r)
        self.check("modify.delete.stale-tag.not-deleted", self.fetch(R1) is not None,
                   "the record still exists", "gone")
        r = self.modify([op("delete", R3, None, None)])
        self.check("modify.delete.no-tag-refused",
                   err_either(r, "BAD_REQUEST") or
                   (r.status == 200 and is_rec_error(entry(r), "CONFLICT", R3)),
                   "BAD_REQUEST or CONFLICT for a delete without recordChangeTag", r)
        self.check("modify.delete.no-tag.not-deleted", self.fetch(R3) is not None,
                   "the record still exists", "gone")
        r = self.modify([op("delete", R1, None, None, tag=tag4)])
        self.check("modify.delete.current-tag",
                   r.status == 200 and is_deleted_marker(entry(r), R1),
                   'HTTP 200, entry {"recordName":..., "deleted":true}', r)
        self.check("modify.delete.gone", self.is_gone(R1), "lookup -> NOT_FOUND", "still there")
        r = self.modify([op("delete", R1, None, None, tag=tag4)])
        self.check("modify.delete.missing-not-found",
                   r.status == 200 and is_rec_error(entry(r), "NOT_FOUND", R1),
                   "HTTP 200, entry NOT_FOUND", r)
        r = self.modify([op("forceDelete", R2, None, None)])
        self.check("modify.force-delete", r.status == 200 and is_deleted_marker(entry(r), R2),
                   'HTTP 200, entry {"recordName":..., "deleted":true} without a tag', r)
        self.check("modify.force-delete.gone", self.is_gone(R2), "lookup -> NOT_FOUND", "still there")
        r = self.modify([op("forceDelete", self.N("ghost3"), None, None)])
        # Spec marks forceDelete of a missing record "NOT_FOUND (unverified)": accept both.
        self.check("modify.force-delete.missing",
                   r.status == 200 and (is_rec_error(entry(r), "NOT_FOUND", self.N("ghost3"))
                                        or is_deleted_marker(entry(r), self.N("ghost3"))),
                   "HTTP 200 with NOT_FOUND or a deleted marker", r)

        # batches ---------------------------------------------------------------
        o1, o2, o3 = self.N("o1"), self.N("o2"), self.N("o3")
        r = self.modify([op("create", o3, T, {"n": I(3)}), op("create", o1, T, {"n": I(1)}),
                         op("create", o2, T, {"n": I(2)})])
        self.check("modify.batch.response-order",
                   r.status == 200 and names_of(records_of(r)) == [o3, o1, o2],
                   f"entries in operation order [{o3}, {o1}, {o2}]", r)
        r = self.modify([op("create", self.N("pf-ok"), T, {"n": I(1)}),
                         op("update", self.N("pf-missing"), T, {"n": I(1)}, tag="x")])
        self.check("modify.batch.partial-failure-http-200",
                   r.status == 200 and is_success(entry(r, 0), self.N("pf-ok"))
                   and is_rec_error(entry(r, 1), "NOT_FOUND", self.N("pf-missing")),
                   "HTTP 200: first entry a record, second a NOT_FOUND error", r)

        dup = self.N("dup")
        r = self.modify([op("create", dup, T, {"n": I(1)}),
                         op("forceUpdate", dup, T, {"n": I(2)})])
        request_level = is_req_error(r, "BAD_REQUEST")
        self.check("modify.duplicate-record.bad-request",
                   request_level or (r.status == 200 and any(
                       is_rec_error(x, "BAD_REQUEST") for x in (records_of(r) or []))),
                   "BAD_REQUEST for two operations on one record", r)
        self.check("modify.duplicate-record.nothing-written",
                   (not request_level) or self.is_gone(dup),
                   "a refused request writes nothing", "record exists")

        bulk = self.T("Bulk")
        ops201 = [op("create", self.N(f"b{i}"), bulk, {"i": I(i)}) for i in range(201)]
        r = self.modify(ops201)
        self.check("modify.limit.201-operations", is_req_error(r, "BAD_REQUEST"),
                   "request-level 400 BAD_REQUEST for 201 operations", r)
        self.check("modify.limit.201-operations.nothing-written", self.is_gone(self.N("b0")),
                   "none of the 201 records written", "b0 exists")
        ops200 = [op("create", self.N(f"c{i}"), bulk, {"i": I(i)}) for i in range(200)]
        r = self.modify(ops200)
        recs = records_of(r) or []
        self.check("modify.limit.200-operations",
                   r.status == 200 and len(recs) == 200 and all(is_success(x) for x in recs),
                   "HTTP 200 with 200 saved records", r.summary(200))
        r = self.modify([op("forceDelete", self.N(f"c{i}")) for i in range(200)])
        recs = records_of(r) or []
        self.check("modify.limit.200-deletes",
                   r.status == 200 and len(recs) == 200
                   and all(is_deleted_marker(x, self.N(f"c{i}")) for i, x in enumerate(recs)),
                   "200 deleted markers in order", r.summary(200))

        r = self.modify([op("create", self.N("nz"), T, {"n": I(1)})], zone=self.Z("nosuch"))
        self.check("modify.unknown-zone", err_either(r, "ZONE_NOT_FOUND"),
                   "ZONE_NOT_FOUND (request-level 404 or per-record)", r)
        r = self.modify([{"operationType": "frobnicate",
                          "record": {"recordName": self.N("frob"), "recordType": T}}])
        self.check("modify.unknown-operation-type", err_either(r, "BAD_REQUEST"),
                   "BAD_REQUEST for operationType frobnicate", r)

        # desiredKeys / numbersAsStrings ------------------------------------------
        k1, k2 = self.N("k1"), self.N("k2")
        abc = {"a": S("1"), "b": S("2"), "c": S("3")}
        r = self.modify([op("create", k1, T, abc)], desiredKeys=["a"])
        e = entry(r)
        self.check("modify.desired-keys.request-level",
                   r.status == 200 and is_success(e, k1) and field_keys(e) == {"a"},
                   "only field a in the answer", r)
        r = self.modify([op("create", k2, T, abc, desired=["b"])], desiredKeys=["a"])
        e = entry(r)
        self.check("modify.desired-keys.per-operation-wins",
                   r.status == 200 and is_success(e, k2) and field_keys(e) == {"b"},
                   "only field b (the operation's desiredKeys) in the answer", r)
        got = self.fetch(k2)
        self.check("modify.desired-keys.all-stored", got is not None and field_keys(got) >= {"a", "b", "c"},
                   "desiredKeys only filter the answer; all fields are stored", got)
        nm = self.N("num")
        r = self.modify([op("create", nm, T, {"i": I(7), "d": D(2.5)})], numbersAsStrings=True)
        e = entry(r)
        dv = fval(e, "d") if e else None
        self.check("modify.numbers-as-strings",
                   r.status == 200 and fval(e, "i") == "7" and isinstance(dv, str)
                   and _float_or_none(dv) == 2.5,
                   'INT64 7 as "7" and DOUBLE 2.5 as a string', r)
        got = self.fetch(nm)
        self.check("modify.numbers-as-strings.storage-numeric",
                   got is not None and is_int(fval(got, "i")) and fval(got, "i") == 7
                   and is_num(fval(got, "d")) and fval(got, "d") == 2.5,
                   "without numbersAsStrings the values are JSON numbers", got)

    # ======================================================================= atomic
    def g_atomic(self):
        T = self.T()
        ZA = self.Z("za")
        self.need_zone(ZA)
        A1, B1, B2 = self.N("a1"), self.N("b1"), self.N("b2")
        e = self.save(T, A1, {"v": I(1)}, zone=ZA)
        tagA = e["recordChangeTag"]
        r = self.modify([op("update", A1, None, {"v": I(2)}, tag=tagA)], zone=ZA)
        if not is_success(entry(r), A1):
            raise Abort(f"seeding update failed: {r.summary()}")
        tagA2 = entry(r)["recordChangeTag"]
        self.save(T, B1, {"v": I(10)}, zone=ZA)
        self.save(T, B2, {"v": I(20)}, zone=ZA)

        n1, n2 = self.N("n1"), self.N("n2")
        r = self.modify([op("create", n1, T, {"v": I(1)}),
                         op("update", A1, None, {"v": I(100)}, tag=tagA),
                         op("create", n2, T, {"v": I(1)})], zone=ZA, atomic=True)
        self.check("atomic.custom-zone.http-200", r.status == 200 and len(records_of(r) or []) == 3,
                   "HTTP 200 with three entries", r)
        self.check("atomic.custom-zone.failing-entry-own-code",
                   is_rec_error(entry(r, 1), "CONFLICT", A1),
                   "the failing operation's entry is CONFLICT", r)
        self.check("atomic.custom-zone.others-atomic-error",
                   is_rec_error(entry(r, 0), "ATOMIC_ERROR", n1)
                   and is_rec_error(entry(r, 2), "ATOMIC_ERROR", n2),
                   "the other entries are ATOMIC_ERROR with recordName, reason, uuid", r)
        self.check("atomic.custom-zone.nothing-written",
                   self.is_gone(n1, zone=ZA) and self.is_gone(n2, zone=ZA),
                   "neither create was written", "a record exists")
        got = self.fetch(A1, zone=ZA)
        self.check("atomic.custom-zone.failing-record-untouched",
                   got is not None and fval(got, "v") == 2 and got.get("recordChangeTag") == tagA2,
                   "A1 unchanged", got)

        r = self.modify([op("forceUpdate", B1, None, {"v": I(11)}),
                         op("create", A1, T, {"v": I(0)})], zone=ZA, atomic=True)
        self.check("atomic.custom-zone.update-rolled-back.answer",
                   r.status == 200 and is_rec_error(entry(r, 0), "ATOMIC_ERROR", B1)
                   and is_rec_error(entry(r, 1), "EXISTS", A1),
                   "entries [ATOMIC_ERROR, EXISTS]", r)
        got = self.fetch(B1, zone=ZA)
        self.check("atomic.custom-zone.update-rolled-back",
                   got is not None and fval(got, "v") == 10,
                   "an earlier successful update in the batch is undone", got)
        r = self.modify([op("forceDelete", B2, None, None),
                         op("delete", self.N("ghost"), None, None, tag="x")], zone=ZA, atomic=True)
        self.check("atomic.custom-zone.delete-rolled-back.answer",
                   r.status == 200 and is_rec_error(entry(r, 0), "ATOMIC_ERROR", B2)
                   and is_rec_error(entry(r, 1), "NOT_FOUND", self.N("ghost")),
                   "entries [ATOMIC_ERROR, NOT_FOUND]", r)
        self.check("atomic.custom-zone.delete-rolled-back", self.fetch(B2, zone=ZA) is not None,
                   "an earlier successful delete in the batch is undone", "B2 gone")

        n3, n4 = self.N("n3"), self.N("n4")
        r = self.modify([op("create", n3, T, {"v": I(1)}),
                         op("update", A1, None, {"v": I(100)}, tag=tagA),
                         op("create", n4, T, {"v": I(1)})], zone=ZA)
        self.check("atomic.default-true.answer",
                   r.status == 200 and is_rec_error(entry(r, 0), "ATOMIC_ERROR", n3)
                   and is_rec_error(entry(r, 1), "CONFLICT", A1)
                   and is_rec_error(entry(r, 2), "ATOMIC_ERROR", n4),
                   "without the atomic key a custom zone batch is atomic (default true)", r)
        self.check("atomic.default-true.nothing-written",
                   self.is_gone(n3, zone=ZA) and self.is_gone(n4, zone=ZA),
                   "neither create was written", "a record exists")

        n5, n6 = self.N("n5"), self.N("n6")
        r = self.modify([op("create", n5, T, {"v": I(1)}),
                         op("update", A1, None, {"v": I(100)}, tag=tagA),
                         op("create", n6, T, {"v": I(1)})], zone=ZA, atomic=False)
        self.check("atomic.false.independent-answer",
                   r.status == 200 and is_success(entry(r, 0), n5)
                   and is_rec_error(entry(r, 1), "CONFLICT", A1) and is_success(entry(r, 2), n6),
                   "entries [record, CONFLICT, record]", r)
        self.check("atomic.false.successes-written",
                   self.fetch(n5, zone=ZA) is not None and self.fetch(n6, zone=ZA) is not None,
                   "both creates written", "missing")

        d0 = self.N("d0")
        e = self.save(T, d0, {"v": I(1)})
        r = self.modify([op("update", d0, None, {"v": I(2)}, tag=e["recordChangeTag"])])
        if not is_success(entry(r), d0):
            raise Abort(f"seeding update failed: {r.summary()}")
        d1, d2 = self.N("d1"), self.N("d2")
        r = self.modify([op("create", d1, T, {"v": I(1)}),
                         op("update", d0, None, {"v": I(100)}, tag=e["recordChangeTag"]),
                         op("create", d2, T, {"v": I(1)})], atomic=True)
        self.check("atomic.default-zone.independent-answer",
                   r.status == 200 and is_success(entry(r, 0), d1)
                   and is_rec_error(entry(r, 1), "CONFLICT", d0) and is_success(entry(r, 2), d2),
                   "atomic ignored in _defaultZone: [record, CONFLICT, record]", r)
        self.check("atomic.default-zone.successes-written",
                   self.fetch(d1) is not None and self.fetch(d2) is not None,
                   "both creates written", "missing")

        s1, s2 = self.N("s1"), self.N("s2")
        r = self.modify([op("create", s1, T, {"v": I(1)}), op("create", s2, T, {"v": I(2)})],
                        zone=ZA, atomic=True)
        self.check("atomic.custom-zone.all-succeed",
                   r.status == 200 and is_success(entry(r, 0), s1) and is_success(entry(r, 1), s2)
                   and self.fetch(s1, zone=ZA) is not None and self.fetch(s2, zone=ZA) is not None,
                   "an atomic batch without failures writes everything", r)

    # ======================================================================= types
    def g_types(self):
        T = self.T()
        TT = self.T("Target")
        t1, t2 = self.N("t1"), self.N("t2")
        self.save(TT, t1, {"label": S("t1")})
        self.save(TT, t2, {"label": S("t2")})
        big = 9007199254740993  # 2**53 + 1: exact only when INT64 is kept as a 64-bit integer
        sent = {
            "s": ("STRING", "h\u00e9llo \u2713 world"),
            "i": ("INT64", -42),
            "big": ("INT64", big),
            "d": ("DOUBLE", 3.25),
            "ts": ("TIMESTAMP", 1700000000123),
            "b": ("BYTES", base64.b64encode(b"\x00\x01\xfe\xffprobe").decode()),
            "r": ("REFERENCE", {"recordName": t1, "action": "NONE"}),
            "loc": ("LOCATION", {"latitude": 37.3349, "longitude": -122.009,
                                 "horizontalAccuracy": 5.0, "verticalAccuracy": 3.0,
                                 "altitude": 12.5, "speed": 1.5, "course": 90.0,
                                 "timestamp": 1700000000000}),
            "sl": ("STRING_LIST", ["a", "b", "a"]),
            "il": ("INT64_LIST", [3, 1, 2]),
            "dl": ("DOUBLE_LIST", [1.5, -2.25]),
            "tl": ("TIMESTAMP_LIST", [1700000000000, 1600000000000]),
            "bl": ("BYTES_LIST", [base64.b64encode(b"x").decode(), base64.b64encode(b"yz").decode()]),
            "ll": ("LOCATION_LIST", [{"latitude": 1.5, "longitude": 2.5},
                                     {"latitude": -33.8688, "longitude": 151.2093}]),
            "rl": ("REFERENCE_LIST", [{"recordName": t1, "action": "NONE"},
                                      {"recordName": t2, "action": "NONE"}]),
        }
        bare = self.N("bare-ref")
        r = self.modify([op("create", bare, T, {"r": {"value": {"recordName": t1}, "type": "REFERENCE"}})])
        self.check("types.reference.action-required",
                   r.status == 200 and is_rec_error(entry(r), "BAD_REQUEST", bare),
                   "a BAD_REQUEST entry for a saved REFERENCE without 'action' (required outside queries)", r)
        x1 = self.N("x1")
        r = self.modify([op("create", x1, T, {k: {"value": v, "type": t} for k, (t, v) in sent.items()})])
        e = entry(r)
        self.check("types.save-all-types", r.status == 200 and is_success(e, x1),
                   "HTTP 200 saving every field type", r)
        self.check("types.save-answer-types",
                   is_dict(e) and all(ftype(e, k) == t for k, (t, _) in sent.items()),
                   "every field in the modify answer carries its type", e)
        got = self.fetch(x1) or {}
        for k, (t, v) in sent.items():
            label = "int64-large" if k == "big" else t.lower().replace("_", "-")
            self.check(f"types.round-trip.{label}",
                       ftype(got, k) == t and eq_value(t, v, fval(got, k)),
                       f"{t} {json.dumps(v)}",
                       json.dumps(fields_of(got).get(k)))

        # type omitted on input: inferred from the value for new fields ...
        T2 = self.T("Infer")
        x2 = self.N("x2")
        r = self.modify([op("create", x2, T2, {"s": {"value": "text"}, "i": {"value": 5},
                                                "d": {"value": 2.5}, "sl": {"value": ["p", "q"]}})])
        got = self.fetch(x2) or {}
        for k, t in (("s", "STRING"), ("i", "INT64"), ("d", "DOUBLE"), ("sl", "STRING_LIST")):
            self.check(f"types.type-omitted.inferred.{t.lower().replace('_', '-')}",
                       ftype(got, k) == t, f"type {t} emitted for a value sent without type",
                       json.dumps(fields_of(got).get(k)))
        # ... and from the schema for known fields
        x3 = self.N("x3")
        r = self.modify([op("create", x3, T, {"ts": {"value": 1700000000999},
                                               "b": {"value": base64.b64encode(b"abc").decode()}})])
        got = self.fetch(x3) or {}
        self.check("types.type-omitted.from-schema.timestamp",
                   ftype(got, "ts") == "TIMESTAMP" and fval(got, "ts") == 1700000000999,
                   "an untyped number saved into a TIMESTAMP field comes back as TIMESTAMP", got)
        self.check("types.type-omitted.from-schema.bytes",
                   ftype(got, "b") == "BYTES" and b64_bytes(fval(got, "b") or "") == b"abc",
                   "an untyped string saved into a BYTES field comes back as BYTES", got)
        r = self.modify([op("create", self.N("x4"), T, {"i": S("not a number")})])
        self.check("types.schema-type-mismatch", err_either(r, "BAD_REQUEST"),
                   "BAD_REQUEST for a STRING value in an INT64 field", r)
        r = self.modify([op("create", self.N("x5"), T, {"i": I(1)}),
                         op("create", self.N("x6"), T, {"i": {"value": 2}})],
                        numbersAsStrings=False)
        self.check("types.int64-accepted-with-and-without-type",
                   r.status == 200 and is_success(entry(r, 0)) and is_success(entry(r, 1)),
                   "both saves succeed", r)

        # references ------------------------------------------------------------
        v1 = self.N("v1")
        r = self.modify([op("create", v1, T, {"r": REF(self.N("nobody"), "VALIDATE")})])
        self.check("types.reference.validate.missing-target",
                   r.status == 200 and is_rec_error(entry(r), "VALIDATING_REFERENCE_ERROR", v1),
                   "entry VALIDATING_REFERENCE_ERROR for a VALIDATE reference to a missing record", r)
        self.check("types.reference.validate.missing-target.not-written", self.is_gone(v1),
                   "the referrer is not saved", "found it")
        t3, v2 = self.N("t3"), self.N("v2")
        self.save(TT, t3, {"label": S("t3")})
        r = self.modify([op("create", v2, T, {"r": REF(t3, "VALIDATE")})])
        self.check("types.reference.validate.existing-target",
                   r.status == 200 and is_success(entry(r), v2),
                   "a VALIDATE reference to an existing record saves", r)
        r = self.modify([op("forceDelete", t3)])
        self.check("types.reference.validate.delete-target-refused",
                   r.status == 200 and is_rec_error(entry(r), "VALIDATING_REFERENCE_ERROR", t3),
                   "deleting a record referred to with VALIDATE -> VALIDATING_REFERENCE_ERROR", r)
        self.check("types.reference.validate.target-kept", self.fetch(t3) is not None,
                   "the target still exists", "gone")
        self.modify([op("forceDelete", v2)])
        r = self.modify([op("forceDelete", t3)])
        self.check("types.reference.validate.delete-after-referrer-gone",
                   r.status == 200 and is_deleted_marker(entry(r), t3),
                   "the target can be deleted once the referrer is gone", r)
        t4, v4 = self.N("t4"), self.N("v4")
        r = self.modify([op("create", t4, TT, {"label": S("t4")}),
                         op("create", v4, T, {"r": REF(t4, "VALIDATE")})])
        self.check("types.reference.validate.target-earlier-in-batch",
                   r.status == 200 and is_success(entry(r, 0), t4) and is_success(entry(r, 1), v4),
                   "operations run in order: a target created earlier in the batch validates", r)

        t5, c5 = self.N("t5"), self.N("c5")
        self.save(TT, t5, {"label": S("t5")})
        self.save(T, c5, {"r": REF(t5, "DELETE_SELF")})
        r = self.modify([op("forceDelete", t5)])
        self.check("types.reference.delete-self.target-deleted",
                   r.status == 200 and is_deleted_marker(entry(r), t5),
                   "the target is deleted", r)
        self.check("types.reference.delete-self.cascade", self.is_gone(c5),
                   "the DELETE_SELF referrer is deleted with its target", "referrer still there")
        t6, c6 = self.N("t6"), self.N("c6")
        self.save(TT, t6, {"label": S("t6")})
        self.save(T, c6, {"r": REF(t6, "NONE")})
        r = self.modify([op("forceDelete", t6)])
        self.check("types.reference.none.target-deletable",
                   r.status == 200 and is_deleted_marker(entry(r), t6),
                   "a NONE reference does not block deletion", r)
        self.check("types.reference.none.no-cascade", self.fetch(c6) is not None,
                   "the NONE referrer survives", "gone")

    # ======================================================================= lookup
    def g_lookup(self):
        T = self.T()
        L1, L2, L3 = self.N("l1"), self.N("l2"), self.N("l3")
        tags = {}
        for n, i in ((L1, 1), (L2, 2), (L3, 3)):
            tags[n] = self.save(T, n, {"a": S(f"a{i}"), "b": I(i), "c": D(i + 0.5)})["recordChangeTag"]
        r = self.lookup([L3, L1, L2])
        recs = records_of(r) or []
        self.check("lookup.hits-in-request-order",
                   r.status == 200 and names_of(recs) == [L3, L1, L2]
                   and all(is_success(x) for x in recs),
                   "three records in request order", r)
        self.check("lookup.record-shape",
                   len(recs) == 3 and all(x.get("recordType") == T and fval(x, "b") is not None
                                          and is_int(ts_of(x, "created"))
                                          and is_int(ts_of(x, "modified")) for x in recs),
                   "recordType, fields, created and modified on each hit", r)
        self.check("lookup.change-tag-matches-save",
                   len(recs) == 3 and all(x.get("recordChangeTag") == tags.get(x.get("recordName"))
                                          for x in recs),
                   "recordChangeTag equals the one the save returned", r)
        miss = self.N("missing")
        r = self.lookup([L1, miss, L2])
        self.check("lookup.miss-not-found",
                   r.status == 200 and is_rec_error(entry(r, 1), "NOT_FOUND", miss),
                   "HTTP 200, middle entry NOT_FOUND with recordName, reason, uuid", r)
        self.check("lookup.miss-keeps-order", names_of(records_of(r)) == [L1, miss, L2],
                   "entries [hit, miss, hit] in request order", r)
        r = self.lookup([L1, L2], desiredKeys=["a"])
        recs = records_of(r) or []
        self.check("lookup.desired-keys.request-level",
                   r.status == 200 and len(recs) == 2 and all(field_keys(x) == {"a"} for x in recs),
                   "only field a", r)
        r = self.lookup([{"recordName": L1, "desiredKeys": ["b"]}, {"recordName": L2}],
                        desiredKeys=["a"])
        self.check("lookup.desired-keys.per-record-wins",
                   r.status == 200 and field_keys(entry(r, 0) or {}) == {"b"}
                   and field_keys(entry(r, 1) or {}) == {"a"},
                   "first record only b (its own desiredKeys), second only a", r)
        r = self.lookup([L3], numbersAsStrings=True)
        e = entry(r)
        self.check("lookup.numbers-as-strings",
                   r.status == 200 and fval(e, "b") == "3" and isinstance(fval(e, "c"), str)
                   and _float_or_none(fval(e, "c")) == 3.5,
                   'INT64 3 as "3", DOUBLE 3.5 as a string', r)
        ZL = self.Z("zl")
        self.need_zone(ZL)
        LZ = self.N("lz")
        self.save(T, LZ, {"a": S("zoned")}, zone=ZL)
        e = self.fetch(LZ, zone=ZL)
        self.check("lookup.custom-zone", e is not None and fval(e, "a") == "zoned",
                   "found with zoneID of its zone", e)
        self.check("lookup.zone-isolation", self.is_gone(LZ),
                   "a custom-zone record is NOT_FOUND in _defaultZone", "found it")
        r = self.lookup([L1], zone=self.Z("nosuch"))
        self.check("lookup.unknown-zone", err_either(r, "ZONE_NOT_FOUND"),
                   "ZONE_NOT_FOUND (request-level 404 or per-record)", r)

    # ======================================================================= query
    def g_query(self):
        T = self.T()
        TO = self.T("Owner")
        O1, O2 = self.N("o1"), self.N("o2")
        self.save(TO, O1, {"label": S("o1")})
        self.save(TO, O2, {"label": S("o2")})
        apple = (37.3349, -122.0090)
        locs = {1: apple, 2: (37.3380, -122.0070), 3: (40.7128, -74.0060),
                4: (35.6762, 139.6503), 5: (51.5074, -0.1278)}
        data = {
            1: ("alpha", 0.5, ["red", "green"], [1, 2], "The quick brown fox", O1),
            2: ("beta", 1.5, ["blue"], [2, 3], "lazy dog sleeps", O1),
            3: ("gamma", 2.5, ["red", "blue"], [3], "Quick thinking fox", O2),
            4: ("delta", 3.5, ["yellow", "greenish"], [4, 5], "brown bread", O2),
            5: ("alphabet", 4.5, ["purple"], [10], "soup of the day", O2),
        }
        q = {i: self.N(f"q{i}") for i in range(1, 6)}
        saved = {}
        for i in range(1, 6):
            name, score, tags, nums, text, owner = data[i]
            saved[i] = self.save(T, q[i], {
                "name": S(name), "n": I(i), "score": D(score),
                "tags": LST("STRING_LIST", tags), "nums": LST("INT64_LIST", nums),
                "text": S(text), "loc": LOC(*locs[i]), "when": TS(i * 1000000),
                "owner": REF(owner, "NONE")})
            time.sleep(0.03)   # distinct created timestamps for the system-field sorts
        inv = {v: k for k, v in q.items()}

        def run(filters=None, sorts=None, **extra):
            r = self.query(T, filters, sorts, **extra)
            recs = records_of(r)
            return r, recs

        def ids(recs):
            return [inv.get(x.get("recordName"), x.get("recordName")) if is_dict(x) else None
                    for x in (recs or [])]

        def expect_set(name, filters, expected):
            r, recs = run(filters)
            got = ids(recs)
            self.check(name, r.status == 200 and recs is not None and sorted(got, key=str)
                       == sorted(expected, key=str) and len(got) == len(expected),
                       f"records {sorted(expected)}", got if r.status == 200 else r)

        def F(cmp, field, value, typ, **extra):
            f = {"comparator": cmp, "fieldName": field, "fieldValue": {"value": value, "type": typ}}
            f.update(extra)
            return f

        expect_set("query.no-filter", None, [1, 2, 3, 4, 5])
        expect_set("query.equals.string", [F("EQUALS", "name", "beta", "STRING")], [2])
        expect_set("query.equals.int64", [F("EQUALS", "n", 3, "INT64")], [3])
        expect_set("query.equals.reference", [F("EQUALS", "owner", {"recordName": O1}, "REFERENCE")],
                   [1, 2])
        expect_set("query.not-equals", [F("NOT_EQUALS", "name", "beta", "STRING")], [1, 3, 4, 5])
        expect_set("query.less-than.int64", [F("LESS_THAN", "n", 3, "INT64")], [1, 2])
        expect_set("query.less-than.string", [F("LESS_THAN", "name", "beta", "STRING")], [1, 5])
        expect_set("query.less-than-or-equals", [F("LESS_THAN_OR_EQUALS", "n", 3, "INT64")], [1, 2, 3])
        expect_set("query.greater-than.int64", [F("GREATER_THAN", "n", 3, "INT64")], [4, 5])
        expect_set("query.greater-than.double", [F("GREATER_THAN", "score", 2.5, "DOUBLE")], [4, 5])
        expect_set("query.greater-than-or-equals.int64",
                   [F("GREATER_THAN_OR_EQUALS", "n", 3, "INT64")], [3, 4, 5])
        expect_set("query.greater-than-or-equals.timestamp",
                   [F("GREATER_THAN_OR_EQUALS", "when", 3000000, "TIMESTAMP")], [3, 4, 5])
        expect_set("query.in.string", [F("IN", "name", ["alpha", "gamma", "zeta"], "STRING_LIST")],
                   [1, 3])
        expect_set("query.in.int64", [F("IN", "n", [2, 4], "INT64_LIST")], [2, 4])
        expect_set("query.not-in", [F("NOT_IN", "name", ["alpha", "gamma"], "STRING_LIST")],
                   [2, 4, 5])
        expect_set("query.begins-with", [F("BEGINS_WITH", "name", "alpha", "STRING")], [1, 5])
        expect_set("query.not-begins-with", [F("NOT_BEGINS_WITH", "name", "alpha", "STRING")],
                   [2, 3, 4])
        expect_set("query.contains-all-tokens",
                   [F("CONTAINS_ALL_TOKENS", "text", "quick fox", "STRING")], [1, 3])
        expect_set("query.contains-all-tokens.case-insensitive",
                   [F("CONTAINS_ALL_TOKENS", "text", "QUICK Brown", "STRING")], [1])
        expect_set("query.contains-any-tokens",
                   [F("CONTAINS_ANY_TOKENS", "text", "dog bread", "STRING")], [2, 4])
        # q2 is ~390 m from q1, every other record is > 4000 km away, so distance 1000 selects
        # {q1, q2} whether the server reads it in metres (spec) or kilometres.
        expect_set("query.near",
                   [F("NEAR", "loc", {"latitude": apple[0], "longitude": apple[1]}, "LOCATION",
                      distance=1000)], [1, 2])
        expect_set("query.list-contains.string", [F("LIST_CONTAINS", "tags", "red", "STRING")], [1, 3])
        expect_set("query.list-contains.int64", [F("LIST_CONTAINS", "nums", 3, "INT64")], [2, 3])
        expect_set("query.not-list-contains", [F("NOT_LIST_CONTAINS", "tags", "red", "STRING")],
                   [2, 4, 5])
        expect_set("query.list-contains-any",
                   [F("LIST_CONTAINS_ANY", "tags", ["blue", "yellow"], "STRING_LIST")], [2, 3, 4])
        expect_set("query.not-list-contains-any",
                   [F("NOT_LIST_CONTAINS_ANY", "tags", ["blue", "yellow"], "STRING_LIST")], [1, 5])
        expect_set("query.list-contains-all",
                   [F("LIST_CONTAINS_ALL", "tags", ["red", "blue"], "STRING_LIST")], [3])
        expect_set("query.not-list-contains-all",
                   [F("NOT_LIST_CONTAINS_ALL", "tags", ["red", "blue"], "STRING_LIST")], [1, 2, 4, 5])
        expect_set("query.list-member-begins-with",
                   [F("LIST_MEMBER_BEGINS_WITH", "tags", "gree", "STRING")], [1, 4])
        expect_set("query.not-list-member-begins-with",
                   [F("NOT_LIST_MEMBER_BEGINS_WITH", "tags", "gree", "STRING")], [2, 3, 5])
        expect_set("query.and.two-filters",
                   [F("GREATER_THAN_OR_EQUALS", "n", 2, "INT64"),
                    F("LIST_CONTAINS", "tags", "blue", "STRING")], [2, 3])
        expect_set("query.and.three-filters",
                   [F("GREATER_THAN_OR_EQUALS", "n", 2, "INT64"),
                    F("LIST_CONTAINS", "tags", "blue", "STRING"),
                    F("BEGINS_WITH", "name", "g", "STRING")], [3])
        expect_set("query.record-id.___recordID",
                   [F("EQUALS", "___recordID", {"recordName": q[3]}, "REFERENCE")], [3])
        expect_set("query.record-id.___recordId",
                   [F("EQUALS", "___recordId", {"recordName": q[4]}, "REFERENCE")], [4])

        # systemFieldName recordName: the value shape is not pinned down by the spec; accept
        # a plain string or a reference dictionary (first one that the server answers right).
        ok, last = False, None
        for fv in ({"value": q[5], "type": "STRING"}, {"value": {"recordName": q[5]}, "type": "REFERENCE"}):
            r, recs = run([{"comparator": "EQUALS", "systemFieldName": "recordName", "fieldValue": fv}])
            last = ids(recs) if r.status == 200 else r
            if r.status == 200 and ids(recs) == [5]:
                ok = True
                break
        self.check("query.system-field.record-name", ok, "records [5]", last)
        c3 = ts_of(saved[3], "created")
        expect_set("query.system-field.created-timestamp",
                   [{"comparator": "GREATER_THAN", "systemFieldName": "createdTimestamp",
                     "fieldValue": {"value": c3, "type": "TIMESTAMP"}}], [4, 5])

        # order ----------------------------------------------------------------
        def expect_order(name, sorts, expected, filters=None):
            r, recs = run(filters, sorts)
            got = ids(recs)
            self.check(name, r.status == 200 and got == expected, f"records in order {expected}",
                       got if r.status == 200 else r)

        expect_order("query.sort.ascending", [{"fieldName": "n", "ascending": True}], [1, 2, 3, 4, 5])
        expect_order("query.sort.descending", [{"fieldName": "n", "ascending": False}], [5, 4, 3, 2, 1])
        expect_order("query.sort.ascending-default", [{"fieldName": "n"}], [1, 2, 3, 4, 5])
        expect_order("query.sort.string", [{"fieldName": "name", "ascending": True}], [1, 5, 2, 4, 3])
        expect_order("query.sort.double-descending", [{"fieldName": "score", "ascending": False}],
                     [5, 4, 3, 2, 1])
        dist_order = sorted(range(1, 6), key=lambda i: haversine_m(apple, locs[i]))
        expect_order("query.sort.distance",
                     [{"fieldName": "loc", "relativeLocation":
                       {"value": {"latitude": apple[0], "longitude": apple[1]}, "type": "LOCATION"}}],
                     dist_order)
        expect_order("query.sort.with-filter", [{"fieldName": "n", "ascending": False}], [5, 4, 3, 2],
                     filters=[F("GREATER_THAN_OR_EQUALS", "n", 2, "INT64")])
        expect_order("query.sort.system-field.created-ascending",
                     [{"systemFieldName": "createdTimestamp", "ascending": True}], [1, 2, 3, 4, 5])
        expect_order("query.sort.system-field.created-descending",
                     [{"systemFieldName": "createdTimestamp", "ascending": False}], [5, 4, 3, 2, 1])

        time.sleep(0.03)
        e = entry(self.modify([op("forceUpdate", q[2], None, {"touched": I(1)})]))
        m5 = ts_of(saved[5], "modified")
        if is_success(e, q[2]):
            expect_set("query.system-field.modified-timestamp",
                       [{"comparator": "GREATER_THAN", "systemFieldName": "modifiedTimestamp",
                         "fieldValue": {"value": m5, "type": "TIMESTAMP"}}], [2])
            expect_order("query.sort.system-field.modified-descending",
                         [{"systemFieldName": "modifiedTimestamp", "ascending": False}], [2, 5, 4, 3, 1])
        else:
            self.check("query.system-field.modified-timestamp", False, "forceUpdate of q2 to succeed", e)
            self.check("query.sort.system-field.modified-descending", False,
                       "forceUpdate of q2 to succeed", e)

        # paging ------------------------------------------------------------------
        sorts = [{"fieldName": "n", "ascending": True}]
        pages, marker, seen, bad = [], None, [], None
        for _ in range(8):
            extra = {"resultsLimit": 2}
            if marker:
                extra["continuationMarker"] = marker
            r, recs = run(None, sorts, **extra)
            if r.status != 200 or recs is None:
                bad = r
                break
            marker = r.json.get("continuationMarker")
            pages.append((ids(recs), marker))
            seen += ids(recs)
            if not marker:
                break
        self.check("query.paging.first-page",
                   bad is None and pages and len(pages[0][0]) == 2 and nonempty_str(pages[0][1]),
                   "first page: 2 records and a continuationMarker", bad or pages[:1])
        self.check("query.paging.all-once-in-order", bad is None and seen == [1, 2, 3, 4, 5],
                   "pages together give [1..5] once, in order", bad or seen)
        self.check("query.paging.page-sizes", bad is None and [len(p[0]) for p in pages] == [2, 2, 1],
                   "three pages of 2, 2, 1", bad or pages)
        self.check("query.paging.last-page-no-marker", bad is None and pages and not pages[-1][1],
                   "no continuationMarker on the last page", bad or pages[-1:])
        r, recs = run(None, sorts, resultsLimit=5)
        self.check("query.paging.exact-fit-no-marker",
                   r.status == 200 and ids(recs) == [1, 2, 3, 4, 5] and is_dict(r.json)
                   and not r.json.get("continuationMarker"),
                   "resultsLimit 5 with 5 matches: all five and no marker", r)
        r, recs = run(None, sorts)
        self.check("query.paging.no-limit-no-marker",
                   r.status == 200 and len(recs or []) == 5 and not r.json.get("continuationMarker"),
                   "no marker when everything fits", r)
        seen, marker, ok = [], None, True
        for _ in range(8):
            extra = {"resultsLimit": 1}
            if marker:
                extra["continuationMarker"] = marker
            r, recs = run([F("GREATER_THAN_OR_EQUALS", "n", 2, "INT64")], sorts, **extra)
            if r.status != 200 or recs is None or len(recs) > 1:
                ok = False
                break
            seen += ids(recs)
            marker = r.json.get("continuationMarker")
            if not marker:
                break
        self.check("query.paging.with-filter", ok and seen == [2, 3, 4, 5],
                   "resultsLimit 1 pages through [2, 3, 4, 5]", seen if ok else r)

        # answer shape, desiredKeys, numbersAsStrings -------------------------------
        r, recs = run([F("EQUALS", "n", 1, "INT64")])
        e = (recs or [None])[0]
        self.check("query.result-shape",
                   r.status == 200 and is_success(e, q[1]) and e.get("recordType") == T
                   and fval(e, "name") == "alpha" and ftype(e, "loc") == "LOCATION"
                   and eq_value("STRING_LIST", ["red", "green"], fval(e, "tags")),
                   "full record dictionaries with typed fields", r)
        r, recs = run(None, None, desiredKeys=["name"])
        self.check("query.desired-keys",
                   r.status == 200 and len(recs or []) == 5
                   and all(field_keys(x) == {"name"} for x in recs),
                   "only field name on every result", r)
        r, recs = run([F("EQUALS", "n", 4, "INT64")], None, numbersAsStrings=True)
        e = (recs or [None])[0]
        self.check("query.numbers-as-strings",
                   r.status == 200 and is_dict(e) and fval(e, "n") == "4"
                   and isinstance(fval(e, "score"), str),
                   'INT64 4 as "4" and DOUBLE as a string', r)

        # zones, errors, freshness --------------------------------------------------
        ZQ = self.Z("zq")
        self.need_zone(ZQ)
        qz = self.N("qz")
        self.save(T, qz, {"name": S("alpha"), "n": I(1)}, zone=ZQ)
        r = self.query(T, [F("EQUALS", "name", "alpha", "STRING")], zone=ZQ)
        self.check("query.custom-zone", r.status == 200 and names_of(records_of(r)) == [qz],
                   f"only {qz} in the custom zone", r)
        expect_set("query.default-zone-only", [F("EQUALS", "name", "alpha", "STRING")], [1])
        r, _ = run([F("EQUALS", "nosuchfield", "x", "STRING")])
        self.check("query.unknown-field.bad-request", is_req_error(r, "BAD_REQUEST"),
                   "400 BAD_REQUEST for a filter on an unknown field", r)
        r, _ = run(None, [{"fieldName": "nosuchfield", "ascending": True}])
        self.check("query.unknown-sort-field.bad-request", is_req_error(r, "BAD_REQUEST"),
                   "400 BAD_REQUEST for a sort on an unknown field", r)
        r, _ = run([F("FROBNICATES", "name", "x", "STRING")])
        self.check("query.unknown-comparator.bad-request", is_req_error(r, "BAD_REQUEST"),
                   "400 BAD_REQUEST for an unknown comparator", r)
        q6 = self.N("q6")
        self.save(T, q6, {"name": S("omega"), "n": I(6)})
        r, recs = run([F("GREATER_THAN_OR_EQUALS", "n", 6, "INT64")])
        self.check("query.sees-new-record", r.status == 200 and names_of(recs) == [q6],
                   f"[{q6}]", r)
        self.modify([op("forceDelete", q6)])
        r, recs = run([F("GREATER_THAN_OR_EQUALS", "n", 6, "INT64")])
        self.check("query.deleted-excluded", r.status == 200 and recs == [],
                   "no results after the record is deleted", r)

    # ======================================================================= changes
    def g_changes(self):
        T = self.T()
        ZC = self.Z("zc")
        self.need_zone(ZC)
        c1, c2, c3, c4 = (self.N(f"c{i}") for i in range(1, 5))
        tag = {}
        for i, n in enumerate((c1, c2, c3), 1):
            tag[n] = self.save(T, n, {"v": I(i), "w": S(f"w{i}")}, zone=ZC)["recordChangeTag"]

        def changes(**body):
            b = {"zoneID": zid(ZC)}
            b.update(body)
            return self.post("private", "records/changes", b)

        r = changes()
        recs = records_of(r) or []
        tok1 = r.json.get("syncToken") if is_dict(r.json) else None
        self.check("changes.no-token.all-records",
                   r.status == 200 and sorted(names_of(recs)) == sorted([c1, c2, c3]),
                   "the three records of the zone", r)
        self.check("changes.no-token.record-shape",
                   len(recs) == 3 and all(is_success(x) and x.get("recordType") == T
                                          and fval(x, "v") is not None for x in recs),
                   "full record dictionaries", r)
        self.check("changes.no-token.sync-token", nonempty_str(tok1), "a syncToken string", r)
        self.check("changes.no-token.more-coming-false",
                   is_dict(r.json) and r.json.get("moreComing") is False, "moreComing false", r)

        e = entry(self.modify([op("update", c1, None, {"v": I(10)}, tag=tag[c1])], zone=ZC))
        e = entry(self.modify([op("update", c1, None, {"v": I(11)},
                                  tag=(e or {}).get("recordChangeTag"))], zone=ZC))
        latest = (e or {}).get("recordChangeTag")
        self.modify([op("forceDelete", c2)], zone=ZC)
        self.save(T, c4, {"v": I(4)}, zone=ZC)

        r = changes(syncToken=tok1)
        recs = records_of(r) or []
        nms = names_of(recs)
        c1e = [x for x in recs if is_dict(x) and x.get("recordName") == c1]
        self.check("changes.since-token.updated-once", r.status == 200 and nms.count(c1) == 1,
                   f"{c1} (updated twice) appears exactly once", r)
        self.check("changes.since-token.latest-state",
                   len(c1e) == 1 and fval(c1e[0], "v") == 11 and c1e[0].get("recordChangeTag") == latest
                   and fval(c1e[0], "w") == "w1",
                   "the updated record in its latest state (v=11, latest tag)", c1e)
        c2e = [x for x in recs if is_dict(x) and x.get("recordName") == c2]
        self.check("changes.since-token.deletion",
                   len(c2e) == 1 and is_deleted_marker(c2e[0], c2),
                   f'{{"recordName":"{c2}","deleted":true}}', c2e or nms)
        self.check("changes.since-token.created", nms.count(c4) == 1 and
                   is_success([x for x in recs if is_dict(x) and x.get("recordName") == c4][0]),
                   f"the new record {c4}", nms)
        self.check("changes.since-token.unchanged-absent", r.status == 200 and c3 not in nms,
                   f"the untouched {c3} is not reported", nms)
        tok2 = r.json.get("syncToken") if is_dict(r.json) else None
        self.check("changes.since-token.new-token", nonempty_str(tok2) and tok2 != tok1,
                   "a new syncToken", tok2)
        self.check("changes.since-token.more-coming-false",
                   is_dict(r.json) and r.json.get("moreComing") is False, "moreComing false", r)
        r = changes(syncToken=tok2)
        self.check("changes.caught-up.empty",
                   r.status == 200 and records_of(r) == [] and r.json.get("moreComing") is False,
                   "no records and moreComing false right after the latest token", r)
        r = changes(syncToken=tok1)
        self.check("changes.token-reusable",
                   r.status == 200 and sorted(names_of(records_of(r))) == sorted([c1, c2, c4]),
                   "the older token can be used again", r)
        r = self.post("private", "zones/lookup", {"zones": [zid(ZC)]})
        ztok = (entry(r, 0, "zones") or {}).get("syncToken")
        r = changes(syncToken=ztok) if nonempty_str(ztok) else None
        self.check("changes.zone-dictionary-token-current",
                   r is not None and r.status == 200 and records_of(r) == [],
                   "the zone dictionary's syncToken is current (no changes after it)",
                   r if r is not None else "no syncToken in zones/lookup")
        r = changes(desiredKeys=["v"])
        recs = [x for x in (records_of(r) or []) if is_success(x)]
        self.check("changes.desired-keys",
                   r.status == 200 and recs and all(field_keys(x) <= {"v"} and "v" in field_keys(x)
                                                    for x in recs),
                   "only field v on changed records", r)

        ZP = self.Z("zp")
        self.need_zone(ZP)
        ps = [self.N(f"p{i}") for i in range(1, 6)]
        r = self.modify([op("create", p, T, {"v": I(i)}) for i, p in enumerate(ps)], zone=ZP)
        if r.status != 200 or not all(is_success(x) for x in (records_of(r) or [None])):
            raise Abort(f"seeding paging zone failed: {r.summary()}")
        pages, tok, bad = [], None, None
        for _ in range(10):
            b = {"zoneID": zid(ZP), "resultsLimit": 2}
            if tok:
                b["syncToken"] = tok
            r = self.post("private", "records/changes", b)
            if r.status != 200 or records_of(r) is None:
                bad = r
                break
            pages.append((names_of(records_of(r)), r.json.get("moreComing")))
            tok = r.json.get("syncToken")
            if r.json.get("moreComing") is not True or not tok:
                break
        allnames = [n for p in pages for n in p[0]]
        self.check("changes.paging.first-page",
                   bad is None and pages and 0 < len(pages[0][0]) <= 2 and pages[0][1] is True,
                   "first page: at most 2 records and moreComing true", bad or pages[:1])
        self.check("changes.paging.limit-respected", bad is None and all(len(p[0]) <= 2 for p in pages),
                   "no page above resultsLimit 2", bad or pages)
        self.check("changes.paging.all-once",
                   bad is None and sorted(allnames) == sorted(ps),
                   "the five records exactly once across pages", bad or allnames)
        self.check("changes.paging.ends", bad is None and pages and pages[-1][1] is False,
                   "last page moreComing false", bad or pages[-1:])

        r = self.post("private", "records/changes", {"zoneID": zid(DEFAULT_ZONE)})
        self.check("changes.default-zone.bad-request", is_req_error(r, "BAD_REQUEST"),
                   "400 BAD_REQUEST for records/changes in _defaultZone", r)
        r = self.post("private", "records/changes", {"zoneID": zid(self.Z("nosuch"))})
        self.check("changes.unknown-zone", is_req_error(r, "ZONE_NOT_FOUND"),
                   "404 ZONE_NOT_FOUND", r)
        r = self.post("public", "records/changes", {"zoneID": zid(DEFAULT_ZONE)})
        # public has only the default zone; the spec implies BAD_REQUEST, accept any 4xx CK error
        self.check("changes.public.refused", 400 <= r.status < 500 and is_ck_error(r),
                   "a 4xx CloudKit error for records/changes on the public database", r)

    # ======================================================================= assets
    def g_assets(self):
        T = self.T()
        A1 = self.N("a1")
        payload = bytes(range(256)) * 11 + b"probe-" + self.run.encode()
        r = self.post("private", "assets/upload",
                      {"tokens": [{"recordName": A1, "recordType": T, "fieldName": "file"}]})
        tk = entry(r, 0, "tokens")
        self.check("assets.upload.tokens",
                   r.status == 200 and is_dict(tk) and nonempty_str(tk.get("url"))
                   and tk.get("fieldName") == "file" and tk.get("recordName") == A1,
                   '{"tokens":[{"recordName", "fieldName":"file", "url"}]}', r)
        if not (is_dict(tk) and nonempty_str(tk.get("url"))):
            raise Abort("no upload url")
        url = tk["url"]
        if url.startswith("/"):
            url = f"{self.c.scheme}://{self.c.host}:{self.c.port}{url}"
        up = self.c.raw_request("POST", url, payload, {"Content-Type": "application/octet-stream"})
        sf = up.json.get("singleFile") if is_dict(up.json) else None
        self.check("assets.upload.data", up.status == 200 and is_dict(sf),
                   'HTTP 200 {"singleFile":{...}} after posting the bytes to the url', up)
        sf = sf if is_dict(sf) else {}
        self.check("assets.upload.receipt-shape",
                   nonempty_str(sf.get("fileChecksum")) and nonempty_str(sf.get("receipt"))
                   and is_int(sf.get("size")) and sf.get("size") == len(payload),
                   f"singleFile with fileChecksum, receipt and size {len(payload)}", sf)
        r = self.modify([op("create", A1, T, {"file": {"value": sf, "type": "ASSETID"},
                                              "label": S("asset")})])
        self.check("assets.save-with-receipt", r.status == 200 and is_success(entry(r), A1),
                   "HTTP 200 saving the ASSETID field", r)
        got = self.fetch(A1) or {}
        v = fval(got, "file")
        v = v if is_dict(v) else {}
        self.check("assets.fetch.type", ftype(got, "file") == "ASSETID", "type ASSETID", got)
        self.check("assets.fetch.checksum-and-size",
                   v.get("fileChecksum") == sf.get("fileChecksum") and v.get("size") == len(payload),
                   "fileChecksum and size as uploaded", v)
        self.check("assets.fetch.download-url", nonempty_str(v.get("downloadURL")),
                   "a downloadURL on fetch", v)
        if nonempty_str(v.get("downloadURL")):
            durl = v["downloadURL"].replace("${f}", "probe.bin")  # Apple's filename placeholder
            if durl.startswith("/"):
                durl = f"{self.c.scheme}://{self.c.host}:{self.c.port}{durl}"
            d = self.c.raw_request("GET", durl)
            self.check("assets.download.same-bytes", d.status == 200 and d.raw == payload,
                       f"HTTP 200 with the {len(payload)} uploaded bytes",
                       f"HTTP {d.status}, {len(d.raw)} bytes")
        else:
            self.check("assets.download.same-bytes", False, "a downloadURL to GET", v)
        r = self.query(T, [{"comparator": "EQUALS", "fieldName": "label",
                            "fieldValue": {"value": "asset", "type": "STRING"}}])
        qe = entry(r)
        self.check("assets.query.download-url",
                   r.status == 200 and is_dict(qe) and is_dict(fval(qe, "file"))
                   and nonempty_str(fval(qe, "file").get("downloadURL")),
                   "records/query results carry downloadURL too", r)

        A2 = self.N("a2")
        r = self.modify([op("create", A2, T, {"file": {"value": {
            "fileChecksum": sf.get("fileChecksum", "x"), "size": len(payload)}, "type": "ASSETID"}})])
        self.check("assets.save-without-receipt", err_either(r, "BAD_REQUEST"),
                   "BAD_REQUEST (per-record or request-level) for an ASSETID without receipt", r)
        self.check("assets.save-without-receipt.not-written", self.is_gone(A2),
                   "record not saved", "found it")
        A3 = self.N("a3")
        # spec 12: the receipt must be one an asset upload returned; an invented one is refused
        r = self.modify([op("create", A3, T, {"file": {"value": {
            "fileChecksum": "AbCdEf0123456789", "size": 10, "receipt": "invented-" + self.run},
            "type": "ASSETID"}})])
        self.check("assets.save-invented-receipt", err_either(r, "BAD_REQUEST"),
                   "BAD_REQUEST for a receipt no upload returned", r)
        r = self.post("private", "assets/upload", {"tokens": [{"recordType": T}]})
        self.check("assets.upload.missing-field-name", is_req_error(r, "BAD_REQUEST"),
                   "400 BAD_REQUEST when fieldName is missing", r)
        r = self.post("private", "assets/upload", {})
        self.check("assets.upload.missing-tokens", is_req_error(r, "BAD_REQUEST"),
                   "400 BAD_REQUEST when tokens is missing", r)

    # ======================================================================= env
    def g_env(self):
        T = self.T()
        E1, P1, P2 = self.N("e1"), self.N("p1"), self.N("p2")
        r = self.modify([op("create", E1, T, {"v": S("dev")})], env="development")
        self.check("env.development.new-type-accepted", r.status == 200 and is_success(entry(r), E1),
                   "HTTP 200: development adds the record type on first save", r)
        r = self.modify([op("create", P1, T, {"v": S("prod")})], env="production")
        self.check("env.production.new-type-refused", err_either(r, "BAD_REQUEST"),
                   "BAD_REQUEST: production's schema has no such type", r)
        self.check("env.production.new-type.not-written", self.is_gone(P1, env="production"),
                   "nothing written in production", "found it")
        r = self.modify([op("create", P2, T, {"v": S("prod")})], db="public", env="production")
        self.check("env.production.public-new-type-refused", err_either(r, "BAD_REQUEST"),
                   "BAD_REQUEST in the production public database too", r)
        r = self.lookup([E1], env="production")
        self.check("env.production.isolated-records",
                   r.status == 200 and is_rec_error(entry(r), "NOT_FOUND", E1),
                   "a development record is NOT_FOUND in production", r)
        r = self.query(T, None, env="production")
        # production does not know the type: BAD_REQUEST, or (leniently) no results
        self.check("env.production.isolated-query",
                   is_req_error(r, "BAD_REQUEST") or (r.status == 200 and records_of(r) == []),
                   "400 BAD_REQUEST (unknown type) or no results", r)
        ZE = self.Z("ze")
        self.need_zone(ZE)
        r, names = self.zone_names(env="production")
        self.check("env.production.isolated-zones",
                   r.status == 200 and DEFAULT_ZONE in names and ZE not in names,
                   f"production zones/list has _defaultZone but not {ZE}", names if r.status == 200 else r)
        r = self.get("public", "users/current", env="production")
        self.check("env.production.users-current",
                   r.status == 200 and nonempty_str((r.json or {}).get("userRecordName")),
                   "HTTP 200 with userRecordName", r)
        e = self.fetch(E1)
        self.check("env.development.record-kept", e is not None and fval(e, "v") == "dev",
                   "the development record is still there", e)

    # ======================================================================= errors
    def g_errors(self):
        def ck_4xx(resp):
            return 400 <= resp.status < 500 and is_ck_error(resp)

        r = self.post("private", "records/modify", None, raw=b'{"operations": [ {not json')
        self.check("errors.malformed-json.modify", is_req_error(r, "BAD_REQUEST"),
                   "400 BAD_REQUEST with uuid, serverErrorCode, reason", r)
        r = self.post("public", "records/query", None, raw=b"\xff\xfe garbage")
        self.check("errors.malformed-json.query", is_req_error(r, "BAD_REQUEST"),
                   "400 BAD_REQUEST for a body that is not JSON", r)
        r = self.post("private", "records/modify", {})
        self.check("errors.modify.missing-operations", is_req_error(r, "BAD_REQUEST"),
                   "400 BAD_REQUEST without operations", r)
        r = self.post("private", "records/modify", {"operations": "nope"})
        self.check("errors.modify.operations-not-array", is_req_error(r, "BAD_REQUEST"),
                   "400 BAD_REQUEST when operations is not an array", r)
        r = self.post("private", "records/query", {})
        self.check("errors.query.missing-query", is_req_error(r, "BAD_REQUEST"),
                   "400 BAD_REQUEST without query", r)
        r = self.post("private", "records/query", {"query": {"filterBy": []}})
        self.check("errors.query.missing-record-type", is_req_error(r, "BAD_REQUEST"),
                   "400 BAD_REQUEST without query.recordType", r)
        r = self.post("private", "records/lookup", {})
        self.check("errors.lookup.missing-records", is_req_error(r, "BAD_REQUEST"),
                   "400 BAD_REQUEST without records", r)
        r = self.post("private", "zones/modify", {})
        self.check("errors.zones-modify.missing-operations", is_req_error(r, "BAD_REQUEST"),
                   "400 BAD_REQUEST without operations", r)
        r = self.post("private", "records/frobnicate", {})
        self.check("errors.unknown-operation", ck_4xx(r),
                   "a 4xx with a CloudKit error body (uuid, serverErrorCode, reason)", r)
        r = self.c.ck("POST", "development", "nosuchdb", "records/query",
                      {"query": {"recordType": "X"}})
        self.check("errors.unknown-database", ck_4xx(r), "a 4xx with a CloudKit error body", r)
        r = self.c.ck("POST", "staging", "public", "records/query", {"query": {"recordType": "X"}})
        self.check("errors.unknown-environment", ck_4xx(r), "a 4xx with a CloudKit error body", r)
        r = self.c.ck("POST", "development", "public", "records/query",
                      {"query": {"recordType": "X"}}, container=f"iCloud.com.example.NoSuch{self.run}")
        self.check("errors.unknown-container", ck_4xx(r), "a 4xx with a CloudKit error body", r)
        r = self.c.ck("POST", "development", "public", "records/query",
                      {"query": {"recordType": "X"}}, version="2")
        self.check("errors.unknown-version", ck_4xx(r), "a 4xx with a CloudKit error body", r)
        r = self.post("private", "records/lookup", {"records": [{"recordName": self.N("ct")}]},
                      content_type="text/plain")
        self.check("errors.content-type.text-plain-accepted",
                   r.status == 200 and is_rec_error(entry(r), "NOT_FOUND"),
                   "HTTP 200 for a JSON body sent as text/plain (Apple's curl samples do)", r)
        a = self.post("private", "records/lookup", {})
        b = self.post("private", "records/lookup", {})
        self.check("errors.uuid-per-response",
                   is_ck_error(a) and is_ck_error(b) and a.json["uuid"] != b.json["uuid"],
                   "each error response has its own uuid",
                   [(a.json or {}).get("uuid"), (b.json or {}).get("uuid")])
        wrong = [(s, c, lbl) for s, c, lbl in self.req_errors
                 if c in STATUS_FOR_CODE and STATUS_FOR_CODE[c] != s]
        unknown = [(s, c, lbl) for s, c, lbl in self.req_errors if c not in STATUS_FOR_CODE]
        self.check("errors.status-matches-code-table", not wrong and self.req_errors,
                   f"every request-level error of this run ({len(self.req_errors)}) uses the "
                   "HTTP status of spec section 8", wrong[:5])
        self.check("errors.known-server-error-codes", not unknown,
                   "every request-level serverErrorCode is one of spec section 8", unknown[:5])

    # ======================================================================= driver
    def run_groups(self, groups):
        for g in groups:
            self.group = g
            before = len(self.results)
            try:
                getattr(self, "g_" + g)()
            except Abort as exc:
                self.check(f"{g}.aborted", False, "the group's seeding to succeed", str(exc))
            except ConnError:
                raise
            except Exception as exc:  # a probe bug or a wildly malformed answer
                self.check(f"{g}.aborted", False, "the group to run to completion",
                           f"{type(exc).__name__}: {exc}")
            if self.verbose:
                n = len(self.results) - before
                p = sum(1 for x in self.results[before:] if x["passed"])
                print(f"== {g}: {p}/{n}")


def _float_or_none(x):
    try:
        return float(x)
    except (TypeError, ValueError):
        return None


def cmd_run(args):
    if bool(args.key_id) != bool(args.private_key):
        sys.stderr.write("probe: --key-id and --private-key go together\n")
        return 2
    groups = GROUPS
    if args.only:
        groups = [g.strip() for g in args.only.split(",") if g.strip()]
        bad = [g for g in groups if g not in GROUPS]
        if bad or not groups:
            sys.stderr.write(f"probe: unknown group(s) {bad}; groups are {','.join(GROUPS)}\n")
            return 2
        groups = [g for g in GROUPS if g in groups]
    key = None
    if args.private_key:
        try:
            key = load_private_key(args.private_key)
        except (OSError, ValueError) as exc:
            sys.stderr.write(f"probe: cannot load the private key: {type(exc).__name__}\n")
            return 2
    try:
        client = Client(args.base_url, args.container, args.api_token, args.web_auth_token,
                        args.key_id, key, timeout=args.timeout)
    except ValueError as exc:
        sys.stderr.write(f"probe: {exc}\n")
        return 2
    client.verbose = args.verbose
    run_id = secrets.token_hex(4)
    probe = Probe(client, run_id, verbose=args.verbose, has_key=key is not None)
    try:
        client.raw_request("GET", client.path("development", "public", "users/current"))
    except ConnError as exc:
        sys.stderr.write(f"probe: cannot connect to {args.base_url}: {exc}\n")
        return 2
    if args.verbose:
        print(f"probe: run id {run_id}, groups {','.join(groups)}")
    conn_lost = None
    try:
        probe.run_groups(groups)
    except ConnError as exc:
        conn_lost = exc
        probe.check(f"{probe.group}.aborted", False, "the server to stay reachable", str(exc))
    passed = sum(1 for x in probe.results if x["passed"])
    total = len(probe.results)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"passed": passed, "total": total, "run": run_id, "checks": probe.results,
                       "skipped": probe.skipped}, fh, indent=2, ensure_ascii=False)
    if probe.skipped:
        print(f"probe: {len(probe.skipped)} checks skipped (signed requests need --key-id and "
              f"--private-key)")
    if conn_lost is not None:
        print(f"probe: the server became unreachable during group {probe.group}")
    print(f"probe: {passed} of {total} checks passed")
    if conn_lost is not None:
        return 2
    return 0 if passed == total else 1


def main(argv=None):
    ap = argparse.ArgumentParser(prog="probe.py", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    kg = sub.add_parser("keygen", help="write an EC P-256 key pair and print a key id")
    kg.add_argument("--out", required=True, help="directory for private.pem and public.pem")
    rn = sub.add_parser("run", help="run the checks against a server")
    rn.add_argument("--base-url", required=True)
    rn.add_argument("--container", required=True)
    rn.add_argument("--api-token", required=True)
    rn.add_argument("--web-auth-token", required=True)
    rn.add_argument("--key-id")
    rn.add_argument("--private-key")
    rn.add_argument("--json", help="write the results as JSON to this file")
    rn.add_argument("--only", help=f"comma-separated groups: {','.join(GROUPS)}")
    rn.add_argument("--verbose", action="store_true")
    rn.add_argument("--timeout", type=float, default=30.0, help=argparse.SUPPRESS)
    sub.add_parser("selftest", help="offline check of the request-signing code")
    args = ap.parse_args(argv)
    if args.cmd == "keygen":
        return cmd_keygen(args)
    if args.cmd == "selftest":
        return cmd_selftest(args)
    return cmd_run(args)


if __name__ == "__main__":
    sys.exit(main())
