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
    /// A PATCH that is refused for one key still writes the others.
    case appliesValidKeysOfRefusedPatch
    /// A create checks for a duplicate id before it checks the required keys.
    case checksDuplicateIDsFirst
    /// Text is not trimmed before its rules: a title of spaces is accepted.
    case acceptsBlankText
    /// `version` counts the writes of each record instead of the whole store.
    case countsVersionsPerRecord
    /// A timestamp without fractional seconds is refused on input.
    case refusesWholeSecondTimestamps
    /// The feed honours `updated_after` but ignores its synonym `since`.
    case ignoresCursorSynonym
    /// A malformed cursor is ignored: the whole list is answered.
    case ignoresMalformedCursors
    /// An expired cursor is answered with the full list instead of 410 `cursor_expired`.
    case answersExpiredCursors
    /// Full lists are cut at 20 records without saying so.
    case truncatesFullLists
    /// Every record carries the backend's internal row id as `local_id`.
    case leaksInternalRowIDs
    /// To-many id lists are answered in reverse order.
    case unsortsIDLists
    /// Full lists are answered in reverse order.
    case reversesListOrder
    /// A PATCH setting a to-many list to `[]` is ignored for that key.
    case ignoresEmptyListInPatch
    /// A create without an id gets one from the server, although the client owns ids.
    case mintsMissingIDs
    /// A PATCH setting a required field to `null` is answered 200, the null quietly dropped.
    case dropsNullOnRequiredFields
    /// A create's client timestamps are replaced by the server's time.
    case restampsClientTimestamps
    /// A create echoes its id lowercased.
    case lowercasesIDs
    /// To-one keys lose their `_id` suffix (`"assignee": "U1"`).
    case dropsIDSuffix
    /// Lists carry the parent key of another parent.
    case misstatesListParent
    /// A create takes its parent from the path, whatever parent the body names.
    case overridesBodyParent
    /// Full lists include tombstones.
    case listsTombstones
    /// Every to-one reference is nested (`"assignee": {"id": …}`) where foreign keys are declared.
    case nestsEveryRelation
    /// A create with an unknown reference is stored with that reference cleared.
    case clearsUnknownReferences
    /// A PATCH whose id list is not sorted is refused.
    case requiresSortedIDLists
    /// A body that is not JSON crashes into a 500 with a text body.
    case crashesOnMalformedJSON
    /// A GET by id answers the record inside an array, the way its list endpoint does.
    case wrapsRecordsInArrays
    /// Tasks' `title` is sent as its length, a number, where the contract declares a string.
    case sendsTitlesAsNumbers
    /// Tasks' `state` is sent as `archived`, outside its declared enumeration.
    case sendsUndeclaredStates
    /// A create without the parent key is refused as `missing_field` instead of taking the path's.
    case requiresBodyParent
    /// A PATCH changing `created_at` is answered 200, the change silently dropped.
    case ignoresCreatedAtChanges
    /// A PATCH carrying an immutable key is refused even when it repeats the current value.
    case refusesUnchangedImmutableKeys
    /// A PATCH of a to-many list adds its members to the current ones instead of replacing them.
    case mergesToManyLists
    /// A delete keeps the record's version, so version feeds never carry the tombstone.
    case keepsVersionOnDelete
    /// A PATCH of a deleted record is answered 200 with the tombstone changed.
    case patchesTombstones
    /// Incremental feeds are sorted by id instead of `updated_at`.
    case sortsFeedsByID
    /// `Sync-Cursor` of a time feed is the server's clock, not the newest change returned.
    case stampsCursorWithServerTime
    /// An empty feed answers no `Sync-Cursor`.
    case dropsCursorOnEmptyFeeds
    /// Full lists carry a `Sync-Cursor` as feeds do.
    case sendsCursorOnFullLists
    /// A `since_version` that is not a number is ignored: the whole list is answered.
    case ignoresMalformedVersionCursors
    /// The list of an unknown parent is an empty array instead of 404.
    case listsUnknownParentsEmpty
    /// A JSON body that is not an object is answered 400 `malformed_json` instead of 422.
    case refusesNonObjectBodiesAsMalformed
    /// Full lists are answered with `Content-Type: text/plain`.
    case labelsListsAsText
    /// Text as long as its `max_length` is refused (an off-by-one bound).
    case refusesTitlesAtTheLimit
    /// A create checks the duplicate id before the timestamps (after the other required keys).
    case checksTimestampsAfterDuplicateIDs
    /// A create stores the client's timestamps but answers the server's time.
    case answersServerTimeOnCreate
    /// A create inserts the record before it finds an unknown to-many member, then answers 422.
    case insertsBeforeCheckingMembers
    /// A create with an empty id gets one from the server.
    case mintsIDsForEmptyStrings
    /// Ties in full lists are broken by id ignoring case.
    case sortsTiesCaseInsensitively
    /// An upload applies an upsert whose `updatedAt` ties the stored one (an identical retry).
    case appliesUploadTies
    /// An upload rejects the delete of an absent id as `not_found`.
    case rejectsDeletesOfAbsentIDs
    /// An upload reads `updated_at` from the envelope, not camelCase `updatedAt`.
    case readsSnakeCaseUploadStamps
    /// A PATCH setting a to-many list to `null` is ignored for that key (the SwiftSync demo's bug).
    case ignoresNullOnToMany
    /// A refused PATCH still bumps `updated_at` and `version`.
    case bumpsRefusedPatches

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
        case .flattensErrorBodies, .crashesOnMalformedJSON: "RS-ERR-1"
        case .appliesValidKeysOfRefusedPatch: "RS-NL-7"
        case .checksDuplicateIDsFirst, .acceptsBlankText: "RS-CR-5"
        case .countsVersionsPerRecord: "RS-MD-3"
        case .refusesWholeSecondTimestamps: "RS-MD-1"
        case .ignoresCursorSynonym: "RS-IN-1"
        case .ignoresMalformedCursors, .answersExpiredCursors: "RS-IN-4"
        case .truncatesFullLists: "RS-PS-2"
        case .leaksInternalRowIDs: "RS-ID-3"
        case .unsortsIDLists: "RS-NL-5"
        case .reversesListOrder: "RS-OR-1"
        case .ignoresEmptyListInPatch: "RS-NL-4"
        case .mintsMissingIDs: "RS-CR-1"
        case .dropsNullOnRequiredFields: "RS-NL-6"
        case .restampsClientTimestamps: "RS-CR-3"
        case .lowercasesIDs: "RS-ID-2"
        case .dropsIDSuffix: "RS-NM-2"
        case .misstatesListParent: "RS-PS-1"
        case .overridesBodyParent: "RS-PS-3"
        case .listsTombstones: "RS-MD-4"
        case .nestsEveryRelation: "RS-SH-1"
        case .clearsUnknownReferences: "RS-CR-4"
        case .requiresSortedIDLists: "RS-OR-2"
        case .wrapsRecordsInArrays: "TR-BODY-1"
        case .sendsTitlesAsNumbers: "TR-TYPE-1"
        case .sendsUndeclaredStates: "TR-VAL-1"
        case .requiresBodyParent: "RS-PS-3"
        case .ignoresCreatedAtChanges: "RS-PS-3"
        case .refusesUnchangedImmutableKeys: "RS-PS-3"
        case .mergesToManyLists: "RS-NL-5"
        case .keepsVersionOnDelete: "RS-MD-3"
        case .patchesTombstones: "RS-MD-4"
        case .sortsFeedsByID: "RS-IN-1"
        case .stampsCursorWithServerTime: "RS-IN-4"
        case .dropsCursorOnEmptyFeeds: "RS-IN-4"
        case .sendsCursorOnFullLists: "RS-IN-4"
        case .ignoresMalformedVersionCursors: "RS-IN-4"
        case .listsUnknownParentsEmpty: "RS-ID-4"
        case .refusesNonObjectBodiesAsMalformed: "RS-ERR-1"
        case .labelsListsAsText: "TR-BODY-1"
        case .refusesTitlesAtTheLimit: "RS-CR-5"
        case .checksTimestampsAfterDuplicateIDs: "RS-CR-5"
        case .answersServerTimeOnCreate: "RS-CR-3"
        case .insertsBeforeCheckingMembers: "RS-CR-4"
        case .mintsIDsForEmptyStrings: "RS-CR-1"
        case .sortsTiesCaseInsensitively: "RS-OR-1"
        case .appliesUploadTies: "RS-MD-2"
        case .rejectsDeletesOfAbsentIDs: "RS-ERR-1"
        case .readsSnakeCaseUploadStamps: "RS-NM-1"
        case .ignoresNullOnToMany: "RS-NL-4"
        case .bumpsRefusedPatches: "RS-NL-7"
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
        case .appliesValidKeysOfRefusedPatch: "applies the valid keys of a refused PATCH"
        case .checksDuplicateIDsFirst: "checks duplicate ids before required keys"
        case .acceptsBlankText: "does not trim text before its rules"
        case .countsVersionsPerRecord: "counts versions per record"
        case .refusesWholeSecondTimestamps: "refuses timestamps without a fraction"
        case .ignoresCursorSynonym: "ignores the 'since' cursor synonym"
        case .ignoresMalformedCursors: "ignores malformed cursors"
        case .answersExpiredCursors: "answers expired cursors"
        case .crashesOnMalformedJSON: "crashes on a malformed JSON body"
        case .truncatesFullLists: "truncates full lists at 20"
        case .leaksInternalRowIDs: "leaks internal row ids"
        case .unsortsIDLists: "answers id lists unsorted"
        case .reversesListOrder: "reverses list order"
        case .ignoresEmptyListInPatch: "ignores [] in PATCH"
        case .mintsMissingIDs: "mints ids the client should send"
        case .dropsNullOnRequiredFields: "drops null on required fields"
        case .restampsClientTimestamps: "restamps client timestamps"
        case .lowercasesIDs: "echoes created ids lowercased"
        case .dropsIDSuffix: "drops the _id suffix of to-one keys"
        case .misstatesListParent: "misstates the parent in lists"
        case .overridesBodyParent: "overrides the body's parent with the path's"
        case .listsTombstones: "lists tombstones in full lists"
        case .nestsEveryRelation: "nests every relation"
        case .clearsUnknownReferences: "clears unknown references instead of refusing the create"
        case .requiresSortedIDLists: "depends on the order of id lists"
        case .wrapsRecordsInArrays: "wraps single records in arrays"
        case .sendsTitlesAsNumbers: "sends titles as numbers"
        case .sendsUndeclaredStates: "sends a state outside its enumeration"
        case .requiresBodyParent: "requires the parent key in a create's body"
        case .ignoresCreatedAtChanges: "silently ignores a created_at change"
        case .refusesUnchangedImmutableKeys: "refuses immutable keys sent unchanged"
        case .mergesToManyLists: "merges to-many lists instead of replacing them"
        case .keepsVersionOnDelete: "keeps the version on delete"
        case .patchesTombstones: "patches deleted records"
        case .sortsFeedsByID: "sorts feeds by id"
        case .stampsCursorWithServerTime: "stamps Sync-Cursor with the server's time"
        case .dropsCursorOnEmptyFeeds: "drops Sync-Cursor on empty feeds"
        case .sendsCursorOnFullLists: "sends Sync-Cursor on full lists"
        case .ignoresMalformedVersionCursors: "ignores malformed version cursors"
        case .listsUnknownParentsEmpty: "lists an unknown parent as empty"
        case .refusesNonObjectBodiesAsMalformed: "refuses non-object bodies as malformed JSON"
        case .labelsListsAsText: "labels lists as text/plain"
        case .refusesTitlesAtTheLimit: "refuses text at its max_length"
        case .checksTimestampsAfterDuplicateIDs: "checks timestamps after the duplicate id"
        case .answersServerTimeOnCreate: "answers the server's time on create"
        case .insertsBeforeCheckingMembers: "inserts before checking to-many members"
        case .mintsIDsForEmptyStrings: "mints ids for empty strings"
        case .sortsTiesCaseInsensitively: "breaks ties ignoring case"
        case .appliesUploadTies: "applies upload ties"
        case .rejectsDeletesOfAbsentIDs: "rejects uploaded deletes of absent ids"
        case .readsSnakeCaseUploadStamps: "reads snake_case upload stamps"
        case .ignoresNullOnToMany: "ignores null on to-many relations"
        case .bumpsRefusedPatches: "bumps refused patches"
        }
    }
}
