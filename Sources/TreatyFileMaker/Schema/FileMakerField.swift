import TreatyCore

/// A field of a FileMaker table as a layout shows it (`fieldMetaData` of the Data API).
struct FileMakerField: Sendable, Hashable {
    /// How the field gets its value.
    enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Data entry.
        case normal
        /// A calculation: read-only through the Data API (error 201 on writes).
        case calculation
        /// A summary: read-only.
        case summary
    }

    /// The type of the field's value.
    enum Result: String, Sendable, Hashable, CaseIterable {
        case text, number, date, time, timeStamp, container
    }

    /// A value FileMaker enters when a record is created.
    enum AutoEnter: String, Sendable, Hashable, CaseIterable {
        /// A serial number: 1 more than the last one the table handed out.
        case serial
        /// `Get(UUID)`: a new upper-case UUID.
        case uuid
        /// The creation timestamp.
        case creationTimestamp = "creation_timestamp"
        /// The modification timestamp, entered again on every edit.
        case modificationTimestamp = "modification_timestamp"
    }

    /// The field's name, unqualified (`firstName`).
    var name: String
    /// Data entry, calculation or summary.
    var kind: Kind
    /// The value's type.
    var result: Result
    /// A global field: one value per session, not per record.
    var global: Bool
    /// How many repetitions it has (1 for an ordinary field).
    var repetitions: Int
    /// "Not empty" validation (error 509 when a write leaves it empty).
    var notEmpty: Bool
    /// At most this many characters (0: no limit; error 511 beyond it).
    var maxCharacters: Int
    /// The value FileMaker enters on create, if any.
    var autoEnter: AutoEnter?
    /// The value list shown with the field, by name.
    var valueList: String?
    /// Where the contract declares it.
    var location: SourceLocation?

    /// Creates a field.
    init(
        name: String, kind: Kind = .normal, result: Result = .text, global: Bool = false, repetitions: Int = 1,
        notEmpty: Bool = false, maxCharacters: Int = 0, autoEnter: AutoEnter? = nil, valueList: String? = nil,
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.kind = kind
        self.result = result
        self.global = global
        self.repetitions = repetitions
        self.notEmpty = notEmpty
        self.maxCharacters = maxCharacters
        self.autoEnter = autoEnter
        self.valueList = valueList
        self.location = location
    }

    /// Whether the Data API may write it.
    var isWritable: Bool { kind == .normal }
}
