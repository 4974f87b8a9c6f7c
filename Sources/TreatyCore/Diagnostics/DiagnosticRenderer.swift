import TreatyJSON

/// Renders diagnostics as compiler-style text.
///
/// The first line is `file:line:column: severity: [rule] message`; the following lines are
/// indented by two spaces: the source snippet with a caret, `at <pointer> in <context>`, the
/// details, and `fix: …`.
public struct DiagnosticRenderer: Sendable {
    /// Creates a renderer.
    public init() {}

    /// The text of one diagnostic, ending without a newline.
    public func render(_ diagnostic: Diagnostic) -> String {
        var head = ""
        if let location = diagnostic.location { head += "\(location): " }
        head += "\(diagnostic.severity): [\(diagnostic.rule)] \(diagnostic.message)"
        var lines = [head]
        if let snippet = diagnostic.snippet {
            lines += snippet.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        }
        switch (diagnostic.pointer, diagnostic.context) {
        case (let pointer?, let context?): lines.append("  at \(Self.describe(pointer)) in \(context)")
        case (let pointer?, nil): lines.append("  at \(Self.describe(pointer))")
        case (nil, let context?): lines.append("  in \(context)")
        case (nil, nil): break
        }
        lines += diagnostic.details.map { "  " + $0 }
        if let fix = diagnostic.fix { lines.append("  fix: \(fix)") }
        return lines.joined(separator: "\n")
    }

    /// The text of several diagnostics, one block each, each block ending with a newline.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { render($0) + "\n" }.joined()
    }

    private static func describe(_ pointer: JSONPointer) -> String {
        pointer.tokens.isEmpty ? "the document root" : pointer.description
    }
}
