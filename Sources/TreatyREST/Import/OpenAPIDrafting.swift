internal import TreatyCore
internal import TreatyJSON

/// One import in progress: the document's resources, fields and endpoints drafted into a
/// ``DraftContract``, with the findings.
struct OpenAPIDrafting {
    /// A component schema that became a resource.
    struct Candidate {
        var name: String
        var component: String
        var pointer: JSONPointer
        var node: SourceNode
        var properties: [Property]
        var required: Set<String>
        var identity: Property
        var scope: ParentScope?
        /// The schema's example merged with its properties' examples, when it has any.
        var example: JSONObject?
    }

    /// One property of an object schema, flattened through `allOf`.
    struct Property {
        var key: String
        var node: SourceNode
        var pointer: JSONPointer
    }

    let document: OpenAPIDocument
    let api: String
    let reader: OpenAPISchemaReader
    var diagnostics: [Diagnostic] = []
    var skipped = 0
    var candidates: [Candidate] = []
    var naming = NamingConvention.any

    /// The keys that can name a record's identity, in order of preference.
    static let identityKeys = ["id", "gid", "uuid", "sid", "ID", "Id"]

    init(document: OpenAPIDocument, api: String) {
        self.document = document
        self.api = api
        self.reader = OpenAPISchemaReader(document: document)
    }

    /// Drafts the contract.
    mutating func draft() -> DraftContract {
        collectCandidates()
        naming = detectNaming()
        let endpoints = draftEndpoints()
        let resources = candidates.map { draftResource($0) }
        return DraftContract(
            header: [
                "Drafted by 'treaty import openapi' from \(Self.fileName(document.file)) (OpenAPI \(document.version)).",
                "Each '# review:' note marks what OpenAPI cannot say; check it against the backend.",
            ],
            api: api, naming: naming,
            defaults: [
                DraftContract.Line(key: "emit", value: "always"),
                DraftContract.Line(
                    key: "sync", value: "{ created_at: none, updated_at: none }",
                    note: "OpenAPI has no sync metadata; resources that carry timestamps name them below"),
            ],
            resources: resources, endpoints: endpoints)
    }

    // MARK: Resources

    private mutating func collectCandidates() {
        let schemasPointer = JSONPointer(tokens: ["components", "schemas"])
        guard let schemas = document.node(at: schemasPointer) else { return }
        var usedNames: Set<String> = []
        for entry in schemas.members {
            let pointer = schemasPointer.appending(entry.key)
            let resolved: (SourceNode, JSONPointer)
            do {
                resolved = try document.resolve(entry.value, at: pointer)
            } catch {
                warn(
                    "reference", "schema '\(entry.key)' uses \(OpenAPISchemaReader.describe(error)); left out",
                    at: entry.value, pointer: pointer)
                skipped += 1
                continue
            }
            var visited: Set<JSONPointer> = []
            let flattened = flatten(resolved.0, at: resolved.1, visited: &visited)
            guard !flattened.properties.isEmpty else { continue }
            // `id`, `gid`, …, else the schema's own id key (`projectId`, `project_id` of `Project`).
            let ownKey = NamingConvention.words(of: Self.resourceName(entry.key)) + ["id"]
            let identity =
                Self.identityKeys.lazy.compactMap { key in flattened.properties.first { $0.key == key } }.first
                ?? flattened.properties.first { NamingConvention.words(of: $0.key) == ownKey }
            guard let identity else {
                note(
                    "schema '\(entry.key)' has no identity property (\(Self.identityKeys.prefix(4).joined(separator: ", "))), so it is no resource; properties that embed it become json fields",
                    at: entry.value, pointer: pointer)
                skipped += 1
                continue
            }
            var name = Self.resourceName(entry.key)
            while usedNames.contains(name) { name += "_2" }
            usedNames.insert(name)
            candidates.append(
                Candidate(
                    name: name, component: entry.key, pointer: pointer, node: entry.value,
                    properties: flattened.properties.filter { $0.key != identity.key }, required: flattened.required,
                    identity: identity, example: example(of: resolved.0, properties: flattened.properties)))
        }
    }

    /// The properties and required keys of an object schema, merged through `allOf` and `$ref`.
    private mutating func flatten(_ node: SourceNode, at pointer: JSONPointer, visited: inout Set<JSONPointer>)
        -> (properties: [Property], required: Set<String>)
    {
        guard !visited.contains(pointer), visited.count < OpenAPISchemaReader.maxDepth else {
            warn(
                "reference", "the schema at \(pointer) includes itself through 'allOf'; the repeated part is left out",
                at: node, pointer: pointer)
            return ([], [])
        }
        visited.insert(pointer)
        var properties: [Property] = []
        var required = Set(node[member: "required"]?.items.compactMap(\.text) ?? [])
        if let propertiesNode = node[member: "properties"] {
            for entry in propertiesNode.members {
                properties.append(
                    Property(
                        key: entry.key, node: entry.value, pointer: pointer.appending("properties").appending(entry.key)
                    ))
            }
        }
        for (index, part) in (node[member: "allOf"]?.items ?? []).enumerated() {
            let partPointer = pointer.appending("allOf").appending(index: index)
            let resolved: (SourceNode, JSONPointer)
            do {
                resolved = try document.resolve(part, at: partPointer)
            } catch {
                warn(
                    "reference",
                    "'allOf' part uses \(OpenAPISchemaReader.describe(error)); its properties are left out", at: part,
                    pointer: partPointer)
                skipped += 1
                continue
            }
            let merged = flatten(resolved.0, at: resolved.1, visited: &visited)
            for property in merged.properties where !properties.contains(where: { $0.key == property.key }) {
                properties.append(property)
            }
            required.formUnion(merged.required)
        }
        return (properties, required)
    }

    /// The schema's own example object, completed by its properties' `example`s; `nil` when it
    /// has neither.
    private func example(of node: SourceNode, properties: [Property]) -> JSONObject? {
        let own = (node[member: "example"] ?? node[member: "examples"]?.items.first).map(YAMLValueReader.value(of:))?
            .objectValue
        var members = own?.members ?? []
        for property in properties where !members.contains(where: { $0.key == property.key }) {
            if let example = reader.facts(of: property.node, at: property.pointer).example {
                members.append(.init(key: property.key, value: YAMLValueReader.value(of: example)))
            }
        }
        return members.isEmpty ? nil : JSONObject(members)
    }

    /// The examples of every resource that has one.
    var examples: [OpenAPIFixtureDrafting.Example] {
        candidates.compactMap { candidate in
            candidate.example.map { OpenAPIFixtureDrafting.Example(resource: candidate.name, values: $0) }
        }
    }

    /// The convention every key of every resource follows, or `any`.
    private func detectNaming() -> NamingConvention {
        let keys = candidates.flatMap { [$0.identity.key] + $0.properties.map(\.key) }
        for convention in [NamingConvention.snakeCase, .camelCase] where keys.allSatisfy(convention.accepts) {
            return convention
        }
        return .any
    }

    /// The candidate a component schema became, if any.
    func candidate(forComponent component: String) -> Candidate? {
        candidates.first { $0.component == component }
    }

    /// The candidate named `words` (`["project"]` → `project`), if any.
    func candidate(named words: [String]) -> Candidate? {
        let name = words.joined(separator: "_")
        return candidates.first { $0.name == name }
    }

    private mutating func draftResource(_ candidate: Candidate) -> DraftContract.Resource {
        var resource = DraftContract.Resource(name: candidate.name, origin: "#\(candidate.pointer)")
        let identityFacts = reader.facts(of: candidate.identity.node, at: candidate.identity.pointer)
        let identityType: IdentityType =
            switch identityFacts.shape {
            case .scalar(.uuid): .uuid
            case .scalar(.int): .int
            default: .string
            }
        resource.settings.append(
            .init(
                key: "identity",
                value: "{ key: \(DraftContract.scalar(candidate.identity.key)), type: \(identityType.rawValue) }"))
        if let scope = candidate.scope {
            resource.settings.append(
                .init(
                    key: "scope",
                    value: "{ parent: \(DraftContract.key(scope.parent)), key: \(DraftContract.scalar(scope.key)) }"))
        }
        resource.settings.append(
            identityFacts.readOnly
                ? .init(key: "create", value: "server", note: "the identity is readOnly, so the server assigns ids")
                : .init(
                    key: "create", value: "either", note: "OpenAPI cannot say who assigns ids: client, server or either"
                ))
        var sync = SyncKeys()
        var fields: [DraftContract.Line] = []
        for property in candidate.properties {
            if sync.claim(property, reader: reader) { continue }
            if property.key == candidate.scope?.key { continue }
            if let line = fieldLine(property, of: candidate) { fields.append(line) }
        }
        resource.settings.append(
            .init(
                key: "sync", value: sync.value,
                note: sync.isEmpty
                    ? nil
                    : "OpenAPI cannot say whether the server owns these timestamps, bumps them on every write or keeps tombstones"
            ))
        if let order = candidate.properties.first(where: {
            ["position", "sort_index", "sortIndex", "order_index", "rank"].contains($0.key)
        }),
            case .scalar(.int) = reader.facts(of: order.node, at: order.pointer).shape,
            let index = fields.firstIndex(where: { $0.key == order.key })
        {
            fields[index].note = "if lists sort by '\(order.key)', add 'order: true' (OpenAPI cannot say)"
        }
        resource.fields = fields
        return resource
    }

    /// A resource name from a component name: its snake-case words, of the last dotted part
    /// (`taskrouter.v1.workspace.task` → `task`).
    static func resourceName(_ component: String) -> String {
        let last = component.split(separator: ".").last.map(String.init) ?? component
        let words = NamingConvention.words(of: last).map {
            String($0.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
        }
        .filter { !$0.isEmpty }
        return words.isEmpty ? "resource" : words.joined(separator: "_")
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    // MARK: Findings

    mutating func warn(_ rule: RuleID, _ message: String, at node: SourceNode, pointer: JSONPointer, fix: String? = nil)
    {
        diagnostics.append(document.diagnostic(.warning, rule, message, at: node, pointer: pointer, fix: fix))
    }

    mutating func note(_ message: String, at node: SourceNode, pointer: JSONPointer) {
        note(message, at: document.location(of: node), pointer: pointer)
    }

    mutating func note(_ message: String, at location: SourceLocation, pointer: JSONPointer) {
        diagnostics.append(
            Diagnostic(severity: .note, rule: "openapi-skipped", message: message, location: location, pointer: pointer)
        )
    }
}

/// The sync metadata keys found among a resource's properties.
struct SyncKeys {
    var createdAt: String?
    var updatedAt: String?
    var version: String?
    var tombstone: String?

    var isEmpty: Bool { createdAt == nil && updatedAt == nil && version == nil && tombstone == nil }

    /// Takes `property` when it is a timestamp or version key not yet taken.
    mutating func claim(_ property: OpenAPIDrafting.Property, reader: OpenAPISchemaReader) -> Bool {
        let words = NamingConvention.words(of: property.key)
        let shape = reader.facts(of: property.node, at: property.pointer).shape
        let isTime = shape == .scalar(.datetime)
        switch words {
        case ["created", "at"] where isTime && createdAt == nil: createdAt = property.key
        case ["updated", "at"] where isTime && updatedAt == nil: updatedAt = property.key
        case ["deleted", "at"] where isTime && tombstone == nil: tombstone = property.key
        case ["version"] where shape == .scalar(.int) && version == nil: version = property.key
        default: return false
        }
        return true
    }

    /// The `sync:` flow mapping.
    var value: String {
        var pairs = [
            "created_at: \(createdAt.map(DraftContract.scalar) ?? "none")",
            "updated_at: \(updatedAt.map(DraftContract.scalar) ?? "none")",
        ]
        if let version { pairs.append("version: \(DraftContract.scalar(version))") }
        if let tombstone { pairs.append("tombstone: \(DraftContract.scalar(tombstone))") }
        return "{ " + pairs.joined(separator: ", ") + " }"
    }
}
