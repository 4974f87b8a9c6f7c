internal import TreatyCore
internal import TreatyDialectKit

extension PocketBasePlugin {
    /// The breakages of the matrix that prove the cases of pocketbase.md §2, §8–§12 (expand,
    /// fields, writes, files, auth flows, batch), by the rule they fail with.
    static func writesBreakages(_ rule: RuleID) -> [String] {
        switch rule {
        case .pocketBaseRecord:
            [
                "sortsMultiExpandsByID",
                "dropsNestedExpands",
                "sortsBackRelationsByID",
                "expandsForbiddenRecords",
                "readsStarAsID",
                "keepsUnnamedExpands",
                "addsEllipsisWhenNotCut",
                "answersClientFileNames",
                "servesFilesAsOctetStream",
                "ignoresNullOnFiles",
                "leavesDanglingReferences",
                "skipsCascadeDeletes",
                "dropsLegacyAuthMethods",
                "mintsLongerTokens",
                "impersonatesRefreshably",
            ]
        case .pocketBaseList:
            [
                "appliesFieldsToListEnvelope"
            ]
        case .pocketBaseType:
            [
                "readsAnyTextAsTrue",
                "keepsFirstOfSingleRelationArray",
                "dropsDateOffsets",
                "appendsPrependedIDs",
                "refusesRemovingAbsentIDs",
                "appliesModifiersInBodyOrder",
                "keepsLastRepeatedKey",
                "ignoresJSONPayload",
            ]
        case .pocketBaseError:
            [
                "ignoresNullOnRequiredFields",
                "acceptsMismatchedPasswordConfirm",
                "letsGuestsSetVerified",
                "answersOTPWhenDisabled",
                "checksOTPWhenDisabled",
                "revealsUnknownResetEmails",
                "reportsBadTokensWithoutField",
                "letsGuestsRequestEmailChange",
                "refusesOAuth2AsBadRequest",
                "rewordsAuthContext",
                "batchesWhenOff",
                "answersEmptyBodyFor204",
                "createsOnEveryPut",
                "dropsBatchURLQueries",
                "skipsGETsInBatches",
                "acceptsEmptyBatches",
            ]
        default: []
        }
    }
}
