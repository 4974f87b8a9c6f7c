internal import TreatyDialectKit

extension PocketBasePlugin {
    /// The clauses of `shared/dialects/pocketbase.md` that state a server behaviour, in spec order: the
    /// clause → case map `treaty rules --clauses` shows.
    ///
    /// The catalogue covers every section that states a server behaviour: conventions and
    /// endpoints (§1, §2), errors (§3), lists (§4), API rules (§5), filters (§6), sorts (§7),
    /// expand (§8), field selection (§9), writes and files (§10), the auth flows (§11) and batch
    /// (§12). §13 records SDK documentation mismatches, not server behaviour.
    static let specClauses: [SpecClause] = [
        SpecClause("§1.1", "JSON replies: `Content-Type: application/json` (no charset); 204 replies: no body, no Content-Type"),
        SpecClause(
            "§1.3",
            "record ids are 15 chars `[a-z0-9]`; a client may supply one on create (too short → `validation_min_text_constraint`, taken → `validation_not_unique`)"
        ),
        SpecClause("§1.4", "records carry `collectionId`, `collectionName`, `id` and the non-hidden fields"),
        SpecClause("§1.5", "datetimes are UTC `\"2025-03-04 05:06:07.089Z\"`"),
        SpecClause("§1.6", "empty values: text/date/select/relation/file `\"\"`, number `0`, bool `false`, multi-valued `[]`"),
        SpecClause("§1.7", "auth records hide `password`/`tokenKey`"),
        SpecClause("§1.8", "client `created`/`updated` values are ignored"),
        SpecClause("§2.1", "`GET /api/health` → `{\"message\":\"API is healthy.\",\"code\":200,\"data\":{}}` (`code`, not `status`)"),
        SpecClause("§2.2", "`GET R` lists records"),
        SpecClause("§2.3", "`GET R/{id}` views a record"),
        SpecClause("§2.4", "`POST R` creates → 200 + record"),
        SpecClause("§2.5", "`PATCH R/{id}` → 200 + full record"),
        SpecClause("§2.6", "`DELETE R/{id}` → 204"),
        SpecClause("§2.7", "`expand`/`fields` also apply to view (…) replies"),
        SpecClause("§3.1", "errors are always `{status, message, data}`; `data` is `{}` unless fields fail"),
        SpecClause("§3.2", "404 `The requested resource wasn't found.`"),
        SpecClause("§3.3", "400 `Something went wrong while processing your request.` for a bad filter or sort"),
        SpecClause("§3.4", "400 `Failed to create record.` for validation, with `data.<field>` `{code, message}`"),
        SpecClause("§4.1", "a list is `{page, perPage, totalItems, totalPages, items}`"),
        SpecClause("§4.2", "`page` N of `perPage` M skips (N-1)·M items; the totals count the filtered records"),
        SpecClause("§4.3", "defaults `page=1`, `perPage=30`; `perPage>1000` → 1000, `perPage<=0` → 30, `page<=0` → 1"),
        SpecClause("§4.4", "past the end → `items: []`, totals kept; no match → `totalItems: 0, totalPages: 0`"),
        SpecClause("§4.5", "`skipTotal=1` → `totalItems` and `totalPages` are `-1`"),
        SpecClause("§4.6", "no `sort` → insertion (rowid) order"),
        SpecClause("§5.1", "a `null` (locked) rule → 403 for non-superusers, and nothing is written"),
        SpecClause("§5.2", "a `\"\"` rule lets anyone, guests included, perform the action"),
        SpecClause("§5.3", "an unmet list rule filters the rows silently (200), and the totals count only the visible rows"),
        SpecClause("§5.4", "view, update or delete of a row the rule hides → 404, and nothing changes"),
        SpecClause("§5.5", "an unmet createRule → 400 `Failed to create record.` with `data: {}`, and nothing is created"),
        SpecClause("§5.6", "superusers bypass rules"),
        SpecClause("§5.7", "guests have `@request.auth.id == \"\"`: `author = @request.auth.id` is true for a guest on rows with an empty `author`"),
        SpecClause("§5.8", "the token goes in `Authorization`, raw or `Bearer <token>`"),
        SpecClause("§5.9", "a bad token is ignored (the caller is a guest); only routes needing auth answer 401"),
        SpecClause("§6.1", "`filter=` terms `operand OP operand` joined by `&&`/`||`; `=` compares"),
        SpecClause("§6.2", "unknown fields in a filter → 400"),
        SpecClause("§6.3", "`&&` binds tighter than `||`, `( )` group, spaces are optional, `//` starts a line comment"),
        SpecClause("§6.4", "`and`/`or` words and parse errors → 400"),
        SpecClause("§6.5", "`=` is case-sensitive; `!=` excludes"),
        SpecClause(
            "§6.6",
            "`~` is LIKE (case-insensitive), wrapped as `%v%` unless the value has a `%`, where `_` matches one char (without a `%`, `_` is literal); `!~` negates"
        ),
        SpecClause("§6.7", "`>`/`>=`/`<`/`<=` compare numbers as numbers; a number matches `\"5\"`, a bool does not match `\"true\"`"),
        SpecClause(
            "§6.8",
            "`null` = empty for text, date, select, single relation (`x = null` ≡ `x = \"\"`); number/bool `= null` matches nothing"
        ),
        SpecClause(
            "§6.9",
            "dates compare as strings against the stored form: `>= \"2024-06-01\"` works, `=` needs the full `… .000Z`, a `T` literal sorts after the space form, `\"\"` is below every date (`d < @now` matches empty ones)"
        ),
        SpecClause(
            "§6.10",
            "multi-valued paths (`tags.name`): plain operators need ALL related rows, `?`-forms ANY; no related rows acts as one empty value"
        ),
        SpecClause("§6.11", "relation paths (`post.author.name`) compare the related record's field"),
        SpecClause("§6.12", "hidden fields (`tokenKey`, `password`) in a filter → 400 for non-superusers"),
        SpecClause("§6.13", "`@request.*`/`@collection.*` in a client filter → 403 for non-superusers (fine in rules)"),
        SpecClause("§6.14", "modifiers: `:lower` lowers text, `:length` counts a multi-valued field, `:each` applies to every value"),
        SpecClause("§6.15", "back-relations `<collection>_via_<field>` reach the records pointing at this one"),
        SpecClause(
            "§6.16",
            "a bare multi relation is its JSON text `[\"id1\",\"id2\"]`: `tags ?= \"id1\"` matches nothing; `tags ~ \"id1\"` and `tags = \"[]\"` work"
        ),
        SpecClause("§6.17", "joins keep rules: hidden emails never match, even the owner's"),
        SpecClause("§6.18", "literals: `'…'`/`\"…\"` strings (backslash escapes), numbers (`-1`, `12.5`), `true`, `false`, `null`, `@now`"),
        SpecClause("§6.19", "`@collection.users.name = \"x\"` means all rows; `?=` any"),
        SpecClause("§7.1", "`sort=`: `-` descending, `+`/none ascending"),
        SpecClause("§7.2", "an unknown sort field → 400"),
        SpecClause("§7.3", "a comma list (trimmed) sorts by each key in turn"),
        SpecClause(
            "§7.4", "relation paths (`author.name`) sort by the related record's field; multi-relation paths use the first related record"
        ),
        SpecClause("§7.5", "empty values come first ascending"),
        SpecClause("§7.6", "`@rowid` sorts in insertion order; `@random` is accepted"),
        SpecClause("§8.1", "`expand=` embeds related records into `\"expand\"`: single → object, multi → array in stored order"),
        SpecClause("§8.2", "unknown or non-relation names in `expand=` are ignored; with nothing valid left no `expand` key appears"),
        SpecClause("§9.1", "`fields=` keeps only the named keys (of the items, in lists)"),
        SpecClause("§10.1", "unknown keys in a write are ignored"),
        SpecClause("§10.2", "coercions, no errors: number `\"42\"` → 42; text `12345` → `\"12345\"`"),
        SpecClause("§10.3", "`PATCH` is partial"),
        SpecClause("§10.4", "`{}` bumps `updated`"),
        SpecClause("§10.5", "a new `id` in a PATCH → `validation_pk_change`"),
        SpecClause("§10.6", "`null` → the zero value"),
        SpecClause("§10.7", "delete: 204, then 404"),
        SpecClause("§10.8", "`rel+` appends, `rel-` removes, `num+` adds"),
        SpecClause(
            "§11.2",
            "`auth-with-password` `{\"identity\",\"password\"}` → `{\"token\", \"record\"}`; empty body → 400 with `identity`/`password` errors; bad credentials → 400 `Failed to authenticate.`"
        ),
        SpecClause("§11.4", "`auth-refresh`: no/invalid token → 401, other collection's token → 403"),
        SpecClause("§12.3", "a batch is one transaction: any failure rolls everything back (400 `Batch transaction failed.`)"),
        SpecClause("§2.8", "an auth route on a base collection → 404 `Missing or invalid auth collection context.`"),
        SpecClause("§2.9", "`GET /api/files/{c}/{id}/{filename}` → the bytes with their stored type"),
        SpecClause("§8.3", "dot chains (`comments_via_post.user`) expand inside the expanded record's `expand`"),
        SpecClause("§8.4", "a back-relation `<collection>_via_<field>` expands to an array in insertion order"),
        SpecClause("§8.5", "expanded records obey their view rule: forbidden ones are left out; nothing expandable → `\"expand\": {}`"),
        SpecClause("§9.2", "`fields=*` keeps all top-level keys"),
        SpecClause("§9.3", "expanded data must be named (`expand.author.name`, `expand.author.*`), else `expand` vanishes"),
        SpecClause(
            "§9.4",
            "`f:excerpt(max[,ellipsis])`: HTML stripped, whitespace collapsed, cut to `max` chars, trimmed, `...` only if cut and the flag is true"
        ),
        SpecClause("§9.5", "on a list `fields=` applies to the items only: `fields=page` → `items: [{}, …]`"),
        SpecClause("§10.9", "coercions: bool `\"true\"` → true, other strings → false; number `\"abc\"` → 0"),
        SpecClause("§10.10", "coercions: multi relation `\"id\"` → `[\"id\"]`, duplicates dropped; single relation `[a,b]` → `b`"),
        SpecClause("§10.11", "coercions: dates with an offset → UTC; unparsable or numeric → `\"\"`"),
        SpecClause("§10.12", "`+rel` prepends"),
        SpecClause("§10.13", "`rel-` of an absent id is a no-op; `num-` subtracts"),
        SpecClause("§10.14", "a plain key and its modifier in one write: the plain value first"),
        SpecClause("§10.15", "`null` on a required field → `validation_required`"),
        SpecClause("§10.16", "multipart bodies: repeated keys give a multi-valued field its values"),
        SpecClause("§10.17", "multipart bodies: `@jsonPayload` carries the JSON fields"),
        SpecClause("§10.18", "a file is stored as `<sanitized name>_<10 random [a-z0-9]>.<ext>`"),
        SpecClause("§10.19", "`null` on a file field removes the file"),
        SpecClause("§10.20", "a delete prunes references to the record in non-required relations"),
        SpecClause("§10.21", "a delete deletes the records pointing at it through a `cascadeDelete` relation"),
        SpecClause("§10.22", "sign-up needs `password` (≥ 8) and a matching `passwordConfirm` (mismatch → `validation_values_mismatch`)"),
        SpecClause("§10.23", "only superusers set `verified` (else `validation_values_mismatch`)"),
        SpecClause(
            "§11.1",
            "`auth-methods` → `password{enabled,identityFields}`, `oauth2{enabled,providers}`, `mfa{enabled,duration}`, `otp{enabled,duration}` (durations 0 when disabled) + legacy `authProviders`, `usernamePassword`, `emailPassword`"
        ),
        SpecClause(
            "§11.3",
            "tokens are HS256 JWTs with claims `{collectionId, exp, id, refreshable: true, type: \"auth\"}`, lasting 432000 s for users (the collection's `authToken.duration`), 86400 s for `_superusers`"
        ),
        SpecClause("§11.5", "`request-otp` → `{\"otpId\"}` of 15 chars even for unknown emails; OTP disabled → 403"),
        SpecClause("§11.6", "`auth-with-otp` with a bad code → 400 `Invalid or expired OTP.`; OTP disabled → 403"),
        SpecClause("§11.7", "`request-password-reset`/`request-verification` → 204 even for unknown emails; a bad email → 400 `validation_is_email`"),
        SpecClause("§11.8", "`confirm-*` with a bad token → 400 with an error on `data.token`"),
        SpecClause("§11.9", "`request-email-change` needs auth (401)"),
        SpecClause(
            "§11.10",
            "`impersonate/{id}`: superusers only (else 403), unknown id → 404; `{\"duration\"}` → `{token, record}` with `refreshable: false`"
        ),
        SpecClause("§11.11", "`auth-with-oauth2` without providers → 403"),
        SpecClause("§12.1", "batches are off by default: 403 `Batch requests are not allowed.`"),
        SpecClause("§12.2", "a batch answers 200 `[{\"status\":200,\"body\":{…}},{\"status\":204,\"body\":null}]`"),
        SpecClause("§12.4", "a batch `PUT` upserts by `body.id`"),
        SpecClause("§12.5", "batch URLs may carry `?expand=&fields=`"),
        SpecClause(
            "§12.6",
            "a `GET` inside a batch → 400 `Batch transaction failed.` with `data.requests.\"<i>\"` `batch_request_failed` holding the inner 400"
        ),
        SpecClause(
            "§12.7",
            "an empty / too long batch → 400 `Invalid batch request data.` (`validation_required` / `validation_length_too_long` with `params {max,min}`)"
        ),
    ]
}
