import Testing
import TreatyCore

@testable import TreatyCloudKit

/// One way a CloudKit backend gets CloudKit Web Services wrong, and the CK rule the generated
/// suites must fail it with.
enum CloudKitBreakage: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case dropsChangeTags
    case omitsFieldTypes
    case renamesFields
    case sendsNullFields
    case dropsReferenceActions
    case ignoresChangeTags
    case ignoresAtomic
    case dropsContinuationMarkers
    case dropsDeletionsFromChanges
    case answersErrorsWith200

    var expectedRule: RuleID {
        switch self {
        case .dropsChangeTags: .cloudKitRecord
        case .omitsFieldTypes: .cloudKitField
        case .renamesFields: .cloudKitFieldName
        case .sendsNullFields: .cloudKitNull
        case .dropsReferenceActions: .cloudKitReference
        case .ignoresChangeTags: .cloudKitChangeTag
        case .ignoresAtomic: .cloudKitAtomic
        case .dropsContinuationMarkers: .cloudKitPaging
        case .dropsDeletionsFromChanges: .cloudKitSync
        case .answersErrorsWith200: .cloudKitError
        }
    }

    var testDescription: String {
        switch self {
        case .dropsChangeTags: "leaves recordChangeTag out of records"
        case .omitsFieldTypes: "sends field values without their type"
        case .renamesFields: "renames fields (upper-cases the first letter)"
        case .sendsNullFields: "sends {\"value\": null} for fields without a value"
        case .dropsReferenceActions: "drops the action of references"
        case .ignoresChangeTags: "saves an update whatever its change tag"
        case .ignoresAtomic: "applies atomic batches operation by operation"
        case .dropsContinuationMarkers: "never sends a continuationMarker"
        case .dropsDeletionsFromChanges: "leaves deletions out of records/changes"
        case .answersErrorsWith200: "answers request-level errors with HTTP 200"
        }
    }
}
