import TreatyCore

@testable import TreatyPocketBase

/// The rule and description of the breakages of pocketbase.md §2, §8–§12 (expand, fields,
/// writes, files, auth flows, batch).
extension PocketBaseBreakage {
    var writesExpectation: (rule: RuleID, description: String) {
        switch self {
        case .sortsMultiExpandsByID: (.pocketBaseRecord, "expands a multi relation sorted by id, not in stored order")
        case .dropsNestedExpands: (.pocketBaseRecord, "leaves the nested expand of a dot chain out")
        case .sortsBackRelationsByID: (.pocketBaseRecord, "expands a back-relation sorted by id, not in insertion order")
        case .expandsForbiddenRecords: (.pocketBaseRecord, "expands related records the caller may not view")
        case .readsStarAsID: (.pocketBaseRecord, "reads fields=* as the id only")
        case .keepsUnnamedExpands: (.pocketBaseRecord, "keeps expand although fields= does not name it")
        case .addsEllipsisWhenNotCut: (.pocketBaseRecord, "adds ... to an excerpt that was not cut")
        case .appliesFieldsToListEnvelope: (.pocketBaseList, "applies fields= to a list's envelope")
        case .readsAnyTextAsTrue: (.pocketBaseType, "stores any non-empty text sent to a bool as true")
        case .keepsFirstOfSingleRelationArray: (.pocketBaseType, "keeps the first id of an array sent to a single relation")
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
        case .skipsCascadeDeletes: (.pocketBaseRecord, "keeps the records pointing at a deleted one through cascadeDelete")
        case .acceptsMismatchedPasswordConfirm: (.pocketBaseError, "accepts a sign-up whose passwordConfirm differs")
        case .letsGuestsSetVerified: (.pocketBaseError, "drops a guest's verified instead of refusing it")
        case .dropsLegacyAuthMethods: (.pocketBaseRecord, "answers auth-methods without the legacy keys")
        case .mintsLongerTokens: (.pocketBaseRecord, "mints user tokens lasting two days longer")
        case .answersOTPWhenDisabled: (.pocketBaseError, "answers request-otp with an otpId although OTP is off")
        case .checksOTPWhenDisabled: (.pocketBaseError, "answers auth-with-otp 400 although OTP is off")
        case .revealsUnknownResetEmails: (.pocketBaseError, "answers 404 to a reset or verification request for an unknown email")
        case .reportsBadTokensWithoutField: (.pocketBaseError, "refuses a bad confirm-* token without naming data.token")
        case .letsGuestsRequestEmailChange: (.pocketBaseError, "accepts request-email-change from a guest")
        case .impersonatesRefreshably: (.pocketBaseRecord, "mints refreshable impersonation tokens")
        case .refusesOAuth2AsBadRequest: (.pocketBaseError, "answers auth-with-oauth2 without providers 400")
        case .rewordsAuthContext: (.pocketBaseError, "answers an auth route of a base collection 'Missing collection context.'")
        case .batchesWhenOff: (.pocketBaseError, "runs batches although they are off")
        case .answersEmptyBodyFor204: (.pocketBaseError, "answers a batch's 204 entry with body {}")
        case .createsOnEveryPut: (.pocketBaseError, "creates on every batch PUT instead of upserting")
        case .dropsBatchURLQueries: (.pocketBaseError, "drops the query of a batch request's URL")
        case .skipsGETsInBatches: (.pocketBaseError, "skips a GET inside a batch instead of failing it")
        case .acceptsEmptyBatches: (.pocketBaseError, "answers an empty batch 200 []")
        default: (.pocketBaseRecord, "")
        }
    }
}
