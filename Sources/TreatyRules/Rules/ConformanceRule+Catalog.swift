public import TreatyCore

extension ConformanceRule {
    /// The contract's record rules: every built-in rule that judges canonical records (and the
    /// payloads that carry them) against the contract from responses alone, in specification
    /// order. Payload checks, fixture loading and generated shape cases run them, whatever the
    /// dialect.
    ///
    /// Rules that need requests or several round trips (RS-NL-2…4, RS-NL-6, RS-NL-7, RS-PS-2,
    /// RS-PS-3, RS-MD-2's per-mutation bump, RS-IN-3, RS-IN-4, RS-CR-*) are proved by the
    /// verifier's generated suites instead.
    public static let recordRules: [ConformanceRule] = [
        .identityStable, .identityEchoed, .noInternalKeys, .scopedIdentity,
        .keyConvention, .relationKeyForm,
        .explicitNulls, .idSets,
        .declaredShape, .oneShapePerRelation,
        .parentScope,
        .orderField,
        .timestamps, .updatedAfterCreated, .version, .tombstonesHidden,
        .incrementalFeed, .tombstoneContents,
        .responseBody, .valueTypes, .valueConstraints, .declaredKeysOnly,
    ]

    /// The built-in rule with `id`, if any.
    public static func named(_ id: RuleID) -> ConformanceRule? {
        recordRules.first { $0.id == id }
    }

    /// TR-BODY-1: a list endpoint answers a JSON array of record objects; a single-record
    /// endpoint answers one object. The engine checks it before any record rule.
    public static let responseBody = ConformanceRule(
        id: "TR-BODY-1",
        requirement: "a list endpoint answers an array of record objects; a single-record endpoint answers one object"
    ) { _ in nil }
}
