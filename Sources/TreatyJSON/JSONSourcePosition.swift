/// A place in a JSON document: byte offset, line and column.
///
/// Lines are counted from raw line feeds, which valid JSON can only contain in whitespace, so
/// the parser counts them while it skips whitespace and never rescans the input. Columns count
/// bytes, not characters. A leading UTF-8 byte order mark is counted in ``offset`` but not in
/// ``column``: the first byte after it is column 1.
public struct JSONSourcePosition: Sendable, Hashable, CustomStringConvertible {
    /// The 0-based byte offset from the start of the input.
    public let offset: Int
    /// The 1-based line number.
    public let line: Int
    /// The 1-based column, counted in bytes from the start of the line.
    public let column: Int

    /// Creates a position.
    ///
    /// - Parameters:
    ///   - offset: The 0-based byte offset from the start of the input.
    ///   - line: The 1-based line number.
    ///   - column: The 1-based column, in bytes.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The position as `line L, column C (byte O)`.
    ///
    /// This is the prefix ``JSONParseError/description`` puts before its message.
    public var description: String {
        "line \(line), column \(column) (byte \(offset))"
    }
}
