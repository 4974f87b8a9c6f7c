import TreatyCore

/// A PocketBase collections file that cannot be used.
///
/// ``description`` renders the diagnostics as compiler-style text.
struct PocketBaseSchemaError: Error, Sendable, CustomStringConvertible {
    private enum Reason: Sendable {
        case invalidFile(String, [Diagnostic])
    }

    private let reason: Reason

    init(invalidFile file: String, diagnostics: [Diagnostic]) {
        reason = .invalidFile(file, diagnostics)
    }

    /// The file that failed.
    var file: String {
        switch reason {
        case .invalidFile(let file, _): file
        }
    }

    /// Every finding, errors and warnings.
    var diagnostics: [Diagnostic] {
        switch reason {
        case .invalidFile(_, let diagnostics): diagnostics
        }
    }

    /// The diagnostics, rendered like compiler output.
    var description: String {
        DiagnosticRenderer().render(diagnostics)
    }
}
