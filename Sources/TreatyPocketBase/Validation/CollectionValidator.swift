/// Checks a collection's settings as PocketBase does before saving it, producing the errors
/// of a `POST /api/collections` reply.
///
/// API rule expressions are not parsed here (that needs the filter language).
struct CollectionValidator {
    /// The collections that already exist (the new one excluded), for uniqueness checks.
    var existing: [PocketBaseCollection]
    /// The collections relation fields may point at; `existing` when `nil`.
    var relationTargets: [PocketBaseCollection]?
    /// The `type` text when it was not base, auth or view.
    var invalidType: String?
    /// Whether to require the system fields (`id`, and the auth fields) to be present.
    var requiresSystemFields = true

    private static let internalTables: Set<String> = ["_collections", "_params", "_migrations", "_logs"]

    func validate(_ collection: PocketBaseCollection) -> [SettingsError] {
        var errors: [SettingsError] = []
        if let error = idError(collection.id) { errors.append(SettingsError(path: ["id"], error: error)) }
        if invalidType != nil { errors.append(SettingsError(path: ["type"], error: .inInvalid)) }
        if let error = nameError(collection.name, id: collection.id) {
            errors.append(SettingsError(path: ["name"], error: error))
        }
        errors += fieldsErrors(collection)
        if collection.type == .view {
            let writeRules = [
                ("createRule", collection.rules.create), ("updateRule", collection.rules.update),
                ("deleteRule", collection.rules.delete),
            ]
            for (key, rule) in writeRules where rule != nil {
                errors.append(SettingsError(path: [key], error: .mustBeNil))
            }
        }
        return errors
    }

    private func idError(_ id: String) -> PocketBaseFieldError? {
        guard !id.isEmpty else { return .required }
        guard id.count <= 100 else { return .lengthOutOfRange(1, 100) }
        guard Self.isWord(id) else { return .matchInvalid }
        guard !existing.contains(where: { $0.id == id }) else { return .existingID }
        return nil
    }

    private func nameError(_ name: String, id: String) -> PocketBaseFieldError? {
        guard !name.isEmpty else { return .required }
        guard name.count <= 255 else { return .lengthOutOfRange(1, 255) }
        guard !name.lowercased().contains("_via_") else { return .foundVia }
        guard Self.isWord(name) else { return .matchInvalid }
        guard !existing.contains(where: { $0.name.lowercased() == name.lowercased() }) else {
            return .collectionNameExists
        }
        guard !existing.contains(where: { $0.id == name }) else { return .collectionNameIsID }
        guard !Self.internalTables.contains(name) else { return .collectionNameInternal }
        return nil
    }

    private func fieldsErrors(_ collection: PocketBaseCollection) -> [SettingsError] {
        var ids: [String] = []
        var names: [String] = []
        for (index, field) in collection.fields.enumerated() {
            if ids.contains(field.id) {
                return [SettingsError(path: ["fields", String(index), "id"], error: .duplicatedFieldID(field.id))]
            }
            if names.contains(field.name.lowercased()) {
                return [
                    SettingsError(path: ["fields", String(index), "name"], error: .duplicatedFieldName(field.name))
                ]
            }
            ids.append(field.id)
            names.append(field.name.lowercased())
        }
        if requiresSystemFields, let error = missingSystemField(collection) {
            return [SettingsError(path: ["fields"], error: error)]
        }
        var errors: [SettingsError] = []
        let checker = FieldSettingsChecker(existing: relationTargets ?? existing + [collection])
        for (index, field) in collection.fields.enumerated() {
            for (key, error) in checker.errors(of: field) {
                errors.append(SettingsError(path: ["fields", String(index)] + key, error: error))
            }
        }
        return errors
    }

    private func missingSystemField(_ collection: PocketBaseCollection) -> PocketBaseFieldError? {
        guard collection.type != .view else { return nil }
        guard case .text(let id)? = collection.field(named: "id")?.options, id.primaryKey else {
            return .missingPrimaryKey
        }
        guard collection.type == .auth else { return nil }
        let required: [(String, PocketBaseFieldType)] = [
            ("password", .password), ("tokenKey", .text), ("email", .email), ("emailVisibility", .bool),
            ("verified", .bool),
        ]
        for (name, type) in required where collection.field(named: name)?.type != type {
            return PocketBaseFieldError(
                code: "validation_missing_\(name)_field", message: "System \"\(name)\" field is required.")
        }
        return nil
    }

    /// Whether `text` matches Go's `^\w+$` (ASCII letters, digits and `_`).
    static func isWord(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy {
                ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 95
            }
    }
}
