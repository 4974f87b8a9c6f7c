internal import TreatyCore
internal import TreatyJSON

extension SchemaLoadSession {
    /// A located diagnostic for a setting PocketBase would refuse.
    func diagnostic(
        for error: SettingsError, in collection: PocketBaseCollection, at pointer: JSONPointer,
        all: [PocketBaseCollection]
    ) -> Diagnostic {
        var target = pointer
        for token in error.path { target = target.appending(token) }
        var place = "collection '\(collection.name)'"
        var field: PocketBaseField?
        if error.path.count >= 2, error.path[0] == "fields", let index = Int(error.path[1]),
            collection.fields.indices.contains(index)
        {
            field = collection.fields[index]
            place = "field '\(collection.fields[index].name)' of " + place
        }
        let prop = error.path.count > (field == nil ? 0 : 2) ? error.path[field == nil ? 0 : 2] : nil
        let subject = prop.map { "'\($0)' of \(place)" } ?? place
        var diagnostic = Diagnostic(
            severity: .error, rule: RuleID(rawValue: error.error.code), message: "\(subject): \(error.error.message)",
            details: ["PocketBase refuses to import the collection with this setting"])
        diagnostic.fix = fix(for: error.error, field: field, all: all, details: &diagnostic.details)
        return located(diagnostic, at: target)
    }

    private func fix(
        for error: PocketBaseFieldError, field: PocketBaseField?, all: [PocketBaseCollection], details: inout [String]
    ) -> String? {
        switch error.code {
        case "validation_field_relation_missing_collection":
            guard case .relation(let relation)? = field?.options else { return nil }
            if let named = all.first(where: { $0.name == relation.collectionId }) {
                return "write the collection's id \"\(named.id)\"; relation fields name collections by id, not by name"
            }
            if let suggestion = Suggestion.closest(to: relation.collectionId, among: all.map(\.id)) {
                details.insert("did you mean '\(suggestion)'?", at: 0)
                return "write \"collectionId\": \"\(suggestion)\""
            }
            return
                "add the collection with id '\(relation.collectionId)' to the file, or point the relation at one of its collections"
        case "validation_collection_name_exists":
            return "give each collection a different name (names are compared case-insensitively)"
        case "validation_invalid_or_existing_id":
            return "give each collection a different id"
        case "validation_duplicated_field_name", "validation_duplicated_field_id":
            return "give each field of the collection a different name and id"
        case "validation_required" where field?.type == .select:
            return "list the choices in 'values'"
        default:
            return nil
        }
    }
}
