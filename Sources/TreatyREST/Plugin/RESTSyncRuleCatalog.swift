internal import TreatyCore
public import TreatyDialectKit
internal import TreatyRules

extension RESTSyncPlugin {
    /// The rest-sync rules of `shared/dialects/rest-sync.md` (`RS-*`, the error format
    /// `RS-ERR-1`) and Treaty's own contract rules (`TR-*`); `treaty check` judges those of
    /// ``TreatyRules/ConformanceRule/recordRules``.
    public var ruleCatalog: RuleCatalog {
        RuleCatalog(
            rules: Self.rules, breakageMatrix: "Tests/TreatyVerifierTests/BrokenBackendTests.swift",
            spec: "rest-sync.md", clauses: Self.specClauses)
    }

    /// A rule of the catalogue; `treaty check` judges it when `TreatyRules` has a payload rule
    /// of that id.
    private static func rule(
        _ id: RuleID, _ meaning: String, breakages: [String], unbreakable: String? = nil
    ) -> RuleDescription {
        RuleDescription(
            id, meaning, checkedOnPayloads: ConformanceRule.named(id) != nil, breakages: breakages,
            unbreakable: unbreakable)
    }

    private static let rules: [RuleDescription] = [
        rule("RS-ID-1", "every record has an id of the declared type, in every payload; a list holds each id once", breakages: ["numbersSomeIDs"]),
        rule("RS-ID-2", "ids are echoed byte for byte: a create's answer and `…/{id}` carry exactly that id", breakages: ["lowercasesIDs"]),
        rule("RS-ID-3", "internal keys (`local_id`, `remote_id`, row ids) never leak", breakages: ["leaksInternalRowIDs"]),
        rule("RS-ID-4", "identity is scoped by the parent: another parent's record is a 404 in this scope", breakages: ["leaksOtherParentsRecords", "listsUnknownParentsEmpty"]),
        rule("RS-NM-1", "keys follow the naming convention (`display_name` in a snake_case API)", breakages: ["camelCasesAKey", "readsSnakeCaseUploadStamps"]),
        rule("RS-NM-2", "relation keys take the declared form (`assignee_id`, `watcher_ids`)", breakages: ["dropsIDSuffix"]),
        rule("RS-NL-1", "answers carry every declared key: `null` for no value, `[]` for no members, `\"deleted_at\": null` on live records", breakages: ["dropsExplicitNulls"]),
        rule("RS-NL-2", "a key missing from a PATCH leaves the value unchanged", breakages: ["clearsMissingKeysInPatch"]),
        rule("RS-NL-3", "`null` in a PATCH clears the value", breakages: ["ignoresNullInPatch"]),
        rule("RS-NL-4", "`[]` (or `null`) on a to-many clears its membership", breakages: ["ignoresEmptyListInPatch", "ignoresNullOnToMany"]),
        rule("RS-NL-5", "a to-many list replaces membership as a set; answers list members sorted ascending", breakages: ["unsortsIDLists", "mergesToManyLists"]),
        rule("RS-NL-6", "`null` on a required field is 422 `invalid_value`; an unknown reference 422 `invalid_reference`", breakages: ["dropsNullOnRequiredFields"]),
        rule("RS-NL-7", "a refused write changes nothing: no partial apply, no `updated_at` bump", breakages: ["appliesValidKeysOfRefusedPatch", "bumpsRefusedPatches"]),
        rule("RS-SH-1", "relations use the declared shape (foreign keys unless `shape: nested`)", breakages: ["nestsEveryRelation"]),
        rule("RS-SH-2", "one shape per relation per endpoint, never mixed across items or in one object", breakages: ["mixesRelationShapes"]),
        rule("RS-PS-1", "every item of a scoped list belongs to the path's parent", breakages: ["misstatesListParent"]),
        rule("RS-PS-2", "a full list is authoritative: it holds every live record of its scope, never truncated", breakages: ["truncatesFullLists"]),
        rule("RS-PS-3", "the body's parent must agree with the path; immutable keys are refused with 422 `immutable_field`", breakages: ["overridesBodyParent", "requiresBodyParent", "ignoresCreatedAtChanges", "refusesUnchangedImmutableKeys"]),
        rule("RS-OR-1", "lists sort by the order field ascending, ties by id (byte-wise)", breakages: ["reversesListOrder", "sortsTiesCaseInsensitively"]),
        rule("RS-OR-2", "id lists are sets: nothing depends on their order", breakages: ["requiresSortedIDLists"]),
        rule("RS-MD-1", "`created_at`/`updated_at` are UTC with milliseconds; input is accepted with or without the fraction", breakages: ["refusesWholeSecondTimestamps"]),
        rule("RS-MD-2", "the server owns `updated_at` after create: every mutation bumps it, never before `created_at`", breakages: ["forgetsUpdatedAtBumps", "appliesUploadTies"]),
        rule("RS-MD-3", "`version` is a non-negative integer from a store-wide counter, bumped by every mutation", breakages: ["countsVersionsPerRecord", "keepsVersionOnDelete"]),
        rule("RS-MD-4", "a deleted record is gone from full lists and GET by id, and its id stays taken", breakages: ["listsTombstones", "patchesTombstones"]),
        rule("RS-IN-1", "`updated_after` (or `since`, `since_version`) answers only newer rows, sorted by `updated_at` then id", breakages: ["ignoresCursorSynonym", "sortsFeedsByID"]),
        rule("RS-IN-2", "feeds carry tombstones with id, parent key, `deleted_at`, `updated_at` and `version`", breakages: ["dropsTombstones"]),
        rule(
            "RS-IN-3", "absence from an incremental answer means unchanged, never deleted", breakages: [],
            unbreakable: "a rule for clients; a server that signals deletion by leaving a row out breaks RS-IN-2 instead"),
        rule("RS-IN-4", "`Sync-Cursor` gives the next cursor; an expired cursor is 410 `cursor_expired`, a malformed one 400", breakages: ["ignoresMalformedCursors", "answersExpiredCursors", "stampsCursorWithServerTime", "dropsCursorOnEmptyFeeds", "sendsCursorOnFullLists", "ignoresMalformedVersionCursors"]),
        rule("RS-CR-1", "a create needs a non-empty string id, `created_at` and `updated_at` from the client", breakages: ["mintsMissingIDs", "mintsIDsForEmptyStrings"]),
        rule("RS-CR-2", "an id already used, live or deleted, is 422 `duplicate_id` and the existing row is untouched", breakages: ["acceptsDuplicateIDs"]),
        rule("RS-CR-3", "a create stores and answers the client's timestamps to the millisecond", breakages: ["restampsClientTimestamps", "answersServerTimeOnCreate"]),
        rule("RS-CR-4", "a create validates everything before writing: a refused create leaves no record", breakages: ["clearsUnknownReferences", "insertsBeforeCheckingMembers"]),
        rule("RS-CR-5", "a create's checks run in order (required keys, duplicate id, references, trimmed value rules)", breakages: ["checksDuplicateIDsFirst", "acceptsBlankText", "refusesTitlesAtTheLimit", "checksTimestampsAfterDuplicateIDs"]),
        rule("RS-ERR-1", "error answers are `{\"error\":{\"code\",\"message\",\"field\"}}` with the documented status, even for a body that is not JSON", breakages: ["flattensErrorBodies", "crashesOnMalformedJSON", "refusesNonObjectBodiesAsMalformed", "rejectsDeletesOfAbsentIDs"]),
        rule("TR-BODY-1", "list endpoints answer an array of objects; single-record endpoints one object", breakages: ["wrapsRecordsInArrays", "labelsListsAsText"]),
        rule("TR-TYPE-1", "values have their declared type; `null` only where nullable", breakages: ["sendsTitlesAsNumbers"]),
        rule("TR-VAL-1", "values satisfy `enum`, lengths and ranges", breakages: ["sendsUndeclaredStates"]),
        rule(
            "TR-KEY-1", "only declared keys appear (a warning)", breakages: [],
            unbreakable: "a warning: `treaty check` reports undeclared keys, and the verifier never fails a case for a warning"),
    ]

}
