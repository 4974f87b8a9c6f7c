/// Why the store refused an operation; dialects render it in their own error format.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of refusal, named as rest-sync names its error codes.
    public enum Code: String, Sendable, Hashable {
        /// The record (or its parent) does not exist in this scope (404).
        case notFound = "not_found"
        /// A required key is absent (422).
        case missingField = "missing_field"
        /// A value breaks the contract, or the body is not an object (422).
        case invalidValue = "invalid_value"
        /// The id is taken, by a live or a deleted record (422).
        case duplicateID = "duplicate_id"
        /// A foreign key names a record that does not exist (422).
        case invalidReference = "invalid_reference"
        /// A write tries to change an immutable field (422).
        case immutableField = "immutable_field"
        /// A write expected another version of the record than the stored one (409): CloudKit's
        /// stale `recordChangeTag`, FileMaker's stale `modId`.
        case conflict = "conflict"
        /// An incremental-sync cursor is older than tombstone retention (410).
        case cursorExpired = "cursor_expired"
        /// A query parameter is malformed (400).
        case invalidQuery = "invalid_query"
    }

    /// The kind of refusal.
    public var code: Code
    /// The offending key, when one is to blame.
    public var field: String?
    /// One sentence for people.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, field: String? = nil, _ message: String) {
        self.code = code
        self.field = field
        self.message = message
    }

    public var description: String {
        "\(code.rawValue)\(field.map { " (\($0))" } ?? ""): \(message)"
    }
}
