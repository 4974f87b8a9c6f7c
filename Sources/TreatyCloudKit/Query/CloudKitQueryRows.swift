internal import TreatyDialect
internal import TreatyJSON
internal import TreatyQuery

/// Stored records as the query model reads them: one flat row per record, each field's value in
/// the form its ``TreatyQuery/FieldKind`` takes (references as their record names, locations as
/// points, timestamps as epoch milliseconds), plus the system fields.
enum CloudKitQueryRows {
    static let recordID = "___recordID"
    static let createTime = "___createTime"
    static let modTime = "___modTime"
    static let createdBy = "___createdBy"
    static let modifiedBy = "___modifiedBy"
    /// The row's position in the candidate list, so equal sort keys keep a stable order.
    static let position = "___position"

    /// The system fields and their kinds.
    static let systemKinds: [String: FieldKind] = [
        recordID: .string, createTime: .date, modTime: .date, createdBy: .string, modifiedBy: .string,
        position: .integer,
    ]

    /// The query-model name of a filter's or sort's field: `fieldName`, or `systemFieldName`
    /// (cloudkit.md §12).
    static func fieldName(of object: JSONObject) -> String? {
        if let system = object["systemFieldName"]?.stringValue {
            switch system {
            case "recordName", "___recordID", "___recordId": return recordID
            case "createdTimestamp", "___createTime": return createTime
            case "modifiedTimestamp", "___modTime": return modTime
            case "createdUserRecordName", "___createdBy": return createdBy
            case "modifiedUserRecordName", "___modifiedBy": return modifiedBy
            default: return system
            }
        }
        guard let name = object["fieldName"]?.stringValue else { return nil }
        return name == "___recordId" ? recordID : name
    }

    /// The flat row of a stored record.
    static func row(_ stored: JSONObject, index: Int) -> JSONObject {
        var row: JSONObject = [
            recordID: stored["recordName"] ?? .null,
            createTime: .number(JSONNumber(stored["created_at"]?.stringValue.flatMap(TimestampText.milliseconds) ?? 0)),
            modTime: .number(JSONNumber(stored["updated_at"]?.stringValue.flatMap(TimestampText.milliseconds) ?? 0)),
            createdBy: stored["createdBy"] ?? .null, modifiedBy: stored["modifiedBy"] ?? .null,
            position: .number(JSONNumber(index)),
        ]
        for member in stored["values"]?.objectValue?.members ?? [] {
            guard let value = member.value["value"], let typeName = member.value["type"]?.stringValue,
                let type = CloudKitFieldType(rawValue: typeName)
            else { continue }
            row[member.key] = type.isList ? .array((value.arrayValue ?? []).map { plain($0, type.element) }) : plain(value, type)
        }
        return row
    }

    /// One value as the query model reads it.
    static func plain(_ value: JSONValue, _ type: CloudKitFieldType) -> JSONValue {
        switch type {
        case .reference: value["recordName"] ?? value
        case .location:
            .object(["latitude": value["latitude"] ?? .null, "longitude": value["longitude"] ?? .null])
        default: value
        }
    }
}
