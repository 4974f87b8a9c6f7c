internal import TreatyDialectKit

extension PocketBasePlugin {
    /// The clauses of `shared/dialects/pocketbase.md` that state a server behaviour, in spec order: the
    /// clause → case map `treaty rules --clauses` shows.
    ///
    /// The catalogue covers the records API (§1–§4, §6–§10 as far as the generated cases reach), a
    /// locked rule (§5) and a batch's transaction (§12); the other rule outcomes (§5), the auth
    /// flows beyond login and refresh (§11), the rest of batch (§12) and the finer filter, expand
    /// and field-selection semantics are not stated here yet.
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
        SpecClause("§6.1", "`filter=` terms `operand OP operand` joined by `&&`/`||`; `=` compares"),
        SpecClause("§6.2", "unknown fields in a filter → 400"),
        SpecClause("§7.1", "`sort=`: `-` descending, `+`/none ascending"),
        SpecClause("§7.2", "an unknown sort field → 400"),
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
    ]
}
