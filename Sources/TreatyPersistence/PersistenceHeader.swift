import TreatyDialect
import TreatyJSON

/// The first record of every persistence file: what wrote it and for which contract.
///
/// "Changed incompatibly" means a resource the stored state holds is gone from the contract or
/// its records changed shape (``TreatyDialect/RecordShape``): identity, scope, sync keys, field
/// keys or types. Edits to endpoints, constraints and documentation, and new resources, are
/// compatible.
struct PersistenceHeader: Equatable {
    /// The file format this build writes and reads.
    static let format: Int64 = 1

    /// What the file holds.
    enum Kind: String {
        /// The fixtures the directory was created from (what a reset returns to).
        case base
        /// The state at the start of the log of the same generation.
        case snapshot
        /// Commits after the snapshot of the same generation.
        case log
    }

    var kind: Kind
    var generation: Int64
    var dialect: String
    var api: String
    var shapes: [RecordShape]

    var json: JSONValue {
        .object([
            "treaty": "persist", "format": .number(JSONNumber(Self.format)), "kind": .string(kind.rawValue),
            "generation": .number(JSONNumber(generation)), "dialect": .string(dialect), "api": .string(api),
            "resources": .array(shapes.map(\.json)),
        ])
    }

    /// Reads a header; `nil` when `json` is not one this build wrote.
    init?(json: JSONValue) {
        guard case .object(let object) = json, object["treaty"]?.stringValue == "persist",
            object["format"]?.numberValue?.int64Value == Self.format,
            let kind = object["kind"]?.stringValue.flatMap(Kind.init(rawValue:)),
            let generation = object["generation"]?.numberValue?.int64Value,
            let dialect = object["dialect"]?.stringValue, let api = object["api"]?.stringValue,
            let shapes = object["resources"]?.arrayValue?.compactMap(RecordShape.init(json:))
        else { return nil }
        self.init(kind: kind, generation: generation, dialect: dialect, api: api, shapes: shapes)
    }

    init(kind: Kind, generation: Int64, dialect: String, api: String, shapes: [RecordShape]) {
        self.kind = kind
        self.generation = generation
        self.dialect = dialect
        self.api = api
        self.shapes = shapes
    }

    /// This header for another file of the same directory.
    func with(kind: Kind, generation: Int64) -> PersistenceHeader {
        PersistenceHeader(kind: kind, generation: generation, dialect: dialect, api: api, shapes: shapes)
    }
}
