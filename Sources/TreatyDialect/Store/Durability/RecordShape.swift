public import TreatyCore
public import TreatyJSON

/// What a resource's stored records look like: its name, identity, parent scope, sync keys and
/// each field's key and type — what stored records depend on, and nothing else (not endpoints,
/// constraints or documentation).
///
/// Stored state written under one contract can be read under another when every resource it
/// holds keeps its shape; resources may be added. See ``incompatibilities(stored:current:)``.
public struct RecordShape: Sendable, Hashable {
    /// The resource's name.
    public var name: String
    /// The resource's identity key, its type, its parent scope and its sync keys, as text.
    public var keys: [String]
    /// Each field as `key: type` or `key -> target` (`->>` for to-many), in declared order.
    public var fields: [String]

    /// The shape of `resource`.
    ///
    /// - Parameter resource: A contract's or a runtime-defined resource.
    public init(_ resource: Resource) {
        name = resource.name
        let sync = resource.sync
        keys = [
            "id \(resource.identity.key): \(resource.identity.type.rawValue)",
            "scope \(resource.scope.map { "\($0.key) -> \($0.parent)" } ?? "none")",
            "sync \([sync.createdAt, sync.updatedAt, sync.version, sync.tombstone].map { $0 ?? "-" }.joined(separator: " "))",
        ]
        fields = resource.fields.map { field in
            switch field.kind {
            case .attribute(let type, let key): "\(key): \(type.rawValue)"
            case .relation(let relation): "\(relation.foreignKey) \(relation.many ? "->>" : "->") \(relation.target)"
            }
        }
    }

    /// Reads a shape back from ``json``.
    ///
    /// - Parameter json: A value ``json`` gave.
    /// - Returns: `nil` when `json` is not such a value.
    public init?(json: JSONValue) {
        guard case .object(let object) = json, let name = object["name"]?.stringValue,
            let keys = object["keys"]?.arrayValue?.compactMap(\.stringValue),
            let fields = object["fields"]?.arrayValue?.compactMap(\.stringValue)
        else { return nil }
        self.name = name
        self.keys = keys
        self.fields = fields
    }

    /// The shape as JSON, for storing beside the state it describes.
    public var json: JSONValue {
        .object([
            "name": .string(name), "keys": .array(keys.map(JSONValue.string)),
            "fields": .array(fields.map(JSONValue.string)),
        ])
    }

    /// Why state stored under the `stored` shapes cannot be read under the `current` ones: one
    /// sentence per resource that is gone or whose records changed shape; empty when it can.
    ///
    /// - Parameters:
    ///   - stored: The shapes the state was written under.
    ///   - current: The shapes of the contract now.
    /// - Returns: The differences, in the stored order.
    public static func incompatibilities(stored: [RecordShape], current: [RecordShape]) -> [String] {
        stored.compactMap { old in
            guard let new = current.first(where: { $0.name == old.name }) else {
                return "resource '\(old.name)' is no longer in the contract"
            }
            if old.keys != new.keys {
                let changed = zip(old.keys, new.keys).filter { $0 != $1 }.map { "'\($0)' is now '\($1)'" }
                return "resource '\(old.name)': \(changed.joined(separator: ", "))"
            }
            guard old.fields != new.fields else { return nil }
            let gone = old.fields.filter { !new.fields.contains($0) }
            let added = new.fields.filter { !old.fields.contains($0) }
            var parts: [String] = []
            if !gone.isEmpty { parts.append("no longer has \(gone.map { "'\($0)'" }.joined(separator: ", "))") }
            if !added.isEmpty { parts.append("now has \(added.map { "'\($0)'" }.joined(separator: ", "))") }
            if parts.isEmpty { parts.append("its fields are in another order") }
            return "resource '\(old.name)' \(parts.joined(separator: " and "))"
        }
    }
}
