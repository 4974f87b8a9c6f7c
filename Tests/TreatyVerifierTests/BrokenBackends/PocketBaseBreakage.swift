import Testing
import TreatyCore

@testable import TreatyPocketBase

/// One way a PocketBase-compatible backend gets its wire format wrong, and the PB rule the
/// generated suites must fail it with.
enum PocketBaseBreakage: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case renamesTotalItems
    case dropsCollectionName
    case dropsADeclaredField
    case sendsNumbersAsText
    case writesISODates
    case leaksTokenKey
    case sendsUnshapedErrors
    case ignoresUpdates

    var expectedRule: RuleID {
        switch self {
        case .renamesTotalItems: .pocketBaseList
        case .dropsCollectionName: .pocketBaseRecord
        case .dropsADeclaredField: .pocketBaseField
        case .sendsNumbersAsText, .ignoresUpdates: .pocketBaseType
        case .writesISODates: .pocketBaseDate
        case .leaksTokenKey: .pocketBaseHidden
        case .sendsUnshapedErrors: .pocketBaseError
        }
    }

    var testDescription: String {
        switch self {
        case .renamesTotalItems: "calls the list envelope's totalItems total"
        case .dropsCollectionName: "leaves collectionName out of records"
        case .dropsADeclaredField: "leaves a declared field (posts' title) out of records"
        case .sendsNumbersAsText: "sends number fields as strings"
        case .writesISODates: "writes dates as ISO 8601 with a T"
        case .leaksTokenKey: "sends an auth record's hidden tokenKey"
        case .sendsUnshapedErrors: "answers errors with {\"error\": …}"
        case .ignoresUpdates: "answers a PATCH with the record unchanged"
        }
    }
}
