internal import TreatyDialectKit

extension FileMakerPlugin {
    /// §6 scripts, §7 globals, §8 codes.
    static let scriptClauses: [SpecClause] = [
        SpecClause(
            "§6.1",
            "a standalone script `GET …/script/{name}?script.param=` answers `scriptResult` and `scriptError` \"0\""),
        SpecClause(
            "§6.2",
            "record calls take `script.prerequest`, `script.presort`, `script` (and `.param`); the reply adds `scriptError`/`scriptResult` (with `.prerequest`/`.presort`) only for scripts that ran"
        ),
        SpecClause(
            "§6.3", "order: layout, prerequest script, the action, presort script, sort, `script`, then offset/limit",
            untestable:
                "the order shows only in what scripts do to the found set, and a contract states a script by its result, not its steps"
        ),
        SpecClause("§6.4", "script errors are strings; `scriptResult` is omitted when the script returned nothing"),
        SpecClause("§6.5", "a failing script does not change `messages[0].code`"),
        SpecClause("§6.6", "a missing script: `scriptError` \"104\" (or top-level 104)"),
        SpecClause(
            "§7.1",
            "`PATCH …/globals` `{\"globalFields\": {\"T::g\": v}}` answers `{}`; the value shows in `fieldData` of records whose layout shows the global"
        ),
        SpecClause("§7.2", "an unknown or non-global field in `globalFields`: 102"),
        SpecClause("§8.1", "JSON input that isn't syntactically valid: 1710 on 400"),
        SpecClause("§8.2", "a repetition the field does not have: 111 \"Field repetition invalid\""),
    ]

    /// §9 what clients send, §10 where sources disagree: what they settle about the server.
    static let settledClauses: [SpecClause] = [
        SpecClause("§9.1", "`Content-Type: application/json` on every call (GET and DELETE too) is accepted"),
        SpecClause("§9.2", "GET `portal` is accepted as text `[\"A\", \"B\"]`"),
        SpecClause("§10.1", "`totalRecordCount` is a number; a create reply's `recordId` is a string"),
        SpecClause("§10.2", "HTTP status follows Claris (500 for FileMaker errors) except the §1 notes"),
    ]
}
