import Testing

/// One row of a table of inputs and the exact diagnostics they render to.
struct RenderedCase: Sendable, CustomTestStringConvertible {
    /// What the row shows, as the test report names it.
    let name: String
    /// The contract text.
    let text: String
    /// The rendered diagnostics, joined by newlines.
    let expected: String

    var testDescription: String { name }
}
