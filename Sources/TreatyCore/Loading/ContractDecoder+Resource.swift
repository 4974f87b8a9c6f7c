import TreatyJSON

extension ContractDecoder {
    static let resourceKeys = ["identity", "scope", "create", "order", "fields", "sync", "internal_keys"]
    static let fieldKeys = [
        "type", "required", "nullable", "emit", "immutable", "enum", "min_length", "max_length", "trim", "minimum",
        "maximum", "key", "order", "to", "many", "shape",
    ]

    mutating func decodeResources(_ node: SourceNode, defaults: Defaults) -> [Resource] {
        guard case .mapping(let entries) = node.value else {
            context.report(
                "invalid-value", "'resources' must be a mapping of resource names, found \(node.kindDescription)",
                at: node)
            return []
        }
        var resources: [Resource] = []
        for entry in entries {
            if let resource = decodeResource(entry, defaults: defaults) { resources.append(resource) }
        }
        return resources
    }

    private mutating func decodeResource(_ entry: SourceNode.Entry, defaults: Defaults) -> Resource? {
        let what = "resource '\(entry.key)'"
        guard let mapping = context.mapping(entry.value, allowed: Self.resourceKeys, in: what) else { return nil }
        let naming = defaults.naming
        var resource = Resource(
            name: entry.key, identity: defaults.identity, create: defaults.create,
            internalKeys: defaults.internalKeys,
            location: SourceLocation(file: context.file, line: entry.keyLine, column: entry.keyColumn))
        if let node = mapping["identity"], let identity = decodeIdentity(node, default: defaults.identity) {
            resource.identity = identity
        }
        if let node = mapping["scope"] { resource.scope = decodeScope(node, naming: naming) }
        if let node = mapping["create"], let value = context.choice(node, "create", as: CreateAuthority.self) {
            resource.create = value
        }
        var roles = defaults.sync
        if let node = mapping["sync"] { decodeSync(node, into: &roles) }
        resource.sync = roles.resolved(naming: naming)
        if let node = mapping["internal_keys"], let keys = context.strings(node, "'internal_keys'") {
            resource.internalKeys = keys
        }
        var orderFields: [String] = []
        if let node = mapping["fields"] {
            guard case .mapping(let fieldEntries) = node.value else {
                context.report(
                    "invalid-value", "'fields' of \(what) must be a mapping, found \(node.kindDescription)", at: node)
                return resource
            }
            for fieldEntry in fieldEntries {
                guard let (field, isOrder) = decodeField(fieldEntry, defaults: defaults) else { continue }
                resource.fields.append(field)
                if isOrder { orderFields.append(field.key()) }
            }
        }
        if let node = mapping["order"], let key = context.string(node, "'order'") {
            orderFields.append(key)
        }
        // Naming one field both ways (`order: rank` and `rank: { order: true }`) is not a conflict.
        var distinctOrderFields: [String] = []
        for key in orderFields where !distinctOrderFields.contains(key) { distinctOrderFields.append(key) }
        if distinctOrderFields.count > 1 {
            context.report(
                "duplicate-order",
                "\(what) declares more than one order field: \(distinctOrderFields.joined(separator: ", "))",
                at: entry.value, fix: "keep one order field")
        }
        resource.orderKey = distinctOrderFields.first
        return resource
    }

    private mutating func decodeScope(_ node: SourceNode, naming: NamingConvention) -> ParentScope? {
        if case .scalar = node.value {
            guard let parent = context.string(node, "scope") else { return nil }
            return ParentScope(parent: parent, key: naming.key(fromWords: NamingConvention.words(of: parent) + ["id"]))
        }
        guard let mapping = context.mapping(node, allowed: ["parent", "key"], in: "'scope'") else { return nil }
        guard let parent = requiredString(mapping, "parent", in: "'scope'", fix: "name the parent resource") else {
            return nil
        }
        let key = mapping["key"].flatMap { context.string($0, "scope key") }
        return ParentScope(
            parent: parent, key: key ?? naming.key(fromWords: NamingConvention.words(of: parent) + ["id"]))
    }

    /// A field and whether it is the resource's order field.
    private mutating func decodeField(_ entry: SourceNode.Entry, defaults: Defaults) -> (Field, Bool)? {
        let location = SourceLocation(file: context.file, line: entry.keyLine, column: entry.keyColumn)
        let what = "field '\(entry.key)'"
        if case .scalar(let text, _) = entry.value.value {
            let nullable = text.hasSuffix("?")
            let typeName = nullable ? String(text.dropLast()) : text
            guard let type = FieldType(rawValue: typeName) else {
                let options = FieldType.allCases.map(\.rawValue)
                context.report(
                    "invalid-value", "\(what) has unknown type '\(typeName)'", at: entry.value,
                    details: Suggestion.closest(to: typeName, among: options).map { ["did you mean '\($0)'?"] } ?? [],
                    fix: "use one of: \(options.joined(separator: ", ")), optionally followed by '?' for nullable")
                return nil
            }
            let field = Field(
                name: entry.key, kind: .attribute(type, key: entry.key), nullable: nullable, emit: defaults.emit,
                location: location)
            return (field, false)
        }
        guard let mapping = context.mapping(entry.value, allowed: Self.fieldKeys, in: what) else { return nil }
        var field = Field(name: entry.key, kind: .attribute(.string, key: entry.key), emit: defaults.emit, location: location)
        if let node = mapping["required"], let value = context.bool(node, "'required'") { field.required = value }
        if let node = mapping["immutable"], let value = context.bool(node, "'immutable'") { field.immutable = value }
        if let node = mapping["emit"], let value = context.choice(node, "emit", as: Emission.self) { field.emit = value }
        decodeConstraints(mapping, into: &field.constraints)
        let explicitKey = mapping["key"].flatMap { context.string($0, "'key'") }
        if let targetNode = mapping["to"] {
            if let typeNode = mapping["type"] {
                context.report(
                    "invalid-value", "\(what) has both 'to' and 'type'", at: typeNode,
                    fix: "a relation takes 'to: <resource>'; an attribute takes 'type:'")
            }
            guard let target = context.string(targetNode, "'to'") else { return nil }
            let many = mapping["many"].flatMap { context.bool($0, "'many'") } ?? false
            let shape = mapping["shape"].flatMap { context.choice($0, "shape", as: RelationShape.self) } ?? .foreignKey
            let derived = Self.derivedForeignKey(name: entry.key, many: many, naming: defaults.naming)
            field.kind = .relation(
                Relation(
                    target: target, many: many, shape: shape, foreignKey: explicitKey ?? derived, nestedKey: entry.key,
                    hasExplicitKey: explicitKey != nil))
            field.nullable = many ? false : !field.required
        } else {
            for key in ["many", "shape"] {
                if let node = mapping[key] {
                    context.report(
                        "invalid-value", "'\(key)' applies to relations only, but \(what) has no 'to'", at: node,
                        fix: "add 'to: <resource>' or remove '\(key)'")
                }
            }
            var type = FieldType.string
            if let node = mapping["type"] {
                guard let value = context.choice(node, "type", as: FieldType.self) else { return nil }
                type = value
            } else {
                context.report(
                    "missing-key", "\(what) has neither 'type' nor 'to'", at: entry.value,
                    fix: "add 'type: string' (or int, number, bool, datetime, date, uuid, json, string[]) or 'to: <resource>'")
            }
            field.kind = .attribute(type, key: explicitKey ?? entry.key)
        }
        if let node = mapping["nullable"], let value = context.bool(node, "'nullable'") { field.nullable = value }
        let isOrder = mapping["order"].flatMap { context.bool($0, "'order'") } ?? false
        return (field, isOrder)
    }

    private mutating func decodeConstraints(_ mapping: Mapping, into constraints: inout Constraints) {
        if let node = mapping["enum"] { constraints.allowed = context.strings(node, "'enum'") }
        if let node = mapping["min_length"] { constraints.minLength = context.int(node, "'min_length'") }
        if let node = mapping["max_length"] { constraints.maxLength = context.int(node, "'max_length'") }
        if let node = mapping["trim"], let value = context.bool(node, "'trim'") { constraints.trim = value }
        if let node = mapping["minimum"] { constraints.minimum = context.number(node, "'minimum'") }
        if let node = mapping["maximum"] { constraints.maximum = context.number(node, "'maximum'") }
    }

    /// `assignee` → `assignee_id`; `watchers` → `watcher_ids` (camelCase: `assigneeId`, `watcherIds`).
    static func derivedForeignKey(name: String, many: Bool, naming: NamingConvention) -> String {
        var words = NamingConvention.words(of: name)
        if many, let last = words.popLast() { words.append(Inflection.singular(last)) }
        words.append(many ? "ids" : "id")
        return naming.key(fromWords: words)
    }
}
