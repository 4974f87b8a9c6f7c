/// Why a filter or sort text could not be parsed, with its position.
///
/// ``description`` reads like compiler output and ``rendered`` adds a caret snippet:
///
/// ```
/// filter: expected an operator after 'views' at column 7
///   views 100
///         ^
/// ```
public struct QueryParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure: ``QueryError/Kind/syntax`` for grammar errors, otherwise the same
    /// kinds as ``QueryError`` (`unknown_field`, `type_mismatch`, …).
    public let kind: QueryError.Kind
    /// What was being parsed: `filter` or `sort`.
    public let context: String
    /// The text that was parsed.
    public let text: String
    /// The position of the problem, in characters from the start of ``text``.
    public let offset: Int
    /// What went wrong, without the position (`expected an operator after 'views'`).
    public let message: String
    /// A suggestion appended after the position (`did you mean 'title'?`), if any.
    public let hint: String?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: The kind of failure.
    ///   - context: What was being parsed.
    ///   - text: The text that was parsed.
    ///   - offset: The position of the problem, in characters.
    ///   - message: What went wrong.
    ///   - hint: A suggestion, if any.
    public init(
        _ kind: QueryError.Kind, context: String, text: String, offset: Int, message: String, hint: String? = nil
    ) {
        self.kind = kind
        self.context = context
        self.text = text
        self.offset = offset
        self.message = message
        self.hint = hint
    }

    /// The 1-based line of the problem.
    public var line: Int {
        text.prefix(offset).reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    /// The 1-based column of the problem within its line.
    public var column: Int {
        let before = text.prefix(offset)
        guard let newline = before.lastIndex(of: "\n") else { return offset + 1 }
        return before.distance(from: newline, to: before.endIndex)
    }

    /// One line: context, message, position and hint.
    public var description: String {
        let position = line > 1 ? "line \(line), column \(column)" : "column \(column)"
        return "\(context): \(message) at \(position)" + (hint.map { "; \($0)" } ?? "")
    }

    /// The line of text with the problem and a caret under its position.
    public var snippet: String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let source = lines.indices.contains(line - 1) ? String(lines[line - 1]) : ""
        return "  " + source + "\n  " + String(repeating: " ", count: column - 1) + "^"
    }

    /// ``description`` followed by ``snippet``.
    public var rendered: String { description + "\n" + snippet }

    /// The error as a ``QueryError`` of the same kind, with the position in its message.
    public var queryError: QueryError { QueryError(kind, description) }
}
