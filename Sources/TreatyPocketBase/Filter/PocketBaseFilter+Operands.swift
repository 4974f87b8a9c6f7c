import TreatyJSON
import TreatyQuery

extension PocketBaseFilterParser {
    /// The operand a token stands for.
    func resolve(_ token: ConditionToken) throws(QueryParseError) -> PocketBaseOperand {
        switch token.kind {
        case .string(let text): return PocketBaseOperand(side: .literal(.string(text)), token: token)
        case .number(let text):
            guard let number = JSONNumber(text: text) else {
                throw lexer.error(at: token.offset, "'\(text)' is not a number")
            }
            return PocketBaseOperand(side: .literal(.number(number)), token: token)
        case .placeholder(let name): return PocketBaseOperand(side: .placeholder(name), token: token)
        case .name(let name): return PocketBaseOperand(side: try identifier(name, token), token: token)
        default: throw lexer.error(at: token.offset, "expected a field or a value before '\(token.text)'")
        }
    }

    private func identifier(_ name: String, _ token: ConditionToken) throws(QueryParseError) -> PocketBaseOperand.Side
    {
        switch name {
        case "true": return .literal(true)
        case "false": return .literal(false)
        case "null": return .literal(.null)
        default: break
        }
        if name.hasPrefix("@request.") { return .request(try requestPath(name, token)) }
        if name.hasPrefix("@collection.") { return .record(try recordPath(name, token)) }
        if name.hasPrefix("@") {
            guard let macro = DateMacro(rawValue: String(name.dropFirst())) else {
                let suggestion = Suggestion.closest(to: name, among: DateMacro.allCases.map(\.description))
                throw lexer.error(
                    at: token.offset, "unknown macro '\(name)'", hint: suggestion.map { "did you mean '\($0)'?" })
            }
            return .macro(macro)
        }
        return .record(try recordPath(name, token))
    }

    /// `@request.auth.id`, `@request.body.title:isset`.
    private func requestPath(_ name: String, _ token: ConditionToken) throws(QueryParseError) -> FieldPath {
        let (base, modifierName) = splitModifier(name)
        var modifier: PathModifier?
        switch modifierName {
        case nil: modifier = nil
        case "isset": modifier = .isSet
        case "changed": modifier = .changed
        case "lower": modifier = .lowercased
        case "length": modifier = .length
        case let other?:
            throw lexer.error(
                at: token.offset + base.count, "unknown modifier ':\(other)' for a @request path",
                hint: "expected ':isset', ':changed', ':length' or ':lower'")
        }
        let components = base.split(separator: ".", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard components.allSatisfy({ !$0.isEmpty }) else {
            throw lexer.error(at: token.offset, "'\(name)' has an empty path segment")
        }
        return FieldPath(root: .request, components, modifier: modifier)
    }

    /// `@collection.<name>:<alias>.<field>` without its alias, and the alias; other names as
    /// they are.
    static func collectionAlias(_ name: String) -> (String, String?) {
        let prefix = "@collection."
        guard name.hasPrefix(prefix) else { return (name, nil) }
        let rest = name.dropFirst(prefix.count)
        guard let dot = rest.firstIndex(of: "."), let colon = rest[..<dot].firstIndex(of: ":") else {
            return (name, nil)
        }
        let alias = String(rest[rest.index(after: colon)..<dot])
        return (prefix + rest[..<colon] + rest[dot...], alias.isEmpty ? nil : alias)
    }

    private func splitModifier(_ name: String) -> (String, String?) {
        guard let colon = name.firstIndex(of: ":") else { return (name, nil) }
        return (String(name[..<colon]), String(name[name.index(after: colon)...]))
    }

    /// A field path from the filtered collection (or from `@collection.<name>`).
    func recordPath(_ name: String, _ token: ConditionToken) throws(QueryParseError) -> PocketBasePath {
        let (unaliased, alias) = Self.collectionAlias(name)
        let (base, modifierName) = splitModifier(unaliased)
        var components = base.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var offsets: [Int] = []
        var offset = token.offset
        for component in components {
            offsets.append(offset)
            offset += component.count + 1
        }
        var resource = root
        var hops: [PocketBasePath.Hop] = []
        if components.first == "@collection" {
            guard components.count >= 3, let target = schema.resources[components[1]] else {
                let found = components.count > 1 ? "'\(components[1])'" : "nothing"
                throw lexer.error(
                    at: offsets[min(1, offsets.count - 1)],
                    "expected '@collection.<collection>.<field>', found \(found)", kind: .unknownResource,
                    hint: components.count > 1
                        ? Suggestion.closest(to: components[1], among: schema.resources.keys).map {
                            "did you mean '\($0)'?"
                        } : nil)
            }
            hops.append(.init(relation: target.name, direction: .collection, multi: true, alias: alias))
            resource = target
            components.removeFirst(2)
            offsets.removeFirst(2)
            if let alias { offsets = offsets.map { $0 + alias.count + 1 } }
        }
        for (index, component) in components.enumerated() {
            guard !component.isEmpty else {
                throw lexer.error(at: offsets[index], "'\(name)' has an empty path segment")
            }
            let isLast = index == components.count - 1
            if isLast, let kind = resource.kind(of: component) {
                let modifier = try modifierFor(
                    modifierName, field: component, kind: kind, at: offsets[index] + component.count)
                return PocketBasePath(hops: hops, resource: resource, field: component, kind: kind, modifier: modifier)
            }
            let hop = try hop(component, from: resource, at: offsets[index], isLast: isLast)
            hops.append(hop.0)
            resource = hop.1
        }
        throw lexer.error(at: token.offset, "'\(name)' names no field")
    }

    /// The hop a path component takes: a relation field or a back-relation.
    private func hop(_ component: String, from resource: ResourceSchema, at offset: Int, isLast: Bool)
        throws(QueryParseError) -> (PocketBasePath.Hop, ResourceSchema)
    {
        if let kind = resource.kind(of: component) {
            guard case .relation(let targetName, let many) = kind, let target = schema.resources[targetName] else {
                throw lexer.error(
                    at: offset, "'\(component)' is \(kind.withArticle) field, not a relation; it has no fields",
                    kind: .typeMismatch)
            }
            return (.init(relation: component, direction: .forward, multi: many), target)
        }
        if let range = component.firstRange(of: "_via_") {
            let collection = String(component[..<range.lowerBound])
            let field = String(component[range.upperBound...])
            guard let source = schema.resources[collection] else {
                throw lexer.error(
                    at: offset, "unknown collection '\(collection)' in the back-relation '\(component)'",
                    kind: .unknownResource,
                    hint: Suggestion.closest(to: collection, among: schema.resources.keys).map {
                        "did you mean '\($0)'?"
                    })
            }
            guard case .relation(let pointsTo, _)? = source.kind(of: field), pointsTo == resource.name else {
                throw lexer.error(
                    at: offset + collection.count + 5,
                    "'\(field)' of '\(collection)' is not a relation to '\(resource.name)'", kind: .unknownField)
            }
            guard !isLast else {
                throw lexer.error(
                    at: offset,
                    "the back-relation '\(component)' needs a field, such as '\(component).\(source.idField)'",
                    kind: .unsupported)
            }
            return (.init(relation: field, direction: .backlink(from: collection), multi: true), source)
        }
        throw lexer.error(
            at: offset, "unknown field '\(component)' in '\(resource.name)'", kind: .unknownField,
            hint: Suggestion.closest(to: component, among: resource.fieldNames).map { "did you mean '\($0)'?" })
    }

    private func modifierFor(_ name: String?, field: String, kind: FieldKind, at offset: Int) throws(QueryParseError)
        -> PocketBasePath.Modifier?
    {
        guard let name else { return nil }
        guard let modifier = PocketBasePath.Modifier(rawValue: name) else {
            throw lexer.error(
                at: offset, "unknown modifier ':\(name)'", hint: "expected ':lower', ':length' or ':each'")
        }
        switch modifier {
        case .lower:
            guard kind == .string else {
                throw lexer.error(
                    at: offset, "the modifier ':lower' applies to text fields; '\(field)' is \(kind.withArticle) field",
                    kind: .unsupportedOperator)
            }
        case .length, .each:
            // PocketBase 0.40 ignores them on a field holding one value: `views:each = 5` is
            // `views = 5`, and `tags.name:each` compares the names as `tags.name` does.
            guard kind.isMultiValued else { return nil }
        }
        return modifier
    }
}
