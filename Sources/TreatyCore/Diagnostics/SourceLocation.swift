/// A place in a source file: its path, and a 1-based line and column.
///
/// Columns count Unicode scalars for YAML sources and bytes for JSON payloads; both start at 1.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The file path as the user gave it (or `<stdin>`).
    public var file: String
    /// The 1-based line, or `nil` when only the file is known.
    public var line: Int?
    /// The 1-based column, or `nil` when only the line is known.
    public var column: Int?

    /// Creates a location.
    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, omitting what is unknown.
    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line ?? 0, lhs.column ?? 0) < (rhs.file, rhs.line ?? 0, rhs.column ?? 0)
    }
}
