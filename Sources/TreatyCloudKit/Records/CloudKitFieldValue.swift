internal import Foundation
internal import TreatyJSON

/// Reads field values clients send (`{"value": …, "type": …}`) into their stored form, and
/// renders stored values back (cloudkit.md §4).
///
/// A stored field is `{"value": v, "type": "T"}` with `v` in canonical form: integers for INT64
/// and TIMESTAMP, numbers for DOUBLE, base64 text for BYTES, `{recordName, zoneID, action}`
/// for REFERENCE, `{latitude, longitude, …}` for LOCATION, the upload's receipt dictionary for
/// ASSETID, arrays for lists.
enum CloudKitFieldValue {
    /// Where a field value comes from, which decides what it must spell out.
    enum Source {
        /// A `records/modify` save: every reference names its action.
        case save
        /// A fixture file: a reference without an action is NONE.
        case fixture
    }

    /// The stored form of `input` for field `name`.
    ///
    /// - Parameters:
    ///   - input: The `{"value", "type"}` dictionary as sent.
    ///   - declared: The field's type in the schema, when it has one.
    ///   - zone: The record's zone, the default of a reference's `zoneID`.
    ///   - source: Where the value comes from: a save must give each reference its `action`
    ///     (cloudkit.md §3, required outside queries); a fixture may leave it out (NONE).
    /// - Returns: The stored field, or `nil` when the value is null (the field is cleared).
    /// - Throws: BAD_REQUEST naming the field and what is wrong.
    static func stored(
        _ input: JSONValue, field name: String, declared: CloudKitFieldType?, zone: JSONValue, source: Source
    ) throws(CloudKitError) -> (type: CloudKitFieldType, value: JSONValue)? {
        guard let object = input.objectValue else {
            throw .badRequest("field '\(name)' must be a dictionary with 'value' (and 'type')")
        }
        guard let value = object["value"] else { throw .badRequest("field '\(name)' has no 'value'") }
        if value == .null { return nil }
        var type = declared
        if let text = object["type"]?.stringValue, text != "UNKNOWN_LIST" {
            guard let given = CloudKitFieldType(wireName: text) else {
                throw .badRequest("field '\(name)' has the unknown type '\(text)'")
            }
            if let declared, declared != given {
                throw .badRequest("field '\(name)' is \(declared.rawValue), but the value is typed \(given.rawValue)")
            }
            type = given
        }
        guard let type = type ?? inferred(value) else {
            throw .badRequest("the type of field '\(name)' cannot be told from its value; add 'type'")
        }
        if type.isList {
            guard let elements = value.arrayValue else {
                throw .badRequest("field '\(name)' is \(type.rawValue) and needs an array value")
            }
            var stored: [JSONValue] = []
            for element in elements {
                stored.append(try scalar(element, type.element, field: name, zone: zone, source: source))
            }
            return (type, .array(stored))
        }
        return (type, try scalar(value, type, field: name, zone: zone, source: source))
    }

    /// The type a value without `type` has.
    static func inferred(_ value: JSONValue) -> CloudKitFieldType? {
        switch value {
        case .string: return .string
        case .bool: return .int64
        case .number(let number): return number.isInteger ? .int64 : .double
        case .object(let object):
            if object["latitude"] != nil { return .location }
            if object["recordName"] != nil { return .reference }
            if object["receipt"] != nil || object["fileChecksum"] != nil { return .asset }
            return nil
        case .array(let elements):
            guard let first = elements.first else { return .stringList }
            return inferred(first).map(\.list)
        case .null: return nil
        }
    }

    private static func scalar(
        _ value: JSONValue, _ type: CloudKitFieldType, field: String, zone: JSONValue, source: Source
    ) throws(CloudKitError) -> JSONValue {
        let wrong = CloudKitError.badRequest("field '\(field)' is \(type.rawValue); \(value.serialized()) is not such a value")
        switch type {
        case .string:
            guard case .string = value else { throw wrong }
            return value
        case .int64, .timestamp:
            switch value {
            case .bool(let flag): return .number(JSONNumber(flag ? 1 : 0))
            case .number(let number):
                guard let integer = number.int64Value else { throw wrong }
                return .number(JSONNumber(integer))
            case .string(let text):
                guard let integer = Int64(text) else { throw wrong }
                return .number(JSONNumber(integer))
            default: throw wrong
            }
        case .double:
            switch value {
            case .number(let number): return .number(JSONNumber(number.doubleValue))
            case .string(let text):
                guard let double = Double(text), double.isFinite else { throw wrong }
                return .number(JSONNumber(double))
            default: throw wrong
            }
        case .bytes:
            guard let text = value.stringValue, Data(base64Encoded: text) != nil else { throw wrong }
            return value
        case .reference:
            guard let object = value.objectValue, let recordName = object["recordName"]?.stringValue, !recordName.isEmpty
            else { throw wrong }
            if object["action"] == nil, source == .save {
                throw .badRequest(
                    "the reference in field '\(field)' has no 'action'; a saved reference needs one of NONE, DELETE_SELF or VALIDATE")
            }
            let action = object["action"]?.stringValue ?? "NONE"
            guard CloudKitReference.Action(rawValue: action) != nil else {
                throw .badRequest("the reference action of field '\(field)' must be NONE, DELETE_SELF or VALIDATE")
            }
            var zoneID = zone
            if let given = object["zoneID"]?.objectValue, let name = given["zoneName"]?.stringValue {
                var id = zone.objectValue ?? JSONObject()
                id["zoneName"] = .string(name)
                zoneID = .object(id)
            }
            return .object(["recordName": .string(recordName), "zoneID": zoneID, "action": .string(action)])
        case .location:
            guard let object = value.objectValue, let latitude = object["latitude"]?.numberValue?.doubleValue,
                let longitude = object["longitude"]?.numberValue?.doubleValue, (-90...90).contains(latitude),
                (-180...180).contains(longitude)
            else { throw wrong }
            var stored = JSONObject()
            for key in [
                "latitude", "longitude", "horizontalAccuracy", "verticalAccuracy", "altitude", "speed", "course",
                "timestamp",
            ] {
                if let number = object[key]?.numberValue { stored[key] = .number(number) }
            }
            return .object(stored)
        case .asset:
            guard let object = value.objectValue, object["receipt"]?.stringValue != nil,
                object["fileChecksum"]?.stringValue != nil, object["size"]?.numberValue != nil
            else {
                throw .badRequest(
                    "field '\(field)' is ASSETID and needs the receipt, fileChecksum and size an assets/upload returned")
            }
            var stored = JSONObject()
            for key in ["fileChecksum", "size", "referenceChecksum", "wrappingKey", "receipt"] {
                if let member = object[key] { stored[key] = member }
            }
            return .object(stored)
        default:
            throw wrong
        }
    }

    /// The field as answers show it: `{"value", "type"}`, numbers as strings when asked, an
    /// asset with its `downloadURL`.
    static func rendered(_ stored: JSONValue, numbersAsStrings: Bool, assetURL: (String) -> String) -> JSONValue {
        guard let object = stored.objectValue, let typeName = object["type"]?.stringValue,
            let type = CloudKitFieldType(rawValue: typeName), var value = object["value"]
        else { return stored }
        func render(_ element: JSONValue) -> JSONValue {
            switch type.element {
            case .int64, .double:
                if numbersAsStrings, let number = element.numberValue { return .string(number.text) }
                return element
            case .asset:
                guard var asset = element.objectValue, let receipt = asset["receipt"]?.stringValue else {
                    return element
                }
                asset["downloadURL"] = .string(assetURL(receipt))
                return .object(asset)
            default: return element
            }
        }
        value = type.isList ? .array((value.arrayValue ?? []).map(render)) : render(value)
        return .object(["value": value, "type": .string(typeName)])
    }
}

/// A reference's parts.
enum CloudKitReference {
    /// What happens to a referring record when its target goes (cloudkit.md §4).
    enum Action: String {
        case none = "NONE"
        case deleteSelf = "DELETE_SELF"
        case validate = "VALIDATE"
    }

    /// The references a stored field holds, as (target record name, zone name, action).
    static func targets(of field: JSONValue) -> [(recordName: String, zoneName: String?, action: Action)] {
        guard let object = field.objectValue, let typeName = object["type"]?.stringValue,
            CloudKitFieldType(rawValue: typeName)?.element == .reference, let value = object["value"]
        else { return [] }
        let values = value.arrayValue ?? [value]
        return values.compactMap { reference in
            guard let name = reference["recordName"]?.stringValue else { return nil }
            let action = Action(rawValue: reference["action"]?.stringValue ?? "NONE") ?? .none
            return (name, reference["zoneID"]?["zoneName"]?.stringValue, action)
        }
    }
}
