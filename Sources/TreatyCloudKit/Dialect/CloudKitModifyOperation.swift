internal import TreatyJSON

/// One entry of a `records/modify` request's `operations` (cloudkit.md §5).
struct CloudKitModifyOperation {
    /// The seven operation types and what each demands.
    enum Kind: String, CaseIterable {
        case create, update, forceUpdate, replace, forceReplace, delete, forceDelete

        /// Whether the stored record's change tag must match the one sent.
        var checksTag: Bool { self == .update || self == .replace || self == .delete }
        /// Whether a missing record is created.
        var createsMissing: Bool { self == .create || self == .forceUpdate || self == .forceReplace }
        /// Whether fields not sent are cleared.
        var replacesFields: Bool { self == .replace || self == .forceReplace }
        var deletes: Bool { self == .delete || self == .forceDelete }
    }

    var kind: Kind
    /// The record name, or `nil` for a create that lets the server choose.
    var recordName: String?
    var recordType: String?
    var recordChangeTag: String?
    /// The fields sent, as sent.
    var fields: JSONObject
    /// The operation's own `desiredKeys` (wins over the request's).
    var desiredKeys: [String]?
    /// Whether a create asks for a `shortGUID` (cloudkit.md §3: `createShortGUID: true`).
    var createShortGUID = false

    /// Reads operation `index`.
    ///
    /// - Throws: BAD_REQUEST for a malformed entry (the whole request fails).
    init(_ value: JSONValue, index: Int) throws(CloudKitError) {
        guard let object = value.objectValue else { throw .badRequest("operations[\(index)] must be a dictionary") }
        guard let typeName = object["operationType"]?.stringValue else {
            throw .badRequest("operations[\(index)] has no 'operationType'")
        }
        guard let kind = Kind(rawValue: typeName) else {
            let names = Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw .badRequest("operations[\(index)]: unknown operationType '\(typeName)'; use one of \(names)")
        }
        guard let record = object["record"]?.objectValue else {
            throw .badRequest("operations[\(index)] has no 'record' dictionary")
        }
        self.kind = kind
        recordName = record["recordName"]?.stringValue
        if recordName == nil, kind != .create {
            throw .badRequest("operations[\(index)]: \(typeName) needs record.recordName")
        }
        if let name = recordName, name.isEmpty || name.utf8.count > 255 {
            throw .badRequest("operations[\(index)]: recordName must be 1 to 255 bytes")
        }
        recordType = record["recordType"]?.stringValue
        recordChangeTag = record["recordChangeTag"]?.stringValue
        createShortGUID = record["createShortGUID"] == .bool(true)
        if let fields = record["fields"], fields != .null {
            guard let object = fields.objectValue else {
                throw .badRequest("operations[\(index)]: record.fields must be a dictionary")
            }
            self.fields = object
        } else {
            fields = JSONObject()
        }
        if let keys = object["desiredKeys"], keys != .null {
            guard let names = keys.arrayValue?.compactMap(\.stringValue) else {
                throw .badRequest("operations[\(index)]: desiredKeys must be an array of field names")
            }
            desiredKeys = names
        }
    }
}
