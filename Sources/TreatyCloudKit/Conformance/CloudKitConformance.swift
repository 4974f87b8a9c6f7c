internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyJSON
internal import TreatyRules

/// The `CK-*` rules that can be judged on one answer: record dictionaries (CK-REC-1, CK-FIELD-1,
/// CK-NAME-1, CK-NULL-1, CK-REF-1), query pages (CK-PAGE-1's shape), change feeds (CK-SYNC-1's
/// shape) and error dictionaries (CK-ERR-1).
struct CloudKitConformance {
    /// The contract's record types; empty for a container served without a contract.
    let recordTypes: [String: CloudKitRecordType]

    // MARK: Records

    /// A `{"records": [...]}` answer (modify, lookup, query, changes): every entry is a record,
    /// a deletion or a per-record error.
    func checkRecordsAnswer(_ value: JSONValue) -> [RuleViolation] {
        guard let records = value["records"]?.arrayValue else {
            return [
                violation(
                    .cloudKitRecord, .root.appending("records"), "the answer has no 'records' array",
                    expected: "{\"records\": [...]}", found: value, fix: "answer records in a 'records' array")
            ]
        }
        var violations: [RuleViolation] = []
        let base = JSONPointer.root.appending("records")
        for (index, entry) in records.enumerated() {
            let pointer = base.appending(index: index)
            guard let object = entry.objectValue else {
                violations.append(
                    violation(.cloudKitRecord, pointer, "a records entry is not a dictionary", expected: "a record", found: entry, fix: ""))
                continue
            }
            if object["serverErrorCode"] != nil {
                violations += checkErrorDictionary(object, at: pointer)
            } else if object["deleted"] == .bool(true), object["fields"] == nil {
                if object["recordName"]?.stringValue == nil {
                    violations.append(
                        violation(
                            .cloudKitSync, pointer.appending("recordName"), "a deletion does not name its record",
                            expected: "a recordName", found: object["recordName"] ?? .null,
                            fix: "send deletions as {\"recordName\", \"deleted\": true}"))
                }
            } else {
                violations += checkRecord(entry, at: pointer)
            }
        }
        if let marker = value["continuationMarker"], marker != .null, marker.stringValue?.isEmpty != false {
            violations.append(
                violation(
                    .cloudKitPaging, .root.appending("continuationMarker"), "continuationMarker is not an opaque string",
                    expected: "a non-empty string, or no key on the last page", found: marker,
                    fix: "leave the key out when no results remain"))
        }
        if value["syncToken"] != nil || value["moreComing"] != nil {
            if value["syncToken"]?.stringValue?.isEmpty != false {
                violations.append(
                    violation(
                        .cloudKitSync, .root.appending("syncToken"), "a change feed answer has no syncToken",
                        expected: "a string", found: value["syncToken"] ?? .null, fix: "answer the token to sync from next"))
            }
            if value["moreComing"]?.boolValue == nil {
                violations.append(
                    violation(
                        .cloudKitSync, .root.appending("moreComing"), "a change feed answer has no boolean moreComing",
                        expected: "true or false", found: value["moreComing"] ?? .null, fix: "say whether more changes wait"))
            }
        }
        return violations
    }

    /// One record dictionary.
    func checkRecord(_ value: JSONValue, at pointer: JSONPointer) -> [RuleViolation] {
        guard let record = value.objectValue else {
            return [violation(.cloudKitRecord, pointer, "a record is not a dictionary", expected: "a record dictionary", found: value, fix: "")]
        }
        var violations: [RuleViolation] = []
        for key in ["recordName", "recordType", "recordChangeTag"] where record[key]?.stringValue?.isEmpty != false {
            violations.append(
                violation(
                    .cloudKitRecord, pointer.appending(key), "the record has no \(key)", expected: "a non-empty string",
                    found: record[key] ?? .null, fix: "send \(key) with every record"))
        }
        for key in ["created", "modified"] where record[key] != nil {
            if record[key]?["timestamp"]?.numberValue?.int64Value == nil {
                violations.append(
                    violation(
                        .cloudKitRecord, pointer.appending(key).appending("timestamp"),
                        "\(key).timestamp is not integer milliseconds", expected: "milliseconds since 1970",
                        found: record[key]?["timestamp"] ?? .null, fix: "send timestamps as integers"))
            }
        }
        guard let fields = record["fields"]?.objectValue else {
            violations.append(
                violation(
                    .cloudKitRecord, pointer.appending("fields"), "the record has no fields dictionary",
                    expected: "a dictionary (empty when no field has a value)", found: record["fields"] ?? .null,
                    fix: "send 'fields': {} for a record without values"))
            return violations
        }
        let type = record["recordType"]?.stringValue.flatMap { recordTypes[$0] }
        for member in fields.members {
            violations += checkField(member.value, named: member.key, declared: type, at: pointer.appending("fields").appending(member.key))
        }
        return violations
    }

    private func checkField(_ value: JSONValue, named name: String, declared type: CloudKitRecordType?, at pointer: JSONPointer)
        -> [RuleViolation]
    {
        var violations: [RuleViolation] = []
        if let type, type.fields[name] == nil {
            let hint = Suggestion.closest(to: name, among: type.fieldOrder).map { " (did you mean '\($0)'?)" } ?? ""
            violations.append(
                violation(
                    .cloudKitFieldName, pointer, "'\(name)' is not a field of \(type.name)\(hint)",
                    expected: "one of: \(type.fieldOrder.joined(separator: ", "))", found: .string(name),
                    fix: "name fields as the contract does"))
        }
        guard let object = value.objectValue, let fieldValue = object["value"] else {
            violations.append(
                violation(
                    .cloudKitField, pointer, "field '\(name)' is not {\"value\", \"type\"}", expected: "{\"value\": …, \"type\": …}",
                    found: value, fix: "wrap every field value with its type"))
            return violations
        }
        if fieldValue == .null {
            violations.append(
                violation(
                    .cloudKitNull, pointer.appending("value"), "field '\(name)' is sent with a null value",
                    expected: "the field left out", found: .null, fix: "leave out fields without a value"))
            return violations
        }
        guard let typeName = object["type"]?.stringValue, let fieldType = CloudKitFieldType(rawValue: typeName) else {
            violations.append(
                violation(
                    .cloudKitField, pointer.appending("type"), "field '\(name)' has no CloudKit type",
                    expected: CloudKitFieldType.allCases.map(\.rawValue).joined(separator: ", "), found: object["type"] ?? .null,
                    fix: "send the field's type with its value"))
            return violations
        }
        if let declared = type?.fields[name]?.type, declared != fieldType {
            violations.append(
                violation(
                    .cloudKitField, pointer.appending("type"), "field '\(name)' is \(declared.rawValue) in the contract",
                    expected: declared.rawValue, found: .string(typeName), fix: "send the declared type"))
        }
        let values = fieldType.isList ? (fieldValue.arrayValue ?? []) : [fieldValue]
        if fieldType.isList, fieldValue.arrayValue == nil {
            violations.append(
                violation(
                    .cloudKitField, pointer.appending("value"), "\(typeName) field '\(name)' is not an array",
                    expected: "an array", found: fieldValue, fix: "send list values as arrays"))
            return violations
        }
        for (index, element) in values.enumerated() {
            let at = fieldType.isList ? pointer.appending("value").appending(index: index) : pointer.appending("value")
            if let problem = Self.problem(element, fieldType.element) {
                let rule: RuleID = fieldType.element == .reference ? .cloudKitReference : .cloudKitField
                violations.append(
                    violation(rule, at, "field '\(name)': \(problem)", expected: fieldType.element.rawValue, found: element, fix: "send the value in the form of its type"))
            }
        }
        return violations
    }

    /// What is wrong with `value` as a value of `type`, or `nil`.
    static func problem(_ value: JSONValue, _ type: CloudKitFieldType) -> String? {
        switch type {
        case .string: return value.stringValue == nil ? "a STRING is a JSON string" : nil
        case .int64: return value.numberValue?.int64Value == nil ? "an INT64 is a JSON integer" : nil
        case .double: return value.numberValue == nil ? "a DOUBLE is a JSON number" : nil
        case .timestamp:
            return value.numberValue?.int64Value == nil ? "a TIMESTAMP is integer milliseconds since 1970" : nil
        case .bytes:
            return value.stringValue.flatMap { Data(base64Encoded: $0) } == nil ? "BYTES are base64 text" : nil
        case .reference:
            guard value["recordName"]?.stringValue?.isEmpty == false else { return "a REFERENCE names its recordName" }
            guard let action = value["action"]?.stringValue, CloudKitReference.Action(rawValue: action) != nil else {
                return "a REFERENCE has an action of NONE, DELETE_SELF or VALIDATE"
            }
            return nil
        case .location:
            return value["latitude"]?.numberValue == nil || value["longitude"]?.numberValue == nil
                ? "a LOCATION has numeric latitude and longitude" : nil
        case .asset:
            return value["fileChecksum"]?.stringValue == nil || value["size"]?.numberValue == nil
                ? "an ASSETID has fileChecksum and size" : nil
        default: return nil
        }
    }

    // MARK: Errors

    /// A per-item or request-level error dictionary.
    func checkErrorDictionary(_ object: JSONObject, at pointer: JSONPointer) -> [RuleViolation] {
        var violations: [RuleViolation] = []
        let code = object["serverErrorCode"]?.stringValue
        if code.flatMap(CloudKitError.Code.init(rawValue:)) == nil {
            violations.append(
                violation(
                    .cloudKitError, pointer.appending("serverErrorCode"), "serverErrorCode is not a CloudKit code",
                    expected: "e.g. BAD_REQUEST, CONFLICT, NOT_FOUND", found: object["serverErrorCode"] ?? .null,
                    fix: "send one of CloudKit's serverErrorCode values"))
        }
        for key in ["uuid", "reason"] where object[key]?.stringValue == nil {
            violations.append(
                violation(
                    .cloudKitError, pointer.appending(key), "the error has no \(key)", expected: "a string",
                    found: object[key] ?? .null, fix: "send \(key) with every error"))
        }
        return violations
    }

    /// A request-level error answer and its status.
    static func checkError(_ body: JSONValue?, status: Int) -> [RuleViolation] {
        guard let object = body?.objectValue else {
            return [
                RuleViolation(
                    rule: .cloudKitError, pointer: .root, message: "the error answer is not a JSON dictionary",
                    expected: "{\"uuid\", \"serverErrorCode\", \"reason\"}", found: body.map { ValueDescription.describe($0) } ?? "no JSON",
                    fix: "answer errors with CloudKit's error dictionary")
            ]
        }
        var violations = CloudKitConformance(recordTypes: [:]).checkErrorDictionary(object, at: .root)
        if let code = object["serverErrorCode"]?.stringValue.flatMap(CloudKitError.Code.init(rawValue:)),
            Int(code.status.code) != status
        {
            violations.append(
                RuleViolation(
                    rule: .cloudKitError, pointer: .root.appending("serverErrorCode"),
                    message: "\(code.rawValue) came with HTTP \(status)", expected: "HTTP \(code.status.code)",
                    found: "HTTP \(status)", fix: "send each code with its HTTP status"))
        }
        return violations
    }

    private func violation(
        _ rule: RuleID, _ pointer: JSONPointer, _ message: String, expected: String, found: JSONValue, fix: String
    ) -> RuleViolation {
        RuleViolation(
            rule: rule, pointer: pointer, message: message, expected: expected, found: ValueDescription.describe(found), fix: fix)
    }
}
