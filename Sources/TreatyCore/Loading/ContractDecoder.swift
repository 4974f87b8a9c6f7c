import TreatyJSON

/// Decodes a ``SourceNode`` tree into a ``Contract``, reporting every problem it finds.
struct ContractDecoder {
    var context: DecodingContext
    /// The dialects the contract may name, and the sections each owns.
    let vocabulary: ContractVocabulary

    /// Contract-wide defaults that resources inherit.
    struct Defaults {
        var naming: NamingConvention = .snakeCase
        var create: CreateAuthority = .client
        var emit: Emission = .always
        var identity = Identity()
        var sync: SyncRoles = SyncRoles()
        var internalKeys = Resource.defaultInternalKeys
    }

    /// Sync roles as written; keys are resolved against the naming convention per resource.
    struct SyncRoles {
        enum Role: Equatable {
            case defaultKey
            case key(String)
            case absent
        }

        var createdAt: Role = .defaultKey
        var updatedAt: Role = .defaultKey
        var version: Role = .absent
        var tombstone: Role = .absent

        func resolved(naming: NamingConvention) -> SyncMetadata {
            func resolve(_ role: Role, _ words: [String]) -> String? {
                switch role {
                case .defaultKey: naming.key(fromWords: words)
                case .key(let key): key
                case .absent: nil
                }
            }
            return SyncMetadata(
                createdAt: resolve(createdAt, ["created", "at"]),
                updatedAt: resolve(updatedAt, ["updated", "at"]),
                version: resolve(version, ["version"]),
                tombstone: resolve(tombstone, ["deleted", "at"]))
        }
    }

    static let topLevelKeys = [
        "api", "dialect", "naming", "tombstone_retention", "defaults", "resources", "endpoints", "redact", "mutation",
        "routes",
    ]

    mutating func decode(_ root: SourceNode) -> Contract? {
        // Sections of other dialects are refused with their owner's name, not as unknown keys.
        let declared = Self.declaredDialect(root)
        let ownKeys = declared.flatMap { vocabulary.dialect($0)?.sectionKeys } ?? []
        var checked = root
        var foreign: [SourceNode.Entry] = []
        if case .mapping(let entries) = root.value {
            foreign = entries.filter { !ownKeys.contains($0.key) && vocabulary.owner(ofSection: $0.key) != nil }
            checked.value = .mapping(entries.filter { entry in !foreign.contains { $0.key == entry.key } })
        }
        guard
            let top = context.mapping(
                checked, allowed: Self.topLevelKeys + ownKeys, in: "the contract", allowsExtensions: true)
        else { return nil }
        let api = requiredString(top, "api", in: "the contract", fix: "add 'api: <name>' at the top")
        let dialect = decodeDialect(top)
        refuseForeignSections(foreign, dialect: dialect)
        var sections: [String: SourceNode] = [:]
        for key in ownKeys { sections[key] = top[key] }
        var defaults = Defaults()
        if let node = top["naming"], let naming = context.choice(node, "naming", as: NamingConvention.self) {
            defaults.naming = naming
        }
        if let node = top["defaults"] { decodeDefaults(node, into: &defaults) }
        let retention = top["tombstone_retention"].flatMap { decodeDuration($0) } ?? 30 * 24 * 3_600_000
        var resources: [Resource] = []
        if let node = top["resources"] {
            resources = decodeResources(node, defaults: defaults)
        } else if sections.isEmpty && foreign.isEmpty {
            context.report(
                "missing-key", "the contract has no 'resources'", at: root,
                fix: "add a 'resources:' mapping with at least one resource")
        }
        var endpoints: [Endpoint] = []
        if let node = top["endpoints"] {
            endpoints = decodeEndpoints(node, resources: resources)
        }
        if let dialect { checkEndpointKinds(endpoints, dialect: dialect) }
        let routes = top["routes"].map { decodeRoutes($0) } ?? []
        guard let api, let dialect else { return nil }
        var contract = Contract(
            api: api, dialect: dialect, naming: defaults.naming, tombstoneRetentionMilliseconds: retention,
            resources: resources, endpoints: endpoints, file: context.file)
        contract.sections = sections
        contract.redactions = top["redact"].map { decodeRedactions($0) } ?? []
        if let node = top["mutation"] { contract.acceptedMutants = decodeMutation(node) }
        contract.routes = routes
        return contract
    }

    /// The dialect the root mapping names, read before the mapping is checked (its section
    /// keys are allowed keys).
    private static func declaredDialect(_ root: SourceNode) -> DialectID? {
        guard case .mapping(let entries) = root.value,
            case .scalar(let name, _)? = entries.first(where: { $0.key == "dialect" })?.value.value
        else { return nil }
        return DialectID(rawValue: name)
    }

    /// Reports sections another dialect owns.
    private mutating func refuseForeignSections(_ entries: [SourceNode.Entry], dialect: DialectID?) {
        for entry in entries {
            guard let owner = vocabulary.owner(ofSection: entry.key) else { continue }
            if let dialect {
                context.report(
                    "invalid-value",
                    "'\(entry.key)' belongs to the \(owner.rawValue) dialect, but the contract's dialect is '\(dialect.rawValue)'",
                    at: entry.value, fix: "use 'dialect: \(owner.rawValue)', or remove '\(entry.key)'")
            }
        }
    }

    /// Reports endpoints of a kind the contract's dialect does not serve.
    private mutating func checkEndpointKinds(_ endpoints: [Endpoint], dialect: DialectID) {
        for endpoint in endpoints where endpoint.kind != .records {
            guard vocabulary.dialect(dialect)?.endpointKinds.contains(endpoint.kind) != true else { continue }
            let kind = endpoint.kind.rawValue
            let servers = vocabulary.dialects(serving: endpoint.kind).map(\.rawValue)
            let what = "\(endpoint.signature) is a \(String(kind.map { $0 == "_" ? " " : $0 }))"
            context.diagnostics.append(
                .error(
                    RuleID(rawValue: String(kind.map { $0 == "_" ? "-" : $0 })),
                    servers.isEmpty
                        ? "\(what), which no dialect serves"
                        : "\(what), which only the \(servers.joined(separator: " and ")) dialect serves",
                    at: endpoint.location ?? SourceLocation(file: context.file),
                    fix: servers.first.map { "remove 'kind: \(kind)', or use 'dialect: \($0)'" }
                        ?? "remove 'kind: \(kind)'"))
        }
    }

    mutating func requiredString(_ mapping: Mapping, _ key: String, in what: String, fix: String) -> String? {
        guard let node = mapping[key] else {
            context.report("missing-key", "\(what) has no '\(key)'", at: mapping.node, fix: fix)
            return nil
        }
        return context.string(node, "'\(key)'")
    }

    private mutating func decodeDialect(_ top: Mapping) -> DialectID? {
        let example = vocabulary.ids.first?.rawValue ?? "<name>"
        guard let name = requiredString(top, "dialect", in: "the contract", fix: "add 'dialect: \(example)'"),
            let node = top["dialect"]
        else { return nil }
        let dialect = DialectID(rawValue: name)
        guard vocabulary.dialect(dialect) != nil else {
            let options = vocabulary.ids.map(\.rawValue)
            context.report(
                "unknown-dialect", "unknown dialect '\(name)'", at: node,
                details: Suggestion.closest(to: name, among: options).map { ["did you mean '\($0)'?"] } ?? [],
                fix: "use one of: \(options.joined(separator: ", "))")
            return nil
        }
        return dialect
    }

    private mutating func decodeDefaults(_ node: SourceNode, into defaults: inout Defaults) {
        let allowed = ["create", "emit", "identity", "sync", "internal_keys"]
        guard let mapping = context.mapping(node, allowed: allowed, in: "'defaults'") else { return }
        if let node = mapping["create"], let value = context.choice(node, "create", as: CreateAuthority.self) {
            defaults.create = value
        }
        if let node = mapping["emit"], let value = context.choice(node, "emit", as: Emission.self) {
            defaults.emit = value
        }
        if let node = mapping["identity"], let value = decodeIdentity(node, default: defaults.identity) {
            defaults.identity = value
        }
        if let node = mapping["sync"] { decodeSync(node, into: &defaults.sync) }
        if let node = mapping["internal_keys"], let keys = context.strings(node, "'internal_keys'") {
            defaults.internalKeys = keys
        }
    }

    mutating func decodeIdentity(_ node: SourceNode, default base: Identity) -> Identity? {
        if case .scalar = node.value {
            guard let type = context.choice(node, "identity type", as: IdentityType.self) else { return nil }
            return Identity(key: base.key, type: type)
        }
        guard let mapping = context.mapping(node, allowed: ["key", "type"], in: "'identity'") else { return nil }
        var identity = base
        if let node = mapping["key"], let key = context.string(node, "identity key") { identity.key = key }
        if let node = mapping["type"], let type = context.choice(node, "identity type", as: IdentityType.self) {
            identity.type = type
        }
        return identity
    }

    mutating func decodeSync(_ node: SourceNode, into roles: inout SyncRoles) {
        let allowed = ["created_at", "updated_at", "version", "tombstone"]
        guard let mapping = context.mapping(node, allowed: allowed, in: "'sync'") else { return }
        for entry in mapping.entries {
            let role: SyncRoles.Role
            switch entry.value.value {
            case .scalar(let text, let isPlain):
                // The keywords count quoted too: JSON contracts quote every string.
                if (isPlain && (YAMLScalar.isNull(text) || YAMLScalar.bool(text) == false)) || text == "none" {
                    role = .absent
                } else if (isPlain && YAMLScalar.bool(text) == true) || text == "required" || text == "monotonic" {
                    role = .defaultKey
                } else {
                    role = .key(text)
                }
            default:
                context.report(
                    "invalid-value",
                    "sync '\(entry.key)' must be a key name, 'required', or false, found \(entry.value.kindDescription)",
                    at: entry.value)
                continue
            }
            switch entry.key {
            case "created_at": roles.createdAt = role
            case "updated_at": roles.updatedAt = role
            case "version": roles.version = role
            default: roles.tombstone = role
            }
        }
    }

    /// A duration such as `30d`, `12h`, `90m`, `45s` or a number of milliseconds.
    private mutating func decodeDuration(_ node: SourceNode) -> Int64? {
        guard let text = context.string(node, "'tombstone_retention'") else { return nil }
        let units: [(String, Int64)] = [("ms", 1), ("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1000)]
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            if let amount = Int64(text.dropLast(suffix.count)), amount >= 0 { return amount * factor }
        }
        if let amount = Int64(text), amount >= 0 { return amount }
        context.report(
            "invalid-value", "'tombstone_retention' must be a duration such as 30d, 12h, 90m or 45s, found '\(text)'",
            at: node)
        return nil
    }
}
