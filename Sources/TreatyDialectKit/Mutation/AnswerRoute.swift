public import HTTPTypes
public import TreatyCore

/// One route as the mutation operators see it: the requests it matches, where its answer keeps
/// records, the list envelope and the parameters a client sends it.
public struct AnswerRoute: Sendable {
    /// A short, stable name used in mutant ids, e.g. `tasks.list`.
    public var name: String
    /// The method it answers.
    public var method: HTTPRequest.Method
    /// The path it answers, with `{parameter}` segments.
    public var path: PathTemplate
    /// The resource (contract name) its records belong to.
    public var resource: String
    /// What the route does, so each operator picks the routes it applies to.
    public var role: Role
    /// Where its answer keeps records, as member names from the top of the answer; `[]` when
    /// the answer is the record or the bare array of records.
    public var records: [String]
    /// Where a record keeps its fields, as member names from the record; `[]` for top-level
    /// fields.
    public var fields: [String]
    /// The member of a field's wrapper that holds its value (`{"value": …, "type": …}`), or
    /// `nil` when fields are bare values.
    public var valueKey: String?
    /// The fields of its records the operators change.
    public var fieldKeys: [AnatomyField]
    /// Where the list envelope keeps the total count, from the top of the answer.
    public var total: [String]?
    /// Where the list envelope keeps the marker of the next (or last) page.
    public var pageMarker: [String]?
    /// The parameters a client sends it.
    public var parameters: [QueryParameter]
    /// Whether the order of the route's list is part of the contract (a list whose order the
    /// spec leaves open gets no ``MutationOperator/reversedOrder`` mutant: no client could tell).
    public var ordered: Bool
    /// Where a record keeps its concurrency token, from the record (e.g. `["version"]`).
    public var token: [String]?
    /// Where a record says it is deleted, from the record (e.g. `["deleted_at"]`), when the
    /// route is a change feed that returns tombstones.
    public var tombstone: [String]?
    /// The field of its records that orders the list, when the spec pins how ties in it are
    /// broken (so ``MutationOperator/orderUnstable`` can break them the other way).
    public var orderKey: String?
    /// Where a write's request body keeps the fields it stores, as member names from the top of
    /// the body (`*` for every element of a list, e.g. `["operations", "*", "record", "fields"]`);
    /// `[]` for a body of fields; `nil` when the route's writes carry no fields.
    public var writeFields: [String]?
    /// The ``TreatyDialect/RecordStore`` resource the route's records live in, when its path
    /// ends in the record's id (`/items/{id}`), so the operators can aim a write at another
    /// record or at a deleted one; `nil` leaves those operators out.
    public var store: String?

    /// What a route does.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// Answers a list of records.
        case list
        /// Answers one record.
        case read
        /// Creates, changes or deletes records.
        case write
    }

    /// Creates a route.
    public init(
        name: String, method: HTTPRequest.Method, path: PathTemplate, resource: String, role: Role,
        records: [String] = [], fields: [String] = [], valueKey: String? = nil, fieldKeys: [AnatomyField] = [],
        total: [String]? = nil, pageMarker: [String]? = nil, parameters: [QueryParameter] = [], ordered: Bool = true,
        token: [String]? = nil, tombstone: [String]? = nil, writeFields: [String]? = nil, store: String? = nil,
        orderKey: String? = nil
    ) {
        self.name = name
        self.method = method
        self.path = path
        self.resource = resource
        self.role = role
        self.records = records
        self.fields = fields
        self.valueKey = valueKey
        self.fieldKeys = fieldKeys
        self.total = total
        self.pageMarker = pageMarker
        self.parameters = parameters
        self.ordered = ordered
        self.token = token
        self.tombstone = tombstone
        self.writeFields = writeFields
        self.store = store
        self.orderKey = orderKey
    }

    /// Whether `request` is for this route.
    public func matches(_ method: HTTPRequest.Method, path requestPath: String) -> Bool {
        method == self.method && path.matches(requestPath)
    }
}

/// One field of a route's records, with what kind of value it holds.
public struct AnatomyField: Sendable, Hashable {
    /// The key on the wire.
    public var key: String
    /// The kind of value.
    public var kind: Kind

    /// The kinds of value the operators tell apart.
    public enum Kind: String, Sendable, Hashable {
        /// Text.
        case text
        /// A number.
        case number
        /// An RFC 3339 timestamp.
        case timestamp
        /// The record's identity.
        case identifier
        /// A reference to one record (an id).
        case reference
        /// References to several records (a list of ids).
        case references
        /// Anything else.
        case other
    }

    /// Creates a field.
    public init(_ key: String, _ kind: Kind) {
        self.key = key
        self.kind = kind
    }
}

/// A parameter a route defines, with its kind and where a client sends it.
public struct QueryParameter: Sendable, Hashable {
    /// The name (of the query item, or the body member).
    public var name: String
    /// What it asks for.
    public var kind: Kind
    /// Where it travels: the query string, or the JSON body (member names from the top).
    public var body: [String]?
    /// The spec section that defines it, e.g. `§7`, when it is not the operator's own.
    public var clause: String?
    /// How its value says which way it goes (a sort's direction, a filter's boundaries), so
    /// the operators can invert it; `nil` leaves the inverting operators out.
    public var inversion: ParameterInversion?

    /// What a parameter asks for.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A filter expression.
        case filter
        /// A sort order.
        case sort
        /// The page size.
        case limit
        /// Records to skip.
        case offset
        /// A page number.
        case page
        /// A continuation cursor.
        case cursor
        /// Changes after a point (a timestamp or a version).
        case since
        /// Find criteria.
        case find
        /// The keys (fields) wanted.
        case keys
        /// Relations to expand.
        case expand
        /// A concurrency token a write must match.
        case token
    }

    /// A parameter of the query string.
    public static func query(
        _ name: String, _ kind: Kind, clause: String? = nil, inversion: ParameterInversion? = nil
    ) -> QueryParameter {
        QueryParameter(name: name, kind: kind, body: nil, clause: clause, inversion: inversion)
    }

    /// A member of the JSON body, at `path` (member names from the top, the last one the name;
    /// `*` for every element of a list).
    public static func body(
        _ path: [String], _ kind: Kind, clause: String? = nil, inversion: ParameterInversion? = nil
    ) -> QueryParameter {
        QueryParameter(name: path.last ?? "", kind: kind, body: path, clause: clause, inversion: inversion)
    }
}
