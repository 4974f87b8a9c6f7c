internal import TreatyCore
internal import TreatyJSON

/// Decodes PocketBase 0.40 collection JSON (the export shape, which is also the
/// `POST /api/collections` body) into the model, collecting ``SchemaIssue``s instead of
/// stopping at the first problem.
///
/// Missing props take PocketBase's defaults; the caller decides which issues matter.
struct SchemaDecoder {
    var issues: [SchemaIssue] = []
    /// The raw `type` of collections whose type was not base, auth or view, by pointer; the
    /// collection itself is decoded as base.
    var invalidTypes: [JSONPointer: String] = [:]
    /// The pointers of fields that had no `id`, whose ids were derived from type and name.
    var fieldsWithoutID: Set<JSONPointer> = []

    static let collectionKeys = [
        "id", "name", "type", "system", "fields", "indexes", "listRule", "viewRule", "createRule", "updateRule",
        "deleteRule", "created", "updated", "viewQuery",
    ]
    static let authKeys = [
        "authRule", "manageRule", "authAlert", "oauth2", "passwordAuth", "mfa", "otp", "authToken",
        "passwordResetToken", "emailChangeToken", "verificationToken", "fileToken", "verificationTemplate",
        "resetPasswordTemplate", "confirmEmailChangeTemplate",
    ]

    /// Decodes one collection object, or returns `nil` when `value` is not an object.
    mutating func collection(_ value: JSONValue, at pointer: JSONPointer) -> PocketBaseCollection? {
        guard case .object(let object) = value else {
            issues.append(
                SchemaIssue(
                    kind: .malformed, rule: "pocketbase-type-mismatch", pointer: pointer,
                    message: "a collection must be an object, found \(Self.describe(value))",
                    fix: "write the collection as {\"name\": …, \"type\": …, \"fields\": […]}"))
            return nil
        }
        checkLegacyCollectionShape(object, at: pointer)
        let name = string("name", in: object, at: pointer)
        let type = collectionType(object, at: pointer)
        let id = string("id", in: object, at: pointer)
        var known = Self.collectionKeys + ["schema", "options"]
        if type == .auth { known += Self.authKeys }
        checkKeys(of: object, known: known, in: "collection '\(name)'", at: pointer)
        var collection = PocketBaseCollection(
            id: id.isEmpty ? nil : id, name: name, type: type,
            system: bool("system", in: object, at: pointer),
            fields: fields(object, at: pointer),
            indexes: strings("indexes", in: object, at: pointer),
            rules: PocketBaseAPIRules(
                list: rule("listRule", in: object, at: pointer), view: rule("viewRule", in: object, at: pointer),
                create: rule("createRule", in: object, at: pointer),
                update: rule("updateRule", in: object, at: pointer),
                delete: rule("deleteRule", in: object, at: pointer)))
        if type == .auth { collection.auth = authOptions(object, at: pointer) }
        if type == .view { collection.viewQuery = string("viewQuery", in: object, at: pointer) }
        return collection
    }

    private mutating func collectionType(_ object: JSONObject, at pointer: JSONPointer) -> PocketBaseCollectionType {
        let raw = string("type", in: object, at: pointer)
        if raw.isEmpty { return .base }
        if let type = PocketBaseCollectionType(rawValue: raw) { return type }
        invalidTypes[pointer] = raw
        return .base
    }

    private mutating func fields(_ object: JSONObject, at pointer: JSONPointer) -> [PocketBaseField] {
        switch object["fields"] {
        case nil, .null?:
            return []
        case .array(let elements)?:
            var result: [PocketBaseField] = []
            for (index, element) in elements.enumerated() {
                if let field = field(element, at: pointer.appending("fields").appending(index: index)) {
                    result.append(field)
                }
            }
            return result
        case let other?:
            mismatch("fields", expected: "a list of field objects", found: other, at: pointer)
            return []
        }
    }

    private mutating func checkLegacyCollectionShape(_ object: JSONObject, at pointer: JSONPointer) {
        if object.containsKey("schema") {
            issues.append(
                SchemaIssue(
                    kind: .legacyShape, rule: "pocketbase-legacy-schema", pointer: pointer.appending("schema"),
                    message: "'schema' is the pre-0.23 name of 'fields'; PocketBase 0.40 ignores it",
                    details: [
                        "PocketBase 0.40 would create the collection with an 'id' field only",
                        "field options moved too: write each field's props flat, without an 'options' object",
                    ],
                    fix: "export the collections again from PocketBase 0.23 or later, or rename 'schema' to 'fields'"))
        }
        if object.containsKey("options") {
            issues.append(
                SchemaIssue(
                    kind: .legacyShape, rule: "pocketbase-legacy-schema", pointer: pointer.appending("options"),
                    message: "a collection-level 'options' object is the pre-0.23 shape; PocketBase 0.40 ignores it",
                    details: ["auth settings and 'viewQuery' are top-level keys of the collection since 0.23"],
                    fix:
                        "move the keys of 'options' up into the collection, or export again from PocketBase 0.23 or later"
                ))
        }
    }
}
