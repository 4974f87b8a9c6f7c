import TreatyJSON

/// Who sent a request: a guest, or the record a valid token names.
enum PocketBaseCaller: Sendable {
    case guest
    case record(collection: PocketBaseCollection, record: JSONObject, claims: JSONObject, token: String)

    /// Names the caller for kept answers: a guest, or the collection and id of its record.
    var cacheKey: String {
        guard case .record(let collection, let record, _, _) = self else { return "guest" }
        return collection.name + "/" + (record["id"]?.stringValue ?? "")
    }

    var isSuperuser: Bool {
        if case .record(let collection, _, _, _) = self { return collection.name == "_superusers" }
        return false
    }

    var isGuest: Bool {
        if case .guest = self { return true }
        return false
    }

    var viewer: PocketBaseViewer {
        switch self {
        case .guest: .guest
        case .record(let collection, let record, _, _):
            collection.name == "_superusers"
                ? .superuser : .record(collectionId: collection.id, id: record["id"]?.stringValue ?? "")
        }
    }

    /// `@request.auth` as rules read it: every field of the record plus `collectionId` and
    /// `collectionName`; a guest's `id` is `""`.
    var authContext: JSONObject {
        guard case .record(let collection, let record, _, _) = self else {
            return ["id": "", "collectionId": "", "collectionName": ""]
        }
        var context = record
        context["collectionId"] = .string(collection.id)
        context["collectionName"] = .string(collection.name)
        return context
    }
}
