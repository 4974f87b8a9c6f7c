/// A dotted path to a value, with an optional modifier.
///
/// A record path starts at the record being tested: `views`, or `author.name` through a to-one
/// relation (conditions with several components are rewritten into ``Link``s; order keys follow
/// the first related record). A request path (`@request.auth.id`) names a value the caller
/// supplies in ``QueryEnvironment/request``.
public struct FieldPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// Where the path starts.
    public enum Root: Sendable, Hashable {
        /// The record being tested.
        case record
        /// The caller's request context (`@request.*`).
        case request
        /// A clock macro read from ``QueryEnvironment/now`` (`@year > 2000`); the path has no
        /// components and takes no modifier but a ``PathModifier/read(_:)`` of a date macro.
        case macro(DateMacro)
        /// For operands only: a field of the record the query lists, even inside a link
        /// (`comments_via_post.text = title` compares with the post's title).
        case base
        /// For operands only: a field of the related record the join of this name has chosen
        /// (see ``Link/join``), or null when it found none; a link of the expression must
        /// declare the join before the condition that reads it.
        case joined(String)
    }

    /// Where the path starts.
    public var root: Root
    /// The path's names, outermost first.
    public var components: [String]
    /// How the value is transformed before it is tested.
    public var modifier: PathModifier?

    /// Creates a path.
    ///
    /// - Parameters:
    ///   - root: Where the path starts.
    ///   - components: The path's names, outermost first.
    ///   - modifier: How the value is transformed before it is tested.
    public init(root: Root = .record, _ components: [String], modifier: PathModifier? = nil) {
        self.root = root
        self.components = components
        self.modifier = modifier
    }

    /// Creates a path from dotted text: `"views"`, `"author.name"`, or a request path
    /// `"@request.auth.id"`.
    ///
    /// - Parameter dotted: The names separated by `.`.
    public init(_ dotted: String) {
        let components = dotted.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if components.count > 1, components.first == "@request" {
            self.init(root: .request, Array(components.dropFirst()))
        } else {
            self.init(components)
        }
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The last name of the path: the field that is finally read.
    public var field: String { components.last ?? "" }

    /// The path as dotted text, with `@request.` for request paths and `:modifier` at the end.
    public var description: String {
        let suffix = modifier.map { ":\($0)" } ?? ""
        switch root {
        case .record: return components.joined(separator: ".") + suffix
        case .request: return "@request." + components.joined(separator: ".") + suffix
        case .macro(let macro): return macro.description + suffix
        case .base: return "^" + components.joined(separator: ".") + suffix
        case .joined(let join): return "[\(join)]." + components.joined(separator: ".") + suffix
        }
    }

    /// The same path with `modifier`.
    ///
    /// - Parameter modifier: The modifier to apply.
    /// - Returns: A copy of the path that carries `modifier`.
    public func modified(_ modifier: PathModifier?) -> FieldPath {
        var copy = self
        copy.modifier = modifier
        return copy
    }
}

/// A transformation applied to a value before it is tested.
public enum PathModifier: Sendable, Hashable, CustomStringConvertible {
    /// ASCII lower case (`:lower`); makes a string.
    case lowercased
    /// The element count of a list or to-many relation, or the character count of a string
    /// (`:length`); makes an integer.
    case length
    /// The value written as compact JSON text, a missing or null list as `[]` (a bare
    /// multi-valued field compared as text); makes a string.
    case jsonText
    /// The value read by a dialect's ``FieldReading`` (a date as its backend's stored text, say);
    /// makes the reading's ``FieldReading/resultKind``. Record fields and date macros only.
    case read(FieldRead)
    /// Whether the key is present in the request (`@request.body.x:isset`); request paths only;
    /// makes a bool.
    case isSet
    /// Whether the request changes the field (`@request.body.x:changed`); modelled but not
    /// evaluated.
    case changed

    public var description: String {
        switch self {
        case .lowercased: "lower"
        case .length: "length"
        case .jsonText: "json"
        case .read(let reading): reading.description
        case .isSet: "isset"
        case .changed: "changed"
        }
    }
}
