internal import TreatyDialectKit

extension RESTSyncPlugin {
    /// The clauses of `shared/dialects/rest-sync.md` that state a server behaviour, in spec order: the
    /// clause → case map `treaty rules --clauses` shows.
    static let specClauses: [SpecClause] = endpointClauses + recordClauses + syncClauses + settledClauses

    /// The Endpoints section: what each request answers, and the error format.
    private static let endpointClauses: [SpecClause] = [
        SpecClause("§Endpoints.1", "`GET /users`, `/projects`, `/tags` answer a bare array of all live records"),
        SpecClause("§Endpoints.2", "`GET /projects/{project_id}/tasks` answers a bare array of all live tasks of that project"),
        SpecClause(
            "§Endpoints.3",
            "the same with `?updated_after=TS` (synonym `since`) or `?since_version=N` answers changes, tombstones included"),
        SpecClause("§Endpoints.4", "`GET /projects/{project_id}/tasks/{id}` answers one object"),
        SpecClause("§Endpoints.5", "`POST /projects/{project_id}/tasks` answers 201 and the stored object"),
        SpecClause("§Endpoints.6", "`PATCH /projects/{project_id}/tasks/{id}` answers 200 and the stored object"),
        SpecClause("§Endpoints.7", "`PUT …/tasks/{id}/watchers` `{\"watcher_ids\":[…]}` answers 200 and the object"),
        SpecClause("§Endpoints.8", "`DELETE /projects/{project_id}/tasks/{id}` answers 204 and leaves a tombstone"),
        SpecClause("§Endpoints.9", "errors are `{\"error\":{\"code\":\"…\",\"message\":\"…\",\"field\":\"…\"}}`"),
        SpecClause("§Endpoints.10", "400 = malformed JSON or query parameter"),
        SpecClause("§Endpoints.11", "404 `not_found` (unknown id or wrong scope)"),
        SpecClause("§Endpoints.12", "410 `cursor_expired`"),
        SpecClause(
            "§Endpoints.13",
            "422 for any body problem: `missing_field`, `invalid_value`, `duplicate_id`, `invalid_reference`, `immutable_field`"
        ),
    ]

    /// §1–§7: identity, naming, null and missing, shape, parent scope, ordering, metadata.
    private static let recordClauses: [SpecClause] = [
        SpecClause("RS-ID-1.1", "every record has `id` and its JSON type never changes within a resource"),
        SpecClause("RS-ID-2.1", "ids compare as exact strings and are echoed byte for byte"),
        SpecClause("RS-ID-3.1", "internal keys never leak: no `local_id`, `remote_id`, integer row ids"),
        SpecClause("RS-ID-4.1", "scoped identity is `(project_id, id)`: `GET /projects/P2/tasks/T1` → 404"),
        SpecClause("RS-NM-1.1", "keys are snake_case (`display_name`)"),
        SpecClause("RS-NM-2.1", "a to-one key is `<relation>_id` (`assignee_id`)"),
        SpecClause("RS-NM-2.2", "a to-many key is `<relation>_ids` with the singular name (`watcher_ids`)"),
        SpecClause(
            "RS-NM-2.3", "nested objects go under the relation name (`assignee`, `items`)",
            untestable: "the demo contract declares no `shape: nested` relation, so no answer of it can nest one"),
        SpecClause("RS-NL-1.1", "responses carry every declared key: an absent value is `null`, no members `[]`"),
        SpecClause("RS-NL-2.1", "a key missing from a PATCH leaves the value unchanged"),
        SpecClause("RS-NL-3.1", "`null` in a PATCH clears the value; GET shows `null` (the key is kept)"),
        SpecClause("RS-NL-4.1", "`[]` on a to-many clears its membership"),
        SpecClause("RS-NL-4.2", "`null` on a to-many clears it too"),
        SpecClause("RS-NL-5.1", "a to-many list replaces membership as a set: `[\"U3\",\"U2\",\"U3\"]` → `[\"U2\",\"U3\"]`"),
        SpecClause("RS-NL-5.2", "responses emit to-many members sorted ascending"),
        SpecClause("RS-NL-6.1", "`null` on a required field → 422 `invalid_value`"),
        SpecClause("RS-NL-6.2", "an unknown id in `*_id(s)` → 422 `invalid_reference`"),
        SpecClause("RS-NL-7.1", "a rejected write changes nothing: no partial apply"),
        SpecClause("RS-NL-7.2", "a rejected write bumps no `updated_at`"),
        SpecClause("RS-SH-1.1", "FK shape (`*_id`, `*_ids`) is the default"),
        SpecClause(
            "RS-SH-1.2", "nested objects only where the contract says `shape: nested`; there the child is upserted by its `id`",
            untestable: "the demo contract declares no `shape: nested` relation, so no write can carry a nested child"),
        SpecClause("RS-SH-2.1", "one shape per relation per endpoint: never mixed across items or in one object"),
        SpecClause("RS-PS-1.1", "every item of `GET /projects/P1/tasks` has `\"project_id\":\"P1\"`"),
        SpecClause("RS-PS-2.1", "a full list returns every live child of its parent: no silent truncation"),
        SpecClause("RS-PS-3.1", "a POST under P1 with `\"project_id\":\"P2\"` → 422 `invalid_value`"),
        SpecClause("RS-PS-3.2", "a body parent that is omitted is taken from the path"),
        SpecClause(
            "RS-PS-3.3", "`id`, `project_id`, `author_id`, `created_at` are immutable: a PATCH changing one → 422 `immutable_field`"),
        SpecClause("RS-OR-1.1", "lists sort by the integer order field ascending, ties by `id`"),
        SpecClause("RS-OR-2.1", "`*_ids` arrays are sets: nothing may depend on their order"),
        SpecClause("RS-MD-1.1", "every record has `created_at` and `updated_at`, UTC with milliseconds"),
        SpecClause("RS-MD-1.2", "input timestamps are accepted with or without the fraction"),
        SpecClause("RS-MD-2.1", "each successful mutation sets `updated_at` to max(now, previous + 1 ms)"),
        SpecClause("RS-MD-2.2", "after create the server owns `updated_at` and ignores client values"),
        SpecClause("RS-MD-3.1", "`version` comes from a store-wide counter: it grows on every mutation and is never reused"),
        SpecClause("RS-MD-3.2", "a delete bumps `version` too"),
        SpecClause("RS-MD-4.1", "DELETE sets `deleted_at` and bumps `updated_at`/`version`"),
        SpecClause("RS-MD-4.2", "a deleted row is gone from full lists, and GET by id → 404"),
        SpecClause("RS-MD-4.3", "PATCH of a deleted id → 404"),
        SpecClause("RS-MD-4.4", "POST with a deleted id → 422 `duplicate_id`"),
    ]
}
