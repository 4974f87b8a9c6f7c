import TreatyCore
import TreatyJSON
import TreatyRules

/// Checks Data API answers against a layout: the envelope, `dataInfo`, records, `fieldData`
/// types and formats, portals, identity and error answers (the `FM-*` rules).
struct FileMakerConformance: Sendable {
    /// The layout the answers come from.
    var layout: FileMakerLayout
    /// Its database (for the related tables of portals).
    var database: FileMakerDatabase

    /// Creates a checker.
    init(layout: FileMakerLayout, database: FileMakerDatabase) {
        self.layout = layout
        self.database = database
    }

    /// Checks a records answer (get, range, find): envelope, `dataInfo` and every record.
    func checkRecordsAnswer(_ body: JSONValue) -> [RuleViolation] {
        var violations = checkEnvelope(body)
        guard let response = body.objectValue?["response"]?.objectValue else { return violations }
        let root = JSONPointer.root.appending("response")
        guard let data = response["data"]?.arrayValue else {
            return violations + [
                violation(
                    .fileMakerData, root.appending("data"), "the answer has no 'data' array",
                    expected: "an array of records", found: response["data"])
            ]
        }
        let info = response["dataInfo"]?.objectValue
        for key in ["totalRecordCount", "foundCount", "returnedCount"] where info?[key]?.numberValue?.isInteger != true
        {
            violations.append(
                violation(
                    .fileMakerData, root.appending("dataInfo").appending(key), "dataInfo's '\(key)' is not an integer",
                    expected: "a JSON integer", found: info?[key]))
        }
        if let returned = info?["returnedCount"]?.numberValue?.int64Value, returned != Int64(data.count) {
            violations.append(
                violation(
                    .fileMakerData, root.appending("dataInfo").appending("returnedCount"),
                    "returnedCount is \(returned) but 'data' holds \(data.count) records", expected: "\(data.count)",
                    found: info?["returnedCount"]))
        }
        for (index, record) in data.enumerated() {
            violations += checkRecord(record, at: root.appending("data").appending(index: index))
        }
        return violations
    }

    /// Checks one record object (`{"fieldData", "portalData", "recordId", "modId"}`).
    func checkRecord(_ value: JSONValue, at pointer: JSONPointer = .root) -> [RuleViolation] {
        guard let record = value.objectValue else {
            return [
                violation(.fileMakerRecord, pointer, "a record is not an object", expected: "an object", found: value)
            ]
        }
        var violations: [RuleViolation] = []
        for key in ["recordId", "modId"] {
            let text = record[key]?.stringValue
            if text == nil || text?.isEmpty != false || !(text ?? "").allSatisfy(\.isNumber) {
                violations.append(
                    violation(
                        .fileMakerRecord, pointer.appending(key), "'\(key)' is not a string of digits",
                        expected: "a string such as \"12\"", found: record[key]))
            }
        }
        guard let fieldData = record["fieldData"]?.objectValue else {
            return violations + [
                violation(
                    .fileMakerRecord, pointer.appending("fieldData"), "the record has no 'fieldData' object",
                    expected: "an object", found: record["fieldData"])
            ]
        }
        violations += checkFieldData(fieldData, at: pointer.appending("fieldData"))
        if !layout.portals.isEmpty || record["portalData"] != nil {
            violations += checkPortals(record["portalData"], at: pointer.appending("portalData"))
        }
        return violations
    }

    /// Checks `fieldData` against the layout's fields.
    func checkFieldData(_ fieldData: JSONObject, at pointer: JSONPointer) -> [RuleViolation] {
        var violations: [RuleViolation] = []
        let keys = layout.fields.flatMap { field in FileMakerRepetition.keys(of: field).map { ($0, field) } }
        for (key, field) in keys {
            let at = pointer.appending(key)
            guard let value = fieldData[key] else {
                violations.append(
                    violation(
                        .fileMakerField, at, "\(layout.name) record has no '\(key)'",
                        expected: "the \(field.result.rawValue) field '\(key)'", found: nil,
                        fix: "send every field on the layout, \"\" when empty"))
                continue
            }
            violations += checkValue(value, field: field, at: at)
        }
        for key in fieldData.keys where !keys.contains(where: { $0.0 == key }) {
            violations.append(
                violation(
                    .fileMakerField, pointer.appending(key), "'\(key)' is not a field of layout '\(layout.name)'",
                    expected: "only the layout's fields", found: fieldData[key],
                    fix: "send only the fields placed on the layout"))
        }
        if let key = layout.primaryKey, let value = fieldData[key], value.stringValue?.isEmpty == true || value == .null
        {
            violations.append(
                violation(
                    .fileMakerIdentity, pointer.appending(key), "the primary key '\(key)' is empty",
                    expected: "a value that identifies the record", found: value))
        }
        return violations
    }

    private func checkValue(_ value: JSONValue, field: FileMakerField, at pointer: JSONPointer) -> [RuleViolation] {
        switch value {
        case .null:
            return [
                violation(
                    .fileMakerType, pointer, "'\(field.name)' is null; FileMaker has no null",
                    expected: "\"\" for an empty field", found: value, fix: "send an empty field as \"\"")
            ]
        case .number where field.result == .number: return []
        case .string(let text) where field.result == .number:
            return text.isEmpty
                ? []
                : [
                    violation(
                        .fileMakerType, pointer, "number field '\(field.name)' is a string",
                        expected: "a JSON number, or \"\" when empty", found: value,
                        fix: "send number fields as JSON numbers")
                ]
        case .string(let text):
            guard !text.isEmpty, let format = Self.dateFormat(field.result), !Self.matches(text, result: field.result)
            else { return [] }
            return [
                violation(
                    .fileMakerDate, pointer, "\(field.result.rawValue) field '\(field.name)' is not \(format)",
                    expected: format, found: value, fix: "format \(field.result.rawValue) values as \(format)")
            ]
        default:
            return [
                violation(
                    .fileMakerType, pointer,
                    "'\(field.name)' is \(value.kind), not \(field.result == .number ? "a number" : "a string")",
                    expected: field.result == .number ? "a JSON number" : "a string", found: value)
            ]
        }
    }

    private func checkPortals(_ value: JSONValue?, at pointer: JSONPointer) -> [RuleViolation] {
        guard let portals = value?.objectValue else {
            return [
                violation(
                    .fileMakerPortal, pointer, "the record has no 'portalData' object",
                    expected: "an object keyed by portal", found: value)
            ]
        }
        var violations: [RuleViolation] = []
        for member in portals.members {
            guard let portal = layout.portal(named: member.key) else {
                violations.append(
                    violation(
                        .fileMakerPortal, pointer.appending(member.key),
                        "'\(member.key)' is not a portal of layout '\(layout.name)'",
                        expected: "one of: \(layout.portals.map(\.name).joined(separator: ", "))", found: member.value))
                continue
            }
            guard let rows = member.value.arrayValue else {
                violations.append(
                    violation(
                        .fileMakerPortal, pointer.appending(member.key),
                        "portal '\(member.key)' is not an array of rows", expected: "an array", found: member.value))
                continue
            }
            let related = database.table(named: portal.table)
            for (index, row) in rows.enumerated() {
                let at = pointer.appending(member.key).appending(index: index)
                guard let object = row.objectValue else {
                    violations.append(
                        violation(
                            .fileMakerPortal, at, "a portal row is not an object", expected: "an object", found: row))
                    continue
                }
                for key in ["recordId", "modId"] where object[key]?.stringValue == nil {
                    violations.append(
                        violation(
                            .fileMakerPortal, at.appending(key), "the portal row has no '\(key)' string",
                            expected: "a string of digits", found: object[key]))
                }
                for name in portal.fields {
                    let qualified = portal.qualified(name)
                    guard let value = object[qualified] else {
                        violations.append(
                            violation(
                                .fileMakerPortal, at.appending(qualified), "the portal row has no '\(qualified)'",
                                expected: "the related field qualified by its table", found: nil,
                                fix: "name portal fields '\(portal.table)::<field>'"))
                        continue
                    }
                    if let field = related?.field(named: name) {
                        violations += checkValue(value, field: field, at: at.appending(qualified))
                    }
                }
            }
        }
        return violations
    }

    /// Checks the envelope: `response` object, `messages` with a string `code` and `message`.
    func checkEnvelope(_ body: JSONValue) -> [RuleViolation] {
        Self.envelopeViolations(body)
    }

    static func envelopeViolations(_ body: JSONValue?) -> [RuleViolation] {
        let fix = #"answer {"response": {…}, "messages": [{"code": "0", "message": "OK"}]}"#
        guard let object = body?.objectValue else {
            return [
                RuleViolation(
                    rule: .fileMakerEnvelope, pointer: .root, message: "the answer is not a JSON object",
                    expected: "the Data API envelope", found: ValueDescription.describe(body), fix: fix)
            ]
        }
        var violations: [RuleViolation] = []
        if object["response"]?.objectValue == nil {
            violations.append(
                RuleViolation(
                    rule: .fileMakerEnvelope, pointer: JSONPointer.root.appending("response"),
                    message: "the answer has no 'response' object", expected: "an object (empty on errors)",
                    found: ValueDescription.describe(object["response"]), fix: fix))
        }
        let message = object["messages"]?.arrayValue?.first?.objectValue
        if message?["code"]?.stringValue == nil {
            violations.append(
                RuleViolation(
                    rule: .fileMakerEnvelope,
                    pointer: JSONPointer.root.appending("messages").appending(index: 0).appending("code"),
                    message: "messages[0].code is not a string", expected: "a code as a string, e.g. \"0\"",
                    found: ValueDescription.describe(message?["code"]), fix: fix))
        }
        if message?["message"]?.stringValue == nil {
            violations.append(
                RuleViolation(
                    rule: .fileMakerEnvelope,
                    pointer: JSONPointer.root.appending("messages").appending(index: 0).appending("message"),
                    message: "messages[0].message is not a string", expected: "a string",
                    found: ValueDescription.describe(message?["message"]), fix: fix))
        }
        return violations
    }

    /// Checks an error answer (`FM-ERR-1`): the envelope, a non-zero code and the status it
    /// pairs with.
    static func checkError(_ body: JSONValue?, status: Int) -> [RuleViolation] {
        let envelope = envelopeViolations(body)
        guard envelope.isEmpty,
            let text = body?.objectValue?["messages"]?.arrayValue?.first?.objectValue?["code"]?.stringValue
        else {
            return envelope.map {
                var error = $0; error.rule = .fileMakerError; return error
            }
        }
        let pointer = JSONPointer.root.appending("messages").appending(index: 0).appending("code")
        guard let code = Int(text), code != 0 else {
            return [
                RuleViolation(
                    rule: .fileMakerError, pointer: pointer, message: "an error answer carries code \"\(text)\"",
                    expected: "a non-zero FileMaker error code", found: ValueDescription.describe(.string(text)),
                    fix: "send the FileMaker error code with the error")
            ]
        }
        let expected: Set<Int> = [212, 952].contains(code) ? [401] : [400, 401, 404, 405, 413, 415, 429, 500, 503]
        guard expected.contains(status) else {
            return [
                RuleViolation(
                    rule: .fileMakerError, pointer: pointer, message: "code \(code) came with HTTP \(status)",
                    expected: "HTTP \(expected.sorted().map(String.init).joined(separator: " or "))",
                    found: "HTTP \(status)", fix: "pair FileMaker errors with 500, login and token errors with 401")
            ]
        }
        return []
    }

    static func dateFormat(_ result: FileMakerField.Result) -> String? {
        switch result {
        case .date: "MM/dd/yyyy"
        case .time: "HH:mm:ss"
        case .timeStamp: "MM/dd/yyyy HH:mm:ss"
        default: nil
        }
    }

    static func matches(_ text: String, result: FileMakerField.Result) -> Bool {
        let digits = text.map { $0.isNumber ? "9" : String($0) }.joined()
        switch result {
        case .date: return digits == "99/99/9999"
        case .time: return digits == "99:99:99"
        case .timeStamp: return digits == "99/99/9999 99:99:99"
        default: return true
        }
    }

    func violation(
        _ rule: RuleID, _ pointer: JSONPointer, _ message: String, expected: String, found: JSONValue?, fix: String = ""
    )
        -> RuleViolation
    {
        RuleViolation(
            rule: rule, pointer: pointer, message: message, expected: expected, found: ValueDescription.describe(found),
            fix: fix.isEmpty ? "answer as FileMaker Server does (see the FM rules)" : fix)
    }
}
