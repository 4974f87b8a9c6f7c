import TreatyJSON

extension PocketBaseCollection {
    /// Creates a collection from a `POST /api/collections` body, as PocketBase 0.40 does.
    ///
    /// The body has the export shape. Missing props take PocketBase's defaults; the collection
    /// id and field ids are derived from type and name when absent; the `id` field (and the
    /// auth system fields) are added. A field without an `id` replaces an earlier field of the
    /// same name, keeping that field's id, as PocketBase's field list does. Keys PocketBase does
    /// not know are ignored, including the pre-0.23 `schema` and nested `options`.
    ///
    /// - Parameters:
    ///   - body: The request body, UTF-8 JSON.
    ///   - existing: The collections that already exist, for uniqueness and relation checks.
    /// - Returns: The new collection.
    /// - Throws: ``PocketBaseErrorResponse`` as PocketBase replies: "Failed to load the
    ///   collection type data due to invalid formatting." for malformed JSON, "Failed to load
    ///   the submitted data due to invalid formatting." for values of the wrong type or an
    ///   unknown field type, and "Failed to create collection." with `data` such as
    ///   `{"fields": {"1": {"values": {"code": "validation_required", …}}}}` for invalid
    ///   settings (field indexes count the added `id` field).
    static func create(
        fromBody body: some Collection<UInt8>, existing: [PocketBaseCollection]
    ) throws(PocketBaseErrorResponse) -> PocketBaseCollection {
        let value: JSONValue
        do {
            value = try JSONParser().parse(body)
        } catch {
            throw .invalidCollectionTypeData
        }
        return try create(from: value, existing: existing)
    }

    /// Creates a collection from an already parsed `POST /api/collections` body.
    ///
    /// - Parameters:
    ///   - body: The request body.
    ///   - existing: The collections that already exist.
    /// - Returns: The new collection.
    /// - Throws: ``PocketBaseErrorResponse``, as ``create(fromBody:existing:)`` describes.
    static func create(
        from body: JSONValue, existing: [PocketBaseCollection]
    ) throws(PocketBaseErrorResponse) -> PocketBaseCollection {
        guard case .object = body else { throw .invalidCollectionTypeData }
        var decoder = SchemaDecoder()
        guard var collection = decoder.collection(body, at: .root),
            !decoder.issues.contains(where: { $0.kind == .malformed })
        else { throw .invalidFormatting }
        collection.fields = mergedFields(collection.fields, withoutID: decoder.fieldsWithoutID)
        if collection.auth?.oauth2.providers == nil { collection.auth?.oauth2.providers = [] }
        collection = collection.normalized()
        let validator = CollectionValidator(existing: existing, invalidType: decoder.invalidTypes[.root])
        let errors = validator.validate(collection)
        guard errors.isEmpty else { throw .failedToCreateCollection(nested(errors)) }
        return collection
    }

    /// PocketBase's `FieldsList.add` applied to each field in turn.
    private static func mergedFields(_ fields: [PocketBaseField], withoutID: Set<JSONPointer>) -> [PocketBaseField] {
        var result: [PocketBaseField] = []
        for (index, field) in fields.enumerated() {
            var field = field
            if withoutID.contains(JSONPointer.root.appending("fields").appending(index: index)) {
                let base = PocketBaseField.defaultID(type: field.type, name: field.name)
                var candidate = base
                var suffix = 2
                while suffix < 1_000, result.contains(where: { $0.id == candidate }) {
                    candidate = base + String(suffix)
                    suffix += 1
                }
                field.id = candidate
                if !field.name.isEmpty, let same = result.firstIndex(where: { $0.name == field.name }) {
                    field.id = result[same].id
                    result[same] = field
                    continue
                }
            } else if let same = result.firstIndex(where: { $0.id == field.id }) {
                result[same] = field
                continue
            }
            result.append(field)
        }
        return result
    }

    /// The errors as PocketBase's nested `data` object.
    private static func nested(_ errors: [SettingsError]) -> JSONObject {
        var data = JSONObject()
        for error in errors {
            insert(error.error.json, at: error.path[...], into: &data)
        }
        return data
    }

    private static func insert(_ value: JSONValue, at path: ArraySlice<String>, into object: inout JSONObject) {
        guard let key = path.first else { return }
        if path.count == 1 {
            object[key] = value
            return
        }
        var child = object[key]?.objectValue ?? JSONObject()
        insert(value, at: path.dropFirst(), into: &child)
        object[key] = .object(child)
    }
}
