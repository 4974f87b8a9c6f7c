"""The differential case sequence: data plus a few small builders.

A `Case` is one HTTP request. The cases run in order against a fresh server; earlier
cases create the schema and records and capture ids and tokens into variables
(``capture={"p1": "id"}``), which later cases use as ``${p1}`` in paths, query values,
headers and bodies (a lone ``"${tags_ab}"`` keeps the variable's JSON type).

``auth`` names the variable holding the token to send (``"su"`` = the superuser).
``expect`` records what pocketbase.md claims (status, ``contentType`` or a dotted path
into the JSON body): ``run_diff.py --spec`` lists where the real server disagrees.
``compare``: ``"full"`` (default), ``"status"`` (body not compared, e.g. random data) or
``"unordered"`` (list items compared as a set, for ``sort=@random``).
``group`` lets a run send-but-not-compare whole groups (``--no-compare setup``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

NO_BODY = object()
ABSENT = object()  # in `expect`: the key must be missing

R = "/api/collections/{}/records"
POSTS, TAGS, COMMENTS, USERS = R.format("posts"), R.format("tags"), R.format("comments"), R.format("users")

PNG_1X1 = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000100e5275d8a0000000049454e44ae426082")


@dataclass
class Case:
    name: str
    method: str
    path: str
    query: dict[str, str] | list[tuple[str, str]] = field(default_factory=dict)
    auth: str | None = None
    json: Any = NO_BODY
    form: list[tuple[str, str]] | None = None
    files: list[tuple[str, str, str, bytes]] = field(default_factory=list)
    raw: bytes | str | None = None
    raw_query: str | None = None  # appended verbatim (after ${var} filling), e.g. "sort=+views"
    raw_token: bool = False  # send the token without "Bearer "
    headers: dict[str, str] = field(default_factory=dict)
    capture: dict[str, str] = field(default_factory=dict)
    expect: dict[str, Any] | None = None
    compare: str = "full"
    group: str = "records"
    note: str = ""
    pause: float = 0.0  # seconds to wait before sending (e.g. so `updated` moves)
    # {"label": ("path.in.body", "var")}: compared as "does the value equal the captured variable?"
    # (e.g. a non-refreshable token must come back unchanged); the booleans join the compared result.
    same_as: dict[str, tuple[str, str]] = field(default_factory=dict)

    def describe(self) -> dict[str, Any]:
        """The request as plain data, for the reference recording."""
        out: dict[str, Any] = {"method": self.method, "path": self.path}
        if self.query:
            out["query"] = dict(self.query) if isinstance(self.query, list) else self.query
        if self.raw_query is not None:
            out["rawQuery"] = self.raw_query
        if self.auth:
            out["auth"] = self.auth + (" (raw)" if self.raw_token else "")
        if self.json is not NO_BODY:
            out["json"] = self.json
        if self.form is not None:
            out["form"] = self.form
        if self.files:
            out["files"] = [[n, fn, ct, len(b)] for n, fn, ct, b in self.files]
        if self.raw is not None:
            out["raw"] = self.raw if isinstance(self.raw, str) else self.raw.decode("utf-8", "replace")
        if self.headers:
            out["headers"] = self.headers
        if self.note:
            out["note"] = self.note
        return out


def get(name: str, path: str, query: dict | list | None = None, **kw: Any) -> Case:
    return Case(name, "GET", path, query or {}, **kw)


def post(name: str, path: str, body: Any = NO_BODY, **kw: Any) -> Case:
    return Case(name, "POST", path, kw.pop("query", {}), json=body, **kw)


def patch(name: str, path: str, body: Any = NO_BODY, **kw: Any) -> Case:
    return Case(name, "PATCH", path, kw.pop("query", {}), json=body, **kw)


def delete(name: str, path: str, **kw: Any) -> Case:
    return Case(name, "DELETE", path, kw.pop("query", {}), **kw)


def items_count(n: int) -> Callable[[Any], bool]:
    def check(items: Any) -> bool:
        return isinstance(items, list) and len(items) == n
    check.__doc__ = f"{n} items"
    return check


def error(status: int, message: str | None = None, **paths: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"status": status, "contentType": "application/json"}
    if message is not None:
        out["message"] = message
    out.update({k.replace("__", "."): v for k, v in paths.items()})
    return out


def ok(**paths: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"status": 200, "contentType": "application/json"}
    out.update({k.replace("__", "."): v for k, v in paths.items()})
    return out


# -- setup: superuser, schema, users ----------------------------------------------------------------

AUTODATES = [
    {"name": "created", "type": "autodate", "onCreate": True, "onUpdate": False},
    {"name": "updated", "type": "autodate", "onCreate": True, "onUpdate": True},
]
COLLECTION_FIELDS = {"fields": "id,name,type,system,listRule,viewRule,createRule,updateRule,deleteRule"}
PUBLISHED_OR_MINE = 'status = "published" || author = @request.auth.id'


def setup_cases() -> list[Case]:
    g = {"group": "setup"}
    return [
        get("setup/health", "/api/health", expect=ok(message="API is healthy.", code=200, data={}), **g),
        post("setup/superuser-auth", "/api/collections/_superusers/auth-with-password",
             {"identity": "${su_email}", "password": "${su_password}"},
             capture={"su": "token", "su_id": "record.id"}, expect=ok(), **g),
        post("setup/create-tags", "/api/collections", {
            "name": "tags", "type": "base",
            "listRule": "", "viewRule": "", "createRule": '@request.auth.id != ""',
            "updateRule": None, "deleteRule": None,
            "fields": [{"name": "name", "type": "text", "required": True, "max": 40}] + AUTODATES,
            "indexes": ["CREATE UNIQUE INDEX idx_tags_name ON tags (name)"],
        }, auth="su", query=COLLECTION_FIELDS, capture={"tags_cid": "id"}, expect=ok(id="pbc_1219621782"), **g),
        post("setup/create-posts", "/api/collections", {
            "name": "posts", "type": "base",
            "listRule": PUBLISHED_OR_MINE, "viewRule": PUBLISHED_OR_MINE,
            "createRule": '@request.auth.id != ""',
            "updateRule": "author = @request.auth.id", "deleteRule": "author = @request.auth.id",
            "fields": [
                {"name": "title", "type": "text", "required": True, "max": 200},
                {"name": "body", "type": "editor"},
                {"name": "views", "type": "number"},
                {"name": "status", "type": "select", "values": ["draft", "published"], "maxSelect": 1},
                {"name": "tags", "type": "relation", "collectionId": "${tags_cid}", "maxSelect": 99},
                {"name": "author", "type": "relation", "collectionId": "_pb_users_auth_", "maxSelect": 1},
                {"name": "published", "type": "date"},
                {"name": "cover", "type": "file", "maxSelect": 1, "maxSize": 1048576,
                 "mimeTypes": ["image/png", "text/plain"]},
            ] + AUTODATES,
        }, auth="su", query=COLLECTION_FIELDS, capture={"posts_cid": "id"}, **g),
        post("setup/create-comments", "/api/collections", {
            "name": "comments", "type": "base",
            "listRule": "", "viewRule": "", "createRule": '@request.auth.id != "" && user = @request.auth.id',
            "updateRule": "user = @request.auth.id", "deleteRule": "user = @request.auth.id",
            "fields": [
                {"name": "post", "type": "relation", "collectionId": "${posts_cid}", "maxSelect": 1,
                 "cascadeDelete": True, "required": True},
                {"name": "user", "type": "relation", "collectionId": "_pb_users_auth_", "maxSelect": 1},
                {"name": "text", "type": "text"},
            ] + AUTODATES,
        }, auth="su", query=COLLECTION_FIELDS, capture={"comments_cid": "id"}, **g),
        post("setup/relation-by-name-rejected", "/api/collections", {
            "name": "scratch", "type": "base",
            "fields": [{"name": "t", "type": "relation", "collectionId": "tags", "maxSelect": 1}],
        }, auth="su", note="relation collectionId must be an id, not a name",
            expect=error(400, "Failed to create collection.",
                         data__fields__1__collectionId__code="validation_field_relation_missing_collection"), **g),
        post("setup/create-alice", USERS, {
            "email": "alice@example.com", "password": "alice-password", "passwordConfirm": "alice-password",
            "name": "Alice", "verified": True, "emailVisibility": False,
        }, auth="su", capture={"alice_id": "id"}, expect=ok(verified=True, email="alice@example.com"), **g),
        post("setup/signup-bob", USERS, {
            "email": "bob@example.com", "password": "bob-password", "passwordConfirm": "bob-password",
            "name": "Bob", "emailVisibility": True,
        }, capture={"bob_id": "id"}, expect=ok(verified=False, email="bob@example.com"), **g),
        post("setup/auth-alice", "/api/collections/users/auth-with-password",
             {"identity": "alice@example.com", "password": "alice-password"},
             capture={"alice": "token"}, expect=ok(record__email="alice@example.com"), **g),
        post("setup/auth-bob", "/api/collections/users/auth-with-password",
             {"identity": "bob@example.com", "password": "bob-password"}, capture={"bob": "token"}, **g),
        post("setup/tag-swift", TAGS, {"name": "swift"}, auth="alice", capture={"tag_swift": "id"}, **g),
        post("setup/tag-go", TAGS, {"name": "go"}, auth="alice", capture={"tag_go": "id"}, **g),
        post("setup/tag-web", TAGS, {"name": "web"}, auth="bob", capture={"tag_web": "id"}, **g),
        post("setup/tag-unused", TAGS, {"name": "unused"}, auth="bob", capture={"tag_unused": "id"}, **g),
    ]


def seed_cases() -> list[Case]:
    """Posts and comments; each create is itself a compared case (§10)."""
    return [
        post("seed/p1-published-alice", POSTS, {
            "title": "Hello World", "body": "<p>Hello <b>world</b>,</p><p>this is   the second paragraph.</p>",
            "views": 10, "status": "published", "tags": ["${tag_swift}", "${tag_web}"], "author": "${alice_id}",
            "published": "2024-06-15 10:00:00.000Z",
        }, auth="alice", capture={"p1": "id"}, expect=ok(views=10, cover="", tags=lambda t: len(t) == 2)),
        post("seed/p2-draft-alice", POSTS, {
            "title": "Draft by Alice", "status": "draft", "author": "${alice_id}",
        }, auth="alice", capture={"p2": "id"},
            expect=ok(views=0, body="", published="", tags=[], cover="")),
        post("seed/p3-published-bob", POSTS, {
            "title": "Go tips", "body": "<h1>Tips</h1><ul><li>one</li><li>two</li></ul>", "views": 25,
            "status": "published", "tags": ["${tag_go}"], "author": "${bob_id}",
            "published": "2024-01-02 03:04:05.000Z",
        }, auth="bob", capture={"p3": "id"}),
        post("seed/p4-wildcards-bob", POSTS, {
            "title": "100% sure_thing", "views": 5, "status": "published",
            "tags": ["${tag_web}", "${tag_go}", "${tag_swift}"], "author": "${bob_id}",
        }, auth="bob", capture={"p4": "id"}, note="tags kept in the order sent"),
        post("seed/p5-authorless-draft", POSTS, {"title": "Nobody's draft", "status": "draft", "views": -3},
             auth="su", capture={"p5": "id"}, expect=ok(author="")),
        post("seed/c1-bob-on-p1", COMMENTS, {"post": "${p1}", "user": "${bob_id}", "text": "Nice post"},
             auth="bob", capture={"c1": "id"}),
        post("seed/c2-alice-on-p1", COMMENTS, {"post": "${p1}", "user": "${alice_id}", "text": "Thanks Bob"},
             auth="alice", capture={"c2": "id"}),
        post("seed/c3-alice-on-p3", COMMENTS, {"post": "${p3}", "user": "${alice_id}", "text": "Go is great"},
             auth="alice", capture={"c3": "id"}),
        post("seed/comment-for-someone-else", COMMENTS, {"post": "${p3}", "user": "${bob_id}", "text": "forged"},
             auth="alice", expect=error(400, "Failed to create record.", data={})),
    ]


# -- §1/§2/§3: conventions, endpoints, errors -----------------------------------------------------------

def endpoint_cases() -> list[Case]:
    return [
        get("endpoints/view", f"{POSTS}/${{p1}}", expect=ok(collectionName="posts", title="Hello World")),
        get("endpoints/view-by-collection-id", "/api/collections/${posts_cid}/records/${p3}"),
        get("endpoints/view-count-is-an-id", f"{POSTS}/count",
            expect=error(404, "The requested resource wasn't found.", data={})),
        get("endpoints/view-missing", f"{POSTS}/aaaaaaaaaaaaaaa", expect=error(404, "The requested resource wasn't found.")),
        Case("endpoints/put-record", "PUT", f"{POSTS}/${{p1}}", json={"title": "x"}, auth="su", expect=error(404)),
        get("endpoints/unknown-api-route", "/api/nothing-here", expect=error(404, "File not found.")),
        get("endpoints/unknown-collection", R.format("nope"), expect=error(404, "Missing collection context.")),
        post("endpoints/auth-route-on-base-collection", "/api/collections/posts/auth-with-password",
             {"identity": "a", "password": "b"}, expect=error(404, "Missing or invalid auth collection context.")),
        post("endpoints/auth-with-oauth2-code", "/api/collections/users/auth-with-oauth2-code", {}, expect=error(404)),
        post("endpoints/auth-with-token", "/api/collections/users/auth-with-token", {}, expect=error(404)),
        get("endpoints/view-draft-as-guest", f"{POSTS}/${{p2}}", expect=error(404)),
        get("endpoints/view-draft-as-author", f"{POSTS}/${{p2}}", auth="alice", expect=ok(title="Draft by Alice")),
        get("endpoints/view-draft-as-other-user", f"{POSTS}/${{p2}}", auth="bob", expect=error(404)),
        get("endpoints/view-authorless-draft-as-guest", f"{POSTS}/${{p5}}",
            note="guests have @request.auth.id = '' so author = @request.auth.id holds for an empty author",
            expect=ok(title="Nobody's draft")),
        get("endpoints/token-without-bearer", f"{POSTS}/${{p2}}", auth="alice", raw_token=True, expect=ok()),
        get("endpoints/bad-token-is-guest", f"{POSTS}/${{p2}}", headers={"Authorization": "Bearer nonsense"},
            expect=error(404)),
        get("endpoints/user-views-self", f"{USERS}/${{alice_id}}", auth="alice",
            expect=ok(email="alice@example.com", password=ABSENT, tokenKey=ABSENT)),
        get("endpoints/user-views-other", f"{USERS}/${{bob_id}}", auth="alice", expect=error(404)),
        get("endpoints/superuser-views-hidden-email", f"{USERS}/${{alice_id}}", auth="su",
            expect=ok(email="alice@example.com", emailVisibility=False)),
        get("endpoints/users-list-as-guest", USERS, expect=ok(totalItems=0)),
        get("endpoints/users-list-as-bob", USERS, auth="bob", expect=ok(totalItems=1)),
        get("endpoints/users-list-as-superuser", USERS, {"sort": "name"}, auth="su", expect=ok(totalItems=2)),
        get("endpoints/tags-list-guest", TAGS, expect=ok(totalItems=4)),
        post("endpoints/malformed-json", POSTS, raw='{"title": ', headers={"Content-Type": "application/json"},
             auth="alice", expect=error(400)),
        get("endpoints/superusers-list-as-user", R.format("_superusers"), auth="alice", expect=error(403)),
    ]


# -- §4: listing and pagination -----------------------------------------------------------------------

def list_cases() -> list[Case]:
    return [
        get("list/guest-default", POSTS, expect=ok(page=1, perPage=30, totalItems=4, totalPages=1)),
        get("list/alice", POSTS, auth="alice", expect=ok(totalItems=4)),
        get("list/superuser", POSTS, auth="su", expect=ok(totalItems=5)),
        get("list/perPage-2", POSTS, {"perPage": "2"}, auth="su", expect=ok(perPage=2, totalPages=3, items=items_count(2))),
        get("list/perPage-2-page-3", POSTS, {"perPage": "2", "page": "3"}, auth="su", expect=ok(items=items_count(1))),
        get("list/past-the-end", POSTS, {"perPage": "2", "page": "9"}, auth="su",
            expect=ok(page=9, totalItems=5, totalPages=3, items=[])),
        get("list/perPage-0", POSTS, {"perPage": "0"}, auth="su", expect=ok(perPage=30)),
        get("list/perPage-negative", POSTS, {"perPage": "-5"}, auth="su", expect=ok(perPage=30)),
        get("list/perPage-over-cap", POSTS, {"perPage": "5000"}, auth="su", expect=ok(perPage=1000)),
        get("list/perPage-1000", POSTS, {"perPage": "1000"}, auth="su", expect=ok(perPage=1000)),
        get("list/page-0", POSTS, {"page": "0"}, auth="su", expect=ok(page=1)),
        get("list/page-negative", POSTS, {"page": "-2"}, auth="su", expect=ok(page=1)),
        get("list/page-not-a-number", POSTS, {"page": "abc"}, auth="su",
            expect=error(400, "Something went wrong while processing your request.")),
        get("list/perPage-not-a-number", POSTS, {"perPage": "1.5"}, auth="su", expect=error(400)),
        get("list/skipTotal-1", POSTS, {"skipTotal": "1"}, auth="su", expect=ok(totalItems=-1, totalPages=-1)),
        get("list/skipTotal-true", POSTS, {"skipTotal": "true", "perPage": "2"}, auth="su",
            expect=ok(totalItems=-1, totalPages=-1, items=items_count(2))),
        get("list/skipTotal-false", POSTS, {"skipTotal": "false"}, auth="su", expect=ok(totalItems=5)),
        get("list/skipTotal-0", POSTS, {"skipTotal": "0"}, auth="su", expect=ok(totalItems=5)),
        get("list/no-match", POSTS, {"filter": 'title = "nothing"'}, auth="su",
            expect=ok(totalItems=0, totalPages=0, items=[])),
        get("list/comments", COMMENTS, expect=ok(totalItems=3)),
        get("list/perPage-trailing-junk", POSTS, {"perPage": "10abc"}, auth="su", expect=error(400)),
        get("list/skipTotal-junk", POSTS, {"skipTotal": "yes"}, auth="su", expect=BAD),
        get("list/skipTotal-past-the-end", POSTS, {"skipTotal": "1", "page": "5", "perPage": "2"}, auth="su"),
        get("list/repeated-param", POSTS, [("perPage", "2"), ("perPage", "3")], auth="su", expect=ok(perPage=2)),
    ]


# -- §6: filters -----------------------------------------------------------------------------------------

def f(name: str, expr: str, auth: str | None = "su", expect_total: int | None = None,
      collection: str = POSTS, **kw: Any) -> Case:
    expect = kw.pop("expect", None)
    if expect is None and expect_total is not None:
        expect = ok(totalItems=expect_total)
    # A filter selects a set: without `sort` the row order depends on SQLite's plan (joins over
    # relation paths return rows out of rowid order), so items are compared as a set.
    kw.setdefault("compare", "unordered")
    return get(f"filter/{name}", collection, {"filter": expr, "fields": "id,title"} if collection == POSTS
               else {"filter": expr}, auth=auth, expect=expect, **kw)


BAD = error(400, "Something went wrong while processing your request.", data={})


def filter_cases() -> list[Case]:
    return [
        f("eq", 'title = "Go tips"', expect_total=1),
        f("eq-case-sensitive", 'title = "go tips"', expect_total=0),
        f("neq", 'title != "Go tips"', expect_total=4),
        f("gt", "views > 5", expect_total=2),
        f("gte", "views >= 5", expect_total=3),
        f("lt", "views < 5", expect_total=2),
        f("lte", "views <= 0", expect_total=2),
        f("number-vs-string", 'views = "0"', expect_total=1),
        f("like-case-insensitive", 'title ~ "hello"', expect_total=1),
        f("not-like", 'title !~ "o"', expect_total=2),
        f("like-percent-anchors", 'title ~ "1%sure"', expect_total=0,
          note="a value with % is used as the whole LIKE pattern (no wrapping)"),
        f("like-percent-both-ends", 'title ~ "%sure%"', expect_total=1),
        f("like-underscore-literal", 'title ~ "sure_thing"', expect_total=1),
        f("like-underscore-escaped-without-percent", 'title ~ "Go_tips"', expect_total=0,
          note="without % the value's _ and \\ are escaped: _ is literal"),
        f("like-underscore-wildcard-with-percent", 'title ~ "%Go_tips%"', expect_total=1),
        f("like-escaped-percent", 'title ~ "100\\%"', expect_total=1,
          note="\\% is a literal percent: the value is still wrapped"),
        f("like-leading-percent", 'title ~ "%tips"', expect_total=1),
        f("like-trailing-percent-anchors", 'title ~ "Go%"', expect_total=1),
        f("and-binds-tighter", 'views > 20 || views < 1 && status = "draft"', expect_total=3),
        f("parens", '(views > 20 || views < 1) && status = "draft"', expect_total=2),
        f("no-spaces", 'views>20', expect_total=1),
        f("single-quotes", "title = 'Go tips'", expect_total=1),
        f("escaped-quote", "title = 'Nobody\\'s draft'", expect_total=1),
        f("comment", 'views > 5 // only popular\n&& status = "published"', expect_total=2),
        f("comment-at-end", 'views > 5 // trailing', expect_total=2),
        f("word-and-rejected", 'views > 5 and views < 20', expect=BAD),
        f("unknown-field", 'nope = 1', expect=BAD),
        f("parse-error", 'title = ', expect=BAD),
        f("placeholder-not-server-side", 'title = {:title}', expect=BAD,
          note="{:name} placeholders are expanded by the SDKs, not the server"),
        f("null-date", "published = null", expect_total=3),
        f("empty-date", 'published = ""', expect_total=3),
        f("null-relation", "author = null", expect_total=1),
        f("empty-relation", 'author = ""', expect_total=1),
        f("null-number", "views = null", expect_total=0),
        f("null-text", "body = null", expect_total=3),
        f("negative-number", "views = -3", expect_total=1),
        f("decimal-number", "views < 5.5", expect_total=3),
        f("true-literal-on-number", "views = true", expect_total=0),
        f("date-range", 'published >= "2024-06-01"', expect_total=1),
        f("date-eq-full", 'published = "2024-06-15 10:00:00.000Z"', expect_total=1),
        f("date-eq-without-ms", 'published = "2024-06-15 10:00:00"', expect_total=0),
        f("date-t-form-sorts-after", 'published < "2024-06-15T00:00:00Z"', expect_total=5,
          note="'T' sorts after ' ' so every stored date (and '') is below"),
        f("date-below-now-includes-empty", "published < @now", expect_total=5),
        f("created-after-yesterday", "created > @yesterday", expect_total=5),
        f("created-before-tomorrow", "created < @tomorrow", expect_total=5),
        f("created-after-todayStart", "created >= @todayStart && created <= @todayEnd", expect_total=5),
        f("created-after-monthStart", "created >= @monthStart && created <= @monthEnd"),
        f("created-after-yearStart", "created >= @yearStart && created <= @yearEnd", expect_total=5),
        f("macro-year", "@year > 2000", expect_total=5),
        f("macro-weekday", "@weekday >= 0 && @weekday <= 6", expect_total=5),
        f("macro-unknown", "@nope = 1", expect=BAD),
        f("lower-modifier", 'title:lower = "hello world"', expect_total=1),
        f("length-zero", "tags:length = 0", expect_total=2),
        f("length-ge-2", "tags:length >= 2", expect_total=2),
        f("each-select-like", 'tags:each != ""', note="`:each` on a multi relation"),
        f("relation-path", 'author.name = "Alice"', expect_total=2),
        f("relation-path-guest", 'author.name = "Alice"', auth=None, expect_total=0,
          note="users' viewRule hides authors from guests"),
        f("relation-path-as-alice", 'author.name = "Alice"', auth="alice"),
        f("multi-path-all", 'tags.name = "go"', expect_total=1),
        f("multi-path-any", 'tags.name ?= "go"', expect_total=2),
        f("multi-path-neq-includes-tagless", 'tags.name != "go"'),
        f("multi-path-empty-id", 'tags.id = ""', expect_total=2),
        f("multi-path-like-any", 'tags.name ?~ "WI"', expect_total=2),
        f("bare-multi-any-eq", 'tags ?= "${tag_go}"'),
        f("bare-multi-like", 'tags ~ "${tag_go}"', expect_total=2),
        f("bare-multi-eq-empty-array-text", 'tags = "[]"'),
        f("bare-multi-eq-empty", 'tags = ""'),
        f("bare-multi-eq-null", "tags = null"),
        f("bare-multi-eq-one", 'tags = "${tag_go}"'),
        f("back-relation-any", 'comments_via_post.text ?~ "nice"', expect_total=1),
        f("back-relation-all", 'comments_via_post.text ~ "a"'),
        f("back-relation-length", "comments_via_post:length = 2", expect=BAD,
          note=":length is not available on back-relations"),
        f("back-relation-nested", 'comments_via_post.user.name ?= "Bob"', expect_total=1),
        f("back-relation-guest", 'comments_via_post.user.name ?= "Bob"', auth=None),
        f("request-auth-as-user", '@request.auth.id != ""', auth="alice",
          expect=error(403, "Only superusers can filter by @request.")),
        f("request-auth-as-superuser", '@request.auth.id != ""', expect_total=5),
        f("collection-as-user", '@collection.tags.name ?= "go"', auth="alice",
          expect=error(403, "Only superusers can filter by @collection.")),
        f("collection-as-superuser", '@collection.tags.name ?= "go"', expect_total=5),
        f("collection-plain-eq", '@collection.tags.name = "go"', note="plain = over @collection means all rows"),
        f("hidden-field-as-user", 'tokenKey != ""', auth="alice", collection=USERS, expect=BAD),
        f("hidden-field-as-superuser", 'tokenKey != ""', collection=USERS, expect=ok(totalItems=2)),
        f("hidden-email-never-matches", 'email = "alice@example.com"', auth="alice", collection=USERS,
          expect=ok(totalItems=0)),
        f("visible-email-matches", 'email = "bob@example.com"', auth="bob", collection=USERS, expect=ok(totalItems=1)),
        f("bool-vs-string", 'verified = "true"', collection=USERS, expect=ok(totalItems=0)),
        f("bool-true", "verified = true", collection=USERS, expect=ok(totalItems=1)),
        f("bool-null", "verified = null", collection=USERS),
        f("id-filter", 'id = "${p3}"', expect_total=1),
        f("rowid-filter", "@rowid > 0", expect=BAD, note="@rowid is for sort only"),
        f("guest-filter-keeps-rule", 'status = "draft"', auth=None, expect_total=1),
        f("select-neq", 'status != "draft"', expect_total=3),
        f("and-without-spaces", "views>5&&views<20", expect_total=1),
        f("field-vs-field", "created <= updated", expect_total=5),
        f("field-vs-field-text", "title = body", expect_total=0),
        f("relation-not-null", "author != null", expect_total=4),
        f("select-null", "status = null", expect_total=0),
        f("like-on-number", "views ~ 2", note="LIKE over the number's text"),
        f("any-neq-back-relation", 'comments_via_post.text ?!= "Nice post"'),
        f("any-gt-multi-path", 'tags.created ?> "2000-01-01"'),
        f("published-after-yesterday", "published > @yesterday", expect_total=0),
        f("request-query-as-user", '@request.query.x = ""', auth="alice", expect=error(403)),
        f("request-headers-as-superuser", '@request.headers.x_nope = ""', expect_total=5),
        f("request-headers-match", '@request.headers.x_token = "abc"', expect_total=5, headers={"X-Token": "abc"},
          note="header names lower-cased, '-' as '_'"),
        f("request-headers-mismatch", '@request.headers.x_token = "abc"', expect_total=0, headers={"X-Token": "ab"}),
        f("request-headers-mixed-case", '@request.headers.x_trace_id ~ "7"', expect_total=5,
          headers={"x-Trace-ID": "r-77"}),
        f("request-headers-in-rule-join", 'author.name = @request.headers.x_author', expect_total=2,
          headers={"X-Author": "Alice"}),
        f("request-auth-collection-superuser", '@request.auth.collectionName = "_superusers"', expect_total=5),
        f("in-parens-nested", '((views > 0) && (status = "published" || (status = "draft")))'),
        f("lower-on-both-sides", 'title:lower ~ "GO":lower', expect=BAD, note="modifiers only on identifiers"),
        f("id-like", 'id ~ "zzzzzzz"', expect_total=0),
        f("empty-filter", "", expect_total=5),
        f("whitespace-filter", "   ", expect=BAD, note="empty = no filter, but blanks are a parse error"),
        f("relation-path-neq-guest", 'author.name != "Alice"', auth=None,
          note="a negated test through a join the users' viewRule guards"),
        f("relation-path-neq-as-alice", 'author.name != "Bob"', auth="alice"),
        f("relation-path-null-guest", "author.name = null", auth=None),
        f("bool-vs-one", 'verified = "1"', collection=USERS),
        f("bool-vs-number-one", "verified = 1", collection=USERS),
        f("bool-vs-zero", "verified = 0", collection=USERS),
        f("macro-vs-number", "views < @year"),
        f("macro-vs-text", "title != @now"),
        f("macro-vs-bool", "@second >= 0 && verified != @year", collection=USERS),
    ]


# -- §7: sort --------------------------------------------------------------------------------------------

def s(name: str, sort: str, auth: str | None = "su", **kw: Any) -> Case:
    return get(f"sort/{name}", POSTS, {"sort": sort, "fields": "id,title,views"}, auth=auth, **kw)


def sort_cases() -> list[Case]:
    return [
        get("sort/none-is-insertion-order", POSTS, {"fields": "title"}, auth="su"),
        s("views-desc", "-views"),
        s("ties-in-insertion-order", "status"),
        s("ties-desc-in-insertion-order", "-status"),
        get("sort/ties-paged", POSTS, {"sort": "-status", "perPage": "2", "page": "2", "fields": "id,title"},
            auth="su", note="rows that tie on every key come in rowid order, whatever the direction"),
        s("views-asc", "views"),
        s("plus-encoded", "+views"),
        get("sort/plus-unencoded-is-space", POSTS, {"fields": "id,title,views"}, raw_query="sort=+views", auth="su",
            note="Foundation leaves '+' unescaped; the server decodes it as a space"),
        s("two-keys", "status,-views"),
        s("trimmed", " status , -views "),
        s("title", "title"),
        s("relation-path", "author.name,title"),
        s("multi-relation-path", "-tags.name,title"),
        s("published-empty-first", "published,title"),
        s("rowid", "@rowid"),
        s("rowid-desc", "-@rowid"),
        s("random", "@random", compare="unordered"),
        s("unknown-field", "nope", expect=BAD),
        s("created", "-created,-@rowid"),
        s("guest", "-views", auth=None),
        s("relation-path-guest", "author.name,title", auth=None,
          note="sorting through a relation the users' viewRule hides from guests"),
        s("relation-path-as-alice", "-author.name,title", auth="alice"),
        s("id-then-title", "status,title"),
        s("empty", ""),
    ]


# -- §8: expand -------------------------------------------------------------------------------------------

def e(name: str, path: str, expand: str, auth: str | None = "su", fields: str | None = None, **kw: Any) -> Case:
    q = {"expand": expand}
    if fields:
        q["fields"] = fields
    return get(f"expand/{name}", path, q, auth=auth, **kw)


def expand_cases() -> list[Case]:
    p1 = f"{POSTS}/${{p1}}"
    return [
        e("single", p1, "author", expect=ok(expand__author__name="Alice")),
        e("multi-in-stored-order", f"{POSTS}/${{p4}}", "tags", expect=ok(expand__tags=items_count(3))),
        e("two", p1, "author,tags"),
        e("two-trimmed", p1, " author , tags "),
        e("back-relation", p1, "comments_via_post", expect=ok(expand__comments_via_post=items_count(2))),
        e("nested-back-relation", p1, "comments_via_post.user"),
        e("nested-forward", f"{COMMENTS}/${{c1}}", "post.author,user"),
        e("nested-forward-tags", f"{COMMENTS}/${{c1}}", "post.tags"),
        e("empty-relation", f"{POSTS}/${{p5}}", "author", expect=ok(expand={})),
        e("empty-multi", f"{POSTS}/${{p2}}", "tags", expect=ok(expand={})),
        e("forbidden-for-guest", p1, "author", auth=None, expect=ok(expand={})),
        e("guest-tags-ok", p1, "tags", auth=None),
        e("unknown-name", p1, "nope", expect=ok(expand=ABSENT)),
        e("non-relation-name", p1, "title", expect=ok(expand=ABSENT)),
        e("unknown-and-valid", p1, "nope,author"),
        e("list", POSTS, "author", fields="id,expand.author.name"),
        e("list-guest", POSTS, "author,tags", auth=None),
        e("back-relation-no-rows", f"{POSTS}/${{p2}}", "comments_via_post", expect=ok(expand={})),
        e("user-as-alice", f"{COMMENTS}/${{c1}}", "user", auth="alice",
          note="bob is not visible to alice (users viewRule)"),
        e("seven-levels", f"{COMMENTS}/${{c1}}",
          "post.comments_via_post.post.comments_via_post.post.comments_via_post.post",
          fields="id,expand.post.expand.comments_via_post.expand.post.expand.comments_via_post.expand.post"
                 ".expand.comments_via_post.id,expand.post.expand.comments_via_post.expand.post.expand"
                 ".comments_via_post.expand.post.expand.comments_via_post.expand.post.id",
          note="a chain of 7: is the 7th level expanded?"),
        e("six-levels", f"{COMMENTS}/${{c1}}", "post.comments_via_post.post.comments_via_post.post.author",
          fields="id,expand.post.expand.comments_via_post.expand.post.expand.comments_via_post.expand.post"
                 ".expand.author.name"),
        e("email-visible-to-superuser", f"{COMMENTS}/${{c1}}", "user", fields="expand.user.email"),
        e("email-in-expand-as-bob", f"{POSTS}/${{p1}}", "comments_via_post.user", auth="bob",
          fields="expand.comments_via_post.expand.user.email"),
        e("on-auth-list", USERS, "nothing", auth="su", fields="name"),
        e("user-own-as-alice", f"{COMMENTS}/${{c2}}", "user", auth="alice"),
    ]


# -- §9: fields --------------------------------------------------------------------------------------------

def fl(name: str, path: str, fields: str, auth: str | None = "su", expand: str | None = None, **kw: Any) -> Case:
    q = {"fields": fields}
    if expand:
        q["expand"] = expand
    return get(f"fields/{name}", path, q, auth=auth, **kw)


def fields_cases() -> list[Case]:
    p1 = f"{POSTS}/${{p1}}"
    return [
        fl("two", p1, "id,title"),
        fl("trimmed", p1, " id , title "),
        fl("star", p1, "*"),
        fl("unknown-ignored", p1, "id,nope"),
        fl("only-unknown", p1, "nope"),
        fl("list-page-only", POSTS, "page", expect=ok(items=lambda v: all(i == {} for i in v))),
        fl("list-items", POSTS, "title,views"),
        fl("expand-not-named-vanishes", p1, "id", expand="author", expect=ok(expand=ABSENT)),
        fl("expand-named-field", p1, "id,expand.author.name", expand="author"),
        fl("expand-star", p1, "id,expand.author.*", expand="author"),
        fl("expand-whole", p1, "id,expand", expand="author"),
        fl("expand-nested", p1, "id,expand.comments_via_post.text,expand.comments_via_post.expand.user.name",
           expand="comments_via_post.user"),
        fl("excerpt", p1, "body:excerpt(20)"),
        fl("excerpt-ellipsis", p1, "body:excerpt(20,true)"),
        fl("excerpt-long", p1, "body:excerpt(200,true)"),
        fl("excerpt-list", f"{POSTS}/${{p3}}", "body:excerpt(8,true)"),
        fl("star-and-excerpt", p1, "*,body:excerpt(10)"),
        fl("excerpt-on-title", p1, "title:excerpt(5,true)"),
        fl("excerpt-bad-args", p1, "body:excerpt(abc)", expect=BAD),
        fl("collection-keys", p1, "collectionId,collectionName"),
        fl("expand-without-expand-param", p1, "id,expand.author.name"),
        fl("list-star-and-expand", POSTS, "*,expand.author.name", expand="author", auth="su"),
        fl("excerpt-zero", p1, "body:excerpt(0)", expect=BAD),
        fl("excerpt-no-args", p1, "body:excerpt", expect=BAD),
        fl("excerpt-on-number", p1, "views:excerpt(1)", expect=ok(views=10)),
        fl("dot-on-plain-field", p1, "title.length", expect=ok(title="Hello World")),
    ]


# -- §10: writing records -----------------------------------------------------------------------------------

def create_cases() -> list[Case]:
    return [
        post("create/client-id", POSTS, {"id": "clientid0000001", "title": "Client id", "author": "${alice_id}"},
             auth="alice", capture={"p_client": "id"}, expect=ok(id="clientid0000001")),
        post("create/client-id-short", POSTS, {"id": "abc", "title": "x"}, auth="alice",
             expect=error(400, "Failed to create record.", data__id__code="validation_min_text_constraint")),
        post("create/client-id-bad-chars", POSTS, {"id": "ABCDEFGHIJ_2345", "title": "x"}, auth="alice",
             expect=error(400, data__id__code="validation_invalid_format")),
        post("create/client-id-taken", POSTS, {"id": "clientid0000001", "title": "x"}, auth="alice",
             expect=error(400, data__id__code="validation_not_unique")),
        post("create/client-id-long", POSTS, {"id": "clientid00000012", "title": "x"}, auth="alice", expect=error(400)),
        post("create/missing-title", POSTS, {"views": 1}, auth="alice",
             expect=error(400, "Failed to create record.", data__title__code="validation_required")),
        post("create/guest-denied", POSTS, {"title": "guest"}, expect=error(400, "Failed to create record.", data={})),
        post("create/locked-rule", R.format("_superusers"), {"email": "x@example.com"}, auth="alice",
             expect=error(403, "Only superusers can perform this action.")),
        post("create/coercions", POSTS, {
            "title": 12345, "views": "42", "tags": "${tag_go}", "author": ["${bob_id}", "${alice_id}"],
            "published": "2024-06-15T12:00:00+02:00", "unknownKey": 1, "created": "2000-01-01 00:00:00.000Z",
        }, auth="su", capture={"p_coerced": "id"},
            expect=ok(title="12345", views=42, tags=lambda v: len(v) == 1, published="2024-06-15 10:00:00.000Z")),
        post("create/coercions-bad-number", POSTS, {"title": "abc views", "views": "abc"}, auth="su",
             capture={"p_abc": "id"}, expect=ok(views=0)),
        post("create/duplicate-relations-dropped", POSTS, {
            "title": "dupes", "tags": ["${tag_go}", "${tag_go}", "${tag_web}"]}, auth="su", capture={"p_dupes": "id"}),
        post("create/comma-is-one-id", POSTS, {"title": "comma", "tags": "${tag_go},${tag_web}"}, auth="su"),
        post("create/unparsable-date", POSTS, {"title": "bad date", "published": "not a date"}, auth="su"),
        post("create/numeric-date", POSTS, {"title": "numeric date", "published": 1718445600}, auth="su"),
        post("create/date-only", POSTS, {"title": "date only", "published": "2024-06-15"}, auth="su",
             capture={"p_dateonly": "id"}),
        post("create/invalid-select", POSTS, {"title": "bad select", "status": "archived"}, auth="su",
             expect=error(400, data__status__code="validation_invalid_value")),
        post("create/missing-relation", POSTS, {"title": "ghost tag", "tags": ["zzzzzzzzzzzzzzz"]}, auth="su",
             expect=error(400, data__tags__code="validation_missing_rel_records")),
        post("create/title-too-long", POSTS, {"title": "x" * 201}, auth="su", expect=error(400)),
        post("create/null-title", POSTS, {"title": None}, auth="su",
             expect=error(400, data__title__code="validation_required")),
        post("create/duplicate-tag-name", TAGS, {"name": "go"}, auth="alice",
             expect=error(400, data__name__code="validation_not_unique")),
        post("create/expand-and-fields", POSTS, {"title": "with expand", "author": "${alice_id}", "status": "draft"},
             auth="alice", query={"expand": "author", "fields": "title,expand.author.name"},
             capture={}),
        Case("create/multipart-with-file", "POST", POSTS, auth="alice",
             form=[("title", "With cover"), ("author", "${alice_id}"), ("status", "published"),
                   ("tags", "${tag_go}"), ("tags", "${tag_swift}"), ("views", "7")],
             files=[("cover", "My Notes (v2).txt", "text/plain", b"hello cover\n")],
             capture={"p_file": "id", "p_file_cover": "cover"}, expect=ok(views=7, tags=lambda v: len(v) == 2)),
        Case("create/multipart-json-payload", "POST", POSTS, auth="alice",
             form=[("@jsonPayload", '{"title": "From payload", "views": 3, "author": "${alice_id}"}')],
             files=[("cover", "pixel.png", "image/png", PNG_1X1)], capture={"p_png": "id", "p_png_cover": "cover"}),
        get("create/file-served", "/api/files/posts/${p_png}/${p_png_cover}",
            expect={"status": 200, "contentType": "image/png"}),
        get("create/file-served-by-collection-id", "/api/files/${posts_cid}/${p_png}/${p_png_cover}",
            expect={"status": 200, "contentType": "image/png"}),
        Case("create/multipart-bad-mime", "POST", POSTS, auth="alice",
             form=[("title", "bad mime"), ("author", "${alice_id}")],
             files=[("cover", "page.html", "text/html", b"<html><body>hi</body></html>")],
             expect=error(400, data__cover__code="validation_invalid_mime_type")),
        post("create/json-as-text-plain", POSTS, raw='{"title": "typed as text", "author": "${alice_id}"}',
             headers={"Content-Type": "text/plain"}, auth="alice", expect=error(400, "Unsupported Content-Type.")),
        post("create/json-without-content-type", POSTS, raw='{"title": "no type", "author": "${alice_id}"}',
             auth="alice", expect=error(400, "Unsupported Content-Type.")),
        post("create/array-body", POSTS, [{"title": "array"}], auth="alice", expect=error(400)),
        Case("create/draft-with-file", "POST", POSTS, auth="alice",
             form=[("title", "Draft with file"), ("author", "${alice_id}"), ("status", "draft")],
             files=[("cover", "secret.txt", "text/plain", b"draft file\n")],
             capture={"p_draftfile": "id", "p_draftfile_cover": "cover"}),
        get("create/draft-file-as-guest", "/api/files/posts/${p_draftfile}/${p_draftfile_cover}",
            note="files of unprotected fields are served whatever the record's view rule",
            expect={"status": 200, "contentType": "text/plain; charset=utf-8"}),
        post("create/file-token", "/api/files/token", auth="alice", expect=ok(token=lambda t: t.count(".") == 2)),
        post("create/file-token-guest", "/api/files/token", expect=error(401)),
        post("create/dave-for-deletion", USERS, {"email": "dave@example.com", "password": "dave-password",
                                                 "passwordConfirm": "dave-password", "name": "Dave"},
             auth="su", capture={"dave_id": "id"}),
        post("create/post-by-dave", POSTS, {"title": "Dave's post", "author": "${dave_id}", "status": "published"},
             auth="su", capture={"p_dave": "id"}),
        post("create/signup-short-password", USERS, {"email": "carol@example.com", "password": "short",
                                                     "passwordConfirm": "short"}, expect=error(400)),
        post("create/signup-mismatch", USERS, {"email": "carol@example.com", "password": "carol-password",
                                               "passwordConfirm": "other-password"},
             expect=error(400, data__passwordConfirm__code="validation_values_mismatch")),
        post("create/signup-verified-denied", USERS, {"email": "carol@example.com", "password": "carol-password",
                                                      "passwordConfirm": "carol-password", "verified": True},
             expect=error(400)),
        post("create/signup-bad-email", USERS, {"email": "not-an-email", "password": "carol-password",
                                                "passwordConfirm": "carol-password"},
             expect=error(400, data__email__code="validation_is_email")),
        post("create/signup-taken-email", USERS, {"email": "alice@example.com", "password": "carol-password",
                                                  "passwordConfirm": "carol-password"}, expect=error(400)),
        post("create/signup-bool-coercion", USERS, {"email": "erin@example.com", "password": "erin-password",
                                                    "passwordConfirm": "erin-password", "emailVisibility": "true",
                                                    "name": 42},
             expect=ok(emailVisibility=True, name="42")),
        post("create/signup-bool-coercion-other", USERS, {"email": "fred@example.com", "password": "fred-password",
                                                          "passwordConfirm": "fred-password", "emailVisibility": "yes"},
             expect=ok(emailVisibility=False)),
        post("create/signup-carol", USERS, {"email": "carol@example.com", "password": "carol-password",
                                            "passwordConfirm": "carol-password", "name": "Carol"},
             capture={"carol_id": "id"}, expect=ok(email=ABSENT)),
    ]


def update_cases() -> list[Case]:
    p1 = f"{POSTS}/${{p1}}"
    return [
        patch("update/title", p1, {"title": "Hello World!"}, auth="alice", expect=ok(title="Hello World!", views=10)),
        patch("update/append-relation", p1, {"tags+": "${tag_go}"}, auth="alice"),
        patch("update/append-present-noop", p1, {"tags+": ["${tag_go}"]}, auth="alice"),
        patch("update/prepend-relation", p1, {"+tags": "${tag_unused}"}, auth="alice"),
        patch("update/remove-relation", p1, {"tags-": ["${tag_swift}", "${tag_unused}"]}, auth="alice"),
        patch("update/remove-absent-noop", p1, {"tags-": "${tag_swift}"}, auth="alice"),
        patch("update/plain-and-modifier", p1, {"tags": ["${tag_web}"], "tags+": "${tag_swift}"}, auth="alice",
              note="plain key first, then the modifier"),
        patch("update/number-add", p1, {"views+": 5}, auth="alice", expect=ok(views=15)),
        patch("update/number-subtract", p1, {"views-": 2}, auth="alice", expect=ok(views=13)),
        patch("update/null-required", p1, {"title": None}, auth="alice",
              expect=error(400, "Failed to update record.", data__title__code="validation_required")),
        patch("update/null-optional", p1, {"published": None}, auth="alice", expect=ok(published="")),
        patch("update/empty-object", p1, {}, auth="alice", pause=0.01),
        patch("update/new-id", p1, {"id": "newidnewid12345"}, auth="alice",
              expect=error(400, data__id__code="validation_pk_change")),
        patch("update/same-id", p1, {"id": "${p1}"}, auth="alice"),
        patch("update/other-users-post", p1, {"title": "hijack"}, auth="bob", expect=error(404)),
        patch("update/guest", p1, {"title": "hijack"}, expect=error(404)),
        patch("update/missing-record", f"{POSTS}/aaaaaaaaaaaaaaa", {"title": "x"}, auth="su", expect=error(404)),
        patch("update/with-expand", p1, {"views+": 1}, auth="alice", query={"expand": "tags,author",
                                                                            "fields": "views,expand.tags.name"}),
        patch("update/locked-rule", f"{TAGS}/${{tag_go}}", {"name": "golang"}, auth="alice",
              expect=error(403, "Only superusers can perform this action.")),
        patch("update/superuser-bypasses", f"{TAGS}/${{tag_web}}", {"name": "www"}, auth="su", expect=ok(name="www")),
        Case("update/multipart-append", "PATCH", p1, auth="alice", form=[("tags+", "${tag_unused}"), ("views-", "1")]),
        Case("update/replace-file", "PATCH", f"{POSTS}/${{p_file}}", auth="alice",
             files=[("cover", "second.txt", "text/plain", b"second\n")], capture={"p_file_cover2": "cover"}),
        patch("update/remove-file", f"{POSTS}/${{p_png}}", {"cover": None}, auth="alice", expect=ok(cover="")),
        patch("update/user-sets-verified", f"{USERS}/${{bob_id}}", {"verified": True}, auth="bob",
              expect=error(400)),
        patch("update/user-changes-name", f"{USERS}/${{bob_id}}", {"name": "Robert"}, auth="bob",
              expect=ok(name="Robert")),
        patch("update/password-needs-old", f"{USERS}/${{bob_id}}",
              {"password": "bob-password-2", "passwordConfirm": "bob-password-2"}, auth="bob",
              expect=error(400, data__oldPassword__code="validation_required")),
    ]


def file_cases() -> list[Case]:
    return [
        get("files/text", "/api/files/posts/${p_file}/${p_file_cover2}",
            expect={"status": 200}),
        get("files/download", "/api/files/posts/${p_file}/${p_file_cover2}", {"download": "1"}),
        get("files/thumb-on-non-image", "/api/files/posts/${p_file}/${p_file_cover2}", {"thumb": "100x100"}),
        get("files/old-name-gone", "/api/files/posts/${p_file}/${p_file_cover}", expect={"status": 404}),
        get("files/missing", "/api/files/posts/${p_file}/nothing.txt", expect={"status": 404}),
        get("files/removed-png", "/api/files/posts/${p_png}/${p_png_cover}", expect={"status": 404}),
        get("files/record-shows-name", f"{POSTS}/${{p_file}}", {"fields": "cover"}, auth="alice"),
    ]


def delete_cases() -> list[Case]:
    return [
        delete("delete/other-users-comment", f"{COMMENTS}/${{c1}}", auth="alice", expect=error(404)),
        delete("delete/guest", f"{POSTS}/${{p1}}", expect=error(404)),
        delete("delete/locked-rule", f"{TAGS}/${{tag_unused}}", auth="alice",
               expect=error(403, "Only superusers can perform this action.")),
        delete("delete/own-comment", f"{COMMENTS}/${{c3}}", auth="alice",
               expect={"status": 204, "contentType": None}),
        get("delete/then-404", f"{COMMENTS}/${{c3}}", expect=error(404)),
        delete("delete/again-404", f"{COMMENTS}/${{c3}}", auth="alice", expect=error(404)),
        delete("delete/tag-prunes-references", f"{TAGS}/${{tag_go}}", auth="su", expect={"status": 204}),
        get("delete/pruned-relations", POSTS, {"fields": "title,tags", "sort": "@rowid"}, auth="su"),
        delete("delete/post-cascades", f"{POSTS}/${{p1}}", auth="alice", expect={"status": 204}),
        get("delete/cascaded-comments", COMMENTS, {"filter": 'post = "${p1}"'}, expect=ok(totalItems=0)),
        get("delete/remaining-comments", COMMENTS, {"fields": "text"}),
        delete("delete/user-unreferenced", f"{USERS}/${{carol_id}}", auth="su", expect={"status": 204}),
        delete("delete/user-referenced", f"{USERS}/${{dave_id}}", auth="su", expect={"status": 204}),
        get("delete/reference-pruned", f"{POSTS}/${{p_dave}}", {"fields": "title,author"}, auth="su",
            expect=ok(author="")),
        delete("delete/user-self", f"{USERS}/${{bob_id}}", auth="alice", expect=error(404)),
    ]


# -- §12: batch ----------------------------------------------------------------------------------------------

def batch_cases() -> list[Case]:
    one = {"requests": [{"method": "POST", "url": "/api/collections/posts/records",
                         "body": {"title": "batched", "author": "${alice_id}"}}]}
    return [
        post("batch/disabled", "/api/batch", one, auth="alice",
             expect=error(403, "Batch requests are not allowed.")),
        patch("batch/enable-as-user", "/api/settings", {"batch": {"enabled": True}}, auth="alice",
              group="admin", expect=error(403, "The authorized record is not allowed to perform this action.")),
        patch("batch/enable", "/api/settings", {"batch": {"enabled": True, "maxRequests": 3}}, auth="su",
              query={"fields": "batch"}, group="admin", expect=ok(batch__enabled=True)),
        post("batch/success", "/api/batch", {"requests": [
            {"method": "POST", "url": "/api/collections/posts/records",
             "body": {"id": "batchpost000001", "title": "batch one", "author": "${alice_id}", "views": 1}},
            {"method": "PATCH", "url": "/api/collections/posts/records/batchpost000001?fields=id,views",
             "body": {"views+": 10}},
            {"method": "DELETE", "url": "/api/collections/posts/records/${p2}"},
        ]}, auth="alice", expect=ok()),
        get("batch/after-success", POSTS, {"fields": "title,views", "sort": "@rowid"}, auth="alice"),
        post("batch/rollback", "/api/batch", {"requests": [
            {"method": "POST", "url": "/api/collections/posts/records",
             "body": {"title": "rolled back", "author": "${alice_id}"}},
            {"method": "POST", "url": "/api/collections/posts/records", "body": {"views": 1}},
        ]}, auth="alice", expect=error(400, "Batch transaction failed.",
                                       data__requests__1__code="batch_request_failed")),
        get("batch/after-rollback", POSTS, {"filter": 'title = "rolled back"'}, auth="su", expect=ok(totalItems=0)),
        post("batch/empty", "/api/batch", {"requests": []}, auth="alice",
             expect=error(400, "Invalid batch request data.", data__requests__code="validation_required")),
        post("batch/too-many", "/api/batch", {"requests": [
            {"method": "DELETE", "url": "/api/collections/posts/records/aaaaaaaaaaaaaaa"}] * 4}, auth="alice",
             expect=error(400, "Invalid batch request data.", data__requests__code="validation_length_too_long")),
        post("batch/get-inside", "/api/batch", {"requests": [
            {"method": "GET", "url": "/api/collections/posts/records"}]}, auth="alice", expect=error(400)),
        post("batch/upsert-put", "/api/batch", {"requests": [
            {"method": "PUT", "url": "/api/collections/posts/records",
             "body": {"id": "batchpost000001", "title": "upserted", "author": "${alice_id}"}},
            {"method": "PUT", "url": "/api/collections/posts/records?fields=id,title",
             "body": {"id": "batchpost000002", "title": "upsert new", "author": "${alice_id}"}},
        ]}, auth="alice", expect=ok()),
        post("batch/guest-rule", "/api/batch", one, expect=error(400, "Batch transaction failed.")),
        post("batch/expand-in-url", "/api/batch", {"requests": [
            {"method": "PATCH", "url": "/api/collections/posts/records/${p3}?expand=author&fields=id,expand.author.name",
             "body": {"views+": 1}}]}, auth="bob", expect=ok()),
        Case("batch/multipart-file", "POST", "/api/batch", auth="alice",
             form=[("@jsonPayload", '{"requests": [{"method": "POST", "url": "/api/collections/posts/records", '
                                    '"body": {"title": "batch file", "author": "${alice_id}"}}]}')],
             files=[("requests.0.cover", "batch.txt", "text/plain", b"batch\n")]),
        post("batch/not-json", "/api/batch", raw="nope", auth="alice",
             expect=error(400, "Failed to read the submitted batch data.")),
    ]


# -- §11: auth ----------------------------------------------------------------------------------------------

A = "/api/collections/users/"


def auth_cases() -> list[Case]:
    return [
        get("auth/methods", A + "auth-methods", expect=ok(password__enabled=True, otp__enabled=False,
                                                          otp__duration=0, mfa__duration=0)),
        get("auth/methods-sdk-fields", A + "auth-methods", {"fields": "mfa,otp,password,oauth2"}),
        get("auth/methods-superusers", "/api/collections/_superusers/auth-methods"),
        get("auth/methods-base-collection", "/api/collections/posts/auth-methods", expect=error(404)),
        post("auth/password-empty", A + "auth-with-password", {},
             expect=error(400, "An error occurred while validating the submitted data.",
                          data__identity__code="validation_required")),
        post("auth/password-wrong", A + "auth-with-password", {"identity": "alice@example.com", "password": "nope-nope"},
             expect=error(400, "Failed to authenticate.")),
        post("auth/password-unknown-user", A + "auth-with-password",
             {"identity": "zed@example.com", "password": "nope-nope"}, expect=error(400, "Failed to authenticate.")),
        post("auth/password-ok", A + "auth-with-password", {"identity": "bob@example.com", "password": "bob-password"},
             expect=ok(record__email="bob@example.com")),
        post("auth/password-expand-fields", A + "auth-with-password",
             {"identity": "alice@example.com", "password": "alice-password"}, query={"fields": "record.name"}),
        post("auth/password-identity-field", A + "auth-with-password",
             {"identity": "alice@example.com", "password": "alice-password", "identityField": "email"}),
        post("auth/password-identity-field-bad", A + "auth-with-password",
             {"identity": "Alice", "password": "alice-password", "identityField": "name"},
             expect=error(400, data__identityField__code="validation_in_invalid")),
        post("auth/refresh", A + "auth-refresh", auth="alice", expect=ok(record__name="Alice")),
        post("auth/refresh-no-token", A + "auth-refresh",
             expect=error(401, "The request requires valid record authorization token.")),
        post("auth/refresh-bad-token", A + "auth-refresh", headers={"Authorization": "Bearer x.y.z"}, expect=error(401)),
        post("auth/refresh-other-collection", A + "auth-refresh", auth="su",
             expect=error(403, "The request requires auth record from _superusers collection.")),
        post("auth/refresh-superuser", "/api/collections/_superusers/auth-refresh", auth="su"),
        post("auth/refresh-user-token-on-superusers", "/api/collections/_superusers/auth-refresh", auth="alice",
             expect=error(403)),
        post("auth/otp-disabled", A + "request-otp", {"email": "alice@example.com"},
             expect=error(403, "The collection is not configured to allow OTP authentication.")),
        patch("auth/enable-otp", "/api/collections/users", {"otp": {"enabled": True}}, auth="su",
              query={"fields": "otp.enabled,otp.duration,otp.length"}, group="admin"),
        get("auth/methods-with-otp", A + "auth-methods", expect=ok(otp__enabled=True, otp__duration=180)),
        post("auth/request-otp", A + "request-otp", {"email": "alice@example.com"}, capture={"otp_alice": "otpId"},
             expect=ok(otpId=lambda v: isinstance(v, str) and len(v) == 15)),
        post("auth/request-otp-unknown-email", A + "request-otp", {"email": "zed@example.com"},
             expect=ok(otpId=lambda v: isinstance(v, str) and len(v) == 15)),
        post("auth/request-otp-bad-email", A + "request-otp", {"email": "nope"},
             expect=error(400, data__email__code="validation_is_email")),
        post("auth/otp-wrong-code", A + "auth-with-otp", {"otpId": "${otp_alice}", "password": "00000000"},
             expect=error(400, "Invalid or expired OTP.")),
        post("auth/otp-empty", A + "auth-with-otp", {}, expect=error(400)),
        post("auth/request-verification", A + "request-verification", {"email": "bob@example.com"},
             expect={"status": 204}),
        post("auth/request-verification-verified", A + "request-verification", {"email": "alice@example.com"},
             expect={"status": 204}),
        post("auth/request-verification-unknown", A + "request-verification", {"email": "zed@example.com"},
             expect={"status": 204}),
        post("auth/request-verification-bad-email", A + "request-verification", {"email": "nope"},
             expect=error(400, data__email__code="validation_is_email")),
        post("auth/confirm-verification-bad-token", A + "confirm-verification", {"token": "nope"},
             expect=error(400, data__token__code="validation_invalid_token_claims")),
        post("auth/confirm-verification-forged-token", A + "confirm-verification",
             {"token": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJlbWFpbCI6ImJvYkBleGFtcGxlLmNvbSJ9.c2lnbmF0dXJl"},
             expect=error(400, data__token__code="validation_invalid_token")),
        post("auth/request-password-reset", A + "request-password-reset", {"email": "alice@example.com"},
             expect={"status": 204}),
        post("auth/request-password-reset-unknown", A + "request-password-reset", {"email": "zed@example.com"},
             expect={"status": 204}),
        post("auth/request-password-reset-bad-email", A + "request-password-reset", {"email": ""},
             expect=error(400)),
        post("auth/confirm-password-reset-bad-token", A + "confirm-password-reset",
             {"token": "nope", "password": "new-password", "passwordConfirm": "new-password"},
             expect=error(400, data__token__code="validation_invalid_token")),
        post("auth/request-email-change-guest", A + "request-email-change", {"newEmail": "new@example.com"},
             expect=error(401)),
        post("auth/request-email-change-taken", A + "request-email-change", {"newEmail": "bob@example.com"},
             auth="alice", expect=error(400, data__newEmail__code="validation_invalid_new_email")),
        post("auth/request-email-change", A + "request-email-change", {"newEmail": "alice2@example.com"},
             auth="alice", expect=error(400, "Failed to request email change."),
             note="no mail transport in a fresh server: the send fails"),
        post("auth/request-email-change-bad", A + "request-email-change", {"newEmail": "nope"},
             auth="alice", expect=error(400)),
        post("auth/confirm-email-change-bad-token", A + "confirm-email-change",
             {"token": "nope", "password": "alice-password"},
             expect=error(400, data__token__code="validation_invalid_token_payload")),
        post("auth/impersonate", A + "impersonate/${alice_id}", {}, auth="su",
             capture={"alice_imp": "token"}, expect=ok(record__email="alice@example.com")),
        post("auth/impersonate-duration", A + "impersonate/${bob_id}", {"duration": 60}, auth="su"),
        post("auth/impersonate-as-user", A + "impersonate/${bob_id}", {}, auth="alice", expect=error(403)),
        post("auth/impersonate-unknown", A + "impersonate/aaaaaaaaaaaaaaa", {}, auth="su", expect=error(404)),
        post("auth/refresh-impersonated", A + "auth-refresh", auth="alice_imp",
             note="a non-refreshable token comes back unchanged",
             same_as={"tokenUnchanged": ("token", "alice_imp")},
             expect=ok(**{"sameAs.tokenUnchanged": True})),
        get("auth/impersonated-token-works", f"{POSTS}/${{p_client}}", {"fields": "title"}, auth="alice_imp",
            expect=ok(title="Client id")),
        post("auth/oauth2-no-providers", A + "auth-with-oauth2",
             {"provider": "google", "code": "x", "codeVerifier": "y", "redirectURL": "http://localhost/cb"},
             expect=error(403, "The collection is not configured to allow OAuth2 authentication.")),
        post("auth/superuser-wrong-password", "/api/collections/_superusers/auth-with-password",
             {"identity": "${su_email}", "password": "wrong-password"}, expect=error(400, "Failed to authenticate.")),
    ]


# -- joins into a collection with a locked list rule (last, so nothing before changes) -------------

def join_rule_cases() -> list[Case]:
    notes = "/api/collections/notes/records"
    shelves = "/api/collections/shelves/records"
    fields = {"fields": "title"}
    by_title = {"sort": "title", **fields}
    return [
        post("joins/create-vault", "/api/collections", {
            "name": "vault", "type": "base", "listRule": None, "viewRule": "",
            "fields": [{"name": "name", "type": "text"}],
        }, auth="su", query=COLLECTION_FIELDS, capture={"vault_cid": "id"}),
        post("joins/create-notes", "/api/collections", {
            "name": "notes", "type": "base", "listRule": "", "viewRule": "",
            "fields": [{"name": "title", "type": "text"},
                       {"name": "ref", "type": "relation", "collectionId": "${vault_cid}", "maxSelect": 1}],
        }, auth="su", query=COLLECTION_FIELDS),
        post("joins/vault-record", "/api/collections/vault/records", {"name": "x"}, auth="su",
             capture={"vault1": "id"}),
        post("joins/note-with-ref", notes, {"title": "a", "ref": "${vault1}"}, auth="su"),
        post("joins/note-without-ref", notes, {"title": "b"}, auth="su"),
        get("joins/filter-through-locked-list-rule", notes, {"filter": 'ref.name = "x"', **fields}, expect=BAD,
            note="a join into a collection whose list rule is locked fails the request"),
        get("joins/negated-filter-through-locked-list-rule", notes, {"filter": 'ref.name != "y"', **fields},
            expect=BAD),
        get("joins/sort-through-locked-list-rule", notes, {"sort": "ref.name", **fields}, expect=BAD),
        get("joins/superuser-through-locked-list-rule", notes, {"filter": 'ref.name = "x"', **fields}, auth="su",
            expect=ok(totalItems=1)),
        patch("joins/open-list-lock-view", "/api/collections/vault", {"listRule": "", "viewRule": None}, auth="su",
              query=COLLECTION_FIELDS),
        get("joins/filter-needs-list-not-view", notes, {"filter": 'ref.name = "x"', **fields},
            expect=ok(totalItems=1), note="joins follow the list rule; a locked view rule does not matter"),
        get("joins/sort-needs-list-not-view", notes, {"sort": "-ref.name", **fields}, expect=ok(totalItems=2)),
        # A multi relation into a collection whose list rule lets some records through.
        patch("joins/guard-list-rule", "/api/collections/vault", {"listRule": 'name != "hidden"'}, auth="su",
              query=COLLECTION_FIELDS),
        post("joins/vault-y", "/api/collections/vault/records", {"name": "y"}, auth="su", capture={"vault2": "id"}),
        post("joins/vault-hidden", "/api/collections/vault/records", {"name": "hidden"}, auth="su",
             capture={"vault3": "id"}),
        post("joins/create-shelves", "/api/collections", {
            "name": "shelves", "type": "base", "listRule": "", "viewRule": "",
            "fields": [{"name": "title", "type": "text"},
                       {"name": "refs", "type": "relation", "collectionId": "${vault_cid}", "maxSelect": 5},
                       {"name": "labels", "type": "select", "values": ["a", "b", "c"], "maxSelect": 3}],
        }, auth="su", query=COLLECTION_FIELDS),
        post("joins/shelf-x-hidden", shelves, {"title": "s1", "refs": ["${vault1}", "${vault3}"], "labels": ["a", "b"]},
             auth="su"),
        post("joins/shelf-y", shelves, {"title": "s2", "refs": ["${vault2}"], "labels": ["a"]}, auth="su"),
        post("joins/shelf-hidden", shelves, {"title": "s3", "refs": ["${vault3}"]}, auth="su"),
        post("joins/shelf-empty", shelves, {"title": "s4"}, auth="su"),
        post("joins/shelf-y-x", shelves, {"title": "s5", "refs": ["${vault2}", "${vault1}"]}, auth="su"),
        get("joins/multi-filter-any-through-guarded-rule", shelves, {"filter": 'refs.name ?= "x"', **by_title},
            expect=ok(totalItems=2)),
        get("joins/multi-filter-hidden-through-guarded-rule", shelves, {"filter": 'refs.name ?= "hidden"', **by_title},
            note="the joined records the list rule hides never match"),
        get("joins/multi-filter-all-through-guarded-rule", shelves, {"filter": 'refs.name != "y"', **by_title}),
        get("joins/multi-filter-all-hidden-through-guarded-rule", shelves, {"filter": 'refs.name != "hidden"', **by_title},
            note="the every-record test of a multi relation looks past the list rule"),
        get("joins/multi-filter-two-any-one-row", shelves, {"filter": 'refs.name ?= "x" && refs.name ?= "y"', **by_title},
            auth="su", note="conditions on one relation path test the same joined record"),
        get("joins/multi-filter-either-any", shelves, {"filter": 'refs.name ?= "x" || refs.name ?= "y"', **by_title},
            auth="su"),
        get("joins/multi-filter-any-not-equal", shelves, {"filter": 'refs.name ?!= "x"', **by_title}, auth="su",
            note="?!= asks for some joined record (or none at all) that is not \"x\""),
        get("joins/multi-filter-any-not-equal-and-equal", shelves,
            {"filter": 'refs.name ?!= "x" && refs.name ?= "x"', **by_title}, auth="su"),
        get("joins/multi-filter-rule-and-filter-share-a-row", shelves,
            {"filter": 'refs.name ?= "x" && refs.name ?= "hidden"', **by_title}),
        get("joins/each-two-any-one-element", shelves, {"filter": 'labels:each ?= "a" && labels:each ?= "b"', **by_title},
            auth="su"),
        get("joins/each-any-not-equal", shelves, {"filter": 'labels:each ?!= "a"', **by_title}, auth="su"),
        get("joins/each-all-and-any", shelves, {"filter": 'labels:each != "b" && labels:each ?= "a"', **by_title},
            auth="su"),
        get("joins/each-through-relation", shelves, {"filter": 'refs.name ?= "x" && labels:each ?= "b"', **by_title}),
        get("joins/multi-sort-through-guarded-rule", shelves, {"sort": "refs.name", **fields}),
        get("joins/multi-sort-desc-through-guarded-rule", shelves, {"sort": "-refs.name,title", **fields}),
        get("joins/multi-sort-superuser", shelves, {"sort": "-refs.name,title", **fields}, auth="su"),
        get("joins/multi-sort-with-filter-on-path", shelves,
            {"filter": 'refs.name ?= "y"', "sort": "refs.name,title", **fields}, auth="su"),
        get("joins/multi-sort-desc-with-filter-on-path", shelves,
            {"filter": 'refs.name ?= "x"', "sort": "-refs.name,title", **fields}, auth="su",
            note="the sort reads the joined row the filter kept: x, not the first related y"),
        get("joins/back-relation-two-any-one-row", POSTS,
            {"filter": 'comments_via_post.text ?= "Nice post" && comments_via_post.text ?= "Thanks Bob"', **by_title},
            auth="su", note="one comment cannot carry both texts"),
        get("joins/back-relation-either", POSTS,
            {"filter": 'comments_via_post.text ?= "Nice post" || comments_via_post.text ?= "Go is great"', **by_title},
            auth="su"),
        get("joins/nested-two-any-one-row", POSTS,
            {"filter": 'comments_via_post.user.name ?= "Bob" && comments_via_post.text ?= "Thanks Bob"', **by_title},
            auth="su", note="Bob wrote \"Nice post\", not \"Thanks Bob\": no single comment passes both"),
        get("joins/collection-two-any-one-row", POSTS,
            {"filter": '@collection.tags.name ?= "swift" && @collection.tags.name ?= "go"', **by_title}, auth="su"),
        get("joins/tags-two-any-one-row", POSTS, {"filter": 'tags.name ?= "swift" && tags.name ?= "go"', **by_title},
            auth="su"),
        get("joins/multi-sort-with-filter-on-path-as-guest", shelves,
            {"filter": 'refs.name ?= "x"', "sort": "-refs.name,title", **fields}),
    ]


# -- filter corners: cross-type fields, @collection operands, negated any-operators ----------------

def corner_cases() -> list[Case]:
    shelves = "/api/collections/shelves/records"
    by_title = {"sort": "title", "fields": "title"}

    def c(name: str, expr: str, auth: str | None = "su", collection: str = POSTS, **kw: Any) -> Case:
        query = {"filter": expr, "fields": "id,title"} if collection == POSTS else (
            {"filter": expr, "fields": "name"} if collection == USERS else {"filter": expr, **by_title})
        kw.setdefault("compare", "unordered")
        return get(f"corners/{name}", collection, query, auth=auth, **kw)

    cross_types = [
        c("number-eq-select", "views = status"),
        c("select-eq-number", "status = views"),
        c("number-neq-text", "views != title"),
        c("number-gt-text", "views > title"),
        c("text-lt-number", "title < views"),
        c("number-eq-date", "views = published"),
        c("date-gt-number", "published > views"),
        c("number-eq-relation", "views = author"),
        c("number-eq-length", "views = tags:length"),
        c("length-lt-number", "tags:length < views"),
        c("number-eq-bool-through-relation", "views = author.verified"),
        c("bool-through-relation-neq-number", "author.verified != views"),
        c("number-lt-bool-through-relation", "views < author.verified"),
        c("bool-eq-text", "verified = name", collection=USERS),
        c("bool-eq-bool", "verified = emailVisibility", collection=USERS),
        c("bool-neq-bool", "verified != emailVisibility", collection=USERS),
        c("bool-gt-bool", "emailVisibility > verified", collection=USERS),
        c("date-gte-autodate", "published >= created"),
        c("date-neq-autodate", "published != created"),
        c("autodate-gt-date", "created > published"),
        c("date-lt-related-autodate", "published < author.created"),
        c("autodate-eq-related-autodate", "created = author.created"),
        c("text-eq-date", "title = published"),
        c("text-like-number", "title ~ views"),
    ]
    collection_operands = [
        c("collection-right-eq", "title = @collection.tags.name"),
        c("collection-right-any", "title ?= @collection.tags.name"),
        c("collection-left-any-field", "@collection.tags.name ?= status"),
        c("collection-left-eq-field", "@collection.tags.name = status"),
        c("collection-any-id", "@collection.comments.post ?= id"),
        c("id-any-collection", "id ?= @collection.comments.post"),
        c("collection-all-id", "@collection.comments.post = id"),
        c("collection-any-neq-id", "@collection.comments.post ?!= id"),
        c("collection-neq-id", "@collection.comments.post != id"),
        c("collection-vs-relation-path", "@collection.users.name ?= author.name"),
        c("relation-any-collection", "author ?= @collection.comments.user"),
        c("collection-alias", '@collection.tags:t.name ?= "go" && @collection.tags:t.name ?= "swift"'),
        c("collection-two-aliases", '@collection.tags:a.name ?= "go" && @collection.tags:b.name ?= "swift"'),
        c("collection-like-any", '@collection.tags.name ?~ "o"'),
        c("collection-gt-field", "@collection.tags.created > created"),
        c("collection-right-as-user", "title = @collection.tags.name", auth="alice",
          expect=error(403, "Only superusers can filter by @collection.")),
        c("collection-right-any-as-guest", "title ?= @collection.tags.name", auth=None, expect=error(403)),
        c("collection-left-as-guest", '@collection.tags.name ?= "go"', auth=None, expect=error(403)),
        c("collection-in-or-as-user", 'views > 0 || @collection.tags.name ?= "go"', auth="bob", expect=error(403)),
        c("collection-unknown", '@collection.nope.name ?= "go"', expect=error(400)),
        c("collection-unknown-field", '@collection.tags.nope ?= "go"', expect=error(400)),
    ]
    negated_any = [
        c("multi-any-neq", 'tags.name ?!= "go"'),
        c("multi-any-not-like", 'tags.name ?!~ "o"'),
        c("multi-not-like", 'tags.name !~ "o"'),
        c("multi-any-not-like-missing", 'tags.name ?!~ "zzz"'),
        c("single-any-neq", 'author.name ?!= "Alice"'),
        c("single-any-neq-as-alice", 'author.name ?!= "Alice"', auth="alice"),
        c("single-any-neq-as-guest", 'author.name ?!= "Alice"', auth=None),
        c("single-any-not-like", 'author.name ?!~ "ali"'),
        c("single-any-not-like-as-alice", 'author.name ?!~ "ali"', auth="alice"),
        c("single-any-not-like-as-guest", 'author.name ?!~ "ali"', auth=None),
        c("single-not-like", 'author.name !~ "ali"'),
        c("single-not-like-as-alice", 'author.name !~ "ali"', auth="alice"),
        c("single-not-like-as-guest", 'author.name !~ "ali"', auth=None),
        c("back-any-not-like", 'comments_via_post.text ?!~ "nice"'),
        c("back-not-like", 'comments_via_post.text !~ "nice"'),
        c("back-any-neq-as-guest", 'comments_via_post.user.name ?!= "Bob"', auth=None),
        c("guarded-any-neq", 'refs.name ?!= "hidden"', auth=None, collection=shelves),
        c("guarded-any-neq-superuser", 'refs.name ?!= "hidden"', collection=shelves),
        c("guarded-any-not-like", 'refs.name ?!~ "hid"', auth=None, collection=shelves),
        c("guarded-any-not-like-superuser", 'refs.name ?!~ "hid"', collection=shelves),
        c("guarded-not-like", 'refs.name !~ "x"', auth=None, collection=shelves),
        c("guarded-not-like-superuser", 'refs.name !~ "x"', collection=shelves),
        c("guarded-not-like-hidden", 'refs.name !~ "hid"', auth=None, collection=shelves),
        c("each-any-not-like", 'labels:each ?!~ "a"', collection=shelves),
    ]
    with_tags = [
        post("corners/tag-named-like-a-post", TAGS, {"name": "Go tips"}, auth="su"),
        post("corners/tag-numeric-name", TAGS, {"name": "25"}, auth="su"),
        get("corners/tags-now", TAGS, {"fields": "name", "sort": "name"}, auth="su"),
        c("collection-right-any-with-tags", "title ?= @collection.tags.name"),
        c("collection-right-eq-with-tags", "title = @collection.tags.name"),
        c("collection-right-any-neq-with-tags", "title ?!= @collection.tags.name"),
        c("collection-number-eq-text-with-tags", "views ?= @collection.tags.name",
          note="COALESCE(views,'') = COALESCE(name,''): no affinity, 25 is not '25'"),
        c("collection-number-ge-text-with-tags", "views ?>= @collection.tags.name",
          note="bare columns: NUMERIC views turns the TEXT '25' into 25"),
        c("collection-alias-with-tags", '@collection.tags:t.name ?= "Go tips" && @collection.tags:t.name ?= "25"'),
        c("collection-two-aliases-with-tags",
          '@collection.tags:a.name ?= "Go tips" && @collection.tags:b.name ?= "25"'),
        c("collection-alias-vs-title", 'title ?= @collection.tags:x.name && @collection.tags:x.name ?~ "tips"'),
        c("collection-left-like-title", "@collection.tags.name ?~ title"),
    ]
    return cross_types + collection_operands + negated_any + with_tags


CASES: list[Case] = (
    setup_cases() + seed_cases() + endpoint_cases() + list_cases() + filter_cases() + sort_cases()
    + expand_cases() + fields_cases() + create_cases() + update_cases() + file_cases() + delete_cases()
    + batch_cases() + auth_cases() + join_rule_cases() + corner_cases()
)


def validate() -> None:
    """Names must be unique (the reference recording is keyed by them)."""
    seen: set[str] = set()
    for case in CASES:
        if case.name in seen:
            raise ValueError(f"duplicate case name {case.name!r}")
        seen.add(case.name)
