internal import TreatyJSON

/// Values the generated requests write, by field type; `nil` for types that need another
/// request first (references, assets).
enum CloudKitSampleValues {
    static func value(for type: CloudKitFieldType, unique: String) -> JSONValue? {
        switch type {
        case .string: .string("treaty-\(unique)")
        case .int64: 42
        case .double: 1.5
        case .timestamp: 1_735_689_600_000
        case .bytes: "dHJlYXR5"
        case .location: ["latitude": 37.33, "longitude": -122.03]
        case .stringList: ["treaty", .string(unique)]
        case .int64List: [1, 2, 3]
        case .doubleList: [0.5, 1.5]
        case .timestampList: [1_735_689_600_000]
        default: nil
        }
    }

    /// The first field of `type` a create can set with a plain value.
    static func plainField(_ type: CloudKitRecordType) -> (name: String, type: CloudKitFieldType)? {
        for name in type.fieldOrder {
            guard let field = type.fields[name], CloudKitSampleValues.value(for: field.type, unique: "x") != nil else {
                continue
            }
            return (name, field.type)
        }
        return nil
    }
}
