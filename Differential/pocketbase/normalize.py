"""Normalisation that makes two PocketBase-speaking servers' responses comparable.

One `Normalizer` per server and run: generated values are replaced by labels given in
order of first appearance, so two servers that behave alike produce equal output even
though their random ids differ.

- record ids, otpIds and any other generated 15-char ``[a-z0-9]`` id  -> ``<id:N>``
  (also where such an id already seen appears inside a longer string, e.g. a message);
- file names ``<name>_<10 random [a-z0-9]>.<ext>``                     -> ``<name>_<file:N>.<ext>``;
- JWTs                                                                 -> ``{"<jwt>": {claims}}`` with
  ``exp``/``iat`` dropped and ``<lifetime>`` = exp - iat (or exp - now, rounded to
  minutes, when there is no ``iat``) and string claims normalised like the rest;
- generated timestamps (created/updated, anything from 2025-01-01 on: the cases write only
  earlier dates) become their format class: ``"2025-03-04 05:06:07.089Z"`` -> ``<datetime>``,
  ``"2025-03-04T05:06:07Z"`` -> ``<datetime:rfc3339>``; the dates the cases wrote themselves
  are kept, so their exact stored form is compared. A simulator with a fixed clock
  (``treaty serve --clock 2025-01-01T00:00:00Z``) normalises the same way;
- the server's own base URL (e.g. in settings or file URLs) -> ``<base>``.

Collection ids are *not* relabelled: PocketBase derives them deterministically
(``pbc_`` + CRC-32 of type+name) and field ids (type + CRC-32 of name), so they are
compared verbatim.

Keys are walked in sorted order so that labels do not depend on a server's key order.
Headers: only the status, ``Content-Type`` and (for files) ``Content-Disposition`` are kept.
"""

from __future__ import annotations

import base64
import json
import re
import time
from datetime import datetime, timezone
from typing import Any

ID_RE = re.compile(r"^[a-z0-9]{15}$")
ID_IN_TEXT_RE = re.compile(r"(?<![A-Za-z0-9_])[a-z0-9]{15}(?![A-Za-z0-9_])")
FILE_RE = re.compile(r"^(?P<stem>[^/ ]+?)_(?P<suffix>[a-z0-9]{10})(?P<ext>\.[A-Za-z0-9]+)$")
FILE_IN_TEXT_RE = re.compile(r"(?<![A-Za-z0-9_.-])[A-Za-z0-9_.-]+?_[a-z0-9]{10}\.[A-Za-z0-9]+(?![A-Za-z0-9_])")
JWT_RE = re.compile(r"^(Bearer )?eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$")
DATETIME_FORMATS = [
    (re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$"), "<datetime>", "%Y-%m-%d %H:%M:%S.%fZ"),
    (re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ$"), "<datetime:seconds>", "%Y-%m-%d %H:%M:%SZ"),
    (re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$"), "<datetime:naive>", "%Y-%m-%d %H:%M:%S"),
    (re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$"), "<datetime:rfc3339>", None),
]
# Timestamps at or after this instant are "generated" and replaced by their class
# (cases.py writes only earlier dates; keep it that way).
GENERATED_SINCE = datetime(2025, 1, 1, tzinfo=timezone.utc).timestamp()

# Keys whose string values are never relabelled (human text that may look like an id).
VERBATIM_KEYS = {"message", "code"}


def _parse_datetime(text: str, fmt: str | None) -> float | None:
    try:
        if fmt is None:
            t = text.rstrip("Z")
            t = t.split(".")[0]
            return datetime.strptime(t, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc).timestamp()
        return datetime.strptime(text, fmt).replace(tzinfo=timezone.utc).timestamp()
    except ValueError:
        return None


def decode_jwt(token: str) -> dict[str, Any] | None:
    """The claims of a JWT (no signature check), or None when it is not one."""
    if token.startswith("Bearer "):
        token = token[len("Bearer "):]
    parts = token.split(".")
    if len(parts) != 3:
        return None
    try:
        payload = parts[1] + "=" * (-len(parts[1]) % 4)
        claims = json.loads(base64.urlsafe_b64decode(payload))
    except (ValueError, json.JSONDecodeError):
        return None
    return claims if isinstance(claims, dict) else None


class Normalizer:
    """Relabels one server's generated values consistently across a whole run."""

    def __init__(self, base_url: str | None = None, now: float | None = None):
        self.base_url = base_url.rstrip("/") if base_url else None
        self.now = now
        self.ids: dict[str, str] = {}
        self.files: dict[str, str] = {}

    # -- labels ------------------------------------------------------------------------------------

    def id_label(self, value: str) -> str:
        if value not in self.ids:
            self.ids[value] = f"<id:{len(self.ids) + 1}>"
        return self.ids[value]

    def file_label(self, suffix: str) -> str:
        if suffix not in self.files:
            self.files[suffix] = f"<file:{len(self.files) + 1}>"
        return self.files[suffix]

    # -- strings -----------------------------------------------------------------------------------

    def string(self, value: str, key: str | None = None) -> Any:
        if self.base_url and self.base_url in value:
            value = value.replace(self.base_url, "<base>")
        if key in VERBATIM_KEYS:
            return self._known_ids_in_text(value)
        if ID_RE.match(value):
            return self.id_label(value)
        if JWT_RE.match(value):
            claims = decode_jwt(value)
            if claims is not None:
                return {"<jwt>": self.claims(claims)}
        for pattern, label, fmt in DATETIME_FORMATS:
            if pattern.match(value):
                ts = _parse_datetime(value, fmt)
                if ts is not None and ts >= GENERATED_SINCE:
                    return label
                return value
        m = FILE_RE.match(value)
        if m:
            return self._file_name(m)
        if "/" in value or " " in value:
            return self._paths_and_ids_in_text(value)
        return value

    def _file_name(self, m: re.Match) -> str:
        # A batch upload gets two suffixes (photo_<r>_<r>.png): the stem is normalised too.
        stem = m.group("stem")
        inner = re.match(r"^(?P<stem>.+?)_(?P<suffix>[a-z0-9]{10})$", stem)
        if inner:
            stem = f"{inner.group('stem')}_{self.file_label(inner.group('suffix'))}"
        return f"{stem}_{self.file_label(m.group('suffix'))}{m.group('ext')}"

    def _known_ids_in_text(self, value: str) -> str:
        # generated file names quoted in messages ("photo_ab12cd34ef.png" mime type must be ...)
        value = FILE_IN_TEXT_RE.sub(lambda m: self._file_name(FILE_RE.match(m.group(0))), value)
        return ID_IN_TEXT_RE.sub(lambda m: self.ids.get(m.group(0), m.group(0)), value)

    def _paths_and_ids_in_text(self, value: str) -> str:
        # URLs such as <base>/api/files/<collection>/<id>/<file>: normalise each path segment.
        if "/" in value and " " not in value:
            head, sep, query = value.partition("?")
            segments = []
            for seg in head.split("/"):
                if ID_RE.match(seg):
                    segments.append(self.id_label(seg))
                else:
                    m = FILE_RE.match(seg)
                    if m:
                        seg = self._file_name(m)
                    segments.append(seg)
            return "/".join(segments) + sep + query
        return self._known_ids_in_text(value)

    # -- structures --------------------------------------------------------------------------------

    def claims(self, claims: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        exp, iat = claims.get("exp"), claims.get("iat")
        if isinstance(exp, (int, float)):
            if isinstance(iat, (int, float)):
                out["<lifetime>"] = exp - iat
            else:
                now = self.now if self.now is not None else time.time()
                out["<lifetime~min>"] = round((exp - now) / 60)
        for k in sorted(claims):
            if k in ("exp", "iat"):
                continue
            out[k] = self.value(claims[k], k)
        return out

    def value(self, value: Any, key: str | None = None) -> Any:
        if isinstance(value, dict):
            return {k: self.value(value[k], k) for k in sorted(value)}
        if isinstance(value, list):
            return [self.value(v, key) for v in value]
        if isinstance(value, str):
            return self.string(value, key)
        return value

    def response(self, status: int, headers: dict[str, str], body: bytes) -> dict[str, Any]:
        """The comparable form of one response: status, Content-Type and the normalised body."""
        ctype = headers.get("content-type")
        out: dict[str, Any] = {"status": status, "contentType": ctype}
        if "content-disposition" in headers:  # files: inline (images) vs attachment, and the stored name
            out["contentDisposition"] = self._known_ids_in_text(headers["content-disposition"])
        if not body:
            out["body"] = None
        elif ctype and ctype.startswith("application/json"):
            try:
                out["body"] = self.value(json.loads(body))
            except json.JSONDecodeError:
                out["body"] = {"<invalid json>": body[:200].decode("utf-8", "replace")}
        else:
            text = None
            try:
                text = body.decode("utf-8")
            except UnicodeDecodeError:
                pass
            if text is not None and len(text) <= 2000:
                out["body"] = {"<text>": self.string(text) if "\n" not in text else text}
            else:
                import hashlib
                out["body"] = {"<bytes>": len(body), "sha256": hashlib.sha256(body).hexdigest()[:16]}
        return out
