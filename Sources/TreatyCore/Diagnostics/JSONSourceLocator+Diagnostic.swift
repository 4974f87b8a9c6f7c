public import TreatyJSON

extension JSONSourceLocator {
    /// `diagnostic` placed at `pointer` in `file`, with its line, column and a snippet of `text`
    /// (the text this locator scans). When the pointer names a key that is absent, the nearest
    /// present parent is shown.
    public func locate(_ diagnostic: Diagnostic, at pointer: JSONPointer, file: String, text: String) -> Diagnostic {
        var located = diagnostic
        located.pointer = pointer
        located.location = SourceLocation(file: file)
        var target = pointer
        while true {
            if let position = position(of: target) {
                located.location = SourceLocation(file: file, line: position.line, column: position.column)
                located.snippet = SourceSnippet.make(text: text[...], line: position.line, column: position.column)
                break
            }
            guard !target.tokens.isEmpty else { break }
            target = target.parent
        }
        return located
    }
}
