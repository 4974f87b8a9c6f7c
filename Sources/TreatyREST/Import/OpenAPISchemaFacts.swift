internal import TreatyCore
internal import TreatyJSON

/// What one OpenAPI schema (a property's) says that a contract field can carry.
struct OpenAPISchemaFacts {
    /// The kind of value.
    enum Shape: Equatable {
        /// A value of one field type.
        case scalar(FieldType)
        /// An object that is a component schema (a candidate relation, named by its component).
        case reference(String)
        /// An array of component-schema objects.
        case references(String)
        /// Anything else JSON: embedded objects, arrays of objects, untyped values.
        case json
        /// A construct with no contract equivalent, kept as `json`; the reason says which.
        case unsupported(String)
        /// A `$ref` that cannot be followed; the field is left out.
        case unreadable(String)
    }

    var shape: Shape
    var nullable = false
    var readOnly = false
    var allowed: [String]?
    var ignoredEnum = false
    var minLength: Int?
    var maxLength: Int?
    var minimum: Double?
    var maximum: Double?
    var example: SourceNode?
}

/// Reads property schemas into ``OpenAPISchemaFacts``, following local references.
struct OpenAPISchemaReader {
    let document: OpenAPIDocument

    /// The deepest schema nesting followed (`oneOf` in `items` in `allOf` …).
    static let maxDepth = 16

    /// The facts of the schema `node` at `pointer`.
    func facts(of node: SourceNode, at pointer: JSONPointer, depth: Int = 0) -> OpenAPISchemaFacts {
        guard depth < Self.maxDepth else {
            return OpenAPISchemaFacts(shape: .unsupported("nesting deeper than \(Self.maxDepth) schemas"))
        }
        if node[member: "$ref"] != nil {
            let resolved: (SourceNode, JSONPointer)
            do {
                resolved = try document.resolve(node, at: pointer)
            } catch {
                return OpenAPISchemaFacts(shape: .unreadable(Self.describe(error)))
            }
            var facts = facts(of: resolved.0, at: resolved.1, depth: depth + 1)
            if let name = OpenAPIDocument.componentSchemaName(resolved.1), Self.isObject(resolved.0, in: document) {
                facts.shape = .reference(name)
            }
            // 3.0 allows no siblings of `$ref`, 3.1 does: `nullable`/`readOnly` beside it count.
            applyAnnotations(of: node, to: &facts)
            return facts
        }
        var facts = OpenAPISchemaFacts(shape: .json)
        if let branches = node[member: "oneOf"] ?? node[member: "anyOf"] {
            facts = alternatives(
                branches, at: pointer.appending(node[member: "oneOf"] != nil ? "oneOf" : "anyOf"), depth: depth)
        } else if let parts = node[member: "allOf"] {
            let meaningful = parts.items.enumerated().filter { Self.hasContent($0.element) }
            if meaningful.count == 1, let only = meaningful.first {
                facts = self.facts(
                    of: only.element, at: pointer.appending("allOf").appending(index: only.offset), depth: depth + 1)
            }
        } else {
            facts.shape = typedShape(of: node, at: pointer, depth: depth, nullable: &facts.nullable)
        }
        applyAnnotations(of: node, to: &facts)
        applyConstraints(of: node, to: &facts)
        return facts
    }

    /// The shape of a schema with `type` (or none).
    private func typedShape(of node: SourceNode, at pointer: JSONPointer, depth: Int, nullable: inout Bool)
        -> OpenAPISchemaFacts.Shape
    {
        var types: [String] = []
        if let typeNode = node[member: "type"] {
            types = typeNode.text.map { [$0] } ?? typeNode.items.compactMap(\.text)
        }
        if types.contains("null") { nullable = true }
        types.removeAll { $0 == "null" }
        guard types.count <= 1 else {
            return .unsupported("a value of several types (\(types.joined(separator: ", ")))")
        }
        switch types.first {
        case "string":
            switch node[member: "format"]?.text {
            case "date-time": return .scalar(.datetime)
            case "date": return .scalar(.date)
            case "uuid": return .scalar(.uuid)
            default: return .scalar(.string)
            }
        case "integer": return .scalar(.int)
        case "number": return .scalar(.number)
        case "boolean": return .scalar(.bool)
        case "array":
            guard let items = node[member: "items"] else { return .json }
            let itemFacts = facts(of: items, at: pointer.appending("items"), depth: depth + 1)
            switch itemFacts.shape {
            case .reference(let name): return .references(name)
            case .scalar(.string), .scalar(.uuid): return .scalar(.stringList)
            case .unreadable(let reason): return .unreadable(reason)
            default: return .json
            }
        case "object", nil:
            if node[member: "properties"] == nil, let extra = node[member: "additionalProperties"],
                extra.text != "false"
            {
                return .unsupported("an 'additionalProperties' map")
            }
            if types.isEmpty, node[member: "enum"] != nil { return .scalar(.string) }
            return .json
        default:
            return .json
        }
    }

    /// The facts of `oneOf`/`anyOf` alternatives: one non-null branch stands for itself
    /// (nullable), branches of one scalar type merge, anything else has no contract equivalent.
    private func alternatives(_ branches: SourceNode, at pointer: JSONPointer, depth: Int) -> OpenAPISchemaFacts {
        var nullable = false
        var kept: [OpenAPISchemaFacts] = []
        for (index, branch) in branches.items.enumerated() {
            if branch[member: "type"]?.text == "null"
                || branch[member: "enum"]?.items.allSatisfy({ $0.text == "null" }) == true
            {
                nullable = true
                continue
            }
            kept.append(facts(of: branch, at: pointer.appending(index: index), depth: depth + 1))
        }
        guard let first = kept.first else { return OpenAPISchemaFacts(shape: .json, nullable: nullable) }
        if kept.allSatisfy({ $0.shape == first.shape }) {
            var facts = first
            facts.nullable = facts.nullable || nullable
            if kept.count > 1 { facts.allowed = nil }
            return facts
        }
        let kind = pointer.tokens.last ?? "oneOf"
        return OpenAPISchemaFacts(
            shape: .unsupported("'\(kind)' of \(kept.count) unrelated shapes"), nullable: nullable)
    }

    private func applyAnnotations(of node: SourceNode, to facts: inout OpenAPISchemaFacts) {
        if node[member: "nullable"]?.isTrue == true { facts.nullable = true }
        if node[member: "readOnly"]?.isTrue == true { facts.readOnly = true }
        if let example = node[member: "example"] ?? node[member: "examples"]?.items.first { facts.example = example }
    }

    private func applyConstraints(of node: SourceNode, to facts: inout OpenAPISchemaFacts) {
        if let values = node[member: "enum"] {
            let texts = values.items.filter { $0.text != "null" || !$0.isPlainScalar }.compactMap(\.text)
            if case .scalar(.string) = facts.shape, !texts.isEmpty {
                facts.allowed = texts
            } else {
                facts.ignoredEnum = true
            }
        }
        facts.minLength = node[member: "minLength"]?.integer
        facts.maxLength = node[member: "maxLength"]?.integer
        facts.minimum = node[member: "minimum"]?.number
        facts.maximum = node[member: "maximum"]?.number
    }

    /// Whether `node` (a component schema) is an object with properties, through `allOf`.
    static func isObject(_ node: SourceNode, in document: OpenAPIDocument) -> Bool {
        if node[member: "properties"]?.isMapping == true { return true }
        return node[member: "allOf"]?.items.contains { part in
            guard let resolved = try? document.resolve(part, at: .root) else { return false }
            return resolved.0[member: "properties"]?.isMapping == true
        } ?? false
    }

    /// Whether an `allOf` part says anything about the value (not only a description).
    private static func hasContent(_ node: SourceNode) -> Bool {
        ["$ref", "type", "properties", "allOf", "oneOf", "anyOf", "items", "enum"].contains { node[member: $0] != nil }
    }

    /// The words of a reference problem.
    static func describe(_ problem: OpenAPIDocument.ReferenceProblem) -> String {
        switch problem {
        case .external(let reference): "the external reference '\(reference)' (only '#/…' references are read)"
        case .circular(let chain): "the circular reference \(chain.joined(separator: " → "))"
        case .missing(let reference): "the reference '\(reference)', which names nothing in the document"
        }
    }
}

extension SourceNode {
    /// Whether the node is a plain (unquoted) scalar.
    var isPlainScalar: Bool {
        if case .scalar(_, true) = value { return true }
        return false
    }
}
