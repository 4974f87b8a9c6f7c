import Testing
import TreatyCore

@testable import TreatyFileMaker

/// One way a FileMaker Data API backend gets its wire format wrong, and the FM rule the generated
/// suites must fail it with.
enum FileMakerBreakage: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sendsNumericCodes
    case miscountsReturnedRecords
    case sendsNumericRecordIDs
    case dropsALayoutField
    case sendsNumbersAsText
    case writesISODates
    case unqualifiesPortalFields
    case emptiesThePrimaryKey
    case answersErrorsWith200

    var expectedRule: RuleID {
        switch self {
        case .sendsNumericCodes: .fileMakerEnvelope
        case .miscountsReturnedRecords: .fileMakerData
        case .sendsNumericRecordIDs: .fileMakerRecord
        case .dropsALayoutField: .fileMakerField
        case .sendsNumbersAsText: .fileMakerType
        case .writesISODates: .fileMakerDate
        case .unqualifiesPortalFields: .fileMakerPortal
        case .emptiesThePrimaryKey: .fileMakerIdentity
        case .answersErrorsWith200: .fileMakerError
        }
    }

    var testDescription: String {
        switch self {
        case .sendsNumericCodes: "sends message codes as numbers"
        case .miscountsReturnedRecords: "miscounts returnedCount"
        case .sendsNumericRecordIDs: "sends recordId as a number"
        case .dropsALayoutField: "drops a layout field from fieldData"
        case .sendsNumbersAsText: "sends number fields as text"
        case .writesISODates: "writes dates as ISO 8601 by default"
        case .unqualifiesPortalFields: "leaves portal fields unqualified"
        case .emptiesThePrimaryKey: "empties the primary key"
        case .answersErrorsWith200: "answers FileMaker errors with HTTP 200"
        }
    }
}
