internal import TreatyDialectKit

extension RESTSyncPlugin {
    /// §8–§10: incremental sync, client-authoritative create, batch upload.
    static let syncClauses: [SpecClause] = [
        SpecClause(
            "RS-IN-1.1", "`?updated_after=TS` returns the scope's rows with `updated_at > TS` (strict), tombstones included"),
        SpecClause("RS-IN-1.2", "a feed is sorted by `updated_at`, then `id`"),
        SpecClause("RS-IN-1.3", "`?since_version=N` returns the rows with `version > N`"),
        SpecClause(
            "RS-IN-2.1",
            "a tombstone carries at least `id`, the parent key, `deleted_at`, `updated_at` (and `version`); a deleted row never just vanishes from the feed"
        ),
        SpecClause(
            "RS-IN-3.1", "absence from an incremental answer means unchanged, never deleted",
            untestable: "it says how clients read a feed; a server that signals a deletion by leaving a row out breaks RS-IN-2.1"),
        SpecClause("RS-IN-4.1", "header `Sync-Cursor` gives the next cursor: the highest `updated_at` returned"),
        SpecClause("RS-IN-4.2", "a cursor older than tombstone retention → 410 `cursor_expired`"),
        SpecClause("RS-IN-4.3", "a malformed cursor → 400"),
        SpecClause("§8.1", "take cursor C; PATCH T2; DELETE T5; `?updated_after=C` → exactly T2 and T5's tombstone"),
        SpecClause("RS-CR-1.1", "POST needs a non-empty string `id`: without one → 422 `missing_field` naming `id`"),
        SpecClause("RS-CR-1.2", "POST needs `created_at` and `updated_at`: without one → 422 `missing_field`"),
        SpecClause("RS-CR-2.1", "an id already used, live or tombstoned → 422 `duplicate_id`"),
        SpecClause("RS-CR-2.2", "a refused duplicate leaves the existing row untouched"),
        SpecClause("RS-CR-3.1", "the stored and returned timestamps equal the client's, to the millisecond"),
        SpecClause(
            "RS-CR-4.1",
            "validate everything before writing: an unknown member in `watcher_ids` → 422 `invalid_reference` and no task exists afterwards"
        ),
        SpecClause(
            "RS-CR-5.1", "create checks run in order (required keys, duplicate id, references, value rules); the first failure is reported"
        ),
        SpecClause("RS-CR-5.2", "value rules: trimmed `title` non-empty and ≤ 80 chars, `state` in its enum"),
        SpecClause(
            "§10.1",
            "`POST /sync/upload` answers one result per operation: `applied`, `stale` (with the current `server` row) or `rejected` (`code`, `message`); never all-or-nothing"
        ),
        SpecClause("§10.2", "last writer wins on `updatedAt`; ties lose, so an identical retry is `stale`, not a duplicate"),
        SpecClause("§10.3", "a newer upsert revives a tombstone"),
        SpecClause("§10.4", "a delete of an absent id is `applied`"),
        SpecClause("§10.5", "a missing or unknown `operation` is `rejected`"),
        SpecClause("§10.6", "the envelope key is camelCase `updatedAt` while `data` stays snake_case"),
    ]

    /// §11, the points settled.
    static let settledClauses: [SpecClause] = [
        SpecClause(
            "§11.1",
            "tombstones are retained 30 days (configurable): an older cursor → 410; `since_version=0` is valid while none has been purged"
        ),
        SpecClause("§11.2", "an unknown parent (`GET /projects/{unknown}/tasks`) → 404 `not_found`"),
        SpecClause("§11.3", "the error body always has `field` (a string, or `null`); a 422 names the offending key"),
        SpecClause(
            "§11.4",
            "`Sync-Cursor` is the highest `version` as a decimal string for version feeds, the request's own cursor when the feed is empty"
        ),
        SpecClause("§11.5", "full lists carry no `Sync-Cursor`"),
        SpecClause("§11.6", "a PATCH that repeats an immutable field's current value is accepted; only a change → 422"),
        SpecClause("§11.7", "a duplicate id with `created_at` missing reports `missing_field`"),
        SpecClause("§11.8", "`version` is one counter: every write's version exceeds every version seen before"),
        SpecClause("§11.9", "live rows in incremental feeds carry every declared key"),
        SpecClause("§11.10", "ties and set members sort by exact (byte-wise) string comparison"),
        SpecClause("§11.11", "JSON answers are `Content-Type: application/json`"),
        SpecClause("§11.12", "malformed JSON → 400 `malformed_json`"),
        SpecClause("§11.13", "a bad query parameter → 400 `invalid_query`"),
        SpecClause("§11.14", "a JSON body that is not an object → 422 `invalid_value`"),
    ]
}
