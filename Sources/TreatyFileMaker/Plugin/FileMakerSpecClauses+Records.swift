internal import TreatyDialectKit

extension FileMakerPlugin {
    /// §4 records.
    static let recordClauses: [SpecClause] = [
        SpecClause("§4.1", "only fields placed on the layout appear"),
        SpecClause("§4.2", "number fields are JSON numbers, everything else strings; empty fields are `\"\"`"),
        SpecClause("§4.3", "dates `MM/dd/yyyy`, times `HH:mm:ss`, timestamps `MM/dd/yyyy HH:mm:ss`"),
        SpecClause("§4.4", "`dateformats` (0 US, 1 file locale, 2 ISO 8601) changes output and input"),
        SpecClause("§4.5", "container fields hold a URL string"),
        SpecClause("§4.6", "repetitions are addressed as `\"field(2)\"`"),
        SpecClause("§4.7", "`recordId` and `modId` are strings"),
        SpecClause("§4.8", "recordIds increase and are never reused"),
        SpecClause("§4.9", "modId starts at `\"0\"` and goes up by 1 on every committed change (edits; uploads too)"),
        SpecClause(
            "§4.10",
            "`portalData` holds every portal on the layout, keyed by object name; rows carry `recordId`, `modId` and qualified field names"
        ),
        SpecClause("§4.11", "`portalDataInfo` lists each portal"),
        SpecClause(
            "§4.12",
            "create `POST …/records` with `fieldData` (and `portalData`) answers `{\"recordId\", \"modId\": \"0\"}`"),
        SpecClause("§4.13", "`{\"fieldData\": {}}` makes an empty record (auto-enter values applied)"),
        SpecClause("§4.14", "create with an unknown field: 102 \"Field is missing\""),
        SpecClause("§4.15", "create with a non-modifiable (calculation or summary) field: 201"),
        SpecClause("§4.16", "validation failures: 500-511"),
        SpecClause(
            "§4.17",
            "get one: `portal` (JSON array text) chooses portals; `_offset.<portal>`/`_limit.<portal>` page them, 1-based"
        ),
        SpecClause(
            "§4.18", "get one answers `{\"dataInfo\", \"data\": [record]}`; a missing id is 101 \"Record is missing\""),
        SpecClause("§4.19", "get range: `_offset`, `_limit`, `_sort`; defaults offset 1, limit 100"),
        SpecClause(
            "§4.20",
            "`totalRecordCount` = rows in the table, `foundCount` = rows considered, `returnedCount` = rows sent (JSON numbers)"
        ),
        SpecClause("§4.21", "an empty range (and an offset past the end): HTTP 500, code 101"),
        SpecClause("§4.22", "edit: only given fields change; `{\"fieldData\": {}}` changes nothing"),
        SpecClause("§4.23", "edit: `modId` optional; if not the current one: code 306, nothing written"),
        SpecClause("§4.24", "edit: portal rows with `recordId` are edited, rows without are created"),
        SpecClause("§4.25", "edit: `\"deleteRelated\": \"Albums.12\"` deletes a related row"),
        SpecClause("§4.26", "edit answers `{\"modId\"}`"),
        SpecClause(
            "§4.27",
            "duplicate `POST …/records/{id}` copies the record (not its related rows): `{\"recordId\", \"modId\": \"0\"}`"
        ),
        SpecClause("§4.28", "delete answers `{}`; a missing record is 101"),
        SpecClause(
            "§4.29",
            "container upload: multipart part named `upload` (missing: 960); afterwards the field holds a URL a plain GET serves with the uploaded bytes"
        ),
        SpecClause(
            "§4.30", "`layout.response=<layout>`: act on the URL layout, render `data` with the other layout's fields"),
    ]
}
