import Testing
import TreatyCore

/// One way a backend can break the rest-sync rules: what ``BrokenDialect`` gets wrong, and the
/// rule the verifier must report for it.
enum Breakage: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Responses leave out members whose value is `null` (T2 arrives without `assignee_id`).
    case dropsExplicitNulls
    /// The user serializer writes `display_name` as `displayName`.
    case camelCasesAKey
    /// Lists carry every other record's `id` as a JSON number.
    case numbersSomeIDs
    /// Lists send every other assigned task's assignee nested (`"assignee":{"id":…}`).
    case mixesRelationShapes
    /// PATCH drops `null` members before applying the body, so `null` clears nothing.
    case ignoresNullInPatch
    /// PATCH treats a missing optional key as `null` (or `[]` for a to-many), clearing it.
    case clearsMissingKeysInPatch
    /// POST with an id already in use (live or tombstoned) answers 201 instead of 422.
    case acceptsDuplicateIDs
    /// GET by id finds a record under any parent, not only the one in the path.
    case leaksOtherParentsRecords
    /// PATCH answers with the record's previous `updated_at`.
    case forgetsUpdatedAtBumps
    /// Lists and feeds leave out tombstones, so a deleted row just vanishes from the feed.
    case dropsTombstones
    /// Error answers carry only `{"message": …}`, not rest-sync's `{"error":{code, message, field}}`.
    case flattensErrorBodies

    /// The rule whose finding proves the verifier noticed.
    var expectedRule: RuleID {
        switch self {
        case .dropsExplicitNulls: "RS-NL-1"
        case .camelCasesAKey: "RS-NM-1"
        case .numbersSomeIDs: "RS-ID-1"
        case .mixesRelationShapes: "RS-SH-2"
        case .ignoresNullInPatch: "RS-NL-3"
        case .clearsMissingKeysInPatch: "RS-NL-2"
        case .acceptsDuplicateIDs: "RS-CR-2"
        case .leaksOtherParentsRecords: "RS-ID-4"
        case .forgetsUpdatedAtBumps: "RS-MD-2"
        case .dropsTombstones: "RS-IN-2"
        case .flattensErrorBodies: "RS-ERR-1"
        }
    }

    var testDescription: String {
        switch self {
        case .dropsExplicitNulls: "drops explicit nulls"
        case .camelCasesAKey: "camel-cases display_name"
        case .numbersSomeIDs: "sends some ids as numbers"
        case .mixesRelationShapes: "mixes fk and nested assignees"
        case .ignoresNullInPatch: "ignores null in PATCH"
        case .clearsMissingKeysInPatch: "clears keys missing from PATCH"
        case .acceptsDuplicateIDs: "accepts a duplicate id"
        case .leaksOtherParentsRecords: "leaks another parent's record"
        case .forgetsUpdatedAtBumps: "forgets updated_at bumps"
        case .dropsTombstones: "drops tombstones"
        case .flattensErrorBodies: "flattens its error bodies"
        }
    }
}
