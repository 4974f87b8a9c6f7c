internal import TreatyCore
internal import TreatyJSON

/// An OpenAPI 3.0 or 3.1 document read into located nodes, with local `$ref` resolution.
struct OpenAPIDocument {
    /// The file it came from, as diagnostics name it.
    let file: String
    /// The document's root mapping.
    let root: SourceNode
    /// The document's text, for snippets.
    let text: String
    /// The `openapi:` version, e.g. `3.1.0`.
    let version: String

    /// The most `$ref` hops one reference may take before it counts as circular.
    static let maxReferenceHops = 32

    /// Why a `$ref` could not be followed.
    enum ReferenceProblem: Error {
        case external(String)
        case circular([String])
        case missing(String)
    }

    /// The node at `pointer`, or `nil`.
    func node(at pointer: JSONPointer) -> SourceNode? {
        var current = root
        for token in pointer.tokens {
            if let member = current[member: token] {
                current = member
            } else if let index = Int(token), current.items.indices.contains(index) {
                current = current.items[index]
            } else {
                return nil
            }
        }
        return current
    }

    /// Follows `node`'s `$ref` chain (if any) to the node it stands for.
    ///
    /// - Returns: The resolved node and its pointer (`pointer` itself when there is no `$ref`).
    /// - Throws: ``ReferenceProblem`` for an external, circular or dangling reference.
    func resolve(_ node: SourceNode, at pointer: JSONPointer) throws(ReferenceProblem) -> (SourceNode, JSONPointer) {
        var current = node
        var currentPointer = pointer
        var seen: [String] = []
        while let reference = current[member: "$ref"]?.text {
            guard reference.hasPrefix("#") else { throw .external(reference) }
            guard !seen.contains(reference), seen.count < Self.maxReferenceHops else {
                throw .circular(seen + [reference])
            }
            seen.append(reference)
            guard let target = Self.pointer(ofReference: reference), let next = self.node(at: target) else {
                throw .missing(reference)
            }
            current = next
            currentPointer = target
        }
        return (current, currentPointer)
    }

    /// The pointer a local reference (`#/components/schemas/Task`) names.
    static func pointer(ofReference reference: String) -> JSONPointer? {
        try? JSONPointer(parsing: PercentDecoding.decode(reference.dropFirst()))
    }

    /// The component schema name a pointer names (`/components/schemas/Task` → `Task`).
    static func componentSchemaName(_ pointer: JSONPointer) -> String? {
        let tokens = pointer.tokens
        guard tokens.count == 3, tokens[0] == "components", tokens[1] == "schemas" else { return nil }
        return tokens[2]
    }

    /// Where `node` starts in the file.
    func location(of node: SourceNode) -> SourceLocation {
        SourceLocation(file: file, line: node.line, column: node.column)
    }

    /// A diagnostic at `node`, naming `pointer`, with a caret snippet.
    func diagnostic(
        _ severity: Diagnostic.Severity, _ rule: RuleID, _ message: String, at node: SourceNode,
        pointer: JSONPointer, fix: String? = nil
    ) -> Diagnostic {
        Diagnostic(
            severity: severity, rule: rule, message: message, location: location(of: node), pointer: pointer,
            fix: fix, snippet: SourceSnippet.make(text: text[...], line: node.line, column: node.column))
    }
}
