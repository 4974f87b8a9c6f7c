internal import TreatyDialectKit

extension FileMakerPlugin {
    /// The clauses of `shared/dialects/filemaker.md` that state a server behaviour, in spec order: the
    /// clause → case map `treaty rules --clauses` shows.
    static let specClauses: [SpecClause] =
        protocolClauses + recordClauses + findClauses + scriptClauses + settledClauses

    /// §1 URLs, envelope and status; §2 sessions; §3 metadata.
    static let protocolClauses: [SpecClause] = [
        SpecClause("§1.1", "the prefix is `/fmi/data/{v}`, v = `v1` | `v2` | `vLatest`, treated alike"),
        SpecClause("§1.2", "path names are URL-encoded"),
        SpecClause(
            "§1.3",
            "every JSON reply is `{\"response\": {}, \"messages\": [{\"code\", \"message\"}]}`; `code` is a string"),
        SpecClause("§1.4", "`response` is present even on errors"),
        SpecClause("§1.5", "200 success; 401 for auth failures (212 at login, 952 otherwise)"),
        SpecClause("§1.6", "500 for FileMaker errors (101, 102, 105, 306, 401, 5xx validation, 802 …)"),
        SpecClause("§1.7", "400 for bad or unknown parameters (400 + 960 \"Unknown parameter(s)\")"),
        SpecClause("§1.8", "404 for an unknown URL"),
        SpecClause("§1.9", "405 for a wrong verb (code 1704)"),
        SpecClause("§1.10", "415 for a missing or wrong Content-Type (JSON calls need `application/json`)"),
        SpecClause("§1.11", "never answer 502"),
        SpecClause(
            "§2.1",
            "`POST …/sessions` with Basic auth and body `{}` or `{\"fmDataSource\": […]}` answers the token in `response.token` and in `X-FM-Data-Access-Token`"
        ),
        SpecClause("§2.2", "bad credentials: HTTP 401, code 212"),
        SpecClause("§2.3", "unknown database: code 802 \"Unable to open file\""),
        SpecClause(
            "§2.4",
            "every other database call needs `Authorization: Bearer <token>`; a missing or unknown token is 401, code 952"
        ),
        SpecClause("§2.5", "a logged-out token is 401, code 952"),
        SpecClause(
            "§2.6", "a token dies 15 minutes after the last call that used it (each call resets the clock)",
            untestable: "a 15-minute wall-clock wait; the simulator's idle time is configurable, a target's is not"),
        SpecClause(
            "§2.7", "past the session cap (500, configurable): 956 \"Maximum number of … sessions exceeded\"",
            untestable: "hundreds of sessions are too many to open against a live server in a test"),
        SpecClause(
            "§2.8",
            "logout `DELETE …/sessions/{token}` takes the token from the path, needs no Authorization header, and answers `{}` with code 0"
        ),
        SpecClause("§2.9", "`GET /validateSession` with a Bearer token: code 0; an invalid token is 401/952"),
        SpecClause("§2.10", "globals are per token"),
        SpecClause(
            "§3.1",
            "`GET /productInfo` needs no auth and answers name, buildDate, version, dateFormat, timeFormat, timeStampFormat"
        ),
        SpecClause("§3.2", "`GET /databases` answers `{\"databases\": [{\"name\"}]}`"),
        SpecClause("§3.3", "`GET …/layouts` lists the layouts, folders as `isFolder` with `folderLayoutNames`"),
        SpecClause("§3.4", "`GET …/scripts` lists the scripts, folders as `isFolder` with `folderScriptNames`"),
        SpecClause("§3.5", "`GET …/layouts/{layout}` answers `fieldMetaData`, `portalMetaData` and `valueLists`"),
        SpecClause(
            "§3.6",
            "every fieldMetaData item has all its keys; `type` normal | calculation | summary, `result` text | number | date | time | timeStamp | container"
        ),
        SpecClause(
            "§3.7",
            "portal field names are qualified (`Albums::title`); `portalMetaData` is keyed by portal object name"),
        SpecClause("§3.8", "a valueLists item is `{\"name\", \"type\", \"values\": [{\"value\", \"displayValue\"}]}`"),
        SpecClause("§3.9", "unknown layout: code 105 \"Layout is missing\""),
    ]
}
