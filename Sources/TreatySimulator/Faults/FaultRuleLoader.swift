internal import Foundation
public import TreatyCore
internal import Yams

/// Reads fault rules from a YAML file, the format of `treaty serve --faults`.
///
/// The file holds a `faults:` list (or just the list); each entry is one ``FaultRule``:
///
/// ```yaml
/// faults:
///   - method: PATCH                 # optional; every method when absent
///     path: /projects/*/tasks/*     # optional glob; * is one segment, ** any; default /**
///     probability: 0.25             # optional, 0 to 1; default 1
///     status: 503                   # the action: exactly one of the four below
///   - latency: {min: 50, max: 200}  # milliseconds; or a fixed `latency: 50`
///   - path: /sync/**
///     reset: true                   # close the connection without an answer
///   - rate_limit: {retry_after: 30} # 429 with Retry-After: 30; or `rate_limit: 30`
/// ```
///
/// Mistakes come back as diagnostics with the file, line and column, like every other input
/// the `treaty` tool reads.
public struct FaultRuleLoader: Sendable {
    /// What loading produced.
    public struct Result: Sendable {
        /// The rules, when the file has no errors.
        public var rules: [FaultRule]?
        /// Every problem found, in file order.
        public var diagnostics: [Diagnostic]
    }

    /// The largest fault file read, in bytes.
    public var maxFileSize: Int

    /// Creates a loader.
    public init(maxFileSize: Int = 1024 * 1024) {
        self.maxFileSize = maxFileSize
    }

    /// Loads the rules in the YAML file at `path`.
    public func load(fileAt path: String) -> Result {
        guard let data = FileManager.default.contents(atPath: path) else {
            let problem = PathCheck.problem(path, expected: .file) ?? "it is not readable"
            return Result(
                diagnostics: [
                    .error(
                        "unreadable-file", "cannot read the fault file: \(problem)", at: SourceLocation(file: path),
                        fix: "pass --faults with a YAML file of fault rules")
                ])
        }
        guard data.count <= maxFileSize else {
            return Result(diagnostics: [
                .error(
                    "file-too-large", "the fault file has \(data.count) bytes, more than the limit of \(maxFileSize)",
                    at: SourceLocation(file: path))
            ])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return Result(diagnostics: [
                .error("yaml-syntax", "the fault file is not UTF-8 text", at: SourceLocation(file: path))
            ])
        }
        return load(yaml: text, file: path)
    }

    /// Loads the rules in `text`, naming `file` in diagnostics.
    public func load(yaml text: String, file: String) -> Result {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            return Result(diagnostics: [Self.syntaxDiagnostic(error, file: file, text: text)])
        }
        guard let root else { return Result(rules: [], diagnostics: []) }
        let document = Self.specNode(root)
        var list = document
        if case .mapping(let members) = document.value {
            if let unknown = members.first(where: { $0.key != "faults" }) {
                let diagnostic = Self.diagnostic(
                    FaultSpecError(
                        "unknown key '\(unknown.key)' at the top of a fault file", at: unknown.keyNode,
                        hint: "the file holds one key, 'faults:', with a list of rules"),
                    file: file, text: text)
                return Result(diagnostics: [diagnostic])
            }
            list = members.first?.value ?? FaultSpecNode(.sequence([]))
        }
        let entries: [FaultSpecNode]
        switch list.value {
        case .sequence(let elements): entries = elements
        case .null: entries = []
        default:
            let error = FaultSpecError(
                "'faults' must be a list of rules, found \(list.kindDescription)", at: list,
                hint: "write each rule as a '- ' entry under 'faults:'")
            return Result(diagnostics: [Self.diagnostic(error, file: file, text: text)])
        }
        var rules: [FaultRule] = []
        var diagnostics: [Diagnostic] = []
        for entry in entries {
            do throws(FaultSpecError) {
                rules.append(try FaultRuleDecoder.rule(from: entry))
            } catch {
                diagnostics.append(Self.diagnostic(error, file: file, text: text))
            }
        }
        return Result(rules: diagnostics.isEmpty ? rules : nil, diagnostics: diagnostics)
    }

    private static func specNode(_ node: Node) -> FaultSpecNode {
        let line = node.mark?.line
        let column = node.mark?.column
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, ["", "~", "null", "Null", "NULL"].contains(scalar.string) {
                return FaultSpecNode(.null, line: line, column: column)
            }
            return FaultSpecNode(.scalar(scalar.string, quoted: scalar.style != .plain), line: line, column: column)
        case .mapping(let mapping):
            let members = mapping.map { pair in
                FaultSpecNode.Member(
                    key: pair.key.scalar?.string ?? "\(pair.key)", value: specNode(pair.value),
                    keyLine: pair.key.mark?.line,
                    keyColumn: pair.key.mark?.column)
            }
            return FaultSpecNode(.mapping(members), line: line, column: column)
        case .sequence(let sequence):
            return FaultSpecNode(.sequence(sequence.map(specNode)), line: line, column: column)
        case .alias:
            return FaultSpecNode(.null, line: line, column: column)
        }
    }

    private static func diagnostic(_ error: FaultSpecError, file: String, text: String) -> Diagnostic {
        var diagnostic = Diagnostic.error(
            "fault-rule", error.message, at: SourceLocation(file: file, line: error.line, column: error.column),
            details: error.hint.map { [$0] } ?? [])
        if let line = error.line {
            diagnostic.snippet = SourceSnippet.make(text: text[...], line: line, column: error.column ?? 1)
        }
        return diagnostic
    }

    private static func syntaxDiagnostic(_ error: any Error, file: String, text: String) -> Diagnostic {
        var message = "cannot parse YAML: \(error)"
        var mark: Mark?
        if let yamlError = error as? YamlError {
            switch yamlError {
            case .scanner(let context, let problem, let position, _),
                .parser(let context, let problem, let position, _),
                .composer(let context, let problem, let position, _):
                message = context.map { "\(problem) (\($0.text) at line \($0.mark.line))" } ?? problem
                mark = position
            case .duplicatedKeysInMapping(let duplicates, let context):
                message = "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) in one mapping"
                mark = context.mark
            default:
                break
            }
        }
        let position = mark.map { clamped(line: $0.line, column: $0.column, in: text) }
        var diagnostic = Diagnostic.error(
            "yaml-syntax", message, at: SourceLocation(file: file, line: position?.line, column: position?.column))
        if let position {
            diagnostic.snippet = SourceSnippet.make(text: text[...], line: position.line, column: position.column)
        }
        return diagnostic
    }

    /// libyaml reports an unexpected end of input on the empty line after the last one; point
    /// at the end of the last line with content instead.
    private static func clamped(line: Int, column: Int, in text: String) -> (line: Int, column: Int) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let last = lines.lastIndex(where: { !$0.allSatisfy(\.isWhitespace) }) else { return (line, column) }
        let lastLine = last + 1
        guard line > lastLine else { return (line, column) }
        return (lastLine, lines[last].unicodeScalars.count + 1)
    }
}
