internal import TreatyDialectKit

extension FileMakerPlugin {
    /// §5 `_find`.
    static let findClauses: [SpecClause] = [
        SpecClause("§5.1", "`limit`/`offset` may be numbers or numeric strings"),
        SpecClause("§5.2", "portal keys have no underscore in the body (`offset.Albums`, `limit.Albums`)"),
        SpecClause("§5.3", "unknown body keys: 960"),
        SpecClause("§5.4", "each object in `query` is one find request; criteria inside a request are AND-ed"),
        SpecClause("§5.5", "requests are processed in order: a normal request adds its matches to the found set (OR)"),
        SpecClause(
            "§5.6",
            "a request with `\"omit\": \"true\"` (JSON `true` too) removes its matches from the set built so far"),
        SpecClause("§5.7", "if the first request is an omit, start from all records"),
        SpecClause("§5.8", "criterion values may be strings or numbers"),
        SpecClause("§5.9", "an empty query, or only empty criteria: code 400 \"Find criteria are empty\""),
        SpecClause("§5.10", "global fields cannot be criteria (error); an unknown field is 102"),
        SpecClause("§5.11", "no match: HTTP 500, code 401 \"No records match the request\", `response` `{}`"),
        SpecClause("§5.12", "unsorted order = creation order"),
        SpecClause("§5.13", "`sortOrder`: `ascend` (default) | `descend` | a value-list name"),
        SpecClause(
            "§5.14",
            "number fields sort numerically, text case-insensitively, dates chronologically; empties first when ascending"
        ),
        SpecClause("§5.15", "sort happens before offset/limit; `dataInfo.foundCount` is the full match count"),
        SpecClause("§5.16", "the response has the same shape as get range"),
        SpecClause(
            "§5.17", "`John`: every word of the criterion starts some word of the field, any order, case-insensitive"),
        SpecClause("§5.18", "`=John` is a whole-word match; `=` alone finds empty fields"),
        SpecClause("§5.19", "`==John Lennon`: the entire field equals the text"),
        SpecClause("§5.20", "`*` alone: field not empty; inside text `*` = zero or more characters, `@` = exactly one"),
        SpecClause("§5.21", "`\"a b\"`: a literal phrase from a word start; `*\"a b\"`: the phrase anywhere"),
        SpecClause("§5.22", "`<x` `<=x` `>x` `>=x` compare"),
        SpecClause("§5.23", "`a...b` is an inclusive range"),
        SpecClause("§5.24", "`!` finds values that occur in more than one record"),
        SpecClause("§5.25", "number fields compare numerically (`>100` matches 120 and 1000, not 45; `5` equals 5.0)"),
        SpecClause("§5.26", "text fields compare by text order (`<M` = words before \"M\")"),
        SpecClause(
            "§5.27",
            "date criteria use the file format (MM/DD/YYYY); partial dates (`5/2014`, `2014`) match whole months and years"
        ),
    ]
}
