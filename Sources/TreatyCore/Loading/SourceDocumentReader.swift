internal import Foundation
internal import Yams

/// Reads YAML (and JSON, which YAML 1.2 contains) text into a ``SourceNode`` tree, with every
/// failure turned into a located diagnostic.
struct SourceDocumentReader {
    var limits: SourceLimits

    enum Failure: Error {
        case diagnostic(Diagnostic)
    }

    /// Reads `path` from disk.
    func read(fileAt path: String) throws(Failure) -> (node: SourceNode, text: String) {
        if let problem = PathCheck.problem(path, expected: .file) {
            throw .diagnostic(
                .error(
                    "unreadable-file", "cannot read file: \(problem)", at: SourceLocation(file: path),
                    fix: "check the path"))
        }
        let url = URL(fileURLWithPath: path)
        let size = ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= limits.maxFileSize else {
            throw .diagnostic(Self.tooLarge(size: size, limits: limits, file: path))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .diagnostic(
                .error(
                    "unreadable-file",
                    "cannot read file: the read failed",
                    at: SourceLocation(file: path)))
        }
        return try read(bytes: Array(data), file: path)
    }

    /// Reads UTF-8 bytes that came from `file`.
    func read(bytes: [UInt8], file: String) throws(Failure) -> (node: SourceNode, text: String) {
        guard bytes.count <= limits.maxFileSize else {
            throw .diagnostic(Self.tooLarge(size: bytes.count, limits: limits, file: file))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let offset = Self.firstInvalidUTF8Offset(in: bytes)
            let (line, column) = Self.lineAndColumn(ofByte: offset, in: bytes)
            throw .diagnostic(
                .error(
                    "invalid-utf8",
                    "the file is not valid UTF-8 (invalid byte 0x\(Self.hex(bytes[offset])) at byte \(offset))",
                    at: SourceLocation(file: file, line: line, column: column),
                    fix: "save the file as UTF-8"))
        }
        guard !text.allSatisfy(\.isWhitespace) else {
            throw .diagnostic(
                .error(
                    "empty-document", "the file is empty", at: SourceLocation(file: file),
                    fix: "write a contract, starting with 'api:' and 'dialect:'"))
        }
        let estimate = NestingEstimate(scanning: text, stopAbove: limits.maxDepth)
        guard estimate.maxDepth <= limits.maxDepth else {
            var diagnostic = Diagnostic.error(
                "too-deep", "nesting is deeper than \(limits.maxDepth) levels (the limit)",
                at: SourceLocation(file: file, line: estimate.line, column: 1),
                fix: "flatten the document; contracts never need this much nesting")
            diagnostic.snippet = SourceSnippet.make(text: text[...], line: estimate.line, column: 1)
            throw .diagnostic(diagnostic)
        }
        let root: Node?
        do {
            root = try Yams.Parser(yaml: text).singleRoot()
        } catch {
            throw .diagnostic(Self.diagnostic(for: error, file: file, text: text))
        }
        guard let root, !Self.isMarkersOnly(root) else {
            throw .diagnostic(
                .error(
                    "empty-document", "the file has no content, only comments or document markers",
                    at: SourceLocation(file: file), fix: "write a contract, starting with 'api:' and 'dialect:'"))
        }
        var converter = NodeConverter(limits: limits, file: file, text: text)
        return (try converter.convert(root, depth: 1), text)
    }

    /// Whether `root` is the empty plain scalar that a document of markers alone (`---`) parses to.
    private static func isMarkersOnly(_ root: Node) -> Bool {
        guard case .scalar(let scalar) = root else { return false }
        return scalar.string.isEmpty && scalar.style == .plain
    }

    private static func tooLarge(size: Int, limits: SourceLimits, file: String) -> Diagnostic {
        .error(
            "file-too-large", "the file has \(size) bytes, more than the limit of \(limits.maxFileSize) bytes",
            at: SourceLocation(file: file), fix: "split it into several files, or raise the limit")
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return max(0, bytes.count - 1)
            }
        }
    }

    static func lineAndColumn(ofByte offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    private static func diagnostic(for error: any Error, file: String, text: String) -> Diagnostic {
        guard let yamlError = error as? YamlError else {
            return .error("yaml-syntax", "cannot parse: \(error)", at: SourceLocation(file: file))
        }
        var problem: String
        let mark: (line: Int, column: Int)?
        var details: [String] = []
        var fix: String?
        var rule: RuleID = "yaml-syntax"
        switch yamlError {
        case .scanner(let ctx, let problemText, let position, _), .parser(let ctx, let problemText, let position, _),
            .composer(let ctx, let problemText, let position, _):
            problem = problemText
            mark = Self.clampedToContent(position, in: text)
            if let ctx {
                // libyaml contexts read either "while parsing …" (a detail) or "expected …", which
                // the problem ("but found …") completes into one sentence.
                let place = "at line \(ctx.mark.line), column \(ctx.mark.column)"
                if ctx.text.hasPrefix("while ") {
                    details.append("\(ctx.text) \(place)")
                } else {
                    problem = "\(ctx.text) (\(place)), \(problemText)"
                }
            }
        case .duplicatedKeysInMapping(let duplicates, let ctx):
            rule = "duplicate-key"
            problem = "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) in one mapping"
            mark = (ctx.mark.line, ctx.mark.column)
            details.append("shown at its first occurrence; a later key of the same mapping repeats it")
            fix = "keep one of the keys; a later one would silently replace the earlier"
        case .reader(let readerProblem, let offset, let value, _):
            problem = readerProblem
            if value >= 0, let scalar = Unicode.Scalar(UInt32(value)) {
                problem += " (U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)))"
                fix = "remove the character; YAML allows no control characters but tab, line feed and carriage return"
            }
            mark = offset.map { Self.lineAndColumn(ofByte: $0, in: Array(text.utf8)) }
        default:
            problem = "\(yamlError)"
            mark = nil
        }
        if rule == "yaml-syntax", let mark, Self.indentationHasTab(text: text, line: mark.line, column: mark.column) {
            fix = "indent with spaces; YAML does not allow tabs in indentation"
        }
        var diagnostic = Diagnostic.error(
            rule, problem, at: SourceLocation(file: file, line: mark?.line, column: mark?.column), details: details,
            fix: fix)
        if let mark { diagnostic.snippet = SourceSnippet.make(text: text[...], line: mark.line, column: mark.column) }
        return diagnostic
    }

    /// `mark`, or the position just after the last non-blank character when `mark` lies beyond it
    /// (libyaml reports "unexpected end of stream" on the empty line after the final newline, or
    /// on a line that does not exist).
    private static func clampedToContent(_ mark: Mark, in text: String) -> (line: Int, column: Int) {
        let content = text.unicodeScalars.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        let lines = String(String.UnicodeScalarView(content.reversed())).unicodeScalars
            .split(separator: "\n", omittingEmptySubsequences: false)
        guard let last = lines.last else { return (mark.line, mark.column) }
        let end = (line: lines.count, column: last.count + 1)
        guard mark.line > end.line || (mark.line == end.line && mark.column > end.column) else {
            return (mark.line, mark.column)
        }
        return end
    }

    /// Whether the whitespace that starts line `line` of `text`, up to `column`, holds a tab.
    private static func indentationHasTab(text: String, line: Int, column: Int) -> Bool {
        let lines = text.unicodeScalars.split(separator: "\n", maxSplits: line, omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return false }
        let indentation = lines[line - 1].prefix(column).prefix { $0 == " " || $0 == "\t" }
        return indentation.contains("\t")
    }
}

/// Turns Yams nodes into ``SourceNode``s, enforcing the depth and node-count limits and
/// applying YAML merge keys (`<<: *defaults`).
private struct NodeConverter {
    let limits: SourceLimits
    let file: String
    let text: String
    var nodeCount = 0

    init(limits: SourceLimits, file: String, text: String) {
        self.limits = limits
        self.file = file
        self.text = text
    }

    mutating func convert(_ node: Node, depth: Int) throws(SourceDocumentReader.Failure) -> SourceNode {
        nodeCount += 1
        let line = node.mark?.line ?? 1
        let column = node.mark?.column ?? 1
        guard nodeCount <= limits.maxNodes else {
            throw .diagnostic(
                located(
                    .error(
                        "too-many-nodes", "the document expands to more than \(limits.maxNodes) nodes (the limit)",
                        at: SourceLocation(file: file, line: line, column: column),
                        details: ["aliases count once per use; a few nested aliases can expand exponentially"],
                        fix: "remove the aliases or shrink the document")))
        }
        guard depth <= limits.maxDepth else {
            throw .diagnostic(
                located(
                    .error(
                        "too-deep", "nesting is deeper than \(limits.maxDepth) levels (the limit)",
                        at: SourceLocation(file: file, line: line, column: column),
                        fix: "flatten the document; contracts never need this much nesting")))
        }
        switch node {
        case .scalar(let scalar):
            return SourceNode(
                value: .scalar(scalar.string, isPlain: scalar.style == .plain), line: line, column: column)
        case .sequence(let sequence):
            var children: [SourceNode] = []
            for child in sequence { children.append(try convert(child, depth: depth + 1)) }
            return SourceNode(value: .sequence(children), line: line, column: column)
        case .mapping(let mapping):
            var entries: [SourceNode.Entry] = []
            var merged: [SourceNode.Entry] = []
            for (key, value) in mapping {
                let keyNode = try convert(key, depth: depth + 1)
                guard case .scalar(let name, let isPlain) = keyNode.value else {
                    throw .diagnostic(
                        located(
                            .error(
                                "invalid-key", "mapping keys must be plain strings, not \(keyNode.kindDescription)",
                                at: SourceLocation(file: file, line: keyNode.line, column: keyNode.column))))
                }
                let valueNode = try convert(value, depth: depth + 1)
                if name == "<<", isPlain {
                    merged += try mergeEntries(from: valueNode)
                } else {
                    entries.append(.init(key: name, keyLine: keyNode.line, keyColumn: keyNode.column, value: valueNode))
                }
            }
            for entry in merged where !entries.contains(where: { $0.key == entry.key }) {
                entries.append(entry)
            }
            return SourceNode(value: .mapping(entries), line: line, column: column)
        case .alias:
            throw .diagnostic(
                located(
                    .error(
                        "yaml-syntax", "unresolved alias", at: SourceLocation(file: file, line: line, column: column))))
        }
    }

    private func mergeEntries(from node: SourceNode) throws(SourceDocumentReader.Failure) -> [SourceNode.Entry] {
        switch node.value {
        case .mapping(let entries):
            return entries
        case .sequence(let nodes):
            var result: [SourceNode.Entry] = []
            for node in nodes {
                for entry in try mergeEntries(from: node) where !result.contains(where: { $0.key == entry.key }) {
                    result.append(entry)
                }
            }
            return result
        case .scalar:
            throw .diagnostic(
                located(
                    .error(
                        "invalid-value", "a merge key '<<' takes a mapping or a list of mappings",
                        at: SourceLocation(file: file, line: node.line, column: node.column))))
        }
    }

    /// `diagnostic` with the caret snippet of its line and column.
    private func located(_ diagnostic: Diagnostic) -> Diagnostic {
        guard let line = diagnostic.location?.line, let column = diagnostic.location?.column else { return diagnostic }
        var diagnostic = diagnostic
        diagnostic.snippet = SourceSnippet.make(text: text[...], line: line, column: column)
        return diagnostic
    }
}

extension String {
    /// The text with leading zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
