/// Why a query could not be compiled, parameterised or evaluated.
///
/// Match on ``kind``; ``kind``'s ``Kind/code`` is the stable snake_case name dialects put on
/// the wire (`type_mismatch`, `non_unique`, `ambiguous_parameter`, …).
public struct QueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure; new kinds may be added.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Code: String, Sendable, Hashable {
            case unknownResource = "unknown_resource"
            case unknownField = "unknown_field"
            case typeMismatch = "type_mismatch"
            case unsupportedOperator = "unsupported_operator"
            case invalidOperand = "invalid_operand"
            case parameterArity = "parameter_arity"
            case ambiguousParameter = "ambiguous_parameter"
            case unknownParameter = "unknown_parameter"
            case unboundParameter = "unbound_parameter"
            case nonUnique = "non_unique"
            case unsupported = "unsupported"
            case overflow = "overflow"
            case invalidPage = "invalid_page"
            case syntax = "syntax"
        }

        private let value: Code

        private init(_ value: Code) {
            self.value = value
        }

        /// The stable snake_case name, e.g. `type_mismatch`.
        public var code: String { value.rawValue }

        public var description: String { value.rawValue }

        /// A resource the schema does not have.
        public static let unknownResource = Kind(.unknownResource)
        /// A field the resource does not have.
        public static let unknownField = Kind(.unknownField)
        /// A literal that does not convert to the field's type (never compared as text).
        public static let typeMismatch = Kind(.typeMismatch)
        /// An operator the field's type does not take.
        public static let unsupportedOperator = Kind(.unsupportedOperator)
        /// An operand of the wrong shape for the operator (a list for `eq`, one value for
        /// `between`).
        public static let invalidOperand = Kind(.invalidOperand)
        /// A parameter set with the wrong number of values.
        public static let parameterArity = Kind(.parameterArity)
        /// A parameter set by path when several conditions use the path.
        public static let ambiguousParameter = Kind(.ambiguousParameter)
        /// A parameter alias or path no condition uses.
        public static let unknownParameter = Kind(.unknownParameter)
        /// A `$alias` operand evaluated before it was set.
        public static let unboundParameter = Kind(.unboundParameter)
        /// `findUnique` or `uniqueValue` found several results.
        public static let nonUnique = Kind(.nonUnique)
        /// Something modelled but not evaluated, such as `near`.
        public static let unsupported = Kind(.unsupported)
        /// An integer sum that does not fit in 64 bits.
        public static let overflow = Kind(.overflow)
        /// A negative offset or limit.
        public static let invalidPage = Kind(.invalidPage)
        /// Text that does not follow a filter or sort grammar (parse errors only).
        public static let syntax = Kind(.syntax)
    }

    /// The kind of failure.
    public let kind: Kind
    /// One sentence for people, naming the field and quoting the bad value.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: The kind of failure.
    ///   - message: One sentence for people.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "\(kind.code): \(message)" }
}
