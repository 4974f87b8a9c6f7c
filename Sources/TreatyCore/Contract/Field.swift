/// One declared field of a resource: an attribute or a relationship.
public struct Field: Sendable, Hashable, Codable {
    /// The field's name in the contract (`title`, `assignee`).
    public var name: String
    /// What the field holds.
    public var kind: Kind
    /// Whether a create must carry it with a non-null value; `null` on a required field is
    /// rejected (RS-NL-6).
    public var required: Bool
    /// Whether the value may be `null`.
    public var nullable: Bool
    /// Whether responses must carry the key even when it has no value (RS-NL-1).
    public var emit: Emission
    /// Whether the value can only be set on create (RS-PS-3).
    public var immutable: Bool
    /// Value rules: enumerations, lengths, ranges.
    public var constraints: Constraints
    /// Where the field is declared.
    public var location: SourceLocation?

    /// What a field holds.
    public enum Kind: Sendable, Hashable, Codable {
        /// A plain value of a type, under `key`.
        case attribute(FieldType, key: String)
        /// A relationship to another resource.
        case relation(Relation)
    }

    /// Creates a field.
    public init(
        name: String,
        kind: Kind,
        required: Bool = false,
        nullable: Bool = false,
        emit: Emission = .always,
        immutable: Bool = false,
        constraints: Constraints = Constraints(),
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.kind = kind
        self.required = required
        self.nullable = nullable
        self.emit = emit
        self.immutable = immutable
        self.constraints = constraints
        self.location = location
    }

    /// The relation, if this field is one.
    public var relation: Relation? {
        if case .relation(let relation) = kind { return relation }
        return nil
    }

    /// The key the field travels under in the given shape: the attribute key, the foreign key
    /// for `.foreignKey`, or the nested key for `.nested`.
    public func key(in shape: RelationShape? = nil) -> String {
        switch kind {
        case .attribute(_, let key): key
        case .relation(let relation): (shape ?? relation.shape) == .nested ? relation.nestedKey : relation.foreignKey
        }
    }
}

/// Whether a key with no value is emitted.
public enum Emission: String, Sendable, Hashable, CaseIterable, Codable {
    /// Always present: `null` for no value, `[]` for no members.
    case always
    /// May be omitted when it has no value.
    case whenSet = "when_set"
}

/// The type of an attribute.
public enum FieldType: String, Sendable, Hashable, CaseIterable, Codable {
    case string, int, number, bool, datetime, date, uuid, json
    /// A list of strings, e.g. labels.
    case stringList = "string[]"

    /// How the type reads in "expected …" messages.
    public var expectation: String {
        switch self {
        case .string: "a string"
        case .int: "an integer"
        case .number: "a number"
        case .bool: "a boolean"
        case .datetime: "a UTC timestamp string with milliseconds"
        case .date: "a date string (YYYY-MM-DD)"
        case .uuid: "a UUID string"
        case .json: "any JSON value"
        case .stringList: "an array of strings"
        }
    }
}

/// Value rules of a field.
public struct Constraints: Sendable, Hashable, Codable {
    /// The allowed values (for strings), in declared order.
    public var allowed: [String]?
    /// The minimum length in characters, after trimming when ``trim`` is set.
    public var minLength: Int?
    /// The maximum length in characters, after trimming when ``trim`` is set.
    public var maxLength: Int?
    /// Whether lengths are measured on the value with surrounding whitespace removed.
    public var trim: Bool
    /// The smallest allowed number.
    public var minimum: Double?
    /// The largest allowed number.
    public var maximum: Double?

    /// Creates constraints.
    public init(
        allowed: [String]? = nil,
        minLength: Int? = nil,
        maxLength: Int? = nil,
        trim: Bool = false,
        minimum: Double? = nil,
        maximum: Double? = nil
    ) {
        self.allowed = allowed
        self.minLength = minLength
        self.maxLength = maxLength
        self.trim = trim
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// A relationship from one resource to another (RS-NM-2, RS-SH-*).
public struct Relation: Sendable, Hashable, Codable {
    /// The target resource's name.
    public var target: String
    /// Whether it is to-many.
    public var many: Bool
    /// The default wire shape.
    public var shape: RelationShape
    /// The key in foreign-key shape (`assignee_id`, `watcher_ids`).
    public var foreignKey: String
    /// The key in nested shape (the relation's name).
    public var nestedKey: String
    /// Whether `foreignKey` was given explicitly rather than derived.
    public var hasExplicitKey: Bool

    /// Creates a relation.
    public init(
        target: String,
        many: Bool,
        shape: RelationShape = .foreignKey,
        foreignKey: String,
        nestedKey: String,
        hasExplicitKey: Bool = false
    ) {
        self.target = target
        self.many = many
        self.shape = shape
        self.foreignKey = foreignKey
        self.nestedKey = nestedKey
        self.hasExplicitKey = hasExplicitKey
    }
}

/// How a relationship travels on the wire.
public enum RelationShape: String, Sendable, Hashable, CaseIterable, Codable {
    /// As ids: `assignee_id`, `watcher_ids`.
    case foreignKey = "fk"
    /// As nested objects under the relation's name.
    case nested
}
