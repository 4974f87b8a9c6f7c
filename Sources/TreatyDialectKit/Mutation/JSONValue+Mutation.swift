internal import TreatyJSON

extension JSONValue {
    /// The value with the member at `path` (member names from here) passed through
    /// `transform`; unchanged when the path does not lead to a value.
    func updating(_ path: ArraySlice<String>, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
        guard let key = path.first else { return transform(self) }
        guard case .object(var object) = self, let inner = object[key] else { return self }
        object[key] = inner.updating(path.dropFirst(), transform)
        return .object(object)
    }
}

extension JSONObject {
    /// The object without member `key`.
    func removing(_ key: String) -> JSONObject {
        JSONObject(members.filter { $0.key != key })
    }

    /// The object with member `key` renamed to `newKey` in place.
    func renaming(_ key: String, to newKey: String) -> JSONObject {
        JSONObject(members.map { $0.key == key ? Member(key: newKey, value: $0.value) : $0 })
    }

    /// The object with every member's value passed through `transform`.
    func mappingValues(_ transform: (String, JSONValue) -> JSONValue) -> JSONObject {
        JSONObject(members.map { Member(key: $0.key, value: transform($0.key, $0.value)) })
    }
}
