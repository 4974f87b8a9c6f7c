#!/usr/bin/env python3
"""A real client against a PocketBase 0.40 server: the PyPI `pocketbase` SDK runs a blog flow.

    python3 sdk_flow.py URL                    # every step, in order
    python3 sdk_flow.py URL --steps a,b,c      # only these steps (in flow order; the ones they need must be listed too)
    python3 sdk_flow.py URL --until STEP       # every step up to and including STEP
    python3 sdk_flow.py --list                 # the step names

The server must be fresh (no `tags`/`posts` collections yet) and have the superuser
admin@example.com / admin-password-123 (override with --superuser EMAIL:PASSWORD).
Everything goes through the SDK (`pip install pocketbase`): superuser auth, collections
created with `pb.collections.create`, a public sign-up, password auth and refresh, records
created as the user and as the superuser, `get_list` with filter/sort/expand/paging,
`get_one` with expand, `update` with `views+`/`tags+` modifiers, rule checks, `delete`, and
the SDK's `ClientResponseError` for a deleted record (404) and a bad filter (400).

Exit 0 when every step passes, 1 at the first failed step (its name and the reason are
printed), 2 when the server cannot be reached.
"""

from __future__ import annotations

import argparse
import sys
import traceback
import warnings

try:
    from pocketbase import PocketBase
    from pocketbase.errors import ClientResponseError
    from pocketbase.utils import get_token_payload
except ImportError:  # pragma: no cover - reported, not tested
    print("sdk_flow: the `pocketbase` SDK is missing; run `python3 -m pip install pocketbase`", file=sys.stderr)
    sys.exit(3)

warnings.filterwarnings("ignore", category=DeprecationWarning)

SUPERUSER = ("admin@example.com", "admin-password-123")
USER_EMAIL = "sdk-user@example.com"
USER_PASSWORD = "sdk-user-password-1"
PUBLISHED_POPULAR = 'views > 10 && status = "published"'


class Unreachable(Exception):
    pass


def expect_error(status: int, call, what: str) -> ClientResponseError:
    """Runs `call`, which must raise the SDK's ClientResponseError with `status`."""
    try:
        result = call()
    except ClientResponseError as error:
        assert error.status == status, f"{what}: expected HTTP {status}, got {error.status} ({error.data})"
        return error
    raise AssertionError(f"{what}: expected ClientResponseError {status}, got a result: {result!r}")


def names(records) -> list[str]:
    return [getattr(r, "name", None) for r in records]


def titles(records) -> list[str]:
    return [getattr(r, "title", None) for r in records]


class Flow:
    """The steps, in order; each one may use what earlier steps stored on `self`."""

    def __init__(self, url: str, superuser: tuple[str, str]):
        self.url = url
        self.superuser = superuser
        self.admin = PocketBase(url)  # signed in as the superuser
        self.user = PocketBase(url)   # signed in as the signed-up user
        self.guest = PocketBase(url)  # never signed in
        self.tags: dict[str, str] = {}
        self.posts: dict[str, str] = {}

    # -- steps -----------------------------------------------------------------------------------

    def step_health(self):
        try:
            health = self.guest.health.check()
        except ClientResponseError as error:
            if error.original_error is not None:
                raise Unreachable(f"{self.url}: {error.original_error}") from error
            raise
        assert health.code == 200, f"health code {health.code}, message {health.message!r}"

    def step_superuser_auth(self):
        email, password = self.superuser
        wrong = expect_error(400, lambda: self.guest.collection("_superusers").auth_with_password(email, "wrong-password"),
                             "superuser auth with a wrong password")
        assert wrong.data.get("message") == "Failed to authenticate.", f"wrong-password message: {wrong.data}"
        auth = self.admin.collection("_superusers").auth_with_password(email, password)
        assert auth.token and auth.token.count(".") == 2, f"superuser token is not a JWT: {auth.token!r}"
        assert auth.record.email == email, f"superuser record email {getattr(auth.record, 'email', None)!r}"
        assert auth.record.collection_name == "_superusers", f"collectionName {auth.record.collection_name!r}"
        assert self.admin.auth_store.token == auth.token, "the SDK's auth store did not keep the superuser token"
        # (The SDK's own auth_store.is_superuser looks for snake_case claims and is always False
        # against PocketBase 0.40, so the claims are checked here.)
        claims = get_token_payload(auth.token)
        assert claims.get("type") == "auth" and claims.get("collectionId") == "pbc_3142635823", \
            f"superuser token claims {claims}"
        assert claims.get("id") == auth.record.id and claims.get("refreshable") is True, f"superuser token claims {claims}"
        assert self.admin.auth_store.is_valid, "the SDK considers the fresh superuser token expired"

    def step_create_collections(self):
        expect_error(401, lambda: self.guest.collections.create({"name": "nope", "type": "base"}),
                     "a guest creating a collection")
        tags = self.admin.collections.create({
            "name": "tags",
            "type": "base",
            "listRule": "",
            "viewRule": "",
            "createRule": "@request.auth.id != ''",
            "fields": [
                {"name": "name", "type": "text", "required": True, "max": 50},
            ],
            "indexes": ["CREATE UNIQUE INDEX idx_tags_name ON tags (name)"],
        })
        assert tags.name == "tags" and tags.type == "base", f"tags collection: {tags.name!r} {tags.type!r}"
        assert tags.id.startswith("pbc_"), f"tags collection id {tags.id!r}"
        assert [f["name"] for f in tags.fields] == ["id", "name"], f"tags fields {[f['name'] for f in tags.fields]}"
        posts = self.admin.collections.create({
            "name": "posts",
            "type": "base",
            "listRule": "",
            "viewRule": "",
            "createRule": "@request.auth.id != ''",
            "updateRule": "author = @request.auth.id",
            "deleteRule": "author = @request.auth.id",
            "fields": [
                {"name": "title", "type": "text", "required": True, "max": 200},
                {"name": "views", "type": "number", "onlyInt": True},
                {"name": "status", "type": "select", "maxSelect": 1, "values": ["draft", "published"]},
                {"name": "tags", "type": "relation", "collectionId": tags.id, "maxSelect": 10},
                {"name": "author", "type": "relation", "collectionId": "_pb_users_auth_", "maxSelect": 1},
                {"name": "created", "type": "autodate", "onCreate": True},
                {"name": "updated", "type": "autodate", "onCreate": True, "onUpdate": True},
            ],
        })
        assert posts.id.startswith("pbc_") and posts.id != tags.id, f"posts collection id {posts.id!r}"
        assert [f["name"] for f in posts.fields] == ["id", "title", "views", "status", "tags", "author", "created", "updated"], \
            f"posts fields {[f['name'] for f in posts.fields]}"
        assert posts.list_rule == "" and posts.update_rule == "author = @request.auth.id", \
            f"posts rules {posts.list_rule!r} {posts.update_rule!r}"
        fetched = self.admin.collections.get_one("posts")
        assert fetched.id == posts.id, f"get_one('posts') gave {fetched.id!r}, created {posts.id!r}"
        listed = self.admin.collections.get_full_list(query_params={"filter": "system = false"})
        assert {"tags", "posts", "users"} <= {c.name for c in listed}, f"collections listed: {[c.name for c in listed]}"
        self.tags_collection, self.posts_collection = tags.id, posts.id

    def step_signup(self):
        expect_error(400, lambda: self.guest.collection("users").create(
            {"email": USER_EMAIL, "password": USER_PASSWORD, "passwordConfirm": "different-password"}),
            "sign-up with a mismatched passwordConfirm")
        user = self.guest.collection("users").create({
            "email": USER_EMAIL,
            "password": USER_PASSWORD,
            "passwordConfirm": USER_PASSWORD,
            "name": "Sdk User",
            "emailVisibility": True,
        })
        assert len(user.id) == 15, f"user id {user.id!r}"
        assert user.email == USER_EMAIL, f"signed-up email {getattr(user, 'email', None)!r}"
        assert user.name == "Sdk User", f"signed-up name {getattr(user, 'name', None)!r}"
        assert user.verified is False, f"a public sign-up is verified: {getattr(user, 'verified', None)!r}"
        assert not hasattr(user, "password"), "the sign-up response leaks the password"
        self.user_id = user.id

    def step_user_auth(self):
        expect_error(400, lambda: self.guest.collection("users").auth_with_password(USER_EMAIL, "not-the-password"),
                     "user auth with a wrong password")
        auth = self.user.collection("users").auth_with_password(USER_EMAIL, USER_PASSWORD)
        assert auth.record.id == self.user_id, f"auth record id {auth.record.id!r}, signed up {self.user_id!r}"
        assert auth.record.collection_name == "users", f"collectionName {auth.record.collection_name!r}"
        assert auth.record.email == USER_EMAIL, f"auth record email {getattr(auth.record, 'email', None)!r}"
        assert self.user.auth_store.is_valid, "the SDK considers the fresh user token expired"
        claims = get_token_payload(auth.token)
        assert claims.get("collectionId") == "_pb_users_auth_" and claims.get("id") == self.user_id, f"user token claims {claims}"
        assert self.user.auth_store.model.id == self.user_id, "the SDK's auth store holds another record"

    def step_auth_refresh(self):
        before = self.user.auth_store.token
        refreshed = self.user.collection("users").auth_refresh()
        assert refreshed.token and refreshed.token.count(".") == 2, f"refreshed token {refreshed.token!r}"
        assert refreshed.record.id == self.user_id, f"refreshed record id {refreshed.record.id!r}"
        assert self.user.auth_store.token == refreshed.token, "the SDK did not store the refreshed token"
        assert self.user.auth_store.is_valid, "the refreshed token is already expired"
        expect_error(401, lambda: self.guest.collection("users").auth_refresh(), "auth-refresh without a token")
        assert before, "there was no token before the refresh"

    def step_create_tags(self):
        expect_error(400, lambda: self.guest.collection("tags").create({"name": "guest"}),
                     "a guest creating a tag (createRule needs auth)")
        for name in ["go", "swift", "python"]:
            tag = self.user.collection("tags").create({"name": name})
            assert tag.name == name and len(tag.id) == 15, f"tag {name}: {tag.id!r} {getattr(tag, 'name', None)!r}"
            assert tag.collection_name == "tags", f"tag collectionName {tag.collection_name!r}"
            self.tags[name] = tag.id
        duplicate = expect_error(400, lambda: self.user.collection("tags").create({"name": "go"}), "a duplicate tag name")
        assert duplicate.data.get("data", {}).get("name", {}).get("code") == "validation_not_unique", \
            f"duplicate tag error: {duplicate.data}"

    def step_create_posts(self):
        missing = expect_error(400, lambda: self.user.collection("posts").create({"views": 1}), "a post without a title")
        assert missing.data.get("data", {}).get("title", {}).get("code") == "validation_required", \
            f"missing-title error: {missing.data}"
        bad_status = expect_error(400, lambda: self.user.collection("posts").create({"title": "x", "status": "archived"}),
                                  "a post with an unknown status")
        assert "status" in bad_status.data.get("data", {}), f"bad-status error: {bad_status.data}"
        t = self.tags
        seeds = [
            ("hello", {"title": "Hello", "views": 5, "status": "published", "tags": [t["go"]]}),
            ("swift", {"title": "Swift tips", "views": 42, "status": "published", "tags": [t["swift"], t["go"]]}),
            ("draft", {"title": "Draft", "views": 100, "status": "draft", "tags": [t["go"]]}),
            ("python", {"title": "Python", "views": 11, "status": "published", "tags": [t["python"]]}),
            ("popular", {"title": "Popular", "views": 20, "status": "published", "tags": []}),
        ]
        for key, body in seeds:
            post = self.user.collection("posts").create({**body, "author": self.user_id})
            assert post.title == body["title"] and post.views == body["views"], f"post {key}: {post.title!r} {post.views!r}"
            assert post.tags == body["tags"], f"post {key} tags {post.tags!r}, sent {body['tags']!r}"
            assert post.author == self.user_id, f"post {key} author {post.author!r}"
            assert post.collection_id == self.posts_collection, f"post {key} collectionId {post.collection_id!r}"
            assert post.created and post.updated, f"post {key} has no created/updated"
            self.posts[key] = post.id
        # The superuser bypasses rules; its post has no author.
        note = self.admin.collection("posts").create({"title": "Admin note", "views": 30, "status": "published"})
        assert note.author == "" and note.tags == [], f"admin note relations {note.author!r} {note.tags!r}"
        self.posts["note"] = note.id
        # Coercion: a numeric string for a number field, a single id for a multi relation.
        coerced = self.user.collection("posts").create(
            {"title": "Coerced", "views": "7", "status": "draft", "tags": t["python"], "author": self.user_id})
        assert coerced.views == 7 and coerced.tags == [t["python"]], f"coerced post {coerced.views!r} {coerced.tags!r}"
        self.posts["coerced"] = coerced.id

    def step_list_filter(self):
        query = {"filter": PUBLISHED_POPULAR, "sort": "-views", "expand": "tags,author"}
        page1 = self.user.collection("posts").get_list(1, 2, dict(query))
        assert (page1.page, page1.per_page, page1.total_items, page1.total_pages) == (1, 2, 4, 2), \
            f"page 1 envelope (page, perPage, totalItems, totalPages) = {(page1.page, page1.per_page, page1.total_items, page1.total_pages)}"
        assert titles(page1.items) == ["Swift tips", "Admin note"], f"page 1 titles {titles(page1.items)}"
        swift, note = page1.items
        assert names(swift.expand.get("tags", [])) == ["swift", "go"], f"expanded tags (stored order): {swift.expand.get('tags')}"
        author = swift.expand.get("author")
        assert author is not None and author.id == self.user_id, f"expanded author {author!r}"
        assert author.email == USER_EMAIL, f"expanded author email {getattr(author, 'email', None)!r}"
        assert "author" not in note.expand and "tags" not in note.expand, f"empty relations must not be expanded: {note.expand}"
        page2 = self.user.collection("posts").get_list(2, 2, dict(query))
        assert page2.page == 2 and page2.total_items == 4, f"page 2 envelope {(page2.page, page2.total_items)}"
        assert titles(page2.items) == ["Popular", "Python"], f"page 2 titles {titles(page2.items)}"
        assert names(page2.items[1].expand.get("tags", [])) == ["python"], f"page 2 python tags {page2.items[1].expand}"
        page3 = self.user.collection("posts").get_list(3, 2, dict(query))
        assert page3.items == [] and page3.total_items == 4, f"page past the end: {titles(page3.items)} {page3.total_items}"
        # A guest may list (listRule "") but cannot see the users collection, so `author` is not expanded.
        guest = self.guest.collection("posts").get_list(1, 10, dict(query))
        assert titles(guest.items) == ["Swift tips", "Admin note", "Popular", "Python"], f"guest titles {titles(guest.items)}"
        assert "author" not in guest.items[0].expand, f"a guest got the author expanded: {guest.items[0].expand}"
        assert names(guest.items[0].expand.get("tags", [])) == ["swift", "go"], f"guest tags expand {guest.items[0].expand}"
        # The SDK's filter() helper fills {:placeholders} client-side.
        by_tag = self.user.collection("posts").get_full_list(query_params={
            "filter": self.user.filter("tags.name ?= {:tag} && views >= {:min}", {"tag": "go", "min": 5}),
            "sort": "views",
        })
        assert titles(by_tag) == ["Hello", "Swift tips", "Draft"], f"tags.name ?= 'go' sorted by views: {titles(by_tag)}"
        first = self.user.collection("posts").get_first_list_item('title ~ "tips"')
        assert first.id == self.posts["swift"], f"get_first_list_item('title ~ \"tips\"') gave {first.title!r}"
        expect_error(404, lambda: self.user.collection("posts").get_first_list_item('title = "nothing"'),
                     "get_first_list_item without a match")

    def step_get_one_expand(self):
        post = self.user.collection("posts").get_one(self.posts["swift"], {"expand": "tags,author"})
        assert post.title == "Swift tips" and post.views == 42, f"get_one: {post.title!r} {post.views!r}"
        assert names(post.expand.get("tags", [])) == ["swift", "go"], f"get_one expanded tags {post.expand.get('tags')}"
        assert post.expand.get("author") is not None and post.expand["author"].name == "Sdk User", \
            f"get_one expanded author {post.expand.get('author')!r}"
        plain = self.user.collection("posts").get_one(self.posts["swift"])
        assert plain.expand == {}, f"get_one without expand has expand {plain.expand}"
        trimmed = self.user.collection("posts").get_one(self.posts["swift"], {"fields": "id,title"})
        assert trimmed.title == "Swift tips" and not hasattr(trimmed, "views"), "fields=id,title still returns views"

    def step_update(self):
        post = self.user.collection("posts").update(self.posts["hello"], {
            "title": "Hello again",
            "views+": 10,
            "tags+": [self.tags["python"]],
        }, {"expand": "tags"})
        assert post.title == "Hello again", f"updated title {post.title!r}"
        assert post.views == 15, f"views+ 10 on 5 gave {post.views!r}"
        assert post.tags == [self.tags["go"], self.tags["python"]], f"tags+ gave {post.tags!r}"
        assert names(post.expand.get("tags", [])) == ["go", "python"], f"update with expand: {post.expand}"
        post = self.user.collection("posts").update(self.posts["hello"], {"tags-": self.tags["go"], "views-": 1})
        assert post.tags == [self.tags["python"]] and post.views == 14, f"tags-/views- gave {post.tags!r} {post.views!r}"
        listed = self.user.collection("posts").get_list(1, 10, {"filter": PUBLISHED_POPULAR, "sort": "-views"})
        assert titles(listed.items) == ["Swift tips", "Admin note", "Popular", "Hello again", "Python"], \
            f"after update, filtered list {titles(listed.items)}"
        invalid = expect_error(400, lambda: self.user.collection("posts").update(self.posts["hello"], {"title": ""}),
                               "clearing a required title")
        assert invalid.data.get("data", {}).get("title", {}).get("code") == "validation_required", f"{invalid.data}"

    def step_rules(self):
        expect_error(404, lambda: self.guest.collection("posts").update(self.posts["swift"], {"title": "guest"}),
                     "a guest updating a post (updateRule)")
        expect_error(404, lambda: self.guest.collection("posts").delete(self.posts["swift"]),
                     "a guest deleting a post (deleteRule)")
        expect_error(404, lambda: self.user.collection("posts").update(self.posts["note"], {"title": "mine"}),
                     "the user updating the superuser's authorless post")
        expect_error(403, lambda: self.user.collection("tags").update(self.tags["go"], {"name": "golang"}),
                     "the user updating a tag (updateRule locked)")
        expect_error(404, lambda: self.guest.collection("users").get_one(self.user_id),
                     "a guest viewing a user (default users viewRule)")
        note = self.admin.collection("posts").update(self.posts["note"], {"views+": 1})
        assert note.views == 31, f"the superuser bypasses the updateRule: views {note.views!r}"

    def step_delete(self):
        assert self.user.collection("posts").delete(self.posts["draft"]) is True, "delete did not return True"
        remaining = self.user.collection("posts").get_full_list(query_params={"sort": "created"})
        assert self.posts["draft"] not in [p.id for p in remaining], "the deleted post is still listed"
        assert len(remaining) == 6, f"{len(remaining)} posts after one delete: {titles(remaining)}"
        assert self.admin.collection("posts").delete(self.posts["note"]) is True, "superuser delete did not return True"

    def step_deleted_404(self):
        error = expect_error(404, lambda: self.user.collection("posts").get_one(self.posts["draft"]),
                             "get_one of a deleted post")
        assert error.data.get("status") == 404, f"404 body: {error.data}"
        assert error.data.get("message") == "The requested resource wasn't found.", f"404 message: {error.data}"
        expect_error(404, lambda: self.user.collection("posts").delete(self.posts["draft"]), "deleting it again")
        expect_error(404, lambda: self.user.collection("nope").get_list(1, 1), "listing an unknown collection")

    def step_bad_filter(self):
        # No spaces in these filters: the SDK (httpx) sends a space as `+`, and each must be
        # rejected for what it is, not for how a `+` was decoded.
        error = expect_error(400, lambda: self.user.collection("posts").get_list(1, 10, {"filter": "views>"}),
                             "an incomplete filter")
        assert error.data.get("status") == 400, f"bad filter body: {error.data}"
        assert error.data.get("message") == "Something went wrong while processing your request.", f"{error.data}"
        expect_error(400, lambda: self.user.collection("posts").get_list(1, 10, {"filter": "(views>1"}),
                     "an unbalanced parenthesis")
        expect_error(400, lambda: self.user.collection("posts").get_list(1, 10, {"filter": "nosuchfield=1"}),
                     "a filter on an unknown field")
        ok = self.user.collection("posts").get_list(1, 10, {"filter": "views>40"})
        assert titles(ok.items) == ["Swift tips"], f"the same request with a valid filter: {titles(ok.items)}"
        expect_error(400, lambda: self.user.collection("posts").get_list(1, 10, {"sort": "nosuchfield"}),
                     "a sort on an unknown field")

    def step_sign_out(self):
        self.user.auth_store.clear()
        assert not self.user.auth_store.token, "auth_store.clear() kept the token"
        expect_error(404, lambda: self.user.collection("posts").update(self.posts["swift"], {"title": "x"}),
                     "updating after sign-out")


STEPS = [name[len("step_"):].replace("_", "-") for name in Flow.__dict__ if name.startswith("step_")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("url", nargs="?", help="the server's base URL, e.g. http://127.0.0.1:8090")
    parser.add_argument("--steps", help="comma-separated step names to run (in flow order)")
    parser.add_argument("--until", help="run every step up to and including this one")
    parser.add_argument("--superuser", default=":".join(SUPERUSER), help="EMAIL:PASSWORD of the superuser")
    parser.add_argument("--list", action="store_true", help="print the step names and exit")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(STEPS))
        return 0
    if not args.url:
        parser.error("the base URL is required")
    selected = STEPS
    if args.steps:
        wanted = [s.strip() for s in args.steps.split(",") if s.strip()]
        unknown = [s for s in wanted if s not in STEPS]
        if unknown:
            parser.error(f"unknown steps {unknown}; --list shows them")
        selected = [s for s in STEPS if s in wanted]
    if args.until:
        if args.until not in STEPS:
            parser.error(f"unknown step {args.until!r}; --list shows them")
        selected = [s for s in selected if STEPS.index(s) <= STEPS.index(args.until)]
    email, _, password = args.superuser.partition(":")
    flow = Flow(args.url.rstrip("/"), (email, password))
    for step in selected:
        try:
            getattr(flow, "step_" + step.replace("-", "_"))()
        except Unreachable as error:
            print(f"sdk_flow: server unreachable: {error}", file=sys.stderr)
            return 2
        except AssertionError as error:
            print(f"FAIL {step}: {error}")
            return 1
        except ClientResponseError as error:
            print(f"FAIL {step}: unexpected ClientResponseError {error.status} from {error.url}: {error.data}")
            if error.original_error is not None:
                print(f"  ({error.original_error})")
            return 1
        except Exception:  # an SDK-side surprise (e.g. a missing attribute) is a failure of the step too
            print(f"FAIL {step}: unexpected exception\n{traceback.format_exc()}")
            return 1
        print(f"ok   {step}", flush=True)
    print(f"{len(selected)} of {len(STEPS)} steps passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
