internal import TreatyQuery

/// A CloudKit field type as Web Services names it (cloudkit.md §4): the scalar types and their
/// `_LIST` forms.
enum CloudKitFieldType: String, Sendable, Hashable, CaseIterable {
    case string = "STRING"
    case int64 = "INT64"
    case double = "DOUBLE"
    case timestamp = "TIMESTAMP"
    case bytes = "BYTES"
    case reference = "REFERENCE"
    case asset = "ASSETID"
    case location = "LOCATION"
    case stringList = "STRING_LIST"
    case int64List = "INT64_LIST"
    case doubleList = "DOUBLE_LIST"
    case timestampList = "TIMESTAMP_LIST"
    case bytesList = "BYTES_LIST"
    case referenceList = "REFERENCE_LIST"
    case assetList = "ASSETID_LIST"
    case locationList = "LOCATION_LIST"

    /// The type a client wrote, tolerating the names other clients send (cloudkit.md §9:
    /// `ASSET`, `BOOLEAN`, `DATETIME`, `INT`, `NUMBER_INT64`, …); `nil` for an unknown name.
    init?(wireName: String) {
        if let exact = CloudKitFieldType(rawValue: wireName) {
            self = exact
            return
        }
        switch wireName {
        case "INT", "NUMBER_INT64", "BOOLEAN", "BOOL", "INTEGER": self = .int64
        case "NUMBER_DOUBLE", "FLOAT": self = .double
        case "DATETIME", "DATE": self = .timestamp
        case "BYTE": self = .bytes
        case "ASSET": self = .asset
        case "STRING_ARRAY": self = .stringList
        default: return nil
        }
    }

    /// The element type of a list type; the type itself otherwise.
    var element: CloudKitFieldType {
        switch self {
        case .stringList: .string
        case .int64List: .int64
        case .doubleList: .double
        case .timestampList: .timestamp
        case .bytesList: .bytes
        case .referenceList: .reference
        case .assetList: .asset
        case .locationList: .location
        default: self
        }
    }

    /// Whether values are JSON arrays.
    var isList: Bool { element != self }

    /// The list type whose elements are of this type.
    var list: CloudKitFieldType {
        switch self {
        case .string: .stringList
        case .int64: .int64List
        case .double: .doubleList
        case .timestamp: .timestampList
        case .bytes: .bytesList
        case .reference: .referenceList
        case .asset: .assetList
        case .location: .locationList
        default: self
        }
    }

    /// How the query model reads the field's projected values.
    var queryKind: FieldKind {
        let scalar: FieldKind =
            switch element {
            case .string, .reference: .string
            case .int64: .integer
            case .double: .float
            case .timestamp: .date
            case .bytes: .bytes
            case .location: .location
            default: .json
            }
        return isList ? .list(of: scalar) : scalar
    }
}
