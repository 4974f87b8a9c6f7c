import TreatyCore

@testable import TreatyPocketBase

/// The rule and description of the breakages of pocketbase.md §2, §8–§12 (expand, fields,
/// writes, files, auth flows, batch).
extension PocketBaseBreakage {
    var writesExpectation: (rule: RuleID, description: String) {
        switch self {
        case .sortsMultiExpandsByID: (.pocketBaseRecord, "expands a multi relation sorted by id, not in stored order")
        case .dropsNestedExpands: (.pocketBaseRecord, "leaves the nested expand of a dot chain out")
        case .sortsBackRelationsByID:
            (.pocketBaseRecord, "expands a back-relation sorted by id, not in insertion order")
        case .expandsForbiddenRecords: (.pocketBaseRecord, "expands related records the caller may not view")
        case .readsStarAsID: (.pocketBaseRecord, "reads fields=* as the id only")
        case .keepsUnnamedExpands: (.pocketBaseRecord, "keeps expand although fields= does not name it")
        case .addsEllipsisWhenNotCut: (.pocketBaseRecord, "adds ... to an excerpt that was not cut")
        case .appliesFieldsToListEnvelope: (.pocketBaseList, "applies fields= to a list's envelope")
        case .readsAnyTextAsTrue: (.pocketBaseType, "stores any non-empty text sent to a bool as true")
        case .keepsFirstOfSingleRelationArray:
            (.pocketBaseType, "keeps the first id of an array sent to a single relation")
        case .dropsDateOffsets: (.pocketBaseType, "drops a date's offset instead of converting it to UTC")
        case .appendsPrependedIDs: (.pocketBaseType, "appends for +rel instead of prepending")
        case .refusesRemovingAbsentIDs: (.pocketBaseType, "refuses rel- of an id the relation does not hold")
        case .appliesModifiersInBodyOrder: (.pocketBaseType, "applies a modifier before the plain key that follows it")
        case .ignoresNullOnRequiredFields: (.pocketBaseError, "ignores null on a required field instead of refusing it")
        case .keepsLastRepeatedKey: (.pocketBaseType, "keeps only the last value of a repeated multipart key")
        case .ignoresJSONPayload: (.pocketBaseType, "ignores a multipart @jsonPayload")
        case .answersClientFileNames: (.pocketBaseRecord, "answers an upload with the client's file name")
        case .servesFilesAsOctetStream: (.pocketBaseRecord, "serves every file as application/octet-stream")
        case .ignoresNullOnFiles: (.pocketBaseRecord, "ignores null on a file field")
        case .leavesDanglingReferences: (.pocketBaseRecord, "leaves references to a deleted record in place")
        case .skipsCascadeDeletes:
            (.pocketBaseRecord, "keeps the records pointing at a deleted one through cascadeDelete")
        case .acceptsMismatchedPasswordConfirm: (.pocketBaseError, "accepts a sign-up whose passwordConfirm differs")
        case .letsGuestsSetVerified: (.pocketBaseError, "drops a guest's verified instead of refusing it")
        case .dropsLegacyAuthMethods: (.pocketBaseRecord, "answers auth-methods without the legacy keys")
        case .mintsLongerTokens: (.pocketBaseRecord, "mints user tokens lasting two days longer")
        case .answersOTPWhenDisabled: (.pocketBaseError, "answers request-otp with an otpId although OTP is off")
        case .checksOTPWhenDisabled: (.pocketBaseError, "answers auth-with-otp 400 although OTP is off")
        case .revealsUnknownResetEmails:
            (.pocketBaseError, "answers 404 to a reset or verification request for an unknown email")
        case .reportsBadTokensWithoutField:
            (.pocketBaseError, "refuses a bad confirm-* token without naming data.token")
        case .letsGuestsRequestEmailChange: (.pocketBaseError, "accepts request-email-change from a guest")
        case .impersonatesRefreshably: (.pocketBaseRecord, "mints refreshable impersonation tokens")
        case .refusesOAuth2AsBadRequest: (.pocketBaseError, "answers auth-with-oauth2 without providers 400")
        case .rewordsAuthContext:
            (.pocketBaseError, "answers an auth route of a base collection 'Missing collection context.'")
        case .batchesWhenOff: (.pocketBaseError, "runs batches although they are off")
        case .answersEmptyBodyFor204: (.pocketBaseError, "answers a batch's 204 entry with body {}")
        case .createsOnEveryPut: (.pocketBaseError, "creates on every batch PUT instead of upserting")
        case .dropsBatchURLQueries: (.pocketBaseError, "drops the query of a batch request's URL")
        case .skipsGETsInBatches: (.pocketBaseError, "skips a GET inside a batch instead of failing it")
        case .acceptsEmptyBatches: (.pocketBaseError, "answers an empty batch 200 []")
        default: (.pocketBaseRecord, "")
        }
    }

    /// The clause of pocketbase.md the breakage breaks: a case tagged with it must fail.
    var writesClause: String? {
        switch self {
        case .sortsMultiExpandsByID: "§8.1"
        case .dropsNestedExpands: "§8.3"
        case .sortsBackRelationsByID: "§8.4"
        case .expandsForbiddenRecords: "§8.5"
        case .readsStarAsID: "§9.2"
        case .keepsUnnamedExpands: "§9.3"
        case .addsEllipsisWhenNotCut: "§9.4"
        case .appliesFieldsToListEnvelope: "§9.5"
        case .readsAnyTextAsTrue: "§10.9"
        case .keepsFirstOfSingleRelationArray: "§10.10"
        case .dropsDateOffsets: "§10.11"
        case .appendsPrependedIDs: "§10.12"
        case .refusesRemovingAbsentIDs: "§10.13"
        case .appliesModifiersInBodyOrder: "§10.14"
        case .ignoresNullOnRequiredFields: "§10.15"
        case .keepsLastRepeatedKey: "§10.16"
        case .ignoresJSONPayload: "§10.17"
        case .answersClientFileNames: "§10.18"
        case .servesFilesAsOctetStream: "§2.9"
        case .ignoresNullOnFiles: "§10.19"
        case .leavesDanglingReferences: "§10.20"
        case .skipsCascadeDeletes: "§10.21"
        case .acceptsMismatchedPasswordConfirm: "§10.22"
        case .letsGuestsSetVerified: "§10.23"
        case .dropsLegacyAuthMethods: "§11.1"
        case .mintsLongerTokens: "§11.3"
        case .answersOTPWhenDisabled: "§11.5"
        case .checksOTPWhenDisabled: "§11.6"
        case .revealsUnknownResetEmails: "§11.7"
        case .reportsBadTokensWithoutField: "§11.8"
        case .letsGuestsRequestEmailChange: "§11.9"
        case .impersonatesRefreshably: "§11.10"
        case .refusesOAuth2AsBadRequest: "§11.11"
        case .rewordsAuthContext: "§2.8"
        case .batchesWhenOff: "§12.1"
        case .answersEmptyBodyFor204: "§12.2"
        case .createsOnEveryPut: "§12.4"
        case .dropsBatchURLQueries: "§12.5"
        case .skipsGETsInBatches: "§12.6"
        case .acceptsEmptyBatches: "§12.7"
        default: nil
        }
    }
}
