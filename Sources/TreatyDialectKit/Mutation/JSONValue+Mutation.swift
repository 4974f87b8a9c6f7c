internal import TreatyJSON

extension JSONValue {
    /// The path token that stands for every element of a list.
    static let everyElement = "*"

    /// The values at `path` (member names from here, `*` as in ``updating(_:_:)``).
    func values(at path: ArraySlice<String>) -> [JSONValue] {
        guard let key = path.first else { return [self] }
        if key == Self.everyElement {
            switch self {
            case .array(let items):
                return items.flatMap { $0.values(at: path.dropFirst()) }
            case .object(let object) where !object.containsKey(key):
                return object.members.flatMap { $0.value.values(at: path.dropFirst()) }
            default:
                break
            }
        }
        guard case .object(let object) = self, let inner = object[key] else { return [] }
        return inner.values(at: path.dropFirst())
    }

    /// The value with the member at `path` (member names from here) passed through
    /// `transform`; unchanged when the path does not lead to a value.
    ///
    /// A `*` in `path` stands for every element of a list (`["operations", "*", "record"]`), or
    /// every member of an object that has no member `*`.
    func updating(_ path: ArraySlice<String>, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
        guard let key = path.first else { return transform(self) }
        if key == Self.everyElement {
            switch self {
            case .array(let items):
                return .array(items.map { $0.updating(path.dropFirst(), transform) })
            case .object(let object) where !object.containsKey(key):
                return .object(object.mappingValues { _, value in value.updating(path.dropFirst(), transform) })
            default:
                break
            }
        }
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
