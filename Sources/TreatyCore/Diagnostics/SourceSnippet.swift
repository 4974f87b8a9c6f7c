/// Builds the two-line "source line, then caret" snippet that diagnostics show.
public enum SourceSnippet {
    /// The line `line` of `text` followed by a caret under `column` (both 1-based; the column
    /// counts Unicode scalars), or `nil` when the line does not exist.
    ///
    /// Tabs in the source line are kept under the caret so it lines up in a terminal, and very
    /// long lines are cut to 160 scalars around the column.
    public static func make(text: Substring, line: Int, column: Int) -> String? {
        guard line >= 1 else { return nil }
        var current = 1
        var start = text.startIndex
        while current < line {
            guard let newline = text[start...].firstIndex(of: "\n") else { return nil }
            start = text.index(after: newline)
            current += 1
        }
        let end = text[start...].firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) ?? text.endIndex
        let scalars = Array(text[start..<end].unicodeScalars)
        let caretIndex = max(0, min(column - 1, scalars.count))
        let window = 160
        let lower = max(0, min(caretIndex - window / 2, scalars.count - window))
        let upper = min(scalars.count, lower + window)
        var shown = String(String.UnicodeScalarView(scalars[lower..<upper]))
        if lower > 0 { shown = "…" + shown }
        if upper < scalars.count { shown += "…" }
        let padding = scalars[lower..<caretIndex].map { $0 == "\t" ? "\t" : " " }.joined()
        return shown + "\n" + (lower > 0 ? " " : "") + padding + "^"
    }
}
