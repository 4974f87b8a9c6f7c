import TreatyCore
import TreatyJSON
import TreatyRules

/// Checks PocketBase 0.40 answers against a schema: list envelopes, records and error bodies
/// (the `PB-*` rules, see ``TreatyCore/RuleID/pocketBaseRules``).
///
/// The checker judges one decoded body at a time and returns every violation it finds, each
/// with a JSON pointer, the expected and found values, and a fix:
///
/// ```swift
/// let conformance = PocketBaseConformance(collections: collections, callerSeesEmails: true)
/// let violations = conformance.checkList(body, collection: posts)
/// ```
struct PocketBaseConformance: Sendable {
    /// The collections records may belong to (relations name them by id).
    var collections: [PocketBaseCollection]
    /// Whether the caller sees every email (a superuser); otherwise only records with
    /// `emailVisibility` show theirs.
    var callerSeesEmails: Bool

    /// Creates a checker.
    ///
    /// - Parameters:
    ///   - collections: The schema.
    ///   - callerSeesEmails: Whether the requests were sent as a superuser.
    init(collections: [PocketBaseCollection], callerSeesEmails: Bool) {
        self.collections = collections
        self.callerSeesEmails = callerSeesEmails
    }

    /// Checks a list answer (`PB-LIST-1`) and each of its items as a record of `collection`.
    ///
    /// - Parameters:
    ///   - body: The decoded body.
    ///   - collection: The listed collection.
    /// - Returns: The violations, in document order.
    ///   - selected: The top-level keys a `fields=` selection keeps, or `nil` for every key.
    func checkList(_ body: JSONValue, collection: PocketBaseCollection, selected: Set<String>? = nil) -> [RuleViolation] {
        guard let object = body.objectValue else {
            return [
                violation(
                    .pocketBaseList, .root, "a list answer is not an object", expected: "an object with items",
                    found: body, fix: "answer {page, perPage, totalItems, totalPages, items}")
            ]
        }
        var violations: [RuleViolation] = []
        for key in ["page", "perPage", "totalItems", "totalPages"] {
            let value = object[key]
            guard value?.numberValue?.isInteger != true else { continue }
            violations.append(
                violation(
                    .pocketBaseList, JSONPointer.root.appending(key), "the list envelope's '\(key)' is not an integer",
                    expected: "an integer", found: value, fix: "send '\(key)' as a JSON integer (-1 with skipTotal)"))
        }
        guard let items = object["items"]?.arrayValue else {
            violations.append(
                violation(
                    .pocketBaseList, JSONPointer.root.appending("items"), "the list envelope has no 'items' array",
                    expected: "an array of records", found: object["items"], fix: "send the records under 'items'"))
            return violations
        }
        for (index, item) in items.enumerated() {
            violations += checkRecord(
                item, collection: collection, at: JSONPointer.root.appending("items").appending(index: index),
                selected: selected)
        }
        return violations
    }

    /// Checks one record of `collection` (`PB-REC-1`, `PB-FIELD-1`, `PB-TYPE-1`, `PB-DATE-1`,
    /// `PB-HIDE-1`).
    ///
    /// - Parameters:
    ///   - value: The record.
    ///   - collection: Its collection.
    ///   - pointer: Where the record is in the body.
    ///   - selected: The top-level keys a `fields=` selection keeps, or `nil` for every key: a key
    ///     the selection leaves out may be missing.
    /// - Returns: The violations, in field order.
    func checkRecord(
        _ value: JSONValue, collection: PocketBaseCollection, at pointer: JSONPointer = .root,
        selected: Set<String>? = nil
    ) -> [RuleViolation] {
        let all = checkRecord(value, collection: collection, at: pointer)
        guard let selected, let record = value.objectValue else { return all }
        let depth = pointer.tokens.count
        return all.filter { violation in
            let tokens = violation.pointer.tokens
            guard tokens.count == depth + 1, let key = tokens.last else { return true }
            return selected.contains(key) || record[key] != nil
        }
    }

    private func checkRecord(_ value: JSONValue, collection: PocketBaseCollection, at pointer: JSONPointer)
        -> [RuleViolation]
    {
        guard let record = value.objectValue else {
            return [
                violation(
                    .pocketBaseRecord, pointer, "a \(collection.name) record is not an object", expected: "an object",
                    found: value, fix: "send the record as a JSON object")
            ]
        }
        var violations = checkIdentity(record, collection: collection, at: pointer)
        let emailVisible = callerSeesEmails || record["emailVisibility"]?.boolValue == true
        for field in collection.fields where field.name != "id" {
            let at = pointer.appending(field.name)
            let isAuthSecret = collection.type == .auth && ["password", "tokenKey"].contains(field.name)
            if isAuthSecret || field.type == .password {
                if record.containsKey(field.name) {
                    violations.append(
                        violation(
                            .pocketBaseHidden, at, "\(collection.name) record shows its '\(field.name)'",
                            expected: "no '\(field.name)' key", found: record[field.name],
                            fix: "never send passwords or token keys"))
                }
                continue
            }
            if collection.type == .auth, field.name == "email", !emailVisible {
                if record.containsKey("email") {
                    violations.append(
                        violation(
                            .pocketBaseHidden, at, "\(collection.name) record shows an email its owner hides",
                            expected: "no 'email' key (emailVisibility is false)", found: record["email"],
                            fix:
                                "leave 'email' out unless emailVisibility is true or the caller is the owner or a superuser"
                        ))
                }
                continue
            }
            guard let fieldValue = record[field.name] else {
                if !field.hidden {
                    violations.append(
                        violation(
                            .pocketBaseField, at, "\(collection.name) record has no '\(field.name)'",
                            expected: "the \(field.type) field '\(field.name)'", found: nil,
                            fix: "every field that is not hidden is in the record, with its empty value when unset"))
                }
                continue
            }
            violations += checkValue(fieldValue, of: field, in: collection, at: at)
        }
        return violations
    }

    /// Checks an error body (`PB-ERR-1`): `{status, message, data}` with `status` equal to the
    /// reply's status.
    ///
    /// - Parameters:
    ///   - body: The decoded body, or `nil` when it was empty or not JSON.
    ///   - status: The reply's HTTP status.
    /// - Returns: The violations.
    func checkError(_ body: JSONValue?, status: Int) -> [RuleViolation] {
        let fix = "answer errors as {\"status\": \(status), \"message\": \"…\", \"data\": {}}"
        guard let object = body?.objectValue else {
            return [
                violation(
                    .pocketBaseError, .root, "the error body is not an object", expected: "an object", found: body,
                    fix: fix)
            ]
        }
        var violations: [RuleViolation] = []
        if object["status"]?.numberValue?.int64Value != Int64(status) {
            violations.append(
                violation(
                    .pocketBaseError, JSONPointer.root.appending("status"),
                    "the error body's 'status' is not \(status)",
                    expected: "\(status)", found: object["status"], fix: fix))
        }
        if object["message"]?.stringValue?.isEmpty != false {
            violations.append(
                violation(
                    .pocketBaseError, JSONPointer.root.appending("message"), "the error body has no message",
                    expected: "a non-empty string", found: object["message"], fix: fix))
        }
        if object["data"]?.objectValue == nil {
            violations.append(
                violation(
                    .pocketBaseError, JSONPointer.root.appending("data"), "the error body's 'data' is not an object",
                    expected: "an object ({} when no field failed)", found: object["data"], fix: fix))
        }
        return violations
    }

    private func checkIdentity(_ record: JSONObject, collection: PocketBaseCollection, at pointer: JSONPointer)
        -> [RuleViolation]
    {
        var violations: [RuleViolation] = []
        let expected: [(String, String)] = [("collectionId", collection.id), ("collectionName", collection.name)]
        for (key, value) in expected where record[key]?.stringValue != value {
            violations.append(
                violation(
                    .pocketBaseRecord, pointer.appending(key), "\(collection.name) record's '\(key)' is not '\(value)'",
                    expected: "\"\(value)\"", found: record[key], fix: "every record names its collection's id and name"
                ))
        }
        let id = record["id"]?.stringValue
        if id.map(Self.isRecordID) != true {
            violations.append(
                violation(
                    .pocketBaseRecord, pointer.appending("id"),
                    "\(collection.name) record's id is not 15 characters [a-z0-9]",
                    expected: "a string of 15 characters [a-z0-9]", found: record["id"],
                    fix: "generate ids as PocketBase does: 15 random characters from [a-z0-9]"))
        }
        return violations
    }
}

extension PocketBaseConformance {
    func violation(
        _ rule: RuleID, _ pointer: JSONPointer, _ message: String, expected: String, found: JSONValue?, fix: String
    ) -> RuleViolation {
        RuleViolation(
            rule: rule, pointer: pointer, message: message, expected: expected, found: Self.show(found), fix: fix)
    }

    /// Whether `text` is 15 characters from `[a-z0-9]`.
    static func isRecordID(_ text: String) -> Bool {
        text.count == PocketBaseRecordID.length && text.allSatisfy { PocketBaseRecordID.alphabet.contains($0) }
    }

    /// How a found value reads in a message: `missing`, `null` or its JSON.
    static func show(_ value: JSONValue?) -> String {
        guard let value else { return "missing" }
        let text = value.serialized()
        return text.count > 80 ? String(text.prefix(77)) + "…" : text
    }
}
